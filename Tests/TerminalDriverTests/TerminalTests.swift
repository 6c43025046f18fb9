import CNcurses
import ConsentUI
import Dispatch
import FileAccess
import Foundation
import Glibc
import PromptStrings
import Synchronization
import TerminalModel
import Testing

@testable import TerminalDriver

/// The ncurses driver on `newterm` over /dev/null, with keys fed through a pipe. One serialized suite:
/// ncurses keeps global state.
@Suite(.serialized) struct TerminalTests {
  /// `body` with a terminal of `type` whose output goes to a pipe (`written` gives what came out since it was
  /// last asked, as text) and whose keys it writes to the pipe end it is given; the terminal is given back (a
  /// second time is harmless) and the descriptors closed afterwards.
  func withPipedTerminal(
    type: String = "xterm-256color", noColor: Bool = false,
    _ body: (Terminal, _ written: () -> String, _ keys: Int32) throws -> Void
  ) throws {
    var keys: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    #expect(pipe(&keys) == 0 && pipe(&output) == 0)
    _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
    defer { for descriptor in keys + output { close(descriptor) } }
    let terminal = try Terminal(input: keys[0], output: output[1], type: type, noColor: noColor)
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

  @Test func drawsChangedCellsAndReadsKeys() throws {
    try withPipedTerminal { terminal, written, keys in
      #expect(terminal.size.width == 80 && terminal.size.height == 24)
      var screen = TerminalModel(width: 80, height: 24)

      var buffer = ScreenBuffer(width: 80, height: 24)
      buffer.put("Allow “Lumen” 日本語", row: 2, column: 4, style: Style(foreground: .blue, bold: true))
      buffer.put("plain", row: 3, column: 0)
      // Wide characters inside a run of changed cells, and a letter with its combining mark in one cell.
      buffer.put("x日y本z e\u{301}!", row: 5, column: 1)
      terminal.draw(buffer)
      screen.feed(written())
      #expect(screen.differences(from: buffer) == [])

      // A narrower character over a wide one: the continuation cell is rewritten, nothing stale remains.
      buffer.put("ab", row: 2, column: 18)
      terminal.draw(buffer)
      let change = written()
      screen.feed(change)
      #expect(screen.differences(from: buffer) == [])
      #expect(screen.text.split(separator: "\n", omittingEmptySubsequences: false)[2] == "    Allow “Lumen” ab本語")
      // Only what changed was sent.
      #expect(change.contains("ab") && !change.contains("Allow"))

      // A blank frame takes everything away.
      terminal.draw(ScreenBuffer(width: 80, height: 24))
      screen.feed(written())
      #expect(screen.text.allSatisfy { $0 == "\n" })

      // The up arrow as a terminal in keypad mode sends it (ESC O A), then Tab, Return, Ctrl-C.
      let input: [UInt8] = Array("a".utf8) + [0x1B, 0x4F, 0x41] + [0x09, 0x0D, 0x03] + Array("é".utf8)
      _ = input.withUnsafeBytes { write(keys, $0.baseAddress, $0.count) }
      var read: [TerminalInput] = []
      while let next = terminal.read(timeout: 200) { read.append(next) }
      #expect(
        read == [.key(.character("a")), .key(.up), .key(.tab), .key(.enter), .key(.interrupt), .key(.character("é"))])
    }
  }
}

extension TerminalTests {
  /// A buffer with every style the UI draws.
  static var styled: ScreenBuffer {
    var buffer = ScreenBuffer(width: 80, height: 24)
    let blueBold = Style(foreground: .blue, bold: true)
    buffer.put("ab", row: 1, column: 0, style: blueBold)
    buffer.put("cd", row: 1, column: 2)
    buffer.put("ef", row: 1, column: 4, style: blueBold)
    buffer.put("gh", row: 1, column: 6, style: Style(reverse: true))
    buffer.put("dim", row: 2, column: 0, style: Style(dim: true))
    buffer.put("gray", row: 2, column: 4, style: Style(foreground: .gray))
    buffer.put("sheet", row: 3, column: 0, style: Style(foreground: .white, background: .blue, bold: true))
    buffer.put("note", row: 3, column: 6, style: Style(italic: true))
    buffer.put("faint red", row: 4, column: 0, style: Style(foreground: .red, dim: true))
    // The bottom-right cell, which every terminal type here can take without scrolling.
    buffer.put("┘", row: 23, column: 79)
    return buffer
  }

  /// Cells of different styles side by side each get their own, however the styles alternate along a row.
  @Test func eachCellIsDrawnInItsOwnStyle() throws {
    try withPipedTerminal { terminal, written, _ in
      var screen = TerminalModel(width: 80, height: 24)
      terminal.draw(Self.styled)
      screen.feed(written())
      #expect(screen.differences(from: Self.styled) == [])
      // Drawn again over another frame, from whatever style the last cell left.
      var next = Self.styled
      next.put("x", row: 1, column: 3, style: Style(background: .yellow))
      terminal.draw(next)
      screen.feed(written())
      #expect(screen.differences(from: next) == [])
    }
  }

  /// Each terminal type gets the text whole and the styles its entry can show: the Linux console no dim with a
  /// colour (its `ncv`), NO_COLOR no colours (gray is dim there), a vt100 neither colours nor dim, the console
  /// and GNU screen eight colours (gray is white). Padding in an entry (the vt100's `$<2>`) is not sent.
  @Test(arguments: [
    ("xterm-256color", false), ("tmux-256color", false), ("linux", false), ("vt100", false), ("screen", false),
    ("xterm-256color", true),
  ])
  func everyTerminalTypeGetsWhatItsEntryCanShow(type: String, noColor: Bool) throws {
    try withPipedTerminal(type: type, noColor: noColor) { terminal, written, _ in
      terminal.draw(Self.styled)
      var shown = TerminalModel(width: 80, height: 24)
      shown.feed(written())
      var expected = Self.styled
      let hasColors = type != "vt100" && !noColor
      for row in 0..<expected.height {
        for column in 0..<expected.width {
          let cell = expected[row, column]
          guard let text = cell.text else { continue }
          var style = cell.style
          if !hasColors {
            style.dim = style.dim || style.foreground == .gray
            (style.foreground, style.background) = (nil, nil)
          }
          if type == "linux" && (style.foreground != nil || style.background != nil) { style.dim = false }
          if ["linux", "screen"].contains(type) && style.foreground == .gray { style.foreground = .white }
          if type == "vt100" { style.dim = false }
          // Italic only where the entry has it (a vt100, the console and GNU screen have none).
          if ["linux", "vt100", "screen"].contains(type) { style.italic = false }
          expected.put(text, row: row, column: column, style: style)
        }
      }
      #expect(shown.differences(from: expected) == [], "\(type)")
      #expect(!shown.text.contains("$<"))
    }
  }

  /// A terminal whose cursor addressing is not ANSI's (a VT52: ESC Y, then the row and the column as
  /// characters from the space) is sent what its own entry says.
  @Test func cursorAddressingOtherThanANSIsComesFromTheEntry() throws {
    try withPipedTerminal(type: "vt52") { terminal, written, _ in
      var buffer = ScreenBuffer(width: 80, height: 24)
      buffer.put("x", row: 2, column: 3)
      _ = written()
      terminal.draw(buffer)
      #expect(written() == "\u{1B}H\u{1B}J\u{1B}Y\"#x")
    }
  }

  /// A frame larger than the terminal takes at once, on a descriptor set non-blocking, still arrives whole: the
  /// writer waits until the terminal can take more.
  @Test func aFrameLargerThanTheTerminalTakesAtOnceArrivesWhole() throws {
    var keys: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    #expect(pipe(&keys) == 0 && pipe(&output) == 0)
    defer { for descriptor in keys + output { close(descriptor) } }
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (Linux; Glibc's module leaves it out)
    #expect(fcntl(output[1], setPipeSize, 4096) == 4096)
    _ = fcntl(output[1], F_SETFL, O_NONBLOCK)
    let received = Mutex<[UInt8]>([])
    let reader = output[0]
    let readerThread = Thread {
      var chunk = [UInt8](repeating: 0, count: 512)
      while case let count = read(reader, &chunk, chunk.count), count > 0 {
        received.withLock { $0 += chunk[..<count] }
      }
    }
    readerThread.start()
    var frame = ScreenBuffer(width: 80, height: 24)
    for row in 0..<24 {
      for column in 0..<80 {
        let style = (row + column) % 2 == 0 ? Style(foreground: .blue, bold: true) : Style(reverse: true)
        frame.put(String(UnicodeScalar(UInt8(65 + (row + column) % 26))), row: row, column: column, style: style)
      }
    }
    let terminal = try Terminal(input: keys[0], output: output[1], type: "xterm-256color", noColor: false)
    defer { terminal.stop() }
    terminal.draw(frame)
    let deadline = Date().addingTimeInterval(20)
    var screen = TerminalModel(width: 80, height: 24)
    while Date() < deadline {
      screen = TerminalModel(width: 80, height: 24)
      screen.feed(String(decoding: received.withLock { $0 }, as: UTF8.self))
      if screen.differences(from: frame).isEmpty { break }
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(received.withLock { $0.count } > 8192)
    #expect(screen.differences(from: frame) == [])
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
        var sent = ""
        _ = write(keys, "q", 1)
        _ = TerminalSession.run(
          state, terminal: terminal, record: { _ in nil },
          frameRendered: { frame in
            drawn.append(frame)
            // A cast gets each frame before the terminal does: killed once the screen shows it, it has it.
            sent += written()
            let terminalHasIt = sent.contains("Lumen Demo")
            if drawn.count == 1 { #expect(!terminalHasIt, "the terminal was given the first frame first") }
          }, firstFrame: prepared)
        #expect(drawn.first == expected)
        var screen = TerminalModel(width: 80, height: 24)
        screen.feed(sent + written())
        #expect(screen.differences(from: expected) == [])
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

extension String {
  fileprivate var trimmingSpaces: Substring { drop { $0 == " " } }
}
