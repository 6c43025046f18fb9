import ConsentCore
import FileAccess
import Testing

@testable import AttsimCommands

@Suite struct ArgumentParserTests {
  static func ui(
    app: FilePath? = nil, target: String? = nil, locale: String? = nil, record: FilePath? = nil,
    scenario: FilePath? = nil,
    force: Bool = false
  ) -> Command {
    var command = Command.Interactive()
    command.app = AppChoice(path: app, target: target)
    command.locale = locale
    command.record = record
    command.scenario = scenario
    command.force = force
    return .interactive(command)
  }

  static func check(
    _ path: FilePath, format: CheckFormat = .text, devRegion: String? = nil, target: String? = nil,
    configuration: String? = nil
  ) -> Command {
    var command = Command.Check(app: AppChoice(path: path, target: target, configuration: configuration))
    command.format = format
    command.developmentRegion = devRegion
    return .check(command)
  }

  static func render(app: FilePath? = nil, locale: String?, width: Int?, height: Int?, script: FilePath?) -> Command {
    var command = Command.Render()
    command.app = AppChoice(path: app)
    command.locale = locale
    command.width = width
    command.height = height
    command.script = script
    return .render(command)
  }

  static func gallery(app: FilePath?, out: FilePath) -> Command {
    var command = Command.Gallery(out: out)
    command.app = AppChoice(path: app)
    return .gallery(command)
  }

  static func prompts(_ path: FilePath, locales: [String], target: String? = nil, format: PromptsFormat = .text)
    -> Command
  {
    var command = Command.Prompts(app: AppChoice(path: path, target: target))
    command.locales = locales
    command.format = format
    return .prompts(command)
  }

  @Test(arguments: [
    ([], ui()),
    (["--app", "My.app", "--locale", "ja"], ui(app: "My.app", locale: "ja")),
    (["--record=s.attsim"], ui(record: "s.attsim")),
    (["--record", "s.attsim", "--force"], ui(record: "s.attsim", force: true)),
    (["--scenario", "reinstall"], ui(scenario: "reinstall")),
    (["--app", "ios", "--target", "Runner"], ui(app: "ios", target: "Runner")),
    (["play", "a.attsim", "b.attsim"], .play(Command.Play(files: ["a.attsim", "b.attsim"]))),
    (["play", "--", "-odd.attsim"], .play(Command.Play(files: ["-odd.attsim"]))),
    (
      ["play", "--report", "junit", "--output", "r.xml", "a.attsim"],
      .play(Command.Play(files: ["a.attsim"], report: .junit, output: "r.xml"))
    ),
    (["scenarios"], .scenarios),
    (["gallery", "--out", "g.html"], gallery(app: nil, out: "g.html")),
    (["gallery", "--app", "A", "--out=g.html"], gallery(app: "A", out: "g.html")),
    (["gallery", "A", "--out", "g.html"], gallery(app: "A", out: "g.html")),
    (["check", "App"], check("App")),
    (["check", "--format", "sarif", "App", "--dev-region", "de"], check("App", format: .sarif, devRegion: "de")),
    (
      ["check", "ios", "--target", "Runner", "--configuration", "Debug"],
      check("ios", target: "Runner", configuration: "Debug")
    ),
    (["prompts", "ios", "--locale", "de", "--locale", "fr-CA"], prompts("ios", locales: ["de", "fr-CA"])),
    (["prompts", "--format", "json", "App"], prompts("App", locales: [], format: .json)),
    (
      ["render", "--width", "80", "--height=24", "--locale", "ar", "--script", "s.attsim"],
      render(locale: "ar", width: 80, height: 24, script: "s.attsim")
    ),
    (["matrix"], .matrix(format: .markdown, row: nil, out: nil)),
    (["matrix", "--format=csv"], .matrix(format: .csv, row: nil, out: nil)),
    (["matrix", "--row", "7"], .matrix(format: .markdown, row: "7", out: nil)),
    (["matrix", "--format", "attsim", "--out", "d"], .matrix(format: .attsim, row: nil, out: "d")),
    (["--help"], .help(topic: nil)),
    (["-h"], .help(topic: nil)),
    (["help", "play"], .help(topic: "play")),
    (["help", "help"], .help(topic: nil)),
    (["--scenario", "x", "--autoplay"], .interactive(autoplaying("x", 1.5))),
    (["--scenario", "x", "--autoplay", "2"], .interactive(autoplaying("x", 2))),
    (["--autoplay=0.5", "--scenario", "x"], .interactive(autoplaying("x", 0.5))),
    (["matrix", "--help"], .help(topic: "matrix")),
    (["--version"], .version),
  ])
  func decodesEveryCommand(arguments: [String], expected: Command) throws {
    #expect(try ArgumentParser.parse(arguments) == expected)
  }

  /// `--device` and `--sdk` take a script's words: each `--device` is a `device` line, every `--sdk` one
  /// `sdk init` line, for the UI, `render` and `cast`.
  @Test func deviceAndSDKSettingsAreScriptWords() throws {
    var interactive = Command.Interactive()
    interactive.device = [DeviceChange(iOS: IOSVersion(27, 2)), DeviceChange(country: "FR", accountCountry: "FR")]
    interactive.sdk = SDKOptions(integration: .methodB, useConsent: true)
    let words = ["--device", "ios=27.2", "--device", "country=fr account-country=FR", "--sdk", "integration=method-b"]
    #expect(try ArgumentParser.parse(words + ["--sdk", "use-consent=true"]) == .interactive(interactive))
    guard case .render(let render) = try ArgumentParser.parse(["render", "--sdk", "optout=true"]) else {
      Issue.record("not render")
      return
    }
    #expect(render.sdk == SDKOptions(optOut: true) && render.device.isEmpty)
    guard case .cast(let cast) = try ArgumentParser.parse(["cast", "s.attsim", "--out", "-", "--device", "ios=14.5"])
    else {
      Issue.record("not cast")
      return
    }
    #expect(cast.device == [DeviceChange(iOS: IOSVersion(14, 5))] && cast.sdk == nil)
  }

  /// A bad setting is refused in one line naming the option, with the script parser's own words.
  @Test(arguments: [
    (["--device", "ios=abc"], "--device ios=abc: "),
    (["render", "--device", "colour=red"], "--device colour=red: "),
    (["cast", "s", "--out", "-", "--sdk", "integration=method-c"], "--sdk integration=method-c: "),
    (["--device", "ios=27.2\nrequest"], "--device takes KEY=VALUE, as a script's device line does, not "),
    (["--sdk", "optout"], "--sdk takes KEY=VALUE, as a script's sdk init line does, not 'optout'"),
  ])
  func aBadSettingIsRefusedNamingItsOption(arguments: [String], start: String) {
    do {
      _ = try ArgumentParser.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(error.message.hasPrefix(start) && !error.message.contains("\n"), "\(error.message)")
    }
  }

  @Test(arguments: [
    (
      ["plya"],
      "unknown subcommand 'plya'; did you mean 'play'? (subcommands: play, scenarios, check, prompts, review, render, cast, export, gallery, matrix, completion, man)"
    ),
    (["play", "--report", "html", "a.attsim"], "--report must be one of junit, markdown, not 'html'"),
    (["play"], "attsim play needs NAME|FILE"),
    (["matrix", "--formt", "csv"], "unknown option '--formt' for attsim matrix; did you mean '--format'?"),
    (["matrix", "--format", "html"], "--format must be one of csv, markdown, attsim, not 'html'"),
    (["matrix", "--format"], "--format needs a value (FORMAT)"),
    (["matrix", "extra"], "attsim matrix does not take 'extra'"),
    (["check"], "attsim check needs PATH"),
    (["check", "a", "b"], "attsim check does not take 'b'"),
    (["render", "--width", "wide"], "--width must be a number of cells between 1 and 1000, not 'wide'"),
    (["render", "--width", "0"], "--width must be a number of cells between 1 and 1000, not '0'"),
    (["--locale", "ja", "--locale", "ar"], "--locale is given twice"),
    (["--bogsu"], "unknown option '--bogsu' for attsim"),
    (["-x"], "unknown option '-x' for attsim"),
    (
      ["help", "nope"],
      "unknown subcommand 'nope' (subcommands: play, scenarios, check, prompts, review, render, cast, export, gallery, matrix, completion, man)"
    ),
    (["--force"], "--force goes with --record FILE or --cast FILE"),
    (["--focus"], "--focus goes with --autoplay: the interactive UI always shows the keyboard's focus"),
    (["--force=yes", "--record", "r"], "--force takes no value"),
    (
      ["prompts", "App", "--locale", "../etc"],
      "--locale must be a language tag like en, pt-BR or zh-Hant, not '../etc'"
    ),
    (["--app="], "--app needs a value (PATH)"),
    (["gallery", "A", "--app", "B", "--out", "g.html"], "attsim gallery takes the app once: as PATH or as --app PATH"),
  ])
  func rejectsMistakesWithOneClearLine(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
  }
}

/// `attsim --scenario NAME --autoplay SECONDS`, as parsed.
private func autoplaying(_ scenario: FilePath, _ seconds: Double) -> Command.Interactive {
  var command = Command.Interactive()
  command.scenario = scenario
  command.autoplay = seconds
  return command
}
