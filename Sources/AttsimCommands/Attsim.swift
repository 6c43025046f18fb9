import Platform
import TextSupport

/// attsim's entry point: decode the command line, run the subcommand, return the exit status.
public enum Attsim {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs attsim with `arguments` (without the program name) and returns the process exit status.
  public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
    run(bytes: arguments.map { Array($0.utf8) }, console: console)
  }

  /// The process's arguments (without the program name) as the bytes the system gave: a file name that is not
  /// UTF-8 is opened as it is.
  public static func commandLineBytes() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
    }
  }

  /// Runs attsim with the raw `argv` (without the program name): paths keep their bytes from here to `open`.
  public static func run(bytes arguments: [[UInt8]], console: Console = .standard) -> Int32 {
    let command: Command
    do {
      command = try ArgumentParser.parse(bytes: arguments)
    } catch {
      console.err("attsim: \(error.message.escapingControlCharacters) (see 'attsim --help')\n")
      return 2
    }
    let text: String
    switch command {
    case .help(let topic): text = HelpText.text(for: topic)
    // The version, and the ICU that orders right-to-left text, joins Arabic and breaks Thai.
    case .version: text = "attsim \(version)\n\(ICULibrary.summary)\n"
    case .completion(let shell): text = Completions.script(for: shell)
    case .completionWords(let kind, let app): text = Completions.words(kind, app: app).map { $0 + "\n" }.joined()
    case .man: text = ManPage.text
    case .play(let play): return PlayCommand.run(play, console: console)
    case .scenarios: return ScenariosCommand.run(console: console)
    case .gallery(let gallery): return GalleryCommand.run(gallery, console: console)
    case .cast(let cast): return CastCommand.run(cast, console: console)
    case .export(let export): return ExportCommand.run(export, console: console)
    case .matrix(let format, let row, let out): return MatrixCommand.run(format, row: row, out: out, console: console)
    case .interactive(let interactive): return InteractiveCommand.run(interactive, console: console)
    case .check(let check): return CheckCommand.run(check, console: console)
    case .review(let review): return ReviewCommand.run(review, console: console)
    case .prompts(let prompts): return PromptsCommand.run(prompts, console: console)
    case .render(let render): return RenderCommand.run(render, console: console)
    }
    console.out(text)
    return 0
  }
}
