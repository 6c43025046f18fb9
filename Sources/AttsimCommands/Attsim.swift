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
    case .play(let files, let report, let output):
      return PlayCommand.run(files: files, report: report, output: output, console: console)
    case .scenarios:
      return ScenariosCommand.run(console: console)
    case .gallery(let app, let out):
      return GalleryCommand.run(app: app, out: out, console: console)
    case .matrix(let format):
      let rows = TestPlan.rows()
      console.out(format == .csv ? TestPlan.csv(rows) : TestPlan.markdown(rows))
      return 0
    case .interactive(let app, let locale, let record, let scenario, let force):
      return InteractiveCommand.run(
        app: app, locale: locale, record: record, scenario: scenario, force: force, console: console)
    case .check(let path, let format, let developmentRegion):
      return CheckCommand.run(path: path, format: format, developmentRegion: developmentRegion, console: console)
    case .render(let app, let locale, let width, let height, let script):
      return RenderCommand.run(app: app, locale: locale, width: width, height: height, script: script, console: console)
    }
  }
}
