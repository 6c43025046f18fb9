import Testing

@testable import TextSupport

/// One character of many thousands of marks (issue 37, 7a): measured, wrapped and drawn by its first
/// `ClusterBound.maxScalars` scalars, while real characters are measured as before.
@Suite struct ClusterBoundTests {
  /// `base` followed by `count` copies of `mark`.
  static func stacked(_ base: String, _ mark: Unicode.Scalar, count: Int) -> String {
    var text = base
    text.unicodeScalars.append(contentsOf: repeatElement(mark, count: count))
    return text
  }

  /// Real characters, the longest of their kinds, with the columns a terminal gives them (glibc's wcwidth: a
  /// skin tone is a wide character of its own).
  @Test(arguments: [
    ("e\u{301}\u{302}\u{303}", 1), ("👨‍👩‍👧‍👦", 2), ("👩🏻‍❤️‍💋‍👨🏼", 4), ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
    ("ที่", 1), ("क्षि", 3), ("न्", 1), ("각", 2), ("\u{1100}\u{1161}\u{11A8}", 2),
  ])
  func anOrdinaryCharacterIsMeasuredAsBefore(text: String, columns: Int) throws {
    let character = try #require(text.count == 1 ? text.first : nil, "\(text) is one character")
    #expect(text.boundingClusters.unicodeScalars.elementsEqual(text.unicodeScalars))
    #expect(ClusterBound.bounded(text).overlong == nil)
    #expect(TerminalWidth.of(character) == columns)
    #expect(TerminalWidth.cells(of: character).map(\.text).joined().unicodeScalars.count <= text.unicodeScalars.count)
    #expect(TextWrapper.wrap(text, width: 30) == [text])
  }

  @Test(arguments: ["ภาษาไทยที่ใช้ในประเทศไทย", "नमस्ते दुनिया, यह एक लंबा वाक्य है जो टूटता है", "広告のためにデータを使います。" + "日本語の文章"])
  func ordinaryTextIsLeftAlone(text: String) {
    #expect(text.boundingClusters == text)
    #expect(ClusterBound.bounded(text).overlong == nil)
    #expect(TextWrapper.wrap(text, width: 12).joined().count <= text.count)
  }

  /// UAX #15's limit is 30 non-starters in a row: 30 pass, 31 are reported, and neither is cut (a base and 31
  /// marks are 32 scalars).
  @Test func theStreamSafeLimitIsThirtyMarks() throws {
    let thirty = Self.stacked("a", "\u{301}", count: 30)
    let thirtyOne = Self.stacked("a", "\u{301}", count: 31)
    #expect(ClusterBound.bounded(thirty).overlong == nil)
    let overlong = try #require(ClusterBound.bounded("ok " + thirtyOne).overlong)
    #expect(overlong.nonStarterRun == 31 && overlong.scalarCount == 32 && overlong.example == "\u{301}")
    #expect(thirtyOne.boundingClusters == thirtyOne)
  }

  @Test func aCharacterOfAHundredThousandMarksIsCutToItsFirstScalars() throws {
    let text = "Tracking " + Self.stacked("a", "\u{301}", count: 100_000) + " helps."
    let overlong = try #require(ClusterBound.bounded(text).overlong)
    #expect(overlong.scalarCount == 100_001 && overlong.nonStarterRun == 100_000)
    let bounded = text.boundingClusters
    #expect(bounded == "Tracking " + Self.stacked("a", "\u{301}", count: ClusterBound.maxScalars - 1) + " helps.")
    let character = try #require(text.dropFirst(9).first)
    #expect(TerminalWidth.of(character) == 1)
    #expect(TerminalWidth.cells(of: character).map(\.text.unicodeScalars.count) == [ClusterBound.maxScalars])
    let lines = TextWrapper.wrap(text, width: 30)
    #expect(lines.joined(separator: " ") == bounded)
    #expect(TextWrapper.wrap([(text, 0)], width: 30).map { $0.map(\.text).joined() } == lines)
  }

  /// Joiners and variation selectors have combining class 0, yet extend a character just the same.
  @Test func aCharacterOfSelectorsIsCutToo() throws {
    let text = Self.stacked("❤", "\u{FE0F}", count: 100_000)
    let overlong = try #require(ClusterBound.bounded(text).overlong)
    #expect(overlong.scalarCount == 100_001 && overlong.nonStarterRun == 0 && overlong.example == "\u{FE0F}")
    #expect(text.boundingClusters.unicodeScalars.count == ClusterBound.maxScalars)
    #expect(TextWrapper.wrap(text, width: 30).map(\.unicodeScalars.count) == [ClusterBound.maxScalars])
  }
}
