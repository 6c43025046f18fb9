import ConsentCore
import ConsentUI
import Scenarios
import TextSupport

/// `attsim render`: prints, as plain text, exactly what the terminal UI would draw.
enum RenderCommand {
  /// Without a script: the UI as it opens (the app launched, SDK initialized). With `--script`: the script's
  /// actions from the script defaults, as `play` runs them, then the screen they lead to.
  static func run(_ command: Command.Render, console: Console) -> Int32 {
    let (locale, width, height, script) = (command.locale, command.width, command.height, command.script)
    let environment: UIEnvironment
    switch UISetup.appTexts(app: command.app) {
    case .success(let loaded): environment = UIEnvironment(appTexts: loaded)
    case .failure(let problem):
      console.err("attsim: \(problem.message.escapingControlCharacters)\n")
      return 2
    }
    var state = UIState(environment: environment, locale: locale)
    if let script {
      let parsed: Script
      switch TextFile.read(script) {
      case .failure(let problem):
        console.err("attsim: \(problem.message.escapingControlCharacters)\n")
        return 2
      case .success(let text):
        do {
          parsed = try ScriptParser.parse(text, file: script)
        } catch {
          console.err(error.description + "\n")
          return 2
        }
      }
      let start = ConsentState(
        locale: locale ?? environment.appTexts.app.developmentRegion,
        hasUsageDescription: environment.appTexts.app.hasUsageDescription)
      state = UIState(environment: environment, replaying: parsed, from: start)
    }
    let frame = Renderer.render(state, width: width ?? MinimumSize.width, height: height ?? MinimumSize.height)
    console.out(frame.buffer.text)
    return 0
  }
}
