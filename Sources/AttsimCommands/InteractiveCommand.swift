import ConsentUI
import FileAccess
import Platform
import PromptCheck
import PromptStrings
import Scenarios
import TerminalDriver
import TextSupport

/// `attsim [--app DIR] [--locale TAG] [--record FILE] [--scenario NAME] [--cast FILE]`: the terminal UI.
enum InteractiveCommand {
  static func run(_ command: Command.Interactive, console: Console) -> Int32 {
    guard let type = terminalType(console) else { return 2 }
    // The check of the app's strings waits until after the first frame, and so do the system texts and
    // (unless a scenario sets the app up) the demo app's tables for other locales.
    let demoAppStrings: AppResources.StringsToParse = command.scenario == nil ? .shownIn(locale: command.locale) : .all
    guard
      let environment = UISetup.environment(
        app: command.app, firstFrame: true, demoAppStrings: demoAppStrings, console: console)
    else { return 2 }
    var inputs = CommandInputs()
    inputs.add(environment.appTexts.app)
    inputs.add(environment.appTexts.system)
    var scenario: GuidedScenario?
    if let name = command.scenario {
      guard let guided = loadScenario(name, inputs: &inputs, console: console) else { return 2 }
      scenario = guided
    }
    let reference = command.app.path.map { _ in recordedReference(command, environment.appTexts.app) }
    if command.record != nil, let reference, !reference.path.isUTF8 {
      console.err(
        "attsim: cannot record: the app's path '\(reference.path.shown())' holds bytes that are not UTF-8, and a script names its app in UTF-8 text\n"
      )
      return 2
    }
    guard let outputs = SessionOutputs.open(command, environment: environment, inputs: inputs, console: console)
    else { return 2 }
    let session = UISession(
      isRecording: outputs.recorder != nil, terminalIsASCII: !Terminal.localeIsUTF8,
      app: reference.map {
        AppBundleReference(path: $0.path.string, target: $0.target, configuration: $0.configuration)
      },
      locale: command.locale, bidi: command.bidi, showsFocus: command.autoplay == nil || command.focus,
      device: command.device, sdk: command.sdk)
    var state = UIState(environment: environment, session: session)
    var startEffects: [UIEffect]?
    if let guided = scenario {
      startEffects = command.autoplay.map { state.startAutoplay(guided, interval: $0) } ?? state.startScenario(guided)
    }
    // The first frame is rendered before ncurses takes the terminal over (at the size the terminal says it
    // has), so that its start and the draw come last (TerminalSession.run).
    var firstFrame: Frame?
    if let size = Platform.windowSize(of: 1) {
      _ = state.handle(.resized(width: size.width, height: size.height))
      firstFrame = Renderer.render(state, width: size.width, height: size.height)
    }
    let terminal: Terminal
    do {
      terminal = try Terminal(type: type, noColor: Console.noColor, reordersRightToLeft: command.bidi == .visual)
    } catch {
      console.err("attsim: \(error.message.escapingControlCharacters)\n")
      return 2
    }
    // A scenario's start sets the state up itself; otherwise the header does.
    let header = startEffects == nil ? state.recordingHeader : [state.recordingHeader[0]]
    let recorded = (startEffects ?? []).compactMap { effect -> ScriptLine? in
      if case .record(let line) = effect { line } else { nil }
    }
    for line in header + recorded {
      guard let problem = outputs.recorder?.write(line) else { continue }
      terminal.stop()
      console.err("attsim: ✗ REC FAILED: \(problem.escapingControlCharacters)\n")
      return 2
    }
    var finalState = state
    let signal = TerminalSession.run(
      state, terminal: terminal, work: UIWorker.perform, record: { outputs.recorder?.write($0) },
      frameRendered: { outputs.cast?.add($0) }, finished: { finalState = $0 }, firstFrame: firstFrame)
    return finish(finalState, signal: signal, outputs: outputs, console: console)
  }

  /// The scenario `--scenario` names, its file and apps added to the inputs; nil once standard error says
  /// why it cannot be walked.
  private static func loadScenario(_ name: FilePath, inputs: inout CommandInputs, console: Console) -> GuidedScenario? {
    switch guidedScenario(name) {
    case .failure(let problems):
      console.err(problems.lines.map { $0 + "\n" }.joined())
      return nil
    case .success(let (guided, path)):
      inputs.add(path: path)
      inputs.add(guided.bundles)
      return guided
    }
  }

  /// The terminal's type, or nil once standard error says why the UI cannot run here.
  private static func terminalType(_ console: Console) -> String? {
    guard isatty(0) == 1, isatty(1) == 1 else {
      console.err(
        "attsim: no terminal: the UI needs one; use 'attsim render' for a text snapshot or 'attsim play' to run scripts\n"
      )
      return nil
    }
    guard let type = getenv("TERM").map({ String(cString: $0) }), !type.isEmpty, type != "dumb" else {
      console.err("attsim: TERM is unset or dumb: the UI needs a real terminal; use 'attsim render' or 'attsim play'\n")
      return nil
    }
    return type
  }

  /// What the `app bundle=` a recording of this `--app` session names: the app's path relative to the
  /// recording's folder when beneath it, else absolute, and the target read.
  static func recordedReference(_ command: Command.Interactive, _ app: AppResources) -> (
    path: FilePath, target: String?, configuration: String?
  ) {
    let current = FileURI.workingFolder() ?? FilePath(".")
    let appPath = current.resolving(command.app.path ?? FilePath(app.root)).normalized
    let folder = current.resolving(command.record ?? FilePath(".")).normalized.parent
    let path = appPath.relativeBytes(to: folder).map { $0.isEmpty ? FilePath(".") : FilePath(bytes: $0) } ?? appPath
    return (path, app.target, command.app.configuration)
  }

  /// After the session: its outputs finished, the walk's summary printed, the exit status.
  private static func finish(_ state: UIState, signal: Int32, outputs: SessionOutputs, console: Console) -> Int32 {
    outputs.recorder?.close()
    outputs.cast?.recorder.close()
    // The walk's summary comes first: whatever else failed, the tester learns how the walk went.
    if let guide = state.guide {
      console.out(guide.report.map { $0.escapingControlCharacters + "\n" }.joined())
    }
    var failed = false
    if let problem = outputs.cast?.recorder.problem {
      console.err("attsim: the cast is incomplete: \(problem.escapingControlCharacters)\n")
      failed = true
    }
    if let problem = outputs.recorder?.problem {
      console.err("attsim: ✗ REC FAILED: \(problem.escapingControlCharacters)\n")
      failed = true
    }
    guard signal == 0 else { return 128 + signal }
    if failed { return 2 }
    // A guided walk passes only when it reached its end, every expectation held and no step off the
    // script is left in it.
    return state.guide.map { $0.passed ? 0 : 1 } ?? 0
  }

  /// A library scenario by name, or a script file, with the app bundles it names, and its path.
  static func guidedScenario(_ nameOrFile: FilePath) -> Result<(GuidedScenario, FilePath), ScriptProblems> {
    let path = ScenarioLibrary.path(for: nameOrFile) ?? nameOrFile
    return PlayCommand.load(nameOrFile).map { script, bundles in
      (GuidedScenario(name: path.lastComponent, script: script, bundles: bundles), path)
    }
  }

  /// Every library scenario, for the picker.
  static func libraryScenarios() -> [GuidedScenario] {
    ScenarioLibrary.entries().compactMap { entry in
      guard case .success(let bundles) = PlayCommand.bundles(of: entry.script, in: entry.path.parent) else {
        return nil
      }
      return GuidedScenario(name: entry.name, script: entry.script, bundles: bundles)
    }
  }
}

/// The files a session writes while it runs: the `--record` script and the `--cast` recording.
struct SessionOutputs {
  var recorder: Recorder?
  var cast: LiveCast?

  /// Opens both (neither may replace a file the session reads), or nil once standard error says why not.
  static func open(
    _ command: Command.Interactive, environment: UIEnvironment, inputs: CommandInputs, console: Console
  ) -> SessionOutputs? {
    var inputs = inputs
    // What the session reads after its first frame (the check of the app's code, the scenario library) is
    // an input too; it is looked up only when an output would replace a file.
    for output in [command.record, command.cast].compactMap({ $0 }) where FileIdentity(path: output) != nil {
      inputs.add(willRead: environment.appTexts.app.prospectiveInputs())
      inputs.add(willRead: ScenarioLibrary.entries().map(\.path))
      inputs.add(willRead: UISetup.systemTextFiles())
    }
    func open(_ path: FilePath, purpose: String) -> Recorder? {
      switch Recorder.open(path, purpose: purpose, replacing: command.force, inputs: inputs) {
      case .success(let opened): return opened
      case .failure(let problem):
        console.err("attsim: \(problem.message.escapingControlCharacters)\n")
        return nil
      }
    }
    var outputs = SessionOutputs()
    if let record = command.record {
      guard let recorder = open(record, purpose: "record") else { return nil }
      outputs.recorder = recorder
      inputs.add(path: record)
    }
    if let path = command.cast {
      guard let recorder = open(path, purpose: "write the cast") else { return nil }
      let texts = environment.appTexts.texts(locale: command.locale ?? environment.appTexts.app.developmentRegion)
      outputs.cast = LiveCast(recorder: recorder, title: "attsim — \(texts.appName)")
    }
    return outputs
  }
}

/// The work the UI asks its driver for, done here (on the session's worker thread, or at once for `render`
/// and `cast`).
enum UIWorker {
  @Sendable static func perform(_ work: UIWork) -> [UIEvent] {
    switch work {
    case .check(let app): [.checked(PromptLinter.check(app: app), for: app)]
    case .loadScenarios: [.scenariosLoaded(InteractiveCommand.libraryScenarios())]
    case .loadSystemTexts: UISetup.assetFolder("System").map { [.systemTextsLoaded($0)] } ?? []
    case .loadApp: UISetup.assetFolder("DemoApp").map { [.appLoaded($0)] } ?? []
    }
  }
}

/// Writes a `--record` script line by line, each whole or not at all and at once (one write(2)), so a killed
/// session loses nothing; after the first failed or refused line nothing more is written.
final class Recorder {
  private let file: OutputFile
  /// Why the recording stopped, once a write failed or a line was refused.
  private(set) var problem: String?

  private init(file: OutputFile) { self.file = file }

  /// Creates the file at `path` (for `purpose`: "record", "write the cast"); none of `inputs` (the app's
  /// files, the scenario being walked) may be replaced.
  static func open(_ path: FilePath, purpose: String, replacing: Bool, inputs: CommandInputs) -> Result<
    Recorder, UsageError
  > {
    switch OutputFile.create(path, mode: .streaming(replacing: replacing), inputs: inputs.files) {
    case .success(let file): return .success(Recorder(file: file))
    case .failure(let error): return .failure(UsageError("cannot \(purpose): \(error.message)"))
    }
  }

  /// Appends one script line unless it would not read back as the line (`ScriptWriter.problem(writing:)`);
  /// returns the problem when it was not written.
  func write(_ line: ScriptLine) -> String? {
    guard problem == nil else { return nil }
    if let refusal = ScriptWriter.problem(writing: line) {
      problem = refusal
      return refusal
    }
    return write(line.text)
  }

  /// Appends one line, whole or not at all; returns the problem when this write failed.
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

  /// One frame the terminal showed (none once a write failed: the cast ends with its last whole line).
  func add(_ buffer: ScreenBuffer) {
    guard recorder.problem == nil else { return }
    if previous == nil {
      _ = recorder.write(AsciinemaCast.header(width: buffer.width, height: buffer.height, title: title))
    }
    let from = previous.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0 : nil }
    let milliseconds = Int(start.duration(to: .now) / .milliseconds(1))
    _ = recorder.write(AsciinemaCast.event(milliseconds: milliseconds, data: FrameExport.ansi(buffer, from: from)))
    previous = buffer
  }
}
