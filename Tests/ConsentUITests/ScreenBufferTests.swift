import TestApps
import Testing
import TextSupport

@testable import ConsentUI

/// Writing text into cells.
@Suite struct ScreenBufferTests {
  /// Text of one-cell characters alone (ASCII, Latin letters, dashes, box drawing) takes a shorter way into
  /// the cells: it must fill them as the general way does. The same texts with every `e` spelled `e` in an
  /// enclosing circle (one column, one cell, not such a character) go the general way; with those cells read
  /// back as `e`, the two buffers are equal, cuts and ellipses included. Both are written over a line of wide
  /// and narrow characters, from columns left of the buffer too, so that wide characters are cut at either end.
  @Test func oneCellTextFillsCellsAsAnyOtherTextDoes() {
    var random = SeededRandom(seed: 42)
    let letters = Array("abcde fgh.:-()[]/eé–—“”…•─│╭▂▮ñß")
    let underneath = Array("日本語a한b")
    func pick(_ characters: [Character], _ count: Int) -> String {
      String((0..<count).map { _ in characters[Int(random.next() % UInt64(characters.count))] })
    }
    for _ in 0..<1_000 {
      let text = pick(letters, Int(random.next() % 30))
      let background = pick(underneath, 30)
      let column = Int(random.next() % 17) - 5
      let limit = 1 + Int(random.next() % 25)
      let style = Style(foreground: .red, bold: random.next() % 2 == 0)
      var short = ScreenBuffer(width: 30, height: 1)
      var general = ScreenBuffer(width: 30, height: 1)
      short.put(background, row: 0, column: 0)
      general.put(background, row: 0, column: 0)
      let shortWidth = short.put(text, row: 0, column: column, style: style, limit: limit)
      let generalWidth = general.put(
        text.replacing("e", with: "e\u{20DD}"), row: 0, column: column, style: style, limit: limit)
      #expect(shortWidth == generalWidth)
      let generalCells = general.cells.map { Cell(text: $0.text == "e\u{20DD}" ? "e" : $0.text, style: $0.style) }
      #expect(short.cells == generalCells, "\(background) \(text) \(column) \(limit)")
    }
  }

  /// Every scalar the shorter way takes is one column, safe for the terminal, left to right, and a character
  /// of its own between letters and beside itself.
  @Test func theOneCellCharactersNeedNoneOfTheGeneralWaysQuestions() {
    let scalars = (0..<0x30000).compactMap(Unicode.Scalar.init).filter(ScreenBuffer.isOneCellAlone)
    #expect(scalars.count == 95 + 13 + 594 + 24 + 253)
    for scalar in scalars {
      let alone = String(scalar)
      #expect(TerminalWidth.of(scalar) == 1, "\(scalar.value)")
      #expect(!scalar.isUnsafeForTerminal && !BidiText.needsReordering(alone), "\(scalar.value)")
      #expect(("a" + alone + alone + "a").count == 4, "\(scalar.value)")
      #expect(("\u{0627}" + alone + "\u{0E01}").count == 3, "\(scalar.value)")
    }
  }

  @Test func aCutASCIILineEndsInAnEllipsis() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    #expect(buffer.put("Request tracking", row: 0, column: 2) == 8)
    #expect(buffer.cells.compactMap(\.text).joined() == "  Request…")
  }
}
