import Foundation
import PromptCheck
import PromptStrings
import Testing

@Suite struct CheckCommandTests {
  static let demo = repositoryRoot.appendingPathComponent("Assets/DemoApp").path
  static let broken = repositoryRoot.appendingPathComponent("Assets/Examples/BrokenApp").path

  @Test func theDemoAppIsCleanAndExitsZero() {
    let outcome = attsim("check", Self.demo)
    #expect(outcome.status == 0)
    #expect(outcome.out.isEmpty)
    #expect(outcome.err == "attsim check: no problems in 16 localizations\n")
  }

  @Test func textFindingsReadLikeCompilerDiagnostics() {
    let outcome = attsim("check", Self.broken)
    #expect(outcome.status == 1)
    let lines = outcome.out.split(separator: "\n")
    #expect(lines.count == 32)
    #expect(
      lines.contains(
        "\(Self.broken)/ko.lproj/InfoPlist.strings:2:63: error: missing ';' after the value of \"NSUserTrackingUsageDescription\": Xcode cannot compile it, so the build fails (and iOS could not read it: NSUserTrackingUsageDescription falls back to Info.plist, which has none: the app crashes when it asks) [parse-error]"
      ))
    // A finding that does not name its key says it in the brackets.
    #expect(
      lines.contains(
        "\(Self.broken)/ja.lproj/InfoPlist.strings:2:36: warning: the ja tracking purpose string has no Japanese (Hiragana, Katakana or Kanji) characters; is it translated? [wrong-script NSUserTrackingUsageDescription]"
      ))
    #expect(outcome.err == "attsim check: 5 errors, 21 warnings in 17 localizations (6 notes)\n")
  }

  @Test func jsonCarriesEveryField() throws {
    let outcome = attsim("check", Self.broken, "--format", "json")
    let findings = try #require(JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [[String: Any]])
    #expect(findings.count == 32)
    for finding in findings {
      #expect(
        Set(finding.keys) == [
          "file", "line", "column", "severity", "rule", "locale", "key", "message", "text", "fingerprint",
          "suppression",
        ])
      #expect((finding["fingerprint"] as? String)?.count == 16 && finding["suppression"] is NSNull)
    }
    let parse = try #require(findings.first { $0["rule"] as? String == "parse-error" })
    #expect(parse["line"] as? Int == 2 && parse["column"] as? Int == 63 && parse["locale"] as? String == "ko")
    // The crash stands at the call that crashes.
    let crash = try #require(findings.first { $0["rule"] as? String == "missing-usage-description" })
    #expect((crash["file"] as? String)?.hasSuffix("Sources/ConsentFlow.swift") == true && crash["line"] as? Int == 6)
    #expect(crash["key"] as? String == "NSUserTrackingUsageDescription" && crash["locale"] is NSNull)
    let manifest = try #require(findings.first { $0["rule"] as? String == "privacy-manifest" })
    #expect(manifest["key"] is NSNull)
  }

  @Test func sarifIsAValidLogForCodeScanning() throws {
    let outcome = attsim("check", Self.broken, "--format", "sarif")
    let log = try #require(JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "attsim")
    let ruleIDs = (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(ruleIDs == RuleID.allCases.map(\.rawValue))
    // The App Review rules say where they come from.
    let help = (driver["rules"] as? [[String: Any]])?.first { $0["id"] as? String == "tracking-incentive" }?["help"]
    #expect(((help as? [String: Any])?["text"] as? String)?.contains("Guideline 3.2.2") == true)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 32)
    let levels = Set(results.compactMap { $0["level"] as? String })
    #expect(levels == ["error", "warning", "note"])
    let located = results.compactMap { result -> [String: Any]? in
      let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
      return location?["region"] as? [String: Any]
    }
    #expect(located.allSatisfy { $0["startLine"] is Int && $0["startColumn"] is Int })
  }

  @Test func unusableInputExitsTwo() throws {
    #expect(attsim("check", "/no/such/place").status == 2)
    let empty = try temporaryFolder()
    let outcome = attsim("check", empty.path)
    #expect(outcome.status == 2)
    #expect(outcome.err.hasPrefix("attsim: cannot check: '\(empty.path)' holds no Info.plist"))
  }

  @Test func aSingleFileCanBeChecked() throws {
    let folder = try temporaryFolder().appendingPathComponent("ja.lproj")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = try write("\"NSUserTrackingUsageDescription\" = \"English\";\n", to: "InfoPlist.strings", in: folder)
    let outcome = attsim("check", path)
    #expect(outcome.status == 0)
    #expect(outcome.out.contains(":1:36: warning: the ja tracking purpose string has no Japanese"))
  }

  @Test func devRegionChangesWhatCountsAsUntranslated() throws {
    let app = try temporaryFolder()
    _ = try write(
      "<plist><dict><key>NSUserTrackingUsageDescription</key><string>Same</string></dict></plist>", to: "Info.plist",
      in: app)
    // Italian is translated, so the copies in de and fr are each `untranslated`, not a key none translates.
    for (locale, text) in [("de", "Same"), ("fr", "Same"), ("it", "Uguale")] {
      let folder = app.appendingPathComponent("\(locale).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      _ = try write("\"NSUserTrackingUsageDescription\" = \"\(text)\";", to: "InfoPlist.strings", in: folder)
    }
    let asEnglish = attsim("check", app.path, "--format", "json")
    #expect(asEnglish.out.components(separatedBy: "\"untranslated\"").count - 1 == 2)
    let asGerman = attsim("check", app.path, "--format", "json", "--dev-region", "de")
    #expect(asGerman.out.components(separatedBy: "\"untranslated\"").count - 1 == 1)
  }

  @Test func controlCharactersInFileNamesNeverReachTheTerminal() throws {
    let folder = try temporaryFolder()
    let path = try write("\"a\" = \"b\"", to: "bad\u{1B}[2J.strings", in: folder)
    let outcome = attsim("check", path)
    #expect(outcome.status == 1)
    #expect(!outcome.out.contains("\u{1B}") && outcome.out.contains("\\u{1B}[2J"))
  }
}
