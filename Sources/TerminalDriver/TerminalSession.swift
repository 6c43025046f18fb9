import CNcurses
import ConsentUI
import Platform
import Scenarios

/// The UI's run loop on a real terminal: draw, block until input or a signal, update. The terminal is restored
/// on `q`, Ctrl-C, every signal whose default action would end the process, and on crashes.
public enum TerminalSession {
  /// Runs the UI until the user quits or a signal ends it; returns that signal, or 0. `work` does the `UIWork`
  /// asked for (the `firstFrameWork` first) on another thread; `record` writes a script line (returning why it
  /// could not); `frameRendered` gets each frame before the terminal does (a cast holds every frame shown,
  /// however soon the process is killed); `finished` gets the last state. `firstFrame`, rendered before the
  /// terminal was taken over, is shown when the size still fits, so nothing but the draw follows ncurses' first
  /// write (which in tmux wakes the server the process then waits behind). The terminal is given back before
  /// the signals' default actions return, so a second signal still finds it restored.
  public static func run(
    _ state: UIState, terminal: Terminal, work: @escaping @Sendable (UIWork) -> [UIEvent] = { _ in [] },
    record: (ScriptLine) -> String?, frameRendered: (ScreenBuffer) -> Void = { _ in },
    finished: (UIState) -> Void = { _ in }, firstFrame: Frame? = nil
  ) -> Int32 {
    var state = state
    defer { finished(state) }
    // SIGTSTP (from outside: raw mode makes Ctrl-Z a key) stops the session, the terminal given back meanwhile;
    // SIGCONT (after SIGSTOP too) draws the screen again whole.
    let signals = Platform.terminatingSignals + [SIGWINCH, SIGTSTP, SIGCONT]
    SignalPipe.install(signals)
    TerminalRescue.install()
    defer { Platform.restoreDefaultActions(signals + TerminalRescue.crashSignals) }
    // Runs before the handlers go (defers run last first).
    defer { terminal.stop() }
    // A resize before the handlers were in place went unnoticed: start from the size the terminal has now.
    terminal.adoptWindowSize()
    let background = BackgroundWork<UIWork, UIEvent>(work)
    _ = deliver(resizeIfNeeded(state, terminal), &state, record, background)
    var frame = draw(state, on: terminal, frameRendered, prepared: firstFrame)
    terminal.startReadingKeys()
    for job in state.firstFrameWork {
      // What keys need is done here, before the first key is read; the rest on the worker.
      if job.isNeededBeforeKeys {
        for event in work(job) where deliver(event, &state, record, background) { return 0 }
      } else {
        background?.submit(job)
      }
    }
    // Presenter mode's next step: due an interval after the last step or key.
    var nextTick: ContinuousClock.Instant?
    while true {
      if !state.wantsTicks {
        nextTick = nil
      } else if nextTick == nil, let interval = state.autoplay?.interval {
        nextTick = ContinuousClock.now + .seconds(interval)
      }
      let timeout = nextTick.map { due -> Int32 in
        Int32(clamping: max(0, Int(ContinuousClock.now.duration(to: due) / .milliseconds(1))))
      }
      let watched = [terminal.input, SignalPipe.descriptor, background?.descriptor ?? -1]
      guard let ready = Platform.waitUntilReady(watched, milliseconds: timeout) else { return SIGHUP }
      var needsDraw = false
      if ready[2], let events = background?.take() {
        for event in events where deliver(event, &state, record, background) { return 0 }
        needsDraw = true
      }
      if let due = nextTick, ContinuousClock.now >= due {
        nextTick = nil
        if deliver(.tick, &state, record, background) { return 0 }
        needsDraw = true
      }
      for signal in SignalPipe.drain() {
        switch signal {
        case SIGWINCH, SIGCONT: break
        case SIGTSTP: stop(terminal)
        default: return signal
        }
        terminal.adoptWindowSize()
        needsDraw = true
      }
      if ready[0] {
        // ncurses may have read several keys at once: take every one it holds.
        while let input = terminal.read(timeout: 0) {
          switch input {
          case .redraw:
            terminal.repaint()
          case .hangup:
            return SIGHUP
          case .click(let row, let column):
            guard let button = frame.button(atRow: row, column: column) else { continue }
            if deliver(.press(button), &state, record, background) { return 0 }
          case .key(let key):
            nextTick = nil
            if deliver(.key(key), &state, record, background) { return 0 }
          }
          needsDraw = true
        }
      }
      guard needsDraw else { continue }
      // The UI learns the new size before it is drawn at it.
      if deliver(resizeIfNeeded(state, terminal), &state, record, background) { return 0 }
      frame = draw(state, on: terminal, frameRendered)
    }
  }

  /// Stops the process as SIGTSTP's default action does, the terminal given back while it is stopped (a
  /// process group without a parent shell in its session is not stopped: then it goes straight on).
  private static func stop(_ terminal: Terminal) {
    terminal.suspend()
    Platform.restoreDefaultActions([SIGTSTP])
    raise(SIGTSTP)
    SignalPipe.install([SIGTSTP])
    terminal.resume()
  }

  /// `.resized` when the terminal's size is not the one the state knows; nil otherwise.
  private static func resizeIfNeeded(_ state: UIState, _ terminal: Terminal) -> UIEvent? {
    let size = terminal.size
    guard size.width != state.screenWidth || size.height != state.screenHeight else { return nil }
    return .resized(width: size.width, height: size.height)
  }

  /// Renders `state` at the terminal's size (or takes the frame `prepared` from it, when it has that size), hands
  /// the cells to `frameRendered`, then shows them.
  private static func draw(
    _ state: UIState, on terminal: Terminal, _ frameRendered: (ScreenBuffer) -> Void, prepared: Frame? = nil
  ) -> Frame {
    let size = terminal.size
    let frame: Frame
    if let prepared, prepared.buffer.width == size.width, prepared.buffer.height == size.height {
      frame = prepared
    } else {
      frame = Renderer.render(state, width: size.width, height: size.height)
    }
    frameRendered(frame.buffer)
    terminal.draw(frame.buffer)
    return frame
  }

  /// Feeds one event to the UI and carries out its effects (lines to record, work for the other thread);
  /// returns whether the UI asked to quit.
  private static func deliver(
    _ event: UIEvent?, _ state: inout UIState, _ record: (ScriptLine) -> String?,
    _ background: BackgroundWork<UIWork, UIEvent>?
  ) -> Bool {
    guard let event else { return false }
    for effect in state.handle(event) {
      switch effect {
      case .record(let line):
        // A recording that cannot be written ends the session at once: the terminal is given back and the
        // reason printed (D71).
        if record(line) != nil { return true }
      case .work(let job): background?.submit(job)
      case .quit: return true
      }
    }
    return false
  }
}
