import Testing
import TextSupport

/// The window a failed expectation shows of each value around their first difference (issue 41).
@Suite struct DifferenceWindowTests {
  @Test func shortValuesShowWholeWithTheCaretUnderTheDifference() throws {
    let window = try #require(DifferenceWindow("allow all", "allow any"))
    #expect(window.expected == "allow all" && window.actual == "allow any")
    #expect(window.caret == 7)
    #expect(DifferenceWindow("same", "same") == nil)
    // One value the start of the other: the difference is where the shorter ends.
    #expect(DifferenceWindow("abc", "abcdef")?.caret == 3)
  }

  @Test func longValuesAreCutOnBothSidesAroundTheDifference() throws {
    let common = String(repeating: "a", count: 100)
    let window = try #require(DifferenceWindow(common + "X" + common, common + "Y" + common))
    #expect(window.expected == "…" + String(repeating: "a", count: 20) + "X" + String(repeating: "a", count: 37) + "…")
    #expect(window.actual == "…" + String(repeating: "a", count: 20) + "Y" + String(repeating: "a", count: 37) + "…")
    #expect(window.caret == 21)
    #expect(TerminalWidth.of(window.expected) == 60)
  }

  /// Wide characters take two columns and marks none: the caret stays under the difference.
  @Test func wideCharactersAndCombiningMarksAlign() throws {
    let before = String(repeating: "廣告", count: 30) + "e\u{301}\u{302}"
    let window = try #require(DifferenceWindow(before + "x tail", before + "y tail"))
    #expect(window.caret == TerminalWidth.of(window.expected.prefixUpTo("x")))
    #expect(window.caret == TerminalWidth.of(window.actual.prefixUpTo("y")))
    #expect(window.expected.hasPrefix("…") && window.caret <= 21)
    #expect(TerminalWidth.of(window.expected) <= 60)
    // A wide character at the difference: the caret under its first column.
    let wide = try #require(DifferenceWindow("ab廣", "ab告"))
    #expect(wide.caret == 2)
  }

  /// Control characters are escaped; a character of 100,000 marks and a megabyte value give short windows.
  @Test func hostileValuesGiveShortWindows() throws {
    let escaped = try #require(DifferenceWindow("a\u{1B}[2Jb", "a\u{1B}[2Jc"))
    #expect(escaped.expected == "a\\u{1B}[2Jb" && escaped.caret == TerminalWidth.of("a\\u{1B}[2J"))
    let marks = "e" + String(repeating: "\u{301}", count: 100_000)
    let window = try #require(DifferenceWindow("x" + marks, "y" + marks))
    #expect(window.expected.unicodeScalars.count <= 240 && window.caret == 0)
    let huge = String(repeating: "z", count: 1 << 20)
    let far = try #require(DifferenceWindow(huge + "1", huge + "2"))
    #expect(far.expected.count == 22 && far.caret == 21)
  }
}

extension String {
  /// The text before the first `marker`.
  fileprivate func prefixUpTo(_ marker: Character) -> String { String(prefix { $0 != marker }) }
}
