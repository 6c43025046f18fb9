import ConsentUI
import Foundation
import PromptStrings
import TerminalDriver
import TextSupport

/// `attsim [--app DIR] [--locale TAG] [--record FILE]`: the terminal UI.
enum InteractiveCommand {
  static func run(app: String?, locale: String?, record: String?, console: Console) -> Int32 {
    guard isatty(0) == 1, isatty(1) == 1 else {
      console.err(
        "attsim: no terminal: the UI needs one; use 'attsim render' for a text snapshot or 'attsim play' to run scripts\n"
      )
      return 2
    }
    guard let type = getenv("TERM").map({ String(cString: $0) }), !type.isEmpty, type != "dumb" else {
      console.err("attsim: TERM is unset or dumb: the UI needs a real terminal; use 'attsim render' or 'attsim play'\n")
      return 2
    }
    if let problem = UISetup.validate(locale: locale) {
      console.err("attsim: \(problem.message.escapingControlCharacters)\n")
      return 2
    }
    let uiEnvironment: UIEnvironment
    switch UISetup.environment(app: app, checked: false) {
    case .success(let loaded): uiEnvironment = loaded
    case .failure(let problem):
      console.err("attsim: \(problem.message.escapingControlCharacters)\n")
      return 2
    }
    var state = UIState(environment: uiEnvironment, locale: locale)
    var recorder: Recorder?
    if let record {
      switch Recorder.open(record) {
      case .success(let opened): recorder = opened
      case .failure(let problem):
        console.err("attsim: \(problem.message.escapingControlCharacters)\n")
        return 2
      }
      state.isRecording = true
      for line in state.recordingHeader { recorder?.write(line) }
    }
    let terminal: Terminal
    do {
      let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
      terminal = try Terminal(type: type, noColor: noColor)
    } catch {
      console.err("attsim: \(error.message.escapingControlCharacters)\n")
      return 2
    }
    // The first frame comes before the check of the app's strings, which then fills in the panel.
    let signal = TerminalSession.run(
      state, terminal: terminal,
      afterFirstFrame: { state in state.adoptFindings(PromptLinter.check(app: state.environment.app)) },
      record: { recorder?.write($0) })
    terminal.stop()
    recorder?.close()
    return signal == 0 ? 0 : 128 + signal
  }
}

/// Writes a `--record` script line by line, each line reaching the file at once, so a killed session
/// loses nothing.
final class Recorder {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Creates (or empties) the file at `path`.
  static func open(_ path: String) -> Result<Recorder, UsageError> {
    let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      return .failure(UsageError("cannot record to '\(path)': \(String(cString: strerror(errno)))"))
    }
    return .success(Recorder(descriptor: descriptor))
  }

  /// Appends one line with a single write(2).
  func write(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes {
        Foundation.write(descriptor, $0.baseAddress! + written, bytes.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return }
      written += result
    }
  }

  func close() { Foundation.close(descriptor) }
}
