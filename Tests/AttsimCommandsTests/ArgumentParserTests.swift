import AttsimCommands
import Testing

@Suite struct ArgumentParserTests {
  @Test(arguments: [
    ([], Command.interactive(app: nil, locale: nil, record: nil, scenario: nil)),
    (["--app", "My.app", "--locale", "ja"], .interactive(app: "My.app", locale: "ja", record: nil, scenario: nil)),
    (["--record=s.attsim"], .interactive(app: nil, locale: nil, record: "s.attsim", scenario: nil)),
    (["--scenario", "reinstall"], .interactive(app: nil, locale: nil, record: nil, scenario: "reinstall")),
    (["play", "a.attsim", "b.attsim"], .play(files: ["a.attsim", "b.attsim"], report: nil, output: nil)),
    (["play", "--", "-odd.attsim"], .play(files: ["-odd.attsim"], report: nil, output: nil)),
    (
      ["play", "--report", "junit", "--output", "r.xml", "a.attsim"],
      .play(files: ["a.attsim"], report: .junit, output: "r.xml")
    ),
    (["scenarios"], .scenarios),
    (["gallery", "--out", "g.html"], .gallery(app: nil, out: "g.html")),
    (["gallery", "--app", "A", "--out=g.html"], .gallery(app: "A", out: "g.html")),
    (["check", "App"], .check(path: "App", format: .text, devRegion: nil)),
    (
      ["check", "--format", "sarif", "App", "--dev-region", "de"], .check(path: "App", format: .sarif, devRegion: "de")
    ),
    (
      ["render", "--width", "80", "--height=24", "--locale", "ar", "--script", "s.attsim"],
      .render(app: nil, locale: "ar", width: 80, height: 24, script: "s.attsim")
    ),
    (["matrix"], .matrix(format: .markdown)),
    (["matrix", "--format=csv"], .matrix(format: .csv)),
    (["--help"], .help(topic: nil)),
    (["-h"], .help(topic: nil)),
    (["help", "play"], .help(topic: "play")),
    (["matrix", "--help"], .help(topic: "matrix")),
    (["--version"], .version),
  ])
  func decodesEveryCommand(arguments: [String], expected: Command) throws {
    #expect(try ArgumentParser.parse(arguments) == expected)
  }

  @Test(arguments: [
    (
      ["plya"],
      "unknown subcommand 'plya'; did you mean 'play'? (subcommands: play, scenarios, check, render, gallery, matrix)"
    ),
    (["play", "--report", "html", "a.attsim"], "--report must be one of junit, markdown, not 'html'"),
    (["play"], "attsim play needs FILE"),
    (["matrix", "--formt", "csv"], "unknown option '--formt' for attsim matrix; did you mean '--format'?"),
    (["matrix", "--format", "html"], "--format must be one of csv, markdown, not 'html'"),
    (["matrix", "--format"], "--format needs a value (FORMAT)"),
    (["matrix", "extra"], "attsim matrix does not take 'extra'"),
    (["check"], "attsim check needs PATH"),
    (["check", "a", "b"], "attsim check does not take 'b'"),
    (["render", "--width", "wide"], "--width must be a number of cells between 1 and 1000, not 'wide'"),
    (["render", "--width", "0"], "--width must be a number of cells between 1 and 1000, not '0'"),
    (["--locale", "ja", "--locale", "ar"], "--locale is given twice"),
    (["--bogus"], "unknown option '--bogus' for attsim"),
    (["-x"], "unknown option '-x' for attsim"),
    (["help", "nope"], "unknown subcommand 'nope' (subcommands: play, scenarios, check, render, gallery, matrix)"),
    (["--app="], "--app needs a value (DIR)"),
  ])
  func rejectsMistakesWithOneClearLine(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
  }
}
