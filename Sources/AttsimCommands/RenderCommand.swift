import ConsentCore
import ConsentUI
import PromptStrings
import Scenarios
import TextSupport

/// `attsim render`: prints, as plain text, exactly what the terminal UI would draw.
enum RenderCommand {
  /// The UI as it opens, after the `--script`'s steps (through the same walk as `play`) and the `--keys`
  /// (through the UI's own update): what the live UI shows after the same steps.
  static func run(_ command: Command.Render, console: Console) -> Int32 {
    guard let environment = UISetup.environment(app: command.app, console: console) else { return 2 }
    let session = UISession(
      locale: command.locale, bidi: command.bidi, showsFocus: command.format == .text || command.focus,
      device: command.device,
      sdk: command.sdk)
    var state = UIState(environment: environment, session: session)
    if let script = command.script {
      switch PlayCommand.load(script) {
      case .failure(let problems):
        console.err(problems.lines.joined(separator: "\n") + "\n")
        return 2
      case .success(let (parsed, bundles)):
        state = UIState(
          environment: environment, session: session, replaying: parsed, bundles: bundles, work: UIWorker.perform)
      }
    }
    // What the live UI learns after its first frame (the scenario library), render knows at once.
    state.settle(state.firstFrameWork.map(UIEffect.work), work: UIWorker.perform)
    let size = (width: command.width ?? MinimumSize.width, height: command.height ?? MinimumSize.height)
    state.handle(.resized(width: size.width, height: size.height))
    for key in command.keys { state.settle(state.handle(.key(key)), work: UIWorker.perform) }
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
