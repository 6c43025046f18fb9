import Testing

@testable import Diagnostics

struct DiagnosticTests {
  // MARK: The one line every command prints

  @Test func aLocatedDiagnosticPrintsAsCompilersDo() {
    let diagnostic = Diagnostic(
      file: "App/en.lproj/InfoPlist.strings", location: SourceLocation(line: 3, column: 14), severity: .warning,
      message: "the value is empty")
    #expect(diagnostic.description == "App/en.lproj/InfoPlist.strings:3:14: warning: the value is empty")
    #expect(diagnostic.place == "App/en.lproj/InfoPlist.strings:3:14")
    #expect(diagnostic.line == 3)
    #expect(diagnostic.column == 14)
  }

  @Test func withoutALocationOnlyTheFileIsNamed() {
    let diagnostic = Diagnostic(file: "App/Info.plist", severity: .error, message: "not a property list")
    #expect(diagnostic.description == "App/Info.plist: error: not a property list")
    #expect(diagnostic.line == nil && diagnostic.column == nil)
    #expect(Diagnostic.place("x.attsim", SourceLocation(line: 1, column: 2)) == "x.attsim:1:2")
  }

  @Test func theMessageIsLeftForTheCallerToEscape() {
    let diagnostic = Diagnostic(file: "a.strings", severity: .info, message: "tab\there")
    #expect(diagnostic.description == "a.strings: info: tab\there")
  }

  @Test func severitiesOrderFromWorst() {
    #expect([Severity.info, .error, .warning].sorted() == [.error, .warning, .info])
  }

  // MARK: Fingerprints

  private func finding(file: String, line: Int, column: Int, message: String = "empty") -> Diagnostic {
    Diagnostic(
      file: file, location: SourceLocation(line: line, column: column), severity: .warning, message: message,
      rule: "untranslated", key: "NSUserTrackingUsageDescription", locale: "de", text: "Allow tracking?")
  }

  @Test func aFingerprintIsTheSameInEveryRun() {
    // A fixed value: Swift's Hasher, seeded per process, would give another in every run.
    let print = finding(file: "/work/App/de.lproj/InfoPlist.strings", line: 2, column: 1).fingerprint(root: "/work")
    #expect(print == "2bc1e0ff82e74b04")
    #expect(print.count == 16)
  }

  @Test func theHashIsFNV1a64() {
    // The published test vectors of FNV-1a, 64 bits.
    #expect(Diagnostic.hex(Diagnostic.fnv1a64([])) == "cbf29ce484222325")
    #expect(Diagnostic.hex(Diagnostic.fnv1a64(Array("a".utf8))) == "af63dc4c8601ec8c")
    #expect(Diagnostic.hex(Diagnostic.fnv1a64(Array("foobar".utf8))) == "85944171f73967e8")
  }

  @Test func theLineColumnMessageAndWhereTheProjectLiesDoNotChangeIt() {
    let here = finding(file: "/work/App/de.lproj/InfoPlist.strings", line: 2, column: 1)
    let moved = finding(file: "/home/me/App/de.lproj/InfoPlist.strings", line: 40, column: 7, message: "other")
    #expect(here.fingerprint(root: "/work") == moved.fingerprint(root: "/home/me/"))
    let relative = finding(file: "App/de.lproj/InfoPlist.strings", line: 9, column: 9)
    #expect(relative.fingerprint(root: "") == here.fingerprint(root: "/work"))
  }

  @Test func theRuleFileKeyLocaleAndTextEachChangeIt() {
    let base = finding(file: "App/de.lproj/InfoPlist.strings", line: 1, column: 1)
    var variants: [Diagnostic] = []
    for change in 0..<5 {
      var other = base
      switch change {
      case 0: other.rule = "missing-key"
      case 1: other.file = "App/fr.lproj/InfoPlist.strings"
      case 2: other.key = "NSCameraUsageDescription"
      case 3: other.locale = "fr"
      default: other.text = "Allow tracking!"
      }
      variants.append(other)
    }
    let prints = Set(([base] + variants).map { $0.fingerprint(root: "") })
    #expect(prints.count == 6)
  }

  @Test func fieldsAreKeptApart() {
    var first = finding(file: "a", line: 1, column: 1)
    var second = first
    first.key = "ab"
    first.locale = "c"
    second.key = "a"
    second.locale = "bc"
    #expect(first.fingerprint(root: "") != second.fingerprint(root: ""))
  }
}
