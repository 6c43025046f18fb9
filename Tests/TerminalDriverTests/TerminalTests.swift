import CNcurses
import ConsentUI
import Dispatch
import Foundation
import Glibc
import PromptStrings
import Synchronization
import Testing

@testable import TerminalDriver

/// The ncurses driver on `newterm` over /dev/null, with keys fed through a pipe. One serialized suite:
/// ncurses keeps global state.
@Suite(.serialized) struct TerminalTests {
  /// `body` with a terminal on /dev/null whose keys it writes to the pipe end it is given; the terminal is
  /// given back (a second time is harmless) and the descriptors closed afterwards.
  func withPipedTerminal(_ body: (Terminal, _ keys: Int32) throws -> Void) throws {
    var keys: [Int32] = [0, 0]
    #expect(pipe(&keys) == 0)
    let devNull = open("/dev/null", O_WRONLY)
    defer { for descriptor in keys + [devNull] { close(descriptor) } }
    let terminal = try Terminal(input: keys[0], output: devNull, type: "xterm-256color", noColor: false)
    defer { terminal.stop() }
    try body(terminal, keys[1])
  }

  @Test func drawsChangedCellsAndReadsKeys() throws {
    try withPipedTerminal { terminal, keys in
      #expect(terminal.size.width == 80 && terminal.size.height == 24)

      var buffer = ScreenBuffer(width: 80, height: 24)
      buffer.put("Allow “Lumen” 日本語", row: 2, column: 4, style: Style(foreground: .blue, bold: true))
      buffer.put("plain", row: 3, column: 0)
      // Wide characters inside a run of changed cells, and a letter with its combining mark in one cell.
      buffer.put("x日y本z e\u{301}!", row: 5, column: 1)
      terminal.draw(buffer)
      #expect(terminal.shownText(row: 2).hasPrefix("    Allow “Lumen” 日本語"))
      #expect(terminal.shownText(row: 3).hasPrefix("plain"))
      #expect(terminal.shownText(row: 5).hasPrefix(" x日y本z e\u{301}!"))

      // A narrower character over a wide one: the continuation cell is rewritten, nothing stale remains.
      buffer.put("ab", row: 2, column: 18)
      terminal.draw(buffer)
      #expect(terminal.shownText(row: 2).hasPrefix("    Allow “Lumen” ab本語"))

      // A resize to a new buffer size starts from a clean screen.
      terminal.draw(ScreenBuffer(width: 80, height: 24))
      #expect(terminal.shownText(row: 3).trimmingSpaces.isEmpty)

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
  /// Cells of different styles side by side each get their own attributes and colour pair, however the
  /// styles alternate along a row (the draw keeps the last style's).
  @Test func eachCellIsDrawnInItsOwnStyle() throws {
    try withPipedTerminal { terminal, _ in
      let blueBold = Style(foreground: .blue, bold: true)
      var buffer = ScreenBuffer(width: 80, height: 24)
      buffer.put("ab", row: 1, column: 0, style: blueBold)
      buffer.put("cd", row: 1, column: 2)
      buffer.put("ef", row: 1, column: 4, style: blueBold)
      buffer.put("gh", row: 1, column: 6, style: Style(reverse: true))
      terminal.draw(buffer)
      let cells = (0..<8).compactMap { terminal.shownCell(row: 1, column: $0) }
      #expect(cells.map(\.text).joined() == "abcdefgh")
      let bold = attsim_a_bold()
      let reverse = attsim_a_reverse()
      #expect(cells.map { $0.attributes & bold != 0 } == [true, true, false, false, true, true, false, false])
      #expect(cells.map { $0.attributes & reverse != 0 } == [false, false, false, false, false, false, true, true])
      #expect(cells[0].pair != 0 && cells[0].pair == cells[4].pair && cells[2].pair == 0 && cells[6].pair == 0)
    }
  }

  /// The session gives the terminal back before the signals' default actions return, and its caller may ask
  /// again: only the first `stop` writes anything.
  @Test func stoppingTwiceGivesTheTerminalBackOnce() throws {
    var keys: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    #expect(pipe(&keys) == 0 && pipe(&output) == 0)
    _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
    defer { for end in keys + output { close(end) } }
    let terminal = try Terminal(input: keys[0], output: output[1], type: "xterm-256color", noColor: false)
    terminal.draw(ScreenBuffer(width: 80, height: 24))
    var bytes = [UInt8](repeating: 0, count: 65536)
    func written() -> Int { max(0, read(output[0], &bytes, bytes.count)) }
    _ = written()
    terminal.stop()
    #expect(written() > 0)
    terminal.stop()
    #expect(written() == 0)
  }

  /// A first frame rendered before the terminal was taken over is shown as it is when the terminal has its
  /// size; one of another size (the window changed meanwhile) is rendered again at the terminal's.
  @Test func aFirstFrameRenderedBeforehandIsShownOnlyAtItsSize() throws {
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets")
    let app = try AppResources.load(assets.appendingPathComponent("DemoApp").path).get()
    let system = try AppResources.load(assets.appendingPathComponent("System").path).get()
    var state = UIState(environment: UIEnvironment(appTexts: AppTexts(app: app, system: system)))
    _ = state.handle(.resized(width: 80, height: 24))
    var marked = Renderer.render(state, width: 80, height: 24)
    // A mark no render draws: seen only if the prepared frame itself is shown.
    marked.buffer.put("prepared", row: 0, column: 0)
    let wrongSize = Renderer.render(state, width: 100, height: 30)
    for (prepared, expected) in [
      (marked, marked.buffer), (wrongSize, Renderer.render(state, width: 80, height: 24).buffer),
    ] {
      try withPipedTerminal { terminal, keys in
        var drawn: [ScreenBuffer] = []
        _ = write(keys, "q", 1)
        _ = TerminalSession.run(
          state, terminal: terminal, record: { _ in nil }, frameDrawn: { drawn.append($0) }, firstFrame: prepared)
        #expect(drawn.first == expected)
      }
    }
  }

  /// The check after the first frame runs on another thread: `q` ends the session while it is still
  /// working (here it waits until the test lets it go, ten seconds at most).
  @Test func quittingDoesNotWaitForTheWorkAfterTheFirstFrame() throws {
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets")
    let app = try AppResources.load(assets.appendingPathComponent("DemoApp").path).get()
    let system = try AppResources.load(assets.appendingPathComponent("System").path).get()
    let state = UIState(environment: UIEnvironment(appTexts: AppTexts(app: app, system: system)))
    // The session gives the terminal back itself (the helper's stop after it does nothing).
    try withPipedTerminal { terminal, keys in
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
