import Foundation
import PromptStrings
import Testing

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
    let finding = try #require(try Self.findings(["PrivacyInfo.xcprivacy": "{ not a plist"]).first)
    #expect(finding.rule == .privacyManifest && finding.message.contains("is not a property list"))
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
    let manifest = PrivacyManifest.read(path, owner: nil)
    #expect(manifest.tracking == true && manifest.domains.map(\.value) == ["b.example"])
    #expect(manifest.enforcedDomains == ["b.example"] && manifest.problems.isEmpty)
  }

  @Test func onlyValidDomainsOfATrackingManifestAreEnforced() throws {
    let root = try makeApp([
      "PrivacyInfo.xcprivacy": privacyManifest(tracking: "<true/>", domains: ["A.Example", "https://bad.example"])
    ])
    #expect(PrivacyManifest.read(root + "/PrivacyInfo.xcprivacy", owner: nil).enforcedDomains == ["a.example"])
  }
}
