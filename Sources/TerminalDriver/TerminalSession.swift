import CNcurses
import ConsentUI
import Glibc

/// Set by signal handlers; read by the session loop between frames.
nonisolated(unsafe) private var pendingSignal: Int32 = 0

/// The UI's run loop on a real terminal: draw, wait for input, update, repeat. The terminal is restored on
/// `q`, Ctrl-C, SIGTERM, SIGHUP and on crashes.
public enum TerminalSession {
  /// Runs the UI until the user quits or a signal asks it to; `record` receives every script line.
  /// Returns the signal that ended the session, or 0.
  public static func run(_ state: UIState, terminal: Terminal, record: (String) -> Void) -> Int32 {
    var state = state
    installSignalHandlers()
    defer { restoreSignalHandlers() }
    var frame: Frame?
    var needsDraw = true
    while pendingSignal == 0 {
      if needsDraw {
        let size = terminal.size
        let rendered = Renderer.render(state, width: size.width, height: size.height)
        terminal.draw(rendered.buffer)
        frame = rendered
        needsDraw = false
      }
      guard let input = terminal.read(timeout: 100) else { continue }
      let event: UIEvent
      switch input {
      case .resize:
        needsDraw = true
        continue
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
    for signal in terminatingSignals {
      Glibc.signal(signal) { received in pendingSignal = received }
    }
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
    for signal in terminatingSignals + crashSignals { Glibc.signal(signal, SIG_DFL) }
  }
}
