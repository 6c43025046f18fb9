import CNcurses
import ConsentUI
import Dispatch
import FileAccess
import Foundation
import Glibc
import PromptStrings
import Synchronization
import Testing

@testable import TerminalDriver

/// The ncurses driver on `newterm` over pipes: its output read back, its keys written. (What it shows on a
/// terminal is tested in tmux, in the slow tier.) One serialized suite: ncurses keeps global state.
@Suite(.serialized) struct TerminalTests {
  /// `body` with a terminal of `type` whose output goes to a pipe (`written` gives what came out since it was
  /// last asked, as text) and whose keys it writes to the pipe end it is given; the terminal is given back (a
  /// second time is harmless) and the descriptors closed afterwards.
  func withPipedTerminal(
    type: String = "xterm-256color", _ body: (Terminal, _ written: () -> String, _ keys: Int32) throws -> Void
  ) throws {
    var keys: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    #expect(pipe(&keys) == 0 && pipe(&output) == 0)
    _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
    defer { for descriptor in keys + output { close(descriptor) } }
    let terminal = try Terminal(input: keys[0], output: output[1], type: type, noColor: false)
    defer { terminal.stop() }
    var bytes = [UInt8](repeating: 0, count: 1 << 16)
    try body(
      terminal,
      {
        var text = ""
        while case let count = read(output[0], &bytes, bytes.count), count > 0 {
          text += String(decoding: bytes[..<count], as: UTF8.self)
        }
        return text
      }, keys[1])
  }

  @Test func readsKeys() throws {
    try withPipedTerminal { terminal, _, keys in
      #expect(terminal.size.width == 80 && terminal.size.height == 24)
      // The up arrow as a terminal in keypad mode sends it (ESC O A), then Tab, Return, Ctrl-C, Ctrl-L.
      let input: [UInt8] = Array("a".utf8) + [0x1B, 0x4F, 0x41] + [0x09, 0x0D, 0x03, 0x0C] + Array("é".utf8)
      _ = input.withUnsafeBytes { write(keys, $0.baseAddress, $0.count) }
      var read: [TerminalInput] = []
      while let next = terminal.read(timeout: 200) { read.append(next) }
      #expect(
        read == [
          .key(.character("a")), .key(.up), .key(.tab), .key(.enter), .key(.interrupt), .redraw,
          .key(.character("é")),
        ])
    }
  }
}

/// The pure pieces of the draw: what ncurses is handed for a cell's text and style.
@Suite struct CursesCellTests {
  /// `body` with a UTF-8 character type for this thread only (setcchar measures characters by the locale).
  func inUTF8(_ body: () throws -> Void) throws {
    let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
    let previous = uselocale(utf8)
    defer {
      uselocale(previous)
      freelocale(utf8)
    }
    try body()
  }

  /// The characters a cell's `cchar_t` holds, and its attributes and pair, as ncurses reads them back.
  func readBack(_ character: cchar_t) -> (text: String, attributes: attr_t, pair: Int16) {
    var character = character
    var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    getcchar(&character, &characters, &attributes, &pair, nil)
    var text = ""
    for value in characters.prefix(while: { $0 != 0 }) { text.unicodeScalars.append(Unicode.Scalar(UInt32(value))!) }
    return (text, attributes, pair)
  }

  /// A letter with its marks is one cell; ncurses takes the letter and four of them, and more are left out on
  /// the terminal only (the buffer, and so `render` and casts, keep all six).
  @Test func aCellIsSentAsItsCharacterAndAtMostFourMarks() throws {
    try inUTF8 {
      let marks = "\u{301}\u{302}\u{303}\u{304}\u{306}\u{307}"
      var buffer = ScreenBuffer(width: 10, height: 1)
      buffer.put("e\u{301}a" + marks, row: 0, column: 0, style: Style(bold: true))
      #expect(buffer[0, 1].text == "a" + marks)
      for (column, shown) in [(0, "e\u{301}"), (1, "a" + marks.unicodeScalars.prefix(4).map(String.init).joined())] {
        let made = CursesCell.make(buffer[0, column], isUTF8: true, attributes: attsim_bold(), pair: 3)
        let back = readBack(made)
        #expect(back.text.unicodeScalars.elementsEqual(shown.unicodeScalars), "\(column)")
        // getcchar's attributes hold the pair's bits too.
        let styles = attsim_bold() | attsim_dim() | attsim_reverse() | attsim_italic()
        #expect(back.attributes & styles == attsim_bold() && back.pair == 3)
      }
    }
  }

  /// An emoji sequence joined by zero-width joiners reaches its cell as its first emoji, two columns wide, in the
  /// buffer that every output draws.
  @Test func anEmojiSequenceIsItsFirstEmoji() throws {
    try inUTF8 {
      var buffer = ScreenBuffer(width: 10, height: 1)
      buffer.put("👨‍👩‍👧!", row: 0, column: 0)
      #expect(buffer.lines == ["👨!"])
      #expect(readBack(CursesCell.make(buffer[0, 0], isUTF8: true, attributes: 0, pair: 0)).text == "👨")
      #expect(buffer[0, 1].isContinuation)
    }
  }

  /// Where the locale is not UTF-8 every cell is one ASCII character, and a wide character's right half a blank
  /// of its own, so the row keeps its columns.
  @Test func withoutUTF8EveryCellIsOneASCIICharacter() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    buffer.put("─日é\u{301}x", row: 0, column: 0)
    let sent = (0..<6).map { CursesCell.characters(of: buffer[0, $0].text, isUTF8: false) }
    #expect(sent == [[0x2D, 0], [0x3F, 0], [0x20, 0], [0x3F, 0], [0x78, 0], [0x20, 0]])
  }

  /// Styles as ncurses draws them: attributes as they are, colours by the terminal's palette; gray is bright
  /// black with sixteen colours or more, white with eight, and dim without colours (none, or NO_COLOR).
  @Test func stylesAreAttributesAndColoursByThePalette() {
    func drawn(_ style: Style, colors: Int) -> [Int] {
      let drawn = CursesStyle(style, colors: colors)
      return [Int(drawn.attributes), Int(drawn.foreground), Int(drawn.background)]
    }
    let style = Style(foreground: .gray, background: .blue, bold: true, reverse: true, italic: true)
    let attributes = Int(attsim_bold() | attsim_reverse() | attsim_italic())
    #expect(drawn(style, colors: 256) == [attributes, 8, 4])
    #expect(drawn(style, colors: 8) == [attributes, 7, 4])
    #expect(drawn(style, colors: 0) == [attributes | Int(attsim_dim()), -1, -1])
    #expect(drawn(.plain, colors: 256) == [0, -1, -1])
    #expect(drawn(Style(foreground: .red, dim: true), colors: 8) == [Int(attsim_dim()), 1, -1])
  }
}

extension TerminalTests {
  /// Each foreground and background drawn gets a pair of its own, the same one each time it is drawn again;
  /// the terminal's own colours are pair 0, and so is every pair past the terminal's last (the Linux console has
  /// 64), drawn in the terminal's own colours rather than in another cell's.
  @Test(arguments: ["xterm-256color", "linux"])
  func eachColourPairIsSetUpOnce(type: String) throws {
    try withPipedTerminal(type: type) { _, _, _ in
      var pairs = ColorPairs(hasDefaultColors: true)
      #expect(pairs.pair(foreground: -1, background: -1) == 0)
      var given: [[Int16]: Int16] = [:]
      for foreground in Int16(-1)..<8 {
        for background in Int16(-1)..<8 where foreground >= 0 || background >= 0 {
          let number = pairs.pair(foreground: foreground, background: background)
          given[[foreground, background]] = number
          guard number > 0 else { continue }
          var colors: (Int16, Int16) = (0, 0)
          pair_content(number, &colors.0, &colors.1)
          #expect(colors == (foreground, background))
        }
      }
      for (colors, number) in given { #expect(pairs.pair(foreground: colors[0], background: colors[1]) == number) }
      let numbers = given.values.filter { $0 > 0 }
      #expect(Set(numbers).count == numbers.count)
      #expect(numbers.count == min(given.count, Int(attsim_color_pairs()) - 1))
    }
  }

  /// A terminal type ncurses does not know, and one that cannot place its cursor, are refused with a sentence
  /// naming the type.
  @Test(arguments: [
    ("no-such-terminal", "the terminal type 'no-such-terminal' is unknown to ncurses"),
    ("dumb", "the terminal type 'dumb' cannot clear its screen or place its cursor"),
  ])
  func aTerminalThatCannotShowFramesIsRefused(type: String, message: String) throws {
    let devNull = open("/dev/null", O_RDWR)
    defer { close(devNull) }
    do {
      let terminal = try Terminal(input: devNull, output: devNull, type: type, noColor: false)
      terminal.stop()
      Issue.record("\(type) was taken")
    } catch {
      #expect(error.message == message)
    }
  }

  /// The session gives the terminal back before the signals' default actions return, and its caller may ask
  /// again: only the first `stop` writes anything.
  @Test func stoppingTwiceGivesTheTerminalBackOnce() throws {
    try withPipedTerminal { terminal, written, _ in
      terminal.draw(ScreenBuffer(width: 80, height: 24))
      _ = written()
      terminal.stop()
      #expect(!written().isEmpty)
      terminal.stop()
      #expect(written().isEmpty)
    }
  }

  /// The UI's state on the demo app, read from the repository's assets.
  static func demoAppState() throws -> UIState {
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets")
    let app = try AppResources.load(FilePath(assets.appendingPathComponent("DemoApp").path)).get()
    let system = try AppResources.load(FilePath(assets.appendingPathComponent("System").path)).get()
    return UIState(environment: UIEnvironment(appTexts: AppTexts(app: app, system: system)))
  }

  /// A first frame rendered before the terminal was taken over is shown as it is when the terminal has its
  /// size; one of another size (the window changed meanwhile) is rendered again at the terminal's.
  @Test func aFirstFrameRenderedBeforehandIsShownOnlyAtItsSize() throws {
    var state = try Self.demoAppState()
    _ = state.handle(.resized(width: 80, height: 24))
    var marked = Renderer.render(state, width: 80, height: 24)
    // A mark no render draws: seen only if the prepared frame itself is shown.
    marked.buffer.put("prepared", row: 0, column: 0)
    let wrongSize = Renderer.render(state, width: 100, height: 30)
    for (prepared, expected) in [
      (marked, marked.buffer), (wrongSize, Renderer.render(state, width: 80, height: 24).buffer),
    ] {
      try withPipedTerminal { terminal, written, keys in
        var drawn: [ScreenBuffer] = []
        _ = written()  // what taking the terminal over sent (the bidi mode)
        _ = write(keys, "q", 1)
        _ = TerminalSession.run(
          state, terminal: terminal, record: { _ in nil },
          frameRendered: { frame in
            drawn.append(frame)
            // A cast gets each frame before the terminal does: killed once the screen shows it, it has it.
            if drawn.count == 1 { #expect(written().isEmpty, "the terminal was given the first frame first") }
          }, firstFrame: prepared)
        #expect(drawn.first == expected)
      }
    }
  }

  /// The check after the first frame runs on another thread: `q` ends the session while it is still
  /// working (here it waits until the test lets it go, ten seconds at most).
  @Test func quittingDoesNotWaitForTheWorkAfterTheFirstFrame() throws {
    let state = try Self.demoAppState()
    // The session gives the terminal back itself (the helper's stop after it does nothing).
    try withPipedTerminal { terminal, _, keys in
      let release = DispatchSemaphore(value: 0)
      let finished = Atomic<Bool>(false)
      _ = write(keys, "q", 1)
      let signal = TerminalSession.run(
        state, terminal: terminal,
        work: { _ in
          _ = release.wait(timeout: .now() + 10)
          finished.store(true, ordering: .releasing)
          return []
        }, record: { _ in nil })
      let workFinished = finished.load(ordering: .acquiring)
      #expect(signal == 0)
      #expect(!workFinished, "the session waited for the work to finish")
      release.signal()
    }
  }
}
