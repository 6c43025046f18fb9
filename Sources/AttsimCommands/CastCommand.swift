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
      console.err(problems.lines.joinedText(separator: "\n") + "\n")
      return 2
    case .success(let loaded): (script, bundles) = loaded
    }
    // The cast starts where the live UI does, and takes each step as `render --script` does.
    var state = UIState(
      starting: script, environment: environment, session: UISession(locale: command.locale), bundles: bundles)
    state.settle(state.firstFrameWork.map(UIEffect.work), work: UIWorker.perform)
    state.handle(.resized(width: command.width, height: command.height))
    var frames = [Renderer.render(state, width: command.width, height: command.height).buffer]
    for step in script.steps where !step.isExpectation {
      let (accepted, effects) = state.replay(step)
      state.settle(effects, work: UIWorker.perform)
      frames.append(Renderer.render(state, width: command.width, height: command.height).buffer)
      if !accepted { break }
    }
    let title = "attsim — \(script.title ?? FilePath(command.script).lastComponent)"
    let lines =
      [AsciinemaCast.header(width: command.width, height: command.height, title: title)]
      + AsciinemaCast.events(frames, paceMilliseconds: Int(command.pace * 1000))
    var inputs = CommandInputs()
    inputs.add(path: command.script)
    inputs.add(environment.appTexts.app)
    inputs.add(bundles)
    if let problem = CommandOutput.write(
      lines.joinedText(separator: "\n") + "\n", to: command.out, inputs: inputs, console: console)
    {
      console.err("attsim: \(problem.escapingControlCharacters)\n")
      return 2
    }
    if command.out != "-" {
      console.err("attsim cast: \(frames.count) frames written to \(command.out.forMessage())\n")
    }
    return 0
  }
}
