import Foundation
import Testing

/// The edges of a live session, in a real terminal: what a recording of an `--app` session names, `--force`
/// for a cast, a cast that fails during a walk, a walk left with a step off its script, a scenario in a
/// locale. Each test on its own tmux server, waiting on what the screen shows.
@Suite(.enabled(if: Tmux.isAvailable, "slow: ATTSIM_SLOW_TESTS=1, and tmux")) struct SessionEdgeTests {
  /// A recording of an `--app` session starts with the app (relative to the recording's folder) and plays
  /// back, the prompt's text pinned by `e`, with nothing else on the command line.
  @Test func anAppSessionsRecordingNamesTheAppAndPlaysBack() throws {
    let folder = try temporaryFolder()
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp"), to: folder.appendingPathComponent("app"))
    let tmux = try Tmux("\(Tmux.attsim) --app app --locale de --record r.attsim", width: 160, in: folder.path)
    #expect(try tmux.waitFor("● REC"), "\(tmux.screen)")
    try tmux.send("Enter")
    #expect(try tmux.waitFor("request: ATT dialog shown"), "\(tmux.screen)")
    try tmux.send("e")
    #expect(try tmux.waitFor("pinned:"), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
    let recording = try String(contentsOf: folder.appendingPathComponent("r.attsim"), encoding: .utf8)
    let lines = recording.split(separator: "\n")
    #expect(lines[1] == "app bundle=app", "\(recording)")
    #expect(recording.contains("locale=de") && recording.contains("prompt-source=strings"))
    let played = try runBuilt(["play", "r.attsim"], in: folder)
    #expect(played.status == 0, "\(played.err)")
  }

  /// The first frame has only the shown locale's tables of the demo app; a key pressed at once already finds
  /// every other locale's (the app is read whole before the first key).
  @Test func aLocaleChosenAtOnceHasItsOwnTexts() throws {
    let tmux = try Tmux("\(Tmux.attsim) --locale de", width: 160)
    try tmux.send("l")
    #expect(try tmux.waitFor("Prompt text  es.lproj/InfoPlist.strings"), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  /// `--force` replaces an existing cast, as it does a recording; without it the refusal names the cast.
  @Test func forceReplacesAnExistingCast() throws {
    let folder = try temporaryFolder()
    let existing = try write("my cast\n", to: "c.cast", in: folder)
    let refused = try Tmux("\(Tmux.attsim) --cast c.cast", width: 160, in: folder.path)
    #expect(refused.waitForExit() == 2)
    #expect(try refused.waitFor("attsim: cannot write the cast: 'c.cast' already exists"), "\(refused.screen)")
    let forced = try Tmux("\(Tmux.attsim) --cast c.cast --force", in: folder.path)
    #expect(try forced.waitFor("? help"), "\(forced.screen)")
    try forced.send("q")
    #expect(forced.waitForExit() == 0)
    #expect(try String(contentsOfFile: existing, encoding: .utf8).hasPrefix("{\"version\":2,"))
  }

  /// A cast that fails during a walk: the walk's summary is still printed, then why the cast failed.
  @Test func aFailedCastStillPrintsTheWalksSummary() throws {
    let folder = try temporaryFolder()
    _ = try write(
      "# title: Short walk\nsdk init\nrequest\ntap allow\nexpect status=authorized\n", to: "w.attsim", in: folder)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    let tmux = try Tmux("\(Tmux.attsim) --scenario w.attsim --cast out/c.cast", width: 160, height: 30, in: folder.path)
    #expect(try tmux.waitFor("next: request"), "\(tmux.screen)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
    try tmux.send("Enter")
    try tmux.send("a")
    #expect(try tmux.waitFor("1 of 1 expectation passed"), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("scenario Short walk: 1 of 1 expectation passed"), "\(tmux.screen)")
    #expect(try tmux.waitFor("attsim: the cast is incomplete"), "\(tmux.screen)")
  }

  /// A scenario name with a typo: the one meant, on one line.
  @Test func aMistypedScenarioSuggestsTheNearestName() throws {
    let tmux = try Tmux("\(Tmux.attsim) --scenario prepermision", width: 160)
    #expect(tmux.waitForExit() == 2)
    #expect(
      try tmux.waitFor("attsim: no file or library scenario 'prepermision'; did you mean 'prepermission'"),
      "\(tmux.screen)")
  }

  /// A step off the script left in the walk is printed on leaving, and the walk exits 1.
  @Test func aWalkLeftWithAStepOffItsScriptExitsOne() throws {
    let folder = try temporaryFolder()
    _ = try write("# title: Walk\nsdk init\nrequest\ntap allow\nexpect status=authorized\n", to: "w.attsim", in: folder)
    let tmux = try Tmux("\(Tmux.attsim) --scenario w.attsim --locale ar", width: 160, height: 30, in: folder.path)
    #expect(try tmux.waitFor("· ar ·"), "the walk starts in --locale's language: \(tmux.screen)")
    try tmux.send("t")
    try tmux.send("Enter")
    try tmux.send("a")
    #expect(try tmux.waitFor("1 of 1 expectation passed"), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 1)
    #expect(try tmux.waitFor("✗ off the script: track demo_event_1 (take it back with u)"), "\(tmux.screen)")
  }
}

/// Options of a live session that are wrong before any terminal is needed.
@Suite struct SessionOptionTests {
  @Test(arguments: ["--record", "--cast"])
  func aDashIsNotAFileTheScreenCanBeWrittenTo(option: String) {
    let outcome = attsim(option, "-")
    #expect(outcome.status == 2)
    #expect(outcome.err.hasPrefix("attsim: \(option) - would write into the screen the UI draws on: give a file name"))
    #expect(outcome.err.filter { $0 == "\n" }.count == 1)
  }
}

/// Names a user gets slightly wrong are answered with the one they meant.
@Suite struct SuggestionTests {
  @Test(arguments: [("jp", "ja"), ("cn", "zh-Hans"), ("german", "de"), ("dk", "da")])
  func aLocaleThatNamesNoLanguageSuggestsOne(written: String, meant: String) {
    let outcome = attsim("render", "--locale", written)
    #expect(outcome.status == 2)
    #expect(outcome.err.contains("(did you mean \(meant)?)"), "\(outcome.err)")
    #expect(outcome.err.filter { $0 == "\n" }.count == 1)
  }

  @Test func aRealLanguageIsTakenAsItIs() {
    #expect(attsim("render", "--locale", "is").status == 0)
    #expect(attsim("render", "--locale", "fil").status == 0, "three-letter codes are taken on trust")
  }
}
