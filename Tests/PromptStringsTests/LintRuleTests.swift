import Foundation
import PromptCheck
import PromptStrings
import StringsFiles
import Testing

/// Every rule of `attsim check` (SPEC §4), at the right file, line and locale.
@Suite struct LintRuleTests {
  static let broken = assets.appendingPathComponent("Examples/BrokenApp").path
  static let findings = (try? AppResources.load(broken).get()).map(PromptLinter.check(app:)) ?? []

  /// rule, file (relative to BrokenApp), line (nil: no position), locale.
  static let expected: [(RuleID, String, Int?, String?)] = [
    (.notInApp, "", nil, nil),
    (.missingUsageDescription, "Info.plist", nil, "en"),
    (.buildVariable, "Info.plist", 9, nil),
    (.keyTypo, "Info.plist", 11, "en"),
    (.catalogState, "InfoPlist.xcstrings", 7, "pl"),
    (.catalogState, "InfoPlist.xcstrings", 13, "uk"),
    (.catalogState, "InfoPlist.xcstrings", 21, nil),
    (.markdownInPlain, "cs.lproj/InfoPlist.strings", 2, "cs"),
    (.missingKey, "da.lproj", nil, "da"),
    (.formatSpecifier, "de.lproj/InfoPlist.strings", 2, "de"),
    (.markdownUnderline, "en.lproj/InfoPlist.strings", 3, "en"),
    (.whitespace, "es.lproj/InfoPlist.strings", 2, "es"),
    (.untranslated, "fr.lproj/InfoPlist.strings", 2, "fr"),
    (.emptyValue, "it.lproj/InfoPlist.strings", 2, "it"),
    (.wrongScript, "ja.lproj/InfoPlist.strings", 2, "ja"),
    (.parseError, "ko.lproj/InfoPlist.strings", 2, "ko"),
    (.duplicateKey, "nl.lproj/InfoPlist.strings", 3, "nl"),
    (.controlCharacter, "pt-BR.lproj/InfoPlist.strings", 2, "pt-BR"),
    (.tooLong, "ru.lproj/InfoPlist.strings", 2, "ru"),
    (.missingKey, "sv.lproj/InfoPlist.strings", nil, "sv"),
    (.keyTypo, "sv.lproj/InfoPlist.strings", 2, "sv"),
    (.encoding, "zh-Hans.lproj/InfoPlist.strings", 1, "zh-Hans"),
    (.trackingWithoutPrompt, "Frameworks/AdKit.framework/PrivacyInfo.xcprivacy", 5, nil),
    (.privacyManifest, "Frameworks/Measure.framework/PrivacyInfo.xcprivacy", 5, nil),
    (.trackingFlag, "Frameworks/Measure.framework/PrivacyInfo.xcprivacy", 7, nil),
    (.trackingUndeclared, "PrivacyInfo.xcprivacy", 5, nil),
    (.trackingFlag, "PrivacyInfo.xcprivacy", 7, nil),
    (.trackingDomain, "PrivacyInfo.xcprivacy", 10, nil),
    (.parseError, "zh-Hans.lproj/InfoPlist.strings", 1, "zh-Hans"),
  ]

  /// Every rule about an app's strings; `no-app` is the one rule an app cannot trip (it says there is none),
  /// and the rules about what a project names outside itself need a project (HostileInputTests trips them).
  @Test func theBrokenExampleTripsEveryRule() {
    let projectOnly: Set<RuleID> = [.noApp, .includeOutside, .linkOutside, .buildSetting]
    #expect(Set(Self.expected.map(\.0)) == Set(RuleID.allCases).subtracting(projectOnly))
  }

  @Test(arguments: 0..<expected.count)
  func eachFindingIsReportedWhereItIs(index: Int) {
    let (rule, file, line, locale) = Self.expected[index]
    let match = Self.findings.first {
      $0.rule == rule && $0.file == (file.isEmpty ? Self.broken : Self.broken + "/" + file)
        && $0.location?.line == line && $0.locale == locale
    }
    #expect(match != nil, "\(rule.rawValue) in \(file):\(line ?? 0) [\(locale ?? "-")]")
    // The note about same-named folders is information; everything else has its rule's severity.
    #expect(match?.severity == (rule == .notInApp ? .info : rule.severity))
  }

  @Test func theBrokenExampleHasNothingElse() {
    #expect(Self.findings.count == Self.expected.count, "\(Self.findings.map(\.message))")
  }

  @Test func theDemoAppIsClean() throws {
    let app = try load(assets.appendingPathComponent("DemoApp").path)
    #expect(PromptLinter.check(app: app).isEmpty)
  }

  /// Each value rule on its own, in a minimal app: present when the flaw is, absent when it is not.
  @Test(arguments: [
    ("", RuleID.emptyValue), ("   ", .emptyValue), (" Leading space.", .whitespace), ("Trailing space. ", .whitespace),
    ("Two  spaces.", .whitespace), ("Tab\there.", .controlCharacter), ("Escape \u{1B}[31m.", .controlCharacter),
    ("Uses %@ for ads.", .formatSpecifier), ("Uses %1$@ for ads.", .formatSpecifier), ("100%% sure.", .formatSpecifier),
    ("Uses %d ads.", .formatSpecifier),
    (String(repeating: "Tracking helps us show better ads. ", count: 8) + "End.", .tooLong),
  ])
  func valueRulesFlagTheirFlaw(value: String, rule: RuleID) throws {
    let escaped = value.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\u{1B}", with: "\\U001B")
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Fine."]),
        "en.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"\(escaped)\";\n",
      ]))
    let rules = PromptLinter.check(app: app).map(\.rule)
    #expect(rules.contains(rule), "\(rules)")
  }

  @Test(arguments: [
    "A plain sentence.", "Line one.\nLine two.", "50 % of users.", "Percent sign at the end %", "Email a@b.c please.",
  ])
  func cleanValuesPassEveryValueRule(value: String) throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Fine."]),
        "en.lproj/InfoPlist.strings":
          "\"NSUserTrackingUsageDescription\" = \"\(value.replacingOccurrences(of: "\n", with: "\\n"))\";\n",
      ]))
    #expect(PromptLinter.check(app: app).isEmpty)
  }

  @Test(arguments: [
    ("ja", "広告のためにデータを使います。", false), ("ja", "データ", false), ("ja", "We track you.", true),
    ("zh-Hant", "我們使用資料。", false), ("ko", "데이터를 사용합니다.", false), ("ar", "نستخدم بياناتك.", false),
    ("ar", "We use data.", true), ("he", "אנו משתמשים בנתונים.", false), ("ru", "Мы используем данные.", false),
    ("ru", "We use data.", true), ("hi", "हम डेटा का उपयोग करते हैं।", false), ("de", "Мы используем данные.", true),
    ("de", "Wir nutzen Daten.", false), ("xx", "Anything at all.", false),
  ])
  func wrongScriptKnowsEachLanguagesScript(locale: String, value: String, flagged: Bool) throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "English."]),
        "\(locale).lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"\(value)\";\n",
      ]))
    #expect(PromptLinter.check(app: app).contains { $0.rule == .wrongScript } == flagged)
  }

  @Test(arguments: [
    ("NSUserTrackingUsageDescripton", true), ("nsusertrackingusagedescription", true),
    (" NSUserTrackingUsageDescription", true), ("NSUserTrackingUsageDescriptionX", true),
    ("NSCameraUsageDescription", false), ("CFBundleDisplayName", false),
  ])
  func keyTypoCatchesNearMisses(key: String, flagged: Bool) throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["NSUserTrackingUsageDescription": "English."]),
        "de.lproj/InfoPlist.strings":
          "\"NSUserTrackingUsageDescription\" = \"Deutsch.\";\n\"\(key)\" = \"Deutsch.\";\n",
      ]))
    #expect(PromptLinter.check(app: app).contains { $0.rule == .keyTypo } == flagged)
  }

  @Test func untranslatedIgnoresRegionalVariantsOfTheDevelopmentLanguage() throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Same text."]),
        "en-GB.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Same text.\";\n",
        "fr.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Same text.\";\n",
      ]))
    #expect(PromptLinter.check(app: app).map(\.locale) == ["fr"])
  }

  @Test func singleFileCheckTakesTheLocaleFromItsFolder() throws {
    let path = try makeApp(["ja.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"English only.\";\n"])
    let findings = try PromptLinter.check(stringsFile: path + "/ja.lproj/InfoPlist.strings").get()
    #expect(findings.map(\.rule) == [.wrongScript])
    #expect(findings.first?.locale == "ja")
  }
}
