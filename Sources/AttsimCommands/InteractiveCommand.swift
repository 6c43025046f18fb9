import ConsentUI
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import TerminalDriver
import TextSupport

/// `attsim [--app DIR] [--locale TAG] [--record FILE]`: the terminal UI.
enum InteractiveCommand {
  static func run(_ command: Command.Interactive, console: Console) -> Int32 {
    let (locale, record, scenario, force) = (command.locale, command.record, command.scenario, command.force)
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
    // The check of the app's strings waits until after the first frame.
    guard let uiEnvironment = UISetup.environment(app: command.app, checked: false, console: console) else { return 2 }
    var state = UIState(environment: uiEnvironment, locale: locale)
    var startEffects: [UIEffect] = []
    var inputs = CommandInputs()
    inputs.add(uiEnvironment.appTexts.app)
    inputs.add(uiEnvironment.appTexts.system)
    if let scenario {
      switch guidedScenario(scenario) {
      case .failure(let problems):
        console.err(problems.lines.map { $0 + "\n" }.joined())
        return 2
      case .success(let (guided, path)):
        startEffects =
          command.autoplay.map { state.startAutoplay(guided, interval: $0) } ?? state.startScenario(guided)
        inputs.add(path: path)
        inputs.add(guided.bundles)
      }
    }
    // What the session reads after its first frame (the check of the app's code, the scenario library) is
    // an input too; it is looked up only when an output would replace a file.
    for output in [record, command.cast].compactMap({ $0 }) where FileIdentity(path: output) != nil {
      inputs.add(willRead: uiEnvironment.appTexts.app.prospectiveInputs())
      inputs.add(willRead: ScenarioLibrary.entries().map { FilePath($0.path) })
    }
    var recorder: Recorder?
    if let record {
      switch Recorder.open(record, replacing: force, inputs: inputs) {
      case .success(let opened): recorder = opened
      case .failure(let problem):
        console.err("attsim: \(problem.message.escapingControlCharacters)\n")
        return 2
      }
      state.isRecording = true
      // A scenario's start sets the state up itself; otherwise the header does.
      let header = scenario == nil ? state.recordingHeader : [state.recordingHeader[0]]
      let lines = (header + startEffects.compactMap { if case .record(let line) = $0 { line } else { nil } }).map(
        \.text)
      if let problem = lines.lazy.compactMap({ recorder?.write($0) }).first {
        console.err("attsim: \(problem.escapingControlCharacters)\n")
        return 2
      }
    }
    var cast: LiveCast?
    if let path = command.cast {
      if let record { inputs.add(path: record) }
      switch Recorder.open(path, replacing: force, inputs: inputs) {
      case .success(let opened): cast = LiveCast(recorder: opened, title: "attsim — \(state.texts.appName)")
      case .failure(let problem):
        console.err("attsim: \(problem.message.escapingControlCharacters)\n")
        return 2
      }
    }
    let terminal: Terminal
    do {
      terminal = try Terminal(type: type, noColor: Console.noColor)
    } catch {
      console.err("attsim: \(error.message.escapingControlCharacters)\n")
      return 2
    }
    state.terminalIsASCII = !terminal.isUTF8
    // The first frame comes before the check of the app's strings, which then fills in the panel.
    var finalState = state
    let signal = TerminalSession.run(
      state, terminal: terminal,
      afterFirstFrame: { state in
        [.checked(PromptLinter.check(app: state.environment.appTexts.app)), .scenariosLoaded(libraryScenarios())]
      },
      record: { recorder?.write($0.text) }, frameDrawn: { cast?.add($0) }, finished: { finalState = $0 })
    terminal.stop()
    recorder?.close()
    cast?.recorder.close()
    if let problem = cast?.recorder.problem {
      console.err("attsim: the cast is incomplete: \(problem.escapingControlCharacters)\n")
      if signal == 0 { return 2 }
    }
    if let guide = finalState.guide {
      console.out(guide.report.map { $0.escapingControlCharacters + "\n" }.joined())
    }
    if let problem = recorder?.problem {
      console.err("attsim: the recording is incomplete: \(problem.escapingControlCharacters)\n")
      return signal == 0 ? 2 : 128 + signal
    }
    guard signal == 0 else { return 128 + signal }
    // A guided walk passes only when it reached its end and every expectation held.
    return finalState.guide.map { $0.passed ? 0 : 1 } ?? 0
  }
}

extension InteractiveCommand {
  /// A library scenario by name, or a script file, with the app bundles it names, and its path.
  static func guidedScenario(_ nameOrFile: String) -> Result<(GuidedScenario, String), ScriptProblems> {
    guard let path = ScenarioLibrary.path(for: nameOrFile) else {
      let names = ScenarioLibrary.entries().map(\.name)
      return .failure(
        ScriptProblems(lines: [
          "attsim: no scenario '\(nameOrFile.forMessage())' (a file, or one of: \(names.joined(separator: ", ")))"
        ]))
    }
    return PlayCommand.load(path).map { script, bundles in
      (GuidedScenario(name: FilePath(path).lastComponent, script: script, bundles: bundles), path)
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

/// Writes a `--record` script line by line, each line reaching the file at once (one write(2)), so a killed
/// session loses nothing. The file appears at once under its name; an existing one is replaced only with
/// `--force`. The first failed write is kept, and nothing more is written.
final class Recorder {
  private let file: OutputFile
  /// Why the recording stopped, once a write failed.
  private(set) var problem: String?

  private init(file: OutputFile) { self.file = file }

  /// Creates the file at `path`; none of `inputs` (the app's files, the scenario being walked) may be replaced.
  static func open(_ path: String, replacing: Bool, inputs: CommandInputs) -> Result<Recorder, UsageError> {
    switch OutputFile.create(FilePath(path), mode: .streaming(replacing: replacing), inputs: inputs.files) {
    case .success(let file): return .success(Recorder(file: file))
    case .failure(let error): return .failure(UsageError("cannot record: \(error.message)"))
    }
  }

  /// Appends one line; returns the problem when this write failed.
  func write(_ line: String) -> String? {
    guard problem == nil else { return nil }
    do {
      try file.write(line + "\n")
      return nil
    } catch {
      problem = error.message
      return error.message
    }
  }

  /// Finishes the file (its data reaches the disk).
  func close() {
    guard problem == nil else { return }
    do { try file.commit() } catch { problem = error.message }
  }
}

/// A live session written as an asciinema cast while it happens: the header with the first frame's size,
/// then each frame as the escape sequences that draw it over the last, at its real time, flushed at once.
final class LiveCast {
  let recorder: Recorder
  private let title: String
  private let start = ContinuousClock.now
  private var previous: ScreenBuffer?

  init(recorder: Recorder, title: String) {
    self.recorder = recorder
    self.title = title
  }

  /// One frame the terminal showed.
  func add(_ buffer: ScreenBuffer) {
    if previous == nil {
      _ = recorder.write(AsciinemaCast.header(width: buffer.width, height: buffer.height, title: title))
    }
    let from = previous.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0 : nil }
    let elapsed = start.duration(to: .now).components
    let milliseconds = Int(elapsed.seconds) * 1000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
    _ = recorder.write(AsciinemaCast.event(milliseconds: milliseconds, data: FrameExport.ansi(buffer, from: from)))
    previous = buffer
  }
}
