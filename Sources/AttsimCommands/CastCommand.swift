import ConsentCore
import ConsentUI
import FileAccess
import PromptStrings
import Scenarios
import TextSupport

/// `attsim cast SCRIPT --out FILE.cast`: the UI driven by a script, without a terminal, as an asciinema cast.
enum CastCommand {
  static func run(_ command: Command.Cast, console: Console) -> Int32 {
    guard let environment = UISetup.environment(app: command.app, console: console) else { return 2 }
    let (script, bundles): (Script, [AppBundleReference: AppResources])
    switch PlayCommand.load(command.script) {
    case .failure(let problems):
      console.err(problems.lines.joined(separator: "\n") + "\n")
      return 2
    case .success(let loaded): (script, bundles) = loaded
    }
    // The cast starts where the live UI does, and takes each step as `render --script` does.
    var state = UIState(
      starting: script, environment: environment,
      session: UISession(locale: command.locale, showsFocus: command.focus, device: command.device, sdk: command.sdk),
      bundles: bundles)
    state.settle(state.firstFrameWork.map(UIEffect.work), work: UIWorker.perform)
    state.handle(.resized(width: command.width, height: command.height))
    var inputs = CommandInputs()
    inputs.add(path: command.script)
    inputs.add(environment.appTexts.app)
    inputs.add(bundles)
    // Each frame goes out as soon as it is drawn, to the temporary file renamed into place at the end: a cast
    // of any length holds two frames in memory, the one drawn and the one it is drawn over.
    let file: OutputFile?
    if command.out == "-" {
      file = nil
    } else {
      switch OutputFile.create(command.out, inputs: inputs.files) {
      case .success(let opened): file = opened
      case .failure(let error):
        console.err("attsim: \(error.message.escapingControlCharacters)\n")
        return 2
      }
    }
    func emit(_ line: String) throws(OutputError) {
      if let file { try file.write(line + "\n") } else { console.out(line + "\n") }
    }
    let title = "attsim — \(script.title ?? command.script.lastComponent)"
    var events = AsciinemaCast.Events(paceMilliseconds: Int(command.pace * 1000))
    var frames = 1
    do throws(OutputError) {
      try emit(AsciinemaCast.header(width: command.width, height: command.height, title: title))
      try emit(events.next(Renderer.render(state, width: command.width, height: command.height).buffer))
      for step in script.steps where !step.isExpectation {
        let (accepted, effects) = state.replay(step)
        state.settle(effects, work: UIWorker.perform)
        try emit(events.next(Renderer.render(state, width: command.width, height: command.height).buffer))
        frames += 1
        if !accepted { break }
      }
      try file?.commit()
    } catch {
      console.err("attsim: \(error.message.escapingControlCharacters)\n")
      return 2
    }
    if file != nil {
      console.err("attsim cast: \(frames) frames written to \(command.out.shown())\n")
    }
    return 0
  }
}
