import Testing

@testable import PromptStrings

/// Tuist's resource globs as attsim matches them: `*` within a name, `**` across folders, each in one bounded
/// pass (issue 40), however many stars a pattern has.
@Suite struct TuistGlobTests {
  @Test(
    arguments: [
      ("App/Resources/en.lproj/InfoPlist.strings", "App/Resources/**", true),
      ("en.lproj/InfoPlist.strings", "**/InfoPlist.strings", true),
      ("a/b/c/d", "**/b/**/d", true),
      ("a/b/c/d", "a/**/**/**/d", true),
      ("a/b/c", "a/*/c", true),
      ("a/b/x/c", "a/*/c", false),
      ("a/b", "a/b/**", true),
      ("a/b", "a/b/*", false),
      ("abcbd.lproj", "a*bd.lproj", true),
      ("a.b.c", "a*b*c", true),
      ("ab", "a*b*c", false),
      ("en.lproj/Main.strings", "*.lproj/InfoPlist.strings", false),
      (String(repeating: "a", count: 40), String(repeating: "a*", count: 12) + "b", false),
      (String(repeating: "a", count: 40) + "b", String(repeating: "a*", count: 12) + "b", true),
      ("a/a/a/a/a/a/a/en.lproj", String(repeating: "**/", count: 60) + "de.lproj", false),
      ("a/a/a/a/a/a/a/en.lproj", String(repeating: "**/", count: 60) + "en.lproj", true),
    ])
  func aPathMatchesAGlobAsTuistWould(path: String, pattern: String, matches: Bool) {
    #expect(Glob.matches(path, pattern) == matches)
  }
}
