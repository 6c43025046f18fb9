import Testing
import TextSupport

@testable import ConsentUI

/// Writing text into cells.
@Suite struct ScreenBufferTests {
  /// Printable ASCII takes a shorter way into the cells: it must fill them as the general way does. The
  /// same texts with every `e` spelled `é` (one column, one cell, not ASCII) go the general way; with the
  /// `é` cells read back as `e`, the two buffers are equal, cuts and ellipses included.
  @Test func printableASCIIFillsCellsAsAnyOtherTextDoes() {
    var random = SeededRandom(seed: 42)
    let letters = Array("abcde fgh.:-()[]/e")
    for _ in 0..<500 {
      let text = String((0..<Int(random.next() % 30)).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
      let column = Int(random.next() % 12)
      let limit = 1 + Int(random.next() % 25)
      var ascii = ScreenBuffer(width: 30, height: 1)
      var general = ScreenBuffer(width: 30, height: 1)
      let asciiWidth = ascii.put(text, row: 0, column: column, limit: limit)
      let generalWidth = general.put(text.replacingText("e", with: "é"), row: 0, column: column, limit: limit)
      #expect(asciiWidth == generalWidth)
      #expect(ascii.cells.map(\.text) == general.cells.map { $0.text == "é" ? "e" : $0.text }, "\(text) \(limit)")
    }
  }

  @Test func aCutASCIILineEndsInAnEllipsis() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    #expect(buffer.put("Request tracking", row: 0, column: 2) == 8)
    #expect(buffer.cells.compactMap(\.text).joined() == "  Request…")
  }
}
