import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import TestApps
import Testing

/// Issue 40, items 8 and 11: findings judge the text users see (a line break that lays the text out, an
/// Info.plist text every localization overrides), and a prompt no localization translates, or a language
/// declared without translations, is said once.
@Suite struct LocalizationRuleTests {
  static let tracking = "NSUserTrackingUsageDescription"

  /// The rules of an app of `files`, each as `rule key locale`.
  static func findings(_ files: [String: String]) throws -> [String] {
    PromptLinter.check(app: try load(makeApp(files))).map {
      [$0.rule.rawValue, $0.key ?? "-", $0.locale ?? "-"].joined(separator: " ")
    }
  }

  /// An app whose tracking text is `value` in `en.lproj` and its German in `de.lproj`.
  @Test(arguments: [
    ("\\nWe show ads that fit.", false), ("We show ads that fit.\\n", false), ("\\n\\nWe show ads.\\n", false),
    // A line set apart by hand may indent its first line and space its words.
    ("\\n 🔵  We show ads that fit.", false), ("\\U2028We show ads.", false),
    (" We show ads.", true), ("We show ads. ", true), ("We show ads.\\n  ", true), ("Two  spaces.", true),
  ])
  func aLineBreakAtEitherEndIsLayout(value: String, flagged: Bool) throws {
    let rules = try Self.findings([
      "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", Self.tracking: "We show ads."]),
      "en.lproj/InfoPlist.strings": "\"\(Self.tracking)\" = \"\(value)\";\n",
      "de.lproj/InfoPlist.strings": "\"\(Self.tracking)\" = \"Wir zeigen Werbung.\";\n",
    ])
    #expect(rules.contains("whitespace \(Self.tracking) en") == flagged, "\(rules)")
  }

  /// The Info.plist text's findings stand only where some user sees it; App Store Connect still reads it.
  @Test(arguments: [
    // Every localization has the key: no user sees the Info.plist's tab.
    ("Ads\tthat fit.", ["en", "de"], []),
    // The development region's table lacks it: its users see the tab.
    ("Ads\tthat fit.", ["de"], ["whitespace \(tracking) en"]),
    // A table that lacks it leads de's users there; the text is no language's own, so not judged as en's.
    ("%@ shows ads.", ["en"], ["format-specifier \(tracking) -", "missing-key \(tracking) de"]),
    ("", ["en", "de"], ["empty-value \(tracking) -"]),
  ])
  func theInfoPlistTextIsJudgedWhereUsersSeeIt(value: String, translated: [String], expected: [String]) throws {
    var files = ["Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", Self.tracking: value])]
    for language in ["en", "de"] {
      files["\(language).lproj/InfoPlist.strings"] =
        translated.contains(language)
        ? "\"\(Self.tracking)\" = \"\(language == "en" ? "Ads that fit." : "Passende Werbung.")\";\n"
        : "\"NSCameraUsageDescription\" = \"\(language == "en" ? "Scans labels." : "Liest Etiketten.")\";\n"
    }
    let rules = try Self.findings(files).filter { !$0.hasPrefix("not-localized") && !$0.contains("Camera") }
    #expect(rules == expected)
  }

  /// A Japanese app whose English Info.plist text only App Store Connect reads: its users see the catalog's.
  @Test(arguments: [(true, false), (false, true)])
  func wrongScriptJudgesTheTextUsersSee(catalogTranslates: Bool, flagged: Bool) throws {
    let translation = catalogTranslates ? #""ja":{"stringUnit":{"state":"translated","value":"広告を表示します。"}},"# : ""
    let catalog = """
      {"sourceLanguage":"ja","strings":{"\(Self.tracking)":{"localizations":{\(translation)
      "de":{"stringUnit":{"state":"translated","value":"Wir zeigen Werbung."}}}}},"version":"1.0"}
      """
    let rules = try Self.findings([
      "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "ja", Self.tracking: "We show ads."]),
      "InfoPlist.xcstrings": catalog,
    ])
    #expect(rules.contains("wrong-script \(Self.tracking) ja") == flagged, "\(rules)")
  }

  /// A key only translations have: which languages show no text depends on the development region's table.
  @Test(arguments: [
    (["en", "de"], "fr shows no text"), (["de"], "en, fr show no text, nor does a language the app lacks"),
    (["en", "de", "fr"], "every other language falls back to a translation"),
  ])
  func aKeyOnlyTranslationsHaveSaysWhoSeesNoText(translated: [String], ending: String) throws {
    var files = ["Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", Self.tracking: "Ads."])]
    for language in ["en", "de", "fr"] {
      let camera = translated.contains(language) ? "\"NSCameraUsageDescription\" = \"Labels (\(language)).\";\n" : ""
      files["\(language).lproj/InfoPlist.strings"] = "\"\(Self.tracking)\" = \"Ads (\(language)).\";\n" + camera
    }
    let app = try load(makeApp(files))
    let finding = PromptLinter.check(app: app).first { $0.rule == .missingKey && $0.locale == nil }
    #expect(finding?.message.hasSuffix("App Store Connect looks for it in Info.plist; " + ending) == true)
  }

  /// `not-localized` stands for a key that every one of several localizations shows in the development
  /// region's language, missing or copied; one localization, or one translation, keeps the findings per locale.
  @Test(
    arguments: [
      (["de": nil, "fr": nil], ["not-localized NSCameraUsageDescription -"]),
      (["de": "Labels.", "fr": nil], ["not-localized NSCameraUsageDescription -"]),
      (["de": "Etiketten.", "fr": nil], ["missing-key NSCameraUsageDescription fr"]),
      (["de": nil], ["missing-key NSCameraUsageDescription de"]),
      (["de": "Labels."], ["untranslated NSCameraUsageDescription de"]),
    ] as [([String: String?], [String])])
  func aKeyNoLocalizationTranslatesIsToldOnce(camera: [String: String?], expected: [String]) throws {
    var files = [
      "Info.plist": infoPlist([
        "CFBundleDevelopmentRegion": "en", Self.tracking: "Ads.", "NSCameraUsageDescription": "Labels.",
      ])
    ]
    for (language, text) in camera {
      files["\(language).lproj/InfoPlist.strings"] =
        "\"\(Self.tracking)\" = \"Werbung (\(language)).\";\n"
        + (text.map { "\"NSCameraUsageDescription\" = \"\($0)\";\n" } ?? "")
    }
    #expect(try Self.findings(files) == expected)
  }

  /// A project of several localizations (the fixture mirrors a HealthKit app's): a key none translates,
  /// languages declared with nothing in them, and the layout its texts choose, which is no finding.
  @Test func aLocalizedProjectIsJudgedOnWhatItsUsersSee() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/LocalizedApp").path
    let findings = PromptLinter.check(app: try load(root))
    let shown = findings.map {
      "\($0.rule.rawValue) \($0.severity) \($0.locale ?? "-") \(FilePath($0.file).lastComponent)"
    }
    #expect(
      shown == [
        "language-without-prompts info ko project.pbxproj", "language-without-prompts warning it Info.plist",
        "tracking-undeclared info - Info.plist", "not-localized warning - Info.plist",
        "missing-key warning ja InfoPlist.strings",
      ])
    #expect(
      findings[3].message
        == "no localization translates NSHealthShareUsageDescription: the Health (read) prompt is in en for de, fr, ja")
    #expect(findings[3].location?.line == 19)
  }

  @Test func languagesDeclaredWithoutTranslationsAreNamedTogether() throws {
    let plist = infoPlist(["CFBundleDevelopmentRegion": "en", Self.tracking: "Ads."]).replacingOccurrences(
      of: "<dict>", with: "<dict><key>CFBundleLocalizations</key><array><string>it</string><string>nl</string></array>")
    let findings = PromptLinter.check(app: try load(makeApp(["Info.plist": plist])))
    #expect(
      findings.map(\.message) == [
        "CFBundleLocalizations declares it, nl, but the app has no translation in them: their users see the en purpose strings"
      ])
  }
}
