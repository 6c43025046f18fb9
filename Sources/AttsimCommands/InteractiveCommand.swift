import ConsentUI
import Foundation
import PromptStrings
import TerminalDriver
import TextSupport

/// `attsim [--app DIR] [--locale TAG] [--record FILE]`: the terminal UI.
enum InteractiveCommand {
  static func run(app: String?, locale: String?, record: String?, scenario: String?, console: Console) -> Int32 {
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
    var startEffects: [UIEffect] = []
    if let scenario {
      switch guidedScenario(scenario) {
      case .failure(let problems):
        console.err(problems.lines.map { $0 + "\n" }.joined())
        return 2
      case .success(let guided): startEffects = state.startScenario(guided)
      }
    }
    var recorder: Recorder?
    if let record {
      switch Recorder.open(record) {
      case .success(let opened): recorder = opened
      case .failure(let problem):
        console.err("attsim: \(problem.message.escapingControlCharacters)\n")
        return 2
      }
      state.isRecording = true
      // A scenario's start sets the state up itself; otherwise the header does.
      let header = scenario == nil ? state.recordingHeader : [state.recordingHeader[0]]
      for line in header { recorder?.write(line) }
      for case .record(let line) in startEffects { recorder?.write(line) }
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
    var finalState = state
    let signal = TerminalSession.run(
      state, terminal: terminal,
      afterFirstFrame: { state in
        state.adoptFindings(PromptLinter.check(app: state.environment.app))
        state.adoptScenarios(libraryScenarios())
      },
      record: { recorder?.write($0) }, finished: { finalState = $0 })
    terminal.stop()
    recorder?.close()
    if let guide = finalState.guide {
      console.out(
        "scenario \(guide.scenario.title): \(guide.summary)\(guide.isFinished ? "" : " (stopped before the end)")\n")
    }
    return signal == 0 ? 0 : 128 + signal
  }
}

extension InteractiveCommand {
  /// A library scenario by name, or a script file, with the app bundles it names.
  static func guidedScenario(_ nameOrFile: String) -> Result<GuidedScenario, ScriptProblems> {
    guard let path = ScenarioLibrary.path(for: nameOrFile) else {
      let names = ScenarioLibrary.entries().map(\.name)
      return .failure(
        ScriptProblems(lines: [
          "attsim: no scenario '\(nameOrFile.escapingControlCharacters)' (a file, or one of: \(names.joined(separator: ", ")))"
        ]))
    }
    return PlayCommand.load(path).map { script, bundles in
      GuidedScenario(name: (path as NSString).lastPathComponent, script: script, bundles: bundles)
    }
  }

  /// Every library scenario, for the picker.
  static func libraryScenarios() -> [GuidedScenario] {
    ScenarioLibrary.entries().compactMap { entry in
      guard case .success(let bundles) = PlayCommand.bundles(of: entry.script) else { return nil }
      return GuidedScenario(name: entry.name, script: entry.script, bundles: bundles)
    }
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
