import Testing

@testable import Scenarios

/// The lexer's words, values and columns: columns count characters (what an editor shows), so a word after
/// accented or wide text, or after a quoted value with escapes, still points at the right place.
@Suite struct ScriptLexerTests {
  private func words(_ line: String) throws -> [ScriptWord] {
    try ScriptLexer.words(of: line).get()
  }

  @Test func unquotedWordsKeepTheirTextAndColumns() throws {
    let found = try words("  device ios=14.5\tcountry=FR # comment")
    #expect(found.map(\.text) == ["device", "ios=14.5", "country=FR"])
    #expect(found.map(\.key) == [nil, "ios", "country"])
    #expect(found.map(\.value) == ["device", "14.5", "FR"])
    #expect(found.map(\.column) == [3, 10, 19])
    #expect(found.map(\.valueColumn) == [3, 14, 27])
  }

  @Test func quotesGroupSpacesAndEscapesResolve() throws {
    let found = try words(#"name="Sign \"up\" \\ now" x"a b"y z"#)
    #expect(found.map(\.value) == [#"Sign "up" \ now"#, "xa by", "z"])
    #expect(found.map(\.key) == ["name", nil, nil])
    #expect(found.map(\.text) == [#"name="Sign \"up\" \\ now""#, #"x"a b"y"#, "z"])
    #expect(found.map(\.column) == [1, 27, 35])
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let found = try words("é=\"日本 語\" ✓x e\u{301}=1 #")
    #expect(found.map(\.key) == ["é", nil, "e\u{301}"])
    #expect(found.map(\.value) == ["日本 語", "✓x", "1"])
    #expect(found.map(\.column) == [1, 10, 13])
    #expect(found.map(\.valueColumn) == [3, 10, 15])
  }

  @Test func aQuoteBeforeTheEqualsSignIsPartOfTheKey() throws {
    let found = try words(#""a b"=c"#)
    #expect(found.first?.key == "a b")
    #expect(found.first?.value == "c")
    #expect(found.first?.valueColumn == 7)
  }

  @Test func anUnterminatedQuoteSaysWhereItOpened() {
    guard case .failure(let error) = ScriptLexer.words(of: #"track "open"#) else {
      Issue.record("an unterminated quote was accepted")
      return
    }
    #expect(error.column == 7 && error.message == "unterminated quote")
  }
}
