import Diagnostics
import FileAccess
import Foundation
import TestApps
import Testing

@testable import PromptCheck
@testable import PromptStrings
@testable import StringsFiles

/// Privacy manifests (`PrivacyInfo.xcprivacy`): what is read, and each rule at its file, line and column.
@Suite struct ManifestRuleTests {
  /// The findings of an app asking for tracking (or not) with these manifests (relative path → text).
  static func findings(asks: Bool = true, _ manifests: [String: String]) throws -> [Finding] {
    var files = manifests
    files["Info.plist"] = infoPlist(
      ["CFBundleDevelopmentRegion": "en"].merging(asks ? ["NSUserTrackingUsageDescription": "Ads that fit."] : [:]) {
        $1
      })
    return PromptLinter.check(app: try load(makeApp(files, declaringTracking: false))).filter { $0.rule != .noApp }
  }

  @Test func aValidManifestDeclaringTrackingIsClean() throws {
    let manifest = privacyManifest(tracking: "<true/>", domains: ["collect.example", "ads.example.co.uk"])
    #expect(try Self.findings(["PrivacyInfo.xcprivacy": manifest]).isEmpty)
  }

  @Test(arguments: [
    ("<string>YES</string>", "NSPrivacyTracking must be a Boolean"),
    ("<integer>1</integer>", "NSPrivacyTracking must be a Boolean"),
  ])
  func aFlagOfAnotherTypeIsInvalid(flag: String, message: String) throws {
    let findings = try Self.findings(["PrivacyInfo.xcprivacy": privacyManifest(tracking: flag, domains: [])])
    let finding = try #require(findings.first { $0.rule == .privacyManifest })
    #expect(finding.severity == .error && finding.message.contains(message))
    #expect(finding.location == SourceLocation(line: 4, column: 2))
  }

  @Test func domainsThatAreNotAnArrayOfStringsAreInvalid() throws {
    let manifest = """
      <plist version="1.0"><dict><key>NSPrivacyTracking</key><true/>
      <key>NSPrivacyTrackingDomains</key><array><integer>3</integer></array></dict></plist>
      """
    let finding = try #require(try Self.findings(["PrivacyInfo.xcprivacy": manifest]).first)
    #expect(finding.rule == .privacyManifest && finding.message.contains("must be an array of strings"))
    #expect(finding.location == SourceLocation(line: 2, column: 1))
  }

  @Test func notAPropertyListIsInvalid() throws {
    let findings = try Self.findings(["PrivacyInfo.xcprivacy": "{ not a plist"])
    let finding = try #require(findings.first { $0.rule == .privacyManifest })
    #expect(finding.message.contains("is not a property list (expected '=' or ';' after the key \"not\""))
    #expect(finding.location == SourceLocation(line: 1, column: 7))
  }

  @Test(arguments: [
    ("https://ads.example", "has a scheme; write the host alone: ads.example"),
    ("ads.example/", "has a trailing slash; write the host alone: ads.example"),
    ("ads.example/track", "has a path; write the host alone: ads.example"),
    ("ads.example:8443", "has a port; write the host alone: ads.example"),
    ("ads.example?x=1", "has a query; write the host alone: ads.example"),
    ("", "is empty"), ("ads..example", "is not a valid host name"), ("-ads.example", "is not a valid host name"),
    ("pub­licité.example", "is not a valid host name"),
  ])
  func aDomainMustBeABareHostName(domain: String, problem: String) throws {
    let manifest = privacyManifest(tracking: "<true/>", domains: ["fine.example", domain])
    let findings = try Self.findings(["PrivacyInfo.xcprivacy": manifest])
    let finding = try #require(findings.first { $0.rule == .trackingDomain })
    #expect(finding.message.contains(problem), "\(finding.message)")
    // The second string of the array: line 9, after `<string>`.
    #expect(finding.location == SourceLocation(line: 9, column: 11))
  }

  @Test(arguments: [("<false/>", "is false"), (nil, "is missing")])
  func domainsWithoutTheFlagAreFlagged(flag: String?, wording: String) throws {
    let manifest = privacyManifest(tracking: flag, domains: ["ads.example"])
    let findings = try Self.findings(["PrivacyInfo.xcprivacy": manifest])
    let finding = try #require(findings.first { $0.rule == .trackingFlag })
    #expect(finding.severity == .warning && finding.message.contains("NSPrivacyTracking \(wording)"))
    #expect(findings.map(\.rule).contains(.trackingUndeclared))
  }

  @Test func anAppThatAsksWithoutAManifestDeclaringTrackingIsFlagged() throws {
    let none = try Self.findings([:])
    #expect(none.map(\.rule) == [.trackingUndeclared])
    #expect(none.first?.file.hasSuffix("Info.plist") == true)
    // An SDK's manifest does not declare the app's own tracking.
    let sdkOnly = try Self.findings([
      "PrivacyInfo.xcprivacy": privacyManifest(tracking: "<false/>", domains: []),
      "AdKit.framework/PrivacyInfo.xcprivacy": privacyManifest(tracking: "<true/>", domains: ["ads.example"]),
    ])
    #expect(sdkOnly.map(\.rule) == [.trackingUndeclared])
    #expect(sdkOnly.first?.location == SourceLocation(line: 4, column: 2))
  }

  @Test func trackingDeclaredWithoutAPurposeStringCanNeverGetConsent() throws {
    let findings = try Self.findings(
      asks: false,
      [
        "Frameworks/AdKit.framework/PrivacyInfo.xcprivacy": privacyManifest(
          tracking: "<true/>", domains: ["ads.example"])
      ])
    let finding = try #require(findings.first { $0.rule == .trackingWithoutPrompt })
    // Without the key, asking would crash the app too: that is missing-usage-description's to say.
    #expect(Set(findings.map(\.rule)) == [.trackingWithoutPrompt, .missingUsageDescription])
    #expect(finding.message.hasPrefix("AdKit's manifest declares tracking"))
    #expect(finding.message.contains("every request to ads.example fails"))
  }

  @Test func aBinaryManifestIsReadToo() throws {
    let root = try makeApp([:])
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["NSPrivacyTracking": true, "NSPrivacyTrackingDomains": ["b.example"]], format: .binary,
      options: 0)
    let path = root + "/PrivacyInfo.xcprivacy"
    try data.write(to: URL(fileURLWithPath: path))
    let manifest = PrivacyManifest.read(FilePath(path), owner: nil)
    #expect(manifest.tracking == true && manifest.domains.map(\.value) == ["b.example"])
    #expect(manifest.enforcedDomains == ["b.example"] && manifest.problems.isEmpty)
  }

  @Test func onlyValidDomainsOfATrackingManifestAreEnforced() throws {
    let root = try makeApp([
      "PrivacyInfo.xcprivacy": privacyManifest(tracking: "<true/>", domains: ["A.Example", "https://bad.example"])
    ])
    #expect(
      PrivacyManifest.read(FilePath(root + "/PrivacyInfo.xcprivacy"), owner: nil).enforcedDomains == ["a.example"])
  }

  /// A binary property list holding a set (found by the manifest fuzzer) made Foundation fault on Linux: it
  /// is refused with a reason, in a manifest, an Info.plist and a strings file alike.
  @Test func aBinaryPropertyListWithASetIsRefusedNotCrashedOn() throws {
    let bytes: [UInt8] = [
      0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xC2, 0x01, 0x02, 0x03, 0x04, 0x5F, 0x10, 0x11, 0x4E, 0x53,
      0x50, 0x72, 0x69, 0x76, 0x61, 0x63, 0x79, 0x54, 0x72, 0x61, 0x63, 0x6B, 0x69, 0x6E, 0x67, 0x5F, 0x10, 0x18,
      0x4E, 0x53, 0x50, 0x72, 0x69, 0x76, 0x61, 0x63, 0x79, 0x54, 0x72, 0x61, 0x63, 0x6B, 0x69, 0x6E, 0x67, 0x44,
      0x6F, 0x6D, 0x61, 0x69, 0x6E, 0x73, 0x09, 0xA1, 0x05, 0x5F, 0x10, 0x15, 0x6D, 0x65, 0x74, 0x72, 0x69, 0x63,
      0x73, 0x32, 0x6C, 0x35, 0x74, 0x69, 0x75, 0x74, 0x66, 0x33, 0x61, 0x6D, 0x70, 0x6C, 0x65, 0x08, 0x0D, 0x21,
      0x3C, 0x3D, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x57,
    ]
    let root = try makeApp([:])
    for name in ["PrivacyInfo.xcprivacy", "Info.plist", "InfoPlist.strings"] {
      try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + name))
    }
    let manifest = PrivacyManifest.read(FilePath(root + "/PrivacyInfo.xcprivacy"), owner: nil)
    #expect(
      manifest.problems.map(\.message) == [
        "is not a property list (a binary property list holding a set, which attsim does not read)"
      ])
    guard case .failure(let problem) = InfoPlist.read(FilePath(root + "/Info.plist")) else {
      Issue.record("a set in a binary Info.plist was read")
      return
    }
    #expect(problem.reason.contains("holding a set"))
    let table = try #require(StringsFile.read(FilePath(root + "/InfoPlist.strings")).get().table)
    #expect(table.syntaxError?.message.contains("holding a set") == true)
  }

  @Test(arguments: [
    [UInt8](repeating: 0, count: 20), Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40),
  ])
  func aBinaryPropertyListWhoseTrailerDoesNotFitIsRefused(bytes: [UInt8]) {
    #expect(BinaryPropertyList.binaryProblem(Array("bplist00".utf8) + bytes) != nil)
  }
}
