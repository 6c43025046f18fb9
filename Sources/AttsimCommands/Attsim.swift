import Scenarios

/// attsim's entry point: decode the command line, run the subcommand, return the exit status.
public enum Attsim {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs attsim with `arguments` (without the program name) and returns the process exit status.
  public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
    let command: Command
    do {
      command = try ArgumentParser.parse(arguments)
    } catch {
      console.err("attsim: \(error.message.escapingControlCharacters) (see 'attsim --help')\n")
      return 2
    }
    switch command {
    case .help(let topic):
      console.out(HelpText.text(for: topic))
      return 0
    case .version:
      console.out("attsim \(version)\n")
      return 0
    case .play(let play):
      return PlayCommand.run(files: play.files, report: play.report, output: play.output, console: console)
    case .scenarios:
      return ScenariosCommand.run(console: console)
    case .gallery(let gallery):
      return GalleryCommand.run(gallery, console: console)
    case .cast(let cast):
      return CastCommand.run(cast, console: console)
    case .completion(let shell):
      console.out(Completions.script(for: shell))
      return 0
    case .completionWords(let kind, let app):
      console.out(completionWords(kind, app: app).map { $0 + "\n" }.joined())
      return 0
    case .man:
      console.out(ManPage.text)
      return 0
    case .matrix(let format):
      let rows = TestPlan.rows()
      console.out(format == .csv ? TestPlan.csv(rows) : TestPlan.markdown(rows))
      return 0
    case .interactive(let interactive):
      return InteractiveCommand.run(interactive, console: console)
    case .check(let check):
      return CheckCommand.run(check, console: console)
    case .prompts(let prompts):
      return PromptsCommand.run(prompts, console: console)
    case .render(let render):
      return RenderCommand.run(render, console: console)
    }
  }

  /// What a completion offers: the localizations of `app` (the demo app without one), or the scenario
  /// library's names. Nothing when they cannot be read: completion stays quiet.
  static func completionWords(_ kind: CompletionWords, app: String?) -> [String] {
    switch kind {
    case .scenarios: return ScenarioLibrary.entries().map(\.name)
    case .locales:
      guard case .success(let texts) = UISetup.appTexts(app: AppChoice(path: app)) else { return [] }
      return texts.locales
    }
  }
}
