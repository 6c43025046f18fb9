import ConsentCore
import FileAccess
import Foundation
import PromptStrings
import Scenarios
import Testing

/// The one interpreter: the undo ledger holds exactly the lines that changed something, `undo lines=N` and
/// `redo lines=N` move N of them, `restart` goes back to before the first user step whatever the length.
@Suite struct WalkTests {
  static let demoApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets/DemoApp").path

  func run(_ source: String, bundles: [AppBundleReference: AppResources] = [:]) throws -> (
    passed: Bool, results: [StepResult], state: ConsentState
  ) {
    var results: [StepResult] = []
    var last = ConsentState()
    let passed = ScriptRunner.run(
      try ScriptParser.parse(source, file: "w.attsim"), bundles: bundles, report: { results.append($0) },
      finished: { last = $0 })
    return (passed, results, last)
  }

  @Test func undoAndRedoMoveTheLinesTheyName() throws {
    let outcome = try run(
      """
      sdk init
      request
      tap allow
      track a
      undo lines=3
      expect status=notDetermined prompt=none event=none
      redo lines=2
      expect status=authorized event=none
      redo
      expect event=sent
      """)
    #expect(outcome.passed, "\(outcome.results.flatMap(\.failures).map(\.sentence))")
    #expect(outcome.results[4].story == ["undo: took back 3 lines: request, tap allow, track a"])
    #expect(outcome.results[6].story == ["redo: brought back 2 lines: request, tap allow"])
  }

  @Test func anUndoOfMoreLinesThanTheLedgerHoldsIsRefusedAndNamesTheBound() throws {
    let outcome = try run("sdk init\nrequest\nundo lines=3\n")
    #expect(outcome.results.last?.refusal == .nothingToUndo)
    #expect(Refusal.nothingToUndo.reason.contains("lines to take back (attsim keeps the last \(Refusal.undoDepth))"))
    #expect(outcome.state.app.prompt == .shown, "a refused undo changes nothing")
  }

  /// An `app bundle=` line is a line like any other: `undo` takes it back (play and the UI agreed on
  /// nothing else before).
  @Test func anAppBundleLineIsTakenBackByUndo() throws {
    let reference = AppBundleReference(path: Self.demoApp)
    let app = try AppResources.load(FilePath(Self.demoApp)).get()
    let outcome = try run(
      "sdk init\napp bundle=\(Self.demoApp)\nundo\ntrack x\nexpect event=sent prompt-source=none\n",
      bundles: [reference: app])
    #expect(outcome.results[2].story == ["undo: took back app bundle=\(Self.demoApp)"])
    // The app's tracking domains went with its line: the event is sent, and no app resources remain.
    #expect(outcome.results[4].failures.map(\.actual) == ["no app bundle (add `app bundle=…`)"])
    #expect(outcome.state.app.trackingDomains.isEmpty && outcome.state.events.lastFate == .sent)
  }

  @Test func aNewLineForgetsWhatCouldBeRedone() throws {
    let outcome = try run("sdk init\nrequest\nundo\ntrack a\nredo\n")
    #expect(outcome.results.last?.refusal == .nothingToRedo)
  }

  /// However long the walk, `restart` goes back to before its first user step: 150 events, then nothing.
  @Test func restartGoesBackToBeforeTheFirstUserStepWhateverTheLength() throws {
    let source =
      "device ios=17.4\nsdk init\nrequest\ntap allow\n" + String(repeating: "track e\n", count: 150)
      + "restart\nexpect status=notDetermined prompt=none event=none\nrequest\ntap ask-not-to-track\nrestart\nrestart\n"
      + "expect status=notDetermined\n"
    let outcome = try run(source)
    #expect(outcome.passed, "\(outcome.results.compactMap(\.refusal))")
    #expect(outcome.state.events.sentCount == 0 && outcome.state.device.iOS == IOSVersion(17, 4))
    #expect(outcome.state.sdk.initialized, "the setup before the first user step stays")
    #expect(try run("sdk init\nrestart\n").results.last?.refusal == .nothingToRestart)
  }

  /// Only the last `Refusal.undoDepth` lines can be taken back; memory stays bounded.
  @Test func theLedgerKeepsTheBound() throws {
    let source =
      "sdk init\n" + String(repeating: "track e\n", count: Refusal.undoDepth + 20)
      + String(repeating: "undo lines=50\n", count: 2) + "undo\n"
    let outcome = try run(source)
    #expect(outcome.results.filter { $0.refusal == nil && $0.step.kind == .undo(lines: 50) }.count == 2)
    #expect(outcome.results.last?.refusal == .nothingToUndo)
    #expect(outcome.state.events.sentCount == 20)
  }

  /// Past twice the bound (where older lines go a batch at a time) the bound is still exact, also after a
  /// redo.
  @Test func theBoundHoldsPastTheBatchThatDropsOldLines() throws {
    let source =
      "sdk init\n" + String(repeating: "track e\n", count: 3 * Refusal.undoDepth + 50)
      + "undo lines=\(Refusal.undoDepth)\nredo lines=10\nundo lines=10\nundo\n"
    let outcome = try run(source)
    #expect(outcome.results.filter { $0.refusal == nil }.count == 3 * Refusal.undoDepth + 54)
    #expect(outcome.results.last?.refusal == .nothingToUndo)
    #expect(outcome.state.events.sentCount == 2 * Refusal.undoDepth + 50)
  }

  /// The caller's own state comes back with the model's.
  @Test func theCallersExtraComesBackWithTheState() {
    var walk = Walk<String>(from: ConsentState())
    func step(_ kind: Step.Kind) -> Step { Step(line: 1, command: "x", kind: kind) }
    _ = walk.perform(step(.action(.sdkInitialized(SDKOptions()))), extra: "before init")
    _ = walk.perform(step(.action(.trackingRequested)), extra: "before request")
    #expect(walk.perform(step(.undo(lines: 1)), extra: "after request").restored == "before request")
    #expect(walk.perform(step(.redo(lines: 1)), extra: "ignored").restored == "after request")
    #expect(walk.perform(step(.restart), extra: "now").restored == "before request")
    #expect(walk.undoableLines == 0 && walk.redoableLines == 0)
  }

  /// Groups (what one key of the UI did): `u` takes back the last group whole, `U` what the last undo took
  /// back, and a redo's lines come back as one group; lines outside any group are no key's to take back.
  @Test func groupsAreWhatOneKeyDid() {
    var walk = Walk<Void>(from: ConsentState())
    func perform(_ kind: Step.Kind) { _ = walk.perform(Step(line: 1, command: "x", kind: kind), extra: ()) }
    perform(.action(.sdkInitialized(SDKOptions())))
    #expect(walk.lastGroupLines == 0)
    walk.beginGroup()
    perform(.action(.trackingRequested))
    walk.beginGroup()
    perform(.action(.allowTapped))
    perform(.action(.eventTracked(name: "a")))
    #expect(walk.lastGroupLines == 2 && walk.lastUndoLines == 0)
    perform(.undo(lines: 2))
    #expect(walk.lastGroupLines == 1 && walk.lastUndoLines == 2)
    perform(.undo(lines: 1))
    #expect(walk.lastGroupLines == 0 && walk.lastUndoLines == 1)
    perform(.redo(lines: 1))
    #expect(walk.lastGroupLines == 1 && walk.lastUndoLines == 2)
    perform(.redo(lines: 2))
    #expect(walk.lastGroupLines == 2 && walk.lastUndoLines == 0 && walk.state.events.sentCount == 1)
  }
}
