import ConsentCore
import ConsentUI
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import Scenarios
import Testing

/// A small, seeded random generator (SplitMix64): the same seed gives the same keys on every run.
struct SeededKeys {
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// One of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
}

/// What the UI shows is what `play` and `render --script` read back: for random keys, undo, redo and restart
/// among them, the UI's state, `play` of its recording and `render --script` of the recording agree, and every
/// expectation `e` pinned holds.
@Suite struct OneInterpreterPropertyTests {
  /// Keys (and short key sequences) a session may press: answers, the app's calls, Settings, relaunches, OS
  /// updates, setup changes, locale, undo, redo and pins.
  static let presses: [[String]] = [
    ["enter"], ["tab"], ["a"], ["n"], ["!"], ["p"], ["t"], ["c"], ["l"], ["L"], ["s"], ["x"], ["r"], ["y"], ["u"],
    ["u"], ["U"], ["i"], ["m"], ["e"], ["down"], ["esc"], ["o"], ["d", "down", "right", "esc"],
    ["d", "down", "down", "right", "esc"], ["d", "left", "esc"], ["s", "tab", "enter", "s"],
  ]

  /// The script a recording made, as `play` reads it.
  static func script(_ lines: [String]) throws -> Script {
    try ScriptParser.parse(lines.joined(separator: "\n") + "\n", file: "recorded.attsim")
  }

  /// The session's recording (`header`, then what `pilot` recorded) passes in `play` and ends where the UI
  /// is, in `play` and in `render --script`.
  static func expectRecordingAgrees(
    header: [String], _ pilot: Pilot, pressed: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let script = try Self.script(header + pilot.recorded)
    let played = Self.play(script)
    #expect(played.problems.isEmpty, "keys \(pressed): \(played.problems)", sourceLocation: sourceLocation)
    #expect(played.state == pilot.state.consent, "keys \(pressed)", sourceLocation: sourceLocation)
    let rendered = UIState(environment: demoEnvironment, replaying: script)
    #expect(rendered.consent == pilot.state.consent, "keys \(pressed)", sourceLocation: sourceLocation)
  }

  /// Plays the recording; returns its final state, and every failure or refusal.
  static func play(_ script: Script) -> (state: ConsentState, problems: [String]) {
    var state = ConsentState()
    var problems: [String] = []
    ScriptRunner.run(
      script,
      report: { result in
        problems += result.failures.map { "line \(result.step.line): \($0.sentence)" }
        if let refusal = result.refusal { problems.append("line \(result.step.line): \(refusal.reason)") }
      }, finished: { state = $0 })
    return (state, problems)
  }

  @Test(arguments: 0..<40)
  func aFreeSessionAgreesWithItsRecording(seed: Int) throws {
    var keys = SeededKeys(seed: UInt64(seed))
    var pilot = Pilot(session: UISession(isRecording: true))
    let header = pilot.state.recordingHeader.map(\.text)
    var pressed: [String] = []
    for _ in 0..<40 {
      let press = keys.pick(Self.presses)
      pressed += press
      pilot.press(press)
    }
    try Self.expectRecordingAgrees(header: header, pilot, pressed: pressed)
  }

  @Test(arguments: 0..<30)
  func aGuidedWalkWithUndoRedoAndRestartAgreesWithItsRecording(seed: Int) throws {
    var keys = SeededKeys(seed: UInt64(seed) + 1000)
    let source = "sdk init\nrequest\ntap allow\nexpect status=authorized\ntrack purchase\nexpect event=sent\n"
    let scenario = GuidedScenario(
      name: "walk", script: try ScriptParser.parse("# title: Walk\n" + source, file: "walk.attsim"), bundles: [:])
    var pilot = Pilot(session: UISession(isRecording: true))
    let start = pilot.state.startScenario(scenario)
    let header =
      [pilot.state.recordingHeader[0].text]
      + start.compactMap { effect in
        if case .record(let line) = effect { line.text } else { nil }
      }
    var pressed: [String] = []
    for _ in 0..<30 {
      let press = keys.pick(Self.presses + [["R"], ["R"], ["a"], ["enter"]])
      pressed += press
      pilot.press(press)
    }
    try Self.expectRecordingAgrees(header: header, pilot, pressed: pressed)
  }
}

/// Each defect the one interpreter fixed, as a user met it.
@Suite struct OneInterpreterRegressionTests {
  func scenario(_ source: String, bundles: [AppBundleReference: AppResources] = [:]) throws -> GuidedScenario {
    GuidedScenario(
      name: "walk", script: try ScriptParser.parse("# title: Walk\n" + source, file: "walk.attsim"), bundles: bundles)
  }

  /// The start of a guided recording: the header's comment and what `startScenario` recorded.
  func start(_ pilot: inout Pilot, _ scenario: GuidedScenario) -> [String] {
    [pilot.state.recordingHeader[0].text]
      + pilot.state.startScenario(scenario).compactMap { effect in
        if case .record(let line) = effect { line.text } else { nil }
      }
  }

  /// `undo` after `app bundle=` takes back the app line in play as in render (play took back `sdk init`).
  @Test func undoAfterAnAppLineTakesBackTheAppLineEverywhere() throws {
    let demo = assets.appendingPathComponent("DemoApp").path
    let reference = AppBundleReference(path: demo)
    let script = try ScriptParser.parse(
      "sdk init\napp bundle=\(demo)\nundo\ntrack x\nexpect event=sent\n", file: "u.attsim")
    let bundles = [reference: try AppResources.load(FilePath(demo)).get()]
    var results: [StepResult] = []
    #expect(ScriptRunner.run(script, bundles: bundles, report: { results.append($0) }))
    let rendered = UIState(environment: demoEnvironment, replaying: script, bundles: bundles)
    #expect(rendered.consent.sdk.initialized && rendered.log.contains { $0.text.hasPrefix("↶ undo: took back app") })
  }

  /// A guided recording with a `u` in it can be walked again with `--scenario`, to its end.
  @Test func aRecordedGuidedWalkWithAnUndoCanBeWalkedAgain() throws {
    var recorder = Pilot(session: UISession(isRecording: true))
    var lines = start(&recorder, try scenario("sdk init\nrequest\ntap allow\ntrack a\nexpect event=sent\n"))
    recorder.press("enter", "n", "u", "a")
    lines += recorder.recorded
    #expect(lines.contains("undo") && recorder.state.guide?.passed == true)
    var walker = Pilot()
    _ = walker.state.startScenario(
      GuidedScenario(
        name: "rec", script: try ScriptParser.parse(lines.joined(separator: "\n"), file: "r"), bundles: [:]))
    walker.press("enter", "n", "u", "a")
    let guide = try #require(walker.state.guide)
    #expect(guide.isFinished && guide.passed, "\(guide.report)")
  }

  /// 60 keys, each followed by two of the guide's lines, then 60 `u`: the UI takes back what the ledger holds
  /// and says so when it cannot; the recording plays to the same state (play refused at line 285).
  @Test func manyUndosOfGuidedStepsPlayBack() throws {
    var pilot = Pilot(session: UISession(isRecording: true))
    let walk = "sdk init\n" + String(repeating: "relaunch\nsdk init\ntrack e\n", count: 60) + "expect event=sent\n"
    var lines = start(&pilot, try scenario(walk))
    for _ in 0..<60 { pilot.press("x") }
    for _ in 0..<60 { pilot.press("u") }
    lines += pilot.recorded
    #expect(pilot.recorded.filter { $0 == "undo lines=3" }.count == Refusal.undoDepth / 3)
    #expect(pilot.state.log.last?.text == "✗ undo lines=3: \(Refusal.nothingToUndo.reason)")
    let played = OneInterpreterPropertyTests.play(try OneInterpreterPropertyTests.script(lines))
    #expect(played.problems.isEmpty, "\(played.problems)")
    #expect(played.state == pilot.state.consent)
  }

  /// `R` after more than 100 steps restarts the walk whole: no event stays sent.
  @Test func restartAfterMoreThanAHundredStepsForgetsThemAll() throws {
    var pilot = Pilot(session: UISession(isRecording: true))
    let walk = "sdk init\n" + String(repeating: "relaunch\nsdk init\ntrack e\n", count: 120)
    var lines = start(&pilot, try scenario(walk))
    for _ in 0..<120 { pilot.press("x") }
    #expect(pilot.state.consent.events.sentCount == 120)
    pilot.press("R")
    #expect(pilot.state.consent.events.sentCount == 0 && pilot.state.guide?.cursor == 1)
    lines += pilot.recorded
    #expect(lines.last == "restart")
    let played = OneInterpreterPropertyTests.play(try OneInterpreterPropertyTests.script(lines))
    #expect(played.problems.isEmpty && played.state == pilot.state.consent)
  }

  /// An `--app` session's recording names the app first; `e` pins its prompt's text and source, and the
  /// recording passes in play with the app it names.
  @Test func anAppSessionsRecordingNamesTheAppAndPinsItsPrompt() throws {
    let demo = assets.appendingPathComponent("DemoApp").path
    let reference = AppBundleReference(path: demo)
    var pilot = Pilot(locale: "de", session: UISession(isRecording: true, app: reference))
    let header = pilot.state.recordingHeader.map(\.text)
    #expect(header[1] == "app bundle=\(demo)")
    pilot.press("enter", "e")
    let pin = try #require(pilot.recorded.first { $0.hasPrefix("expect ") })
    #expect(pin.contains("prompt-text=\"") && pin.contains("prompt-source=strings"))
    #expect(pin.contains("prompt=shown") && pin.contains("warning=tracking-domain-blocked"))
    let script = try ScriptParser.parse((header + pilot.recorded).joined(separator: "\n"), file: "s.attsim")
    var problems: [String] = []
    let bundles = [reference: try AppResources.load(FilePath(demo)).get()]
    #expect(ScriptRunner.run(script, bundles: bundles, report: { problems += $0.failures.map(\.sentence) }))
    #expect(problems.isEmpty, "\(problems)")
  }

  /// A guided walk whose scenario names an app asks the driver for its check: the update never runs it.
  @Test func aScenariosAppIsCheckedByTheDriverNotTheUpdate() throws {
    let folder = assets.appendingPathComponent("Examples/BrokenApp").path
    let reference = AppBundleReference(path: folder)
    let app = try AppResources.load(FilePath(folder)).get()
    var pilot = Pilot()
    let effects = pilot.state.startScenario(
      try scenario("app bundle=\(folder)\nsdk init\nrequest\n", bundles: [reference: app]))
    #expect(effects.contains(.work(.check(app))))
    #expect(pilot.state.environment.findings == nil, "no findings until the driver's check comes back")
    pilot.apply(effects)
    #expect(pilot.state.environment.findings != nil)
  }

  /// A click on the help overlay does not press the button under it.
  @Test func overlaysSwallowClicks() throws {
    var pilot = Pilot()
    pilot.press("enter")
    let allow = try #require(
      (0..<pilot.height).lazy.flatMap { row in (0..<pilot.width).lazy.map { (row, $0) } }.first { row, column in
        pilot.frame.button(atRow: row, column: column) == .allow
      })
    pilot.press("?")
    pilot.click(row: allow.0, column: allow.1)
    #expect(pilot.state.consent.status == .notDetermined && pilot.state.overlay == .help(page: 0))
  }

  /// `--scenario NAME --locale ar` walks the scenario in Arabic.
  @Test func aScenarioStartsInTheSessionsLocale() throws {
    var pilot = Pilot(session: UISession(locale: "ar"))
    _ = pilot.state.startScenario(try scenario("sdk init\nrequest\n"))
    #expect(pilot.state.consent.app.locale == "ar")
    // From the picker, in the locale on screen.
    var picked = Pilot(locale: "ja")
    picked.state.handle(.scenariosLoaded([try scenario("sdk init\n")]))
    picked.press("g", "enter")
    #expect(picked.state.consent.app.locale == "ja")
  }

  /// A step off the script still in the walk at the end fails it, and the report says which.
  @Test func aStepOffTheScriptLeftInTheWalkFailsIt() throws {
    var pilot = Pilot()
    _ = pilot.state.startScenario(try scenario("sdk init\nrequest\ntap allow\nexpect status=authorized\n"))
    pilot.press("t", "enter", "a")
    let guide = try #require(pilot.state.guide)
    #expect(guide.isFinished && !guide.passed)
    #expect(guide.report.contains("  ✗ off the script: track demo_event_1 (take it back with u)"))
  }

  /// The tester performs every request, the expanded one too: the guide waits for Enter on Request.
  @Test func theTesterPerformsTheExpandedRequest() throws {
    var pilot = Pilot()
    _ = pilot.state.startScenario(
      try scenario(
        "device ios=27.2 country=FR account-country=FR\nsdk init\nrequest expanded=yes additional-info=no\nexpect prompt=sheet\n"
      ))
    #expect(pilot.state.guide?.nextStep?.command == "request expanded=yes additional-info=no")
    #expect(pilot.state.consent.app.prompt == .none)
    pilot.press("enter")
    let guide = try #require(pilot.state.guide)
    #expect(guide.isFinished && guide.passed, "\(guide.report)")
  }

  /// In a recording, a scenario starts only before anything was recorded: one recording is one walk.
  @Test func aRecordingHoldsOneWalk() throws {
    var pilot = Pilot(session: UISession(isRecording: true))
    pilot.state.handle(.scenariosLoaded([try scenario("sdk init\n")]))
    pilot.press("t", "g")
    #expect(pilot.state.overlay == nil && pilot.state.log.last?.text.hasPrefix("✗ g: this recording") == true)
  }

  /// The undo line says what it took back.
  @Test func theLogSaysWhatAnUndoTookBack() {
    var pilot = Pilot()
    pilot.press("x", "u")
    #expect(pilot.state.log.last?.text == "↶ undo: took back 2 lines: relaunch, sdk init integration=method-a")
    pilot.press("U")
    #expect(pilot.state.log.last?.text == "↷ redo: brought back 2 lines: relaunch, sdk init integration=method-a")
  }
}

/// The smaller things of the UI on every terminal.
@Suite struct TerminalDetailTests {
  /// Without UTF-8, the keys' signs are spelled out: `Enter press`, never `E press`.
  @Test func asciiTerminalsSpellTheKeysOut() {
    let pilot = Pilot(session: UISession(terminalIsASCII: true))
    let bottom = pilot.frame.buffer.lines[23]
    #expect(bottom.contains("Enter press") && bottom.contains("Left/Right focus"), "\(bottom)")
  }

  /// An iOS update from the setup restarts the phone into the app: Settings is gone.
  @Test func anIOSUpdateFromTheSetupRestartsThePhoneIntoTheApp() {
    var pilot = Pilot()
    pilot.press("s")
    #expect(pilot.state.phoneScreen == .settings)
    pilot.press("d", "right", "esc")
    #expect(pilot.state.consent.device.iOS == IOSVersion(27, 2))
    #expect(pilot.state.phoneScreen == .home && pilot.state.consent.app.lifecycle == .active)
  }

  /// While the window is too small, keys do nothing but quit.
  @Test func aTooSmallWindowTakesOnlyQuit() {
    var pilot = Pilot()
    pilot.press("enter")
    pilot.resize(width: 60, height: 20)
    pilot.press("a", "n", "s", "tab", "enter")
    #expect(pilot.state.consent.status == .notDetermined && pilot.state.phoneScreen == .attDialog)
    pilot.press("q")
    #expect(pilot.quit)
  }
}
