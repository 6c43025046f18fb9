import ConsentCore
import ConsentUI
import PromptStrings
import Scenarios
import TextSupport

/// `attsim render`: prints, as plain text, exactly what the terminal UI would draw.
enum RenderCommand {
  /// Without a script: the UI as it opens (the app launched, SDK initialized). With `--script`: the script's
  /// actions from the script defaults, as `play` runs them (its `app bundle=` lines switching the app), then
  /// the screen they lead to. `--keys` are pressed after that, through the UI's own update function.
  static func run(_ command: Command.Render, console: Console) -> Int32 {
    let (locale, width, height, script) = (command.locale, command.width, command.height, command.script)
    guard let environment = UISetup.environment(app: command.app, console: console) else { return 2 }
    var state = UIState(environment: environment, locale: locale)
    if let script {
      let parsed: Script
      let bundles: [AppBundleReference: AppResources]
      switch PlayCommand.load(script) {
      case .failure(let problems):
        console.err(problems.lines.joined(separator: "\n") + "\n")
        return 2
      case .success(let loaded): (parsed, bundles) = loaded
      }
      let start = ConsentState(scriptStartFor: environment.appTexts.app, locale: locale)
      state = UIState(environment: environment, replaying: parsed, bundles: bundles, from: start)
    }
    let size = (width: width ?? MinimumSize.width, height: height ?? MinimumSize.height)
    state.handle(.resized(width: size.width, height: size.height))
    for key in command.keys { state.handle(.key(key)) }
    let frame = Renderer.render(state, width: size.width, height: size.height)
    let title = "attsim — \(state.texts.appName)"
    switch command.format {
    case .text: console.out(frame.buffer.text)
    case .ansi: console.out(FrameExport.ansiLines(frame.buffer, colors: !Console.noColor))
    case .svg: console.out(FrameExport.svg(frame.buffer, title: title))
    case .html: console.out(FrameExport.html(frame.buffer, title: title))
    }
    return 0
  }
}
