import ConsentUI
import TerminalModel
import TestApps
import Testing
import TextSupport

/// The bytes that take a terminal from one frame to the next, played on a model terminal: whatever the frames,
/// the screen ends up as the last frame, in text and style.
@Suite struct FrameEncoderTests {
  static let texts = [
    "Allow", "Ask App Not to Track", "日本語", "x日y", "e\u{301}", "👍🏽", "─────", "│", "अनुमति", " ", "ab", "한국어",
  ]
  static let styles = [
    Style.plain, Style(bold: true), Style(foreground: .blue, bold: true), Style(foreground: .gray),
    Style(foreground: .white, background: .blue), Style(dim: true), Style(reverse: true), Style(italic: true),
    Style(background: .yellow),
  ]

  /// A frame of random texts in random styles at random places, over `base` (a blank buffer: nil).
  static func randomFrame(
    width: Int, height: Int, over base: ScreenBuffer?, random: inout SeededRandom
  ) -> ScreenBuffer {
    var buffer = base ?? ScreenBuffer(width: width, height: height)
    for _ in 0..<Int.random(in: 1...12, using: &random) {
      buffer.put(
        texts.randomElement(using: &random)!, row: Int.random(in: 0..<height, using: &random),
        column: Int.random(in: -2..<width, using: &random), style: styles.randomElement(using: &random)!)
    }
    return buffer
  }

  @Test func everyFrameOverTheOneBeforeLeavesTheScreenAsTheFrame() {
    var random = SeededRandom(seed: 0xF4A3E)
    for _ in 0..<40 {
      var terminal = TerminalModel(width: 30, height: 8)
      var previous: ScreenBuffer?
      for _ in 0..<12 {
        let next = Self.randomFrame(width: 30, height: 8, over: previous, random: &random)
        terminal.feed(FrameExport.ansi(next, from: previous))
        #expect(terminal.differences(from: next) == [])
        previous = next
      }
    }
  }

  @Test func aFrameOverItselfSendsNothing() {
    var random = SeededRandom(seed: 7)
    let frame = Self.randomFrame(width: 30, height: 8, over: nil, random: &random)
    #expect(FrameExport.ansi(frame, from: frame).isEmpty)
  }

  /// Without a previous frame of its size the screen is cleared and only the cells that are not blank follow.
  @Test func aFirstFrameClearsAndSkipsBlankCells() {
    var frame = ScreenBuffer(width: 20, height: 3)
    frame.put("ok", row: 1, column: 18)
    #expect(FrameExport.ansi(frame) == "\u{1B}[0m\u{1B}[2J\u{1B}[2;19Hok")
    #expect(FrameExport.ansi(frame, from: ScreenBuffer(width: 21, height: 3)) == FrameExport.ansi(frame))
  }

  /// A style is set where it changes, and the frame ends in the plain style.
  @Test func stylesChangeOnlyWhereTheyDiffer() {
    var frame = ScreenBuffer(width: 20, height: 2)
    frame.put("ab", row: 0, column: 0, style: Style(bold: true))
    frame.put("cd", row: 0, column: 2, style: Style(bold: true))
    frame.put("ef", row: 0, column: 4)
    #expect(FrameExport.ansi(frame) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0;1mabcd\u{1B}[0mef")
  }
}
