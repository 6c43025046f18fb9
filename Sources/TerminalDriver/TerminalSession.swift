import CNcurses
import ConsentUI
import Glibc
import Scenarios

/// The UI's run loop on a real terminal: draw, wait for input or a signal, update, repeat. It blocks in
/// poll(2) between events, so an idle session costs nothing. The terminal is restored on `q`, Ctrl-C, every
/// signal whose default action would end the process, and on crashes.
public enum TerminalSession {
  /// Runs the UI until the user quits or a signal ends it; `afterFirstFrame` starts on another thread once
  /// the first frame is on screen (slow work that can wait, such as the check) and hands back what it learned
  /// as events, which the loop takes when they come; `record` receives every script line (and returns why it
  /// could not be written, if it could not), `finished` the last state. Returns the signal that ended the
  /// session, or 0.
  public static func run(
    _ state: UIState, terminal: Terminal, afterFirstFrame: @escaping @Sendable (UIState) -> [UIEvent] = { _ in [] },
    record: (ScriptLine) -> String?, frameDrawn: (ScreenBuffer) -> Void = { _ in },
    finished: (UIState) -> Void = { _ in }
  ) -> Int32 {
    var state = state
    defer { finished(state) }
    let signals = SignalPipe.terminating + [SIGWINCH]
    SignalPipe.install(signals)
    TerminalRescue.install()
    defer {
      SignalPipe.uninstall(signals)
      TerminalRescue.uninstall()
    }
    // A resize before the handlers were in place went unnoticed: start from the size the terminal has now.
    terminal.adoptWindowSize()
    var frame = draw(&state, on: terminal, frameDrawn)
    let firstState = state
    var background = BackgroundWork { afterFirstFrame(firstState) }
    let clock = ContinuousClock()
    // Presenter mode's next step: due an interval after the last step or key.
    var nextTick: ContinuousClock.Instant?
    while true {
      if !state.wantsTicks {
        nextTick = nil
      } else if nextTick == nil, let interval = state.autoplay?.interval {
        nextTick = clock.now.advanced(by: .milliseconds(Int(interval * 1000)))
      }
      var watched = [
        pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: SignalPipe.descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: background?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = nextTick.map { due -> Int32 in
        let left = clock.now.duration(to: due).components
        return Int32(max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000))
      }
      guard poll(&watched, 3, timeout ?? -1) >= 0 || errno == EINTR else { return SIGHUP }
      var needsDraw = false
      if watched[2].revents != 0, let events = background?.take() {
        background = nil
        for event in events where handle(event, &state, record: record) { return 0 }
        needsDraw = true
      }
      if let due = nextTick, clock.now >= due {
        nextTick = nil
        if handle(.tick, &state, record: record) { return 0 }
        needsDraw = true
      }
      for signal in SignalPipe.drain() {
        guard signal == SIGWINCH else { return signal }
        terminal.adoptWindowSize()
        needsDraw = true
      }
      if watched[0].revents != 0 {
        // ncurses may have read several keys at once: take every one it holds.
        while let input = terminal.read(timeout: 0) {
          switch input {
          case .resize, .redraw:
            terminal.repaint()
          case .hangup:
            return SIGHUP
          case .click(let row, let column):
            guard let button = frame.button(atRow: row, column: column) else { continue }
            if handle(.press(button), &state, record: record) { return 0 }
          case .key(let key):
            nextTick = nil
            if handle(.key(key), &state, record: record) { return 0 }
          }
          needsDraw = true
        }
      }
      if needsDraw { frame = draw(&state, on: terminal, frameDrawn) }
    }
  }

  /// Renders `state` at the terminal's size and shows it (telling the state the size first), then hands the
  /// cells to `frameDrawn`.
  private static func draw(_ state: inout UIState, on terminal: Terminal, _ frameDrawn: (ScreenBuffer) -> Void)
    -> Frame
  {
    let size = terminal.size
    if size.width != state.screenWidth || size.height != state.screenHeight {
      state.handle(.resized(width: size.width, height: size.height))
    }
    let frame = Renderer.render(state, width: size.width, height: size.height)
    terminal.draw(frame.buffer)
    frameDrawn(frame.buffer)
    return frame
  }

  /// Feeds one event to the UI and carries out its effects; returns whether the UI asked to quit.
  private static func handle(_ event: UIEvent, _ state: inout UIState, record: (ScriptLine) -> String?) -> Bool {
    for effect in state.handle(event) {
      switch effect {
      case .record(let line):
        if let problem = record(line) { state.handle(.recordingFailed(problem)) }
      case .quit: return true
      }
    }
    return false
  }
}
