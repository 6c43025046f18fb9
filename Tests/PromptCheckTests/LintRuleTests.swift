import Diagnostics
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import StringsFiles
import TestApps
import Testing

/// Every rule of `attsim check` (SPEC §4), at the right file, line and locale.
@Suite struct LintRuleTests {
  static let broken = assets.appendingPathComponent("Examples/BrokenApp").path
  static let findings = (try? AppResources.load(FilePath(broken)).get()).map { PromptLinter.check(app: $0) } ?? []

  /// rule, file (relative to BrokenApp), line (nil: no position), locale (nil: the whole app), severity (it
  /// follows harm: the build fails, App Store Connect rejects or the app crashes; a user sees the wrong text;
  /// advice), key (nil: no purpose string in particular).
  static let expected: [(RuleID, String, Int?, String?, Severity, String?)] = [
    (.notInApp, "", nil, nil, .info, nil),
    (
      .trackingWithoutPrompt, "Frameworks/AdKit.framework/PrivacyInfo.xcprivacy", 5, nil, .warning,
      "NSUserTrackingUsageDescription"
    ),
    (.privacyManifest, "Frameworks/Measure.framework/PrivacyInfo.xcprivacy", 5, nil, .error, nil),
    (.trackingFlag, "Frameworks/Measure.framework/PrivacyInfo.xcprivacy", 7, nil, .warning, nil),
    (.buildVariable, "Info.plist", 9, nil, .info, nil),
    (.keyTypo, "Info.plist", 11, nil, .warning, "NSUserTrackingUsageDescription"),
    (.bundleKey, "Info.plist", 15, nil, .warning, nil),
    (.catalogState, "InfoPlist.xcstrings", 7, "pl", .info, "NSUserTrackingUsageDescription"),
    (.catalogState, "InfoPlist.xcstrings", 13, "uk", .info, "NSUserTrackingUsageDescription"),
    (.trackingUndeclared, "PrivacyInfo.xcprivacy", 5, nil, .warning, "NSUserTrackingUsageDescription"),
    (.trackingFlag, "PrivacyInfo.xcprivacy", 7, nil, .warning, nil),
    (.trackingDomain, "PrivacyInfo.xcprivacy", 10, nil, .error, nil),
    (.missingUsageDescription, "Sources/ConsentFlow.swift", 6, nil, .error, "NSUserTrackingUsageDescription"),
    (.betaAPI, "Sources/EUConsent.swift", 6, nil, .warning, "NSUserTrackingUsageDescription"),
    (.markdownInPlain, "cs.lproj/InfoPlist.strings", 2, "cs", .warning, "NSUserTrackingUsageDescription"),
    (.missingKey, "da.lproj", nil, "da", .warning, nil),
    (.formatSpecifier, "de.lproj/InfoPlist.strings", 2, "de", .warning, "NSUserTrackingUsageDescription"),
    (.markdownUnderline, "en.lproj/InfoPlist.strings", 3, "en", .warning, "NSUserTrackingMarkdownUsageDescription"),
    (.whitespace, "es.lproj/InfoPlist.strings", 2, "es", .info, "NSUserTrackingUsageDescription"),
    (.missingKey, "fr.lproj/InfoPlist.strings", nil, "fr", .warning, "NSCameraUsageDescription"),
    (.untranslated, "fr.lproj/InfoPlist.strings", 2, "fr", .warning, "NSUserTrackingUsageDescription"),
    (.fileNameCase, "hr.lproj/infoPlist.strings", nil, "hr", .warning, nil),
    (.emptyValue, "it.lproj/InfoPlist.strings", 2, "it", .warning, "NSUserTrackingUsageDescription"),
    (.combiningMarks, "it.lproj/InfoPlist.strings", 4, "it", .warning, "NSCameraUsageDescription"),
    (.wrongScript, "ja.lproj/InfoPlist.strings", 2, "ja", .warning, "NSUserTrackingUsageDescription"),
    (.parseError, "ko.lproj/InfoPlist.strings", 2, "ko", .error, nil),
    (.duplicateKey, "nl.lproj/InfoPlist.strings", 3, "nl", .warning, "NSUserTrackingUsageDescription"),
    (.controlCharacter, "pt-BR.lproj/InfoPlist.strings", 2, "pt-BR", .warning, "NSUserTrackingUsageDescription"),
    (.tooLong, "ru.lproj/InfoPlist.strings", 2, "ru", .info, "NSUserTrackingUsageDescription"),
    (.keyTypo, "sv.lproj/InfoPlist.strings", 2, "sv", .warning, "NSUserTrackingUsageDescription"),
    (.encoding, "zh-Hans.lproj/InfoPlist.strings", 1, "zh-Hans", .warning, nil),
    (.parseError, "zh-Hans.lproj/InfoPlist.strings", 1, "zh-Hans", .error, nil),
  ]

  /// Every rule about an app's strings; `no-app` is the one rule an app cannot trip (it says there is none),
  /// the rules about what a project names need a project (HostileInputTests and CheckScopeTests trip them),
  /// and a legacy folder in the example would change every sample it feeds (LegacyFolderTests trips it), as
  /// would keys and languages no localization translates (LocalizationRuleTests trips those); `xliff-state`
  /// needs a localization export (LocalizationExportTests trips it); the App Review rules read what a text
  /// says (ReviewRuleTests trips them in ten languages).
  @Test func theBrokenExampleTripsEveryRule() {
    let projectOnly: Set<RuleID> = [
      .noApp, .includeOutside, .linkOutside, .buildSetting, .missingFile, .pathCase, .legacyLanguageFolder,
      .notLocalized, .languageWithoutPrompts, .xliffState,
    ]
    let review: Set<RuleID> = [
      .placeholder, .noReason, .vagueReason, .trackingIncentive, .sdkBoilerplate, .deniesTracking,
    ]
    #expect(Set(Self.expected.map(\.0)) == Set(RuleID.allCases).subtracting(projectOnly).subtracting(review))
  }

  @Test(arguments: 0..<expected.count)
  func eachFindingIsReportedWhereItIs(index: Int) {
    let (rule, file, line, locale, severity, key) = Self.expected[index]
    let match = Self.findings.first {
      $0.rule == rule && $0.file == (file.isEmpty ? Self.broken : Self.broken + "/" + file)
        && $0.location?.line == line && $0.locale == locale
    }
    #expect(match != nil, "\(rule.rawValue) in \(file):\(line ?? 0) [\(locale ?? "-")]")
    #expect(match?.severity == severity && match?.key == key, "\(rule.rawValue) in \(file)")
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
    ("Two  spaces.", .whitespace), ("Tab\there.", .whitespace), ("Escape \u{1B}[31m.", .controlCharacter),
    ("Uses %@ for ads.", .formatSpecifier), ("Uses %1$@ for ads.", .formatSpecifier), ("100%% sure.", .formatSpecifier),
    ("Uses %d ads.", .formatSpecifier),
    (String(repeating: "Tracking helps us show better ads. ", count: 30) + "End.", .tooLong),
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
    // Brand words do not fool it: mostly another script is flagged, a few Latin names in Japanese are not.
    ("en", "このアプリ App は広告を表示します。", true), ("ja", "Google Analytics と Firebase を使って広告を表示します。", false),
    ("de", "Мы используем данные для Lumen App.", true),
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
    // Every purpose key Apple documents is a key a typo can miss.
    ("NSCameraUsageDescripton", true), ("NSLocationWhenInUseUsageDescriptions", true),
    ("NSPhotoLibraryAddUsageDescription", false),
    // A key of the right shape Apple may have added since is not a typo of a key three edits away.
    ("NSCameraPortraitUsageDescription", false),
    // Keys beyond ASCII are judged once lowered (the Kelvin sign lowers to k).
    ("NSCameraUsageDescriptioñ", true), ("NSCameraUsage\u{212A}Description", true), ("カメラの説明", false),
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
    let findings = PromptLinter.check(
      stringsFile: try StringsFile.read(FilePath(path + "/ja.lproj/InfoPlist.strings")).get())
    #expect(findings.map(\.rule) == [.wrongScript])
    #expect(findings.first?.locale == "ja")
  }
}
