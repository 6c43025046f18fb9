import Diagnostics
import FileAccess
import PromptCheck
import PromptStrings
import TestApps
import Testing

/// A finding is a `Diagnostic` with its rule: the same place, severity, message, key and locale, and for a
/// purpose string's text the text itself, so its fingerprint does not move with the line or the project.
@Suite struct FindingDiagnosticTests {
  @Test func aFindingCarriesItsRuleKeyLocaleAndText() throws {
    let root = try makeApp([
      "Info.plist": infoPlist(["NSUserTrackingUsageDescription": "Allow tracking?", "CFBundleDevelopmentRegion": "en"]),
      "en.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Allow tracking?\";\n",
      "de.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Allow tracking?\";\n",
    ])
    let findings = PromptLinter.check(app: try load(root))
    let untranslated = try #require(findings.first { $0.rule == .untranslated })
    let diagnostic = untranslated.diagnostic
    #expect(diagnostic.rule == "untranslated")
    #expect(diagnostic.key == "NSUserTrackingUsageDescription")
    #expect(diagnostic.locale == "de")
    #expect(diagnostic.text == "Allow tracking?")
    #expect(diagnostic.file.hasSuffix("de.lproj/InfoPlist.strings"))
    #expect(diagnostic.line == 1 && diagnostic.severity == .warning)
    #expect(diagnostic.description.hasPrefix("\(diagnostic.file):1:"))
    #expect(diagnostic.description.contains(": warning: \(untranslated.message)"))
  }

  @Test func theFingerprintIgnoresWhereTheAppLies() throws {
    let files = [
      "Info.plist": infoPlist(["NSUserTrackingUsageDescription": " Allow tracking?", "CFBundleDevelopmentRegion": "en"])
    ]
    let first = try makeApp(files)
    let second = try makeApp(files)
    let one = PromptLinter.check(app: try load(first)).filter { $0.rule == .whitespace }
    let other = PromptLinter.check(app: try load(second)).filter { $0.rule == .whitespace }
    #expect(one.count == 1 && other.count == 1)
    #expect(first != second)
    #expect(
      one.map { $0.diagnostic.fingerprint(root: first) } == other.map { $0.diagnostic.fingerprint(root: second) })
  }
}
