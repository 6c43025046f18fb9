import CNcurses
import ConsentUI
import Glibc

/// Set by signal handlers; read by the session loop between frames.
nonisolated(unsafe) private var pendingSignal: Int32 = 0
nonisolated(unsafe) private var pendingResize: Int32 = 0

/// The UI's run loop on a real terminal: draw, wait for input, update, repeat. The terminal is restored on
/// `q`, Ctrl-C, SIGTERM, SIGHUP and on crashes.
public enum TerminalSession {
  /// Runs the UI until the user quits or a signal asks it to; `afterFirstFrame` runs once the first frame
  /// is on screen (slow work that can wait), `record` receives every script line, `finished` the last
  /// state. Returns the signal that ended the session, or 0.
  public static func run(
    _ state: UIState, terminal: Terminal, afterFirstFrame: (inout UIState) -> Void = { _ in },
    record: (String) -> Void, finished: (UIState) -> Void = { _ in }
  ) -> Int32 {
    var state = state
    defer { finished(state) }
    var firstFrameDrawn = false
    installSignalHandlers()
    defer { restoreSignalHandlers() }
    // A resize before the handlers were in place went unnoticed: start from the size the terminal has now.
    terminal.adoptWindowSize()
    var frame: Frame?
    var needsDraw = true
    while pendingSignal == 0 {
      if needsDraw {
        let size = terminal.size
        let rendered = Renderer.render(state, width: size.width, height: size.height)
        terminal.draw(rendered.buffer)
        frame = rendered
        needsDraw = false
        if !firstFrameDrawn {
          firstFrameDrawn = true
          afterFirstFrame(&state)
          needsDraw = true
          continue
        }
      }
      if pendingResize != 0 {
        pendingResize = 0
        terminal.adoptWindowSize()
        needsDraw = true
        continue
      }
      guard let input = terminal.read(timeout: 100) else { continue }
      let event: UIEvent
      switch input {
      case .resize:
        needsDraw = true
        continue
      case .hangup:
        return SIGHUP
      case .click(let row, let column):
        guard let button = frame?.button(atRow: row, column: column) else { continue }
        event = .press(button)
      case .key(let key):
        event = .key(key)
      }
      for effect in state.handle(event) {
        switch effect {
        case .record(let line): record(line)
        case .quit: return 0
        }
      }
      needsDraw = true
    }
    return pendingSignal
  }

  private static let terminatingSignals = [SIGTERM, SIGHUP, SIGINT]
  private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  private static func installSignalHandlers() {
    pendingSignal = 0
    // A parent may hand us these blocked (seen under tmux); the session needs them delivered.
    var set = sigset_t()
    sigemptyset(&set)
    for signal in terminatingSignals + [SIGWINCH] { sigaddset(&set, signal) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
    for signal in terminatingSignals {
      Glibc.signal(signal) { received in pendingSignal = received }
    }
    Glibc.signal(SIGWINCH) { _ in pendingResize = 1 }
    for signal in crashSignals {
      Glibc.signal(signal) { received in
        // Best effort: put the terminal back before dying, then die of the same signal.
        endwin()
        Glibc.signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  private static func restoreSignalHandlers() {
    for signal in terminatingSignals + crashSignals + [SIGWINCH] { Glibc.signal(signal, SIG_DFL) }
  }
}
