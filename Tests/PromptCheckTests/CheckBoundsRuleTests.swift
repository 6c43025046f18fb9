import Diagnostics
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import StringsFiles
import TestApps
import Testing

/// Hostile texts `check` must still get through quickly and right (issue 37): a character of a hundred
/// thousand marks (`combining-marks`), and a catalog or manifest of many thousands of entries on one line,
/// whose places come from one index.
@Suite struct CheckBoundsRuleTests {
  /// Whether the slow tier (millions of marks or keys) runs.
  static let slow = ProcessInfo.processInfo.environment["ATTSIM_SLOW_TESTS"] == "1"

  /// "a" and `marks` combining acute accents.
  static func stacked(_ marks: Int) -> String {
    var text = "a"
    text.unicodeScalars.append(contentsOf: repeatElement("\u{301}", count: marks))
    return text
  }

  /// The findings of an app whose Info.plist's tracking text is `text`.
  static func findings(tracking text: String) throws -> [Finding] {
    let app = try AppResources.load(
      FilePath(
        makeApp([
          "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": text])
        ]))
    ).get()
    return PromptLinter.check(app: app)
  }

  @Test func aCharacterPastTheStreamSafeLimitIsAWarningAtItsKey() throws {
    let findings = try Self.findings(tracking: "We track " + Self.stacked(100_000) + " you.")
    let found = try #require(findings.first { $0.rule == .combiningMarks })
    #expect(found.severity == .warning && found.key == "NSUserTrackingUsageDescription")
    #expect(found.file.hasSuffix("/Info.plist") && found.location == SourceLocation(line: 6, column: 2))
    #expect(found.message.contains("100,000 combining marks in a row (from U+0301 COMBINING ACUTE ACCENT)"))
    // The rest of the rules judge the text as cut: one short line, nothing else to say.
    #expect(findings.map(\.rule) == [.combiningMarks])
  }

  @Test func thirtyMarksAreWithinTheLimit() throws {
    #expect(try Self.findings(tracking: "We track " + Self.stacked(30) + " you.").isEmpty)
  }

  @Test(.enabled(if: slow)) func eightMillionMarksAreOneFinding() throws {
    let findings = try Self.findings(tracking: Self.stacked(8_000_000))
    #expect(findings.map(\.rule) == [.combiningMarks])
    #expect(findings.first?.message.contains("8,000,000 combining marks") == true)
  }

  /// `text` written as `name` in a fresh folder.
  static func oneLine(_ name: String, _ text: String) throws -> FilePath {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-bounds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return FilePath(url.path)
  }

  /// A catalog whose `count` keys (`k0`…) all sit on its one line, each key's column its byte offset + 1 (ASCII).
  /// (Fewer keys than domains in the quick tier: a debug build's JSON reader, not the places, costs ~50 µs a key.)
  @Test(arguments: [20_000] + (slow ? [200_000] : []))
  func aOneLineCatalogPlacesEveryKey(count: Int) throws {
    var text = #"{"sourceLanguage":"en","strings":{"#
    var columns: [Int] = []
    columns.reserveCapacity(count)
    for index in 0..<count {
      if index > 0 { text += "," }
      columns.append(text.utf8.count + 1)
      text += #""k\#(index)":{"localizations":{"en":{"stringUnit":{"value":"v"}}}}"#
    }
    text += "}}"
    let catalog = try StringCatalog.read(Self.oneLine("InfoPlist.xcstrings", text)).get()
    for index in [0, count / 2, count - 1] {
      #expect(catalog.keyLocations["k\(index)"] == SourceLocation(line: 1, column: columns[index]), "k\(index)")
      let languageColumn = columns[index] + "\"k\(index)\":{\"localizations\":{".utf8.count
      #expect(catalog.translations["k\(index)"]?["en"]?.location == SourceLocation(line: 1, column: languageColumn))
    }
  }

  /// A manifest of `count` domains on one line, with a letter of two bytes (one column) before them.
  @Test(arguments: [50_000] + (slow ? [1_000_000] : []))
  func aOneLineManifestPlacesEveryDomain(count: Int) throws {
    var text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSPrivacyTracking</key><true/>"#
    text += "<!-- é --><key>NSPrivacyTrackingDomains</key><array>"
    var columns: [Int] = []
    columns.reserveCapacity(count)
    for index in 0..<count {
      // Columns count scalars: é is two bytes and one column.
      columns.append(text.utf8.count + "<string>".utf8.count)
      text += "<string>d\(index).example.com</string>"
    }
    text += "</array></dict></plist>"
    let manifest = PrivacyManifest.read(try Self.oneLine("PrivacyInfo.xcprivacy", text), owner: nil)
    #expect(manifest.domains.count == count)
    for index in [0, count / 2, count - 1] {
      #expect(manifest.domains[index].value == "d\(index).example.com")
      #expect(manifest.domains[index].location == SourceLocation(line: 1, column: columns[index]), "domain \(index)")
    }
  }
}
