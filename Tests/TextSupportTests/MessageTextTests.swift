import Testing
import TextSupport

/// Issue 37, item 8: a quoted value in a message is at most 60 terminal columns and 240 Unicode scalars, cut
/// at a character boundary, then `…`, looking at no more of the text than that.
@Suite struct MessageTextTests {
  @Test func shortTextIsKeptAndEscaped() {
    #expect("allow".forMessage(limit: 60) == "allow")
    #expect("a\u{1B}[2Jb".forMessage(limit: 60) == "a\\u{1B}[2Jb")
  }

  @Test func longTextIsCutAtSixtyColumns() {
    #expect(String(repeating: "x", count: 100).forMessage(limit: 60) == String(repeating: "x", count: 60) + "…")
    #expect(String(repeating: "x", count: 60).forMessage(limit: 60) == String(repeating: "x", count: 60))
  }

  @Test func wideCharactersCountTwoColumns() {
    let cut = String(repeating: "日", count: 40).forMessage(limit: 60)
    #expect(cut == String(repeating: "日", count: 30) + "…")
  }

  @Test func escapesCountAsTheColumnsTheyTake() {
    // Each BEL shows as \u{7}: five columns, so twelve of them fit in sixty.
    let cut = String(repeating: "\u{7}", count: 20).forMessage(limit: 60)
    #expect(cut == String(repeating: "\\u{7}", count: 12) + "…")
  }

  @Test func marksCountAsScalarsEvenWhenTheyTakeNoColumns() {
    // An e with four accents: one column, five scalars; 240 scalars hold 48 of them, in 48 columns.
    let cut = String(repeating: "e\u{301}\u{302}\u{303}\u{304}", count: 100).forMessage(limit: 60)
    #expect(cut.count == 49 && cut.unicodeScalars.count == 241 && cut.hasSuffix("…"))
  }

  @Test func aFirstCharacterOfAHundredThousandMarksIsCutInsideAtTheScalarLimit() {
    let huge = "x" + String(repeating: "\u{301}", count: 100_000)
    let cut = huge.forMessage(limit: 60)
    #expect(cut.unicodeScalars.count == 241)
    #expect(cut.unicodeScalars.first == "x" && cut.hasSuffix("…"))
  }

  @Test func aHugeCharacterAfterOthersIsLeftOutWhole() {
    let cut = ("ab" + "x" + String(repeating: "\u{301}", count: 100_000)).forMessage(limit: 60)
    #expect(cut == "ab…")
  }

  @Test func aMultiMegabyteStringIsCutWithoutBeingCopied() {
    let cut = String(repeating: "long ", count: 2_000_000).forMessage(limit: 60)
    #expect(cut.count == 61 && cut.hasPrefix("long long") && cut.hasSuffix("…"))
  }

  @Test func theDefaultLimitKeepsTwoHundredColumns() {
    #expect(String(repeating: "y", count: 300).forMessage() == String(repeating: "y", count: 200) + "…")
  }
}
