import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import StringsFiles
import TestApps
import Testing

/// `check` on the iOS 27.2 EU sheet's `NSUserTrackingMarkdownUsageDescription`: the plain key's rules, judged
/// on the sheet's size, plus underline; and Markdown where it is shown as written.
@Suite struct MarkdownRuleTests {
  static let markdownKey = "NSUserTrackingMarkdownUsageDescription"

  /// The findings of an app whose English Markdown text is `english` and German one is `german`.
  static func findings(english: String, german: String? = nil, plain: String = "Fine.") throws -> [Finding] {
    var files = [
      "Info.plist": infoPlist([
        "CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": plain, markdownKey: english,
      ]),
      "de.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Gut.\";\n",
    ]
    if let german {
      files["de.lproj/InfoPlist.strings"]! += "\"\(markdownKey)\" = \"\(german)\";\n"
    }
    return PromptLinter.check(app: try load(makeApp(files)))
  }

  @Test(arguments: [
    ("", RuleID.emptyValue), (" **Leading** space.", .whitespace), ("Bell \u{07} here.", .controlCharacter),
    ("Uses %@ for ads.", .formatSpecifier), ("We <u>never</u> sell data.", .markdownUnderline),
    ("An ++inserted++ word.", .markdownUnderline),
  ])
  func theMarkdownTextGetsThePlainKeysRules(value: String, rule: RuleID) throws {
    let findings = try Self.findings(english: value, german: "Gut **so**.")
    #expect(findings.map(\.rule).contains(rule), "\(findings.map(\.message))")
    #expect(findings.allSatisfy { $0.message.contains("Markdown") || $0.rule == rule })
  }

  @Test func tooLongIsJudgedOnTheSheetNotTheAlert() throws {
    // Eleven list items take eleven lines: more than the sheet shows before scrolling.
    let items = (1...11).map { "- item \($0)" }.joined(separator: "\n")
    #expect(try Self.findings(english: items, german: "Gut.").map(\.rule) == [.tooLong])
    // Ten fit; and as plain text the same words would wrap past the alert's eight lines.
    let ten = (1...10).map { "- item \($0)" }.joined(separator: "\n")
    #expect(try Self.findings(english: ten, german: "Gut.").isEmpty)
  }

  @Test func untranslatedAndWrongScriptCompareWithTheDevelopmentRegionsMarkdown() throws {
    let same = try Self.findings(english: "We show **ads**.", german: "We show **ads**.")
    #expect(same.map(\.rule) == [.untranslated])
    #expect(
      same.first?.message
        == "the de Markdown purpose string is the same as the development region's (en): not translated")
  }

  @Test func aLocaleTranslatingOnlyThePlainKeyShowsTheDevelopmentRegionsMarkdown() throws {
    let findings = try Self.findings(english: "We show **ads**.")
    #expect(findings.map(\.rule) == [.missingKey])
    #expect(findings.first?.locale == "de")
  }

  @Test(arguments: [
    ("We show **ads that fit**.", true), ("See [our policy](https://example.com).", true), ("An *honest* offer.", true),
    ("2 * 3 ads, snake_case and C++.", false), ("- a dash reads fine as written", false),
  ])
  func markdownInThePlainKeyIsShownAsWritten(plain: String, flagged: Bool) throws {
    let app = try load(
      makeApp(["Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": plain])]))
    let findings = PromptLinter.check(app: app)
    #expect(findings.map(\.rule).contains(.markdownInPlain) == flagged, "\(findings.map(\.message))")
  }

  @Test func aSingleStringsFileIsCheckedForBothKeys() throws {
    let root = try makeApp(["ja.lproj/InfoPlist.strings": "\"\(Self.markdownKey)\" = \"We track **you**.\";\n"])
    let file = try StringsFile.read(FilePath(root + "/ja.lproj/InfoPlist.strings")).get()
    let findings = PromptLinter.check(stringsFile: file)
    #expect(findings.map(\.rule) == [.wrongScript])
    #expect(findings.first?.message.contains("the ja Markdown purpose string") == true)
  }

  @Test func aNearMissOfTheMarkdownKeyIsATypo() throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist([
          "CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Fine.",
          "NSUserTrackingMarkdownUsageDescriptoin": "Typo.",
        ])
      ]))
    let typo = PromptLinter.check(app: app).first { $0.rule == .keyTypo }
    #expect(
      typo?.message
        == "\"NSUserTrackingMarkdownUsageDescriptoin\" looks like a typo of NSUserTrackingMarkdownUsageDescription; iOS ignores it"
    )
  }
}
