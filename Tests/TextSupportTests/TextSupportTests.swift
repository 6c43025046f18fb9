import Testing
import TextSupport

@Suite struct TextSupportTests {
  @Test(arguments: [
    ("plain text", "plain text"), ("a\nb", "a\\nb"), ("\u{1B}[2J", "\\u{1B}[2J"), ("tab\there", "tab\\there"),
    ("\u{9B}31m", "\\u{9B}31m"), ("\u{202E}evil", "\\u{202E}evil"), ("日本語 عربى", "日本語 عربى"),
    ("del\u{7F}", "del\\u{7F}"),
  ])
  func controlCharactersBecomeVisibleEscapes(input: String, expected: String) {
    #expect(input.escapingControlCharacters == expected)
  }

  @Test(arguments: [
    ("", "", 0), ("abc", "", 3), ("kitten", "sitting", 3), ("ios", "iso", 1),
    ("NSUserTrackingUsageDescription", "NSUserTrackingUsageDescriptoin", 1), ("same", "same", 0),
  ])
  func editDistanceCountsSwapsAsOne(a: String, b: String, distance: Int) {
    #expect(EditDistance.between(a, b) == distance)
    #expect(EditDistance.between(b, a) == distance)
  }

  @Test(arguments: [
    ("tapp", ["app", "tap", "track"], Optional("tap")), ("stauts", ["status", "prompt"], "status"),
    ("xyz", ["status", "prompt"], nil), ("Status", ["status"], "status"),
  ])
  func suggestsOnlyPlausibleTypos(word: String, candidates: [String], expected: String?) {
    #expect(EditDistance.suggestion(for: word, among: candidates) == expected)
  }
}
