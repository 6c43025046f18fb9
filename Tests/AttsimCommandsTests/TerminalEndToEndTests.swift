import Foundation
import Testing

/// The real UI in a real terminal (tmux), driven by keys from outside.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "slow: ATTSIM_SLOW_TESTS=1, and tmux")) struct TerminalEndToEndTests
{
  @Test func pressingPEnterAndAShowsAuthorized() throws {
    let tmux = try Tmux(Tmux.attsim)
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    try allowByKeyboard(tmux)
    #expect(try tmux.waitFor("\"authorized\""))
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  @Test func aMouseClickPressesTheButtonUnderIt() throws {
    let tmux = try Tmux(Tmux.attsim)
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    try tmux.send("p", "Enter")
    // The click's place is taken from the whole frame, settled as render draws it: tmux may show a frame
    // half written (ncurses writes it in parts), with the alert's lines not yet where they end up.
    let alert = try TerminalScreenTests.rendered(["--keys", "p enter"])
    #expect(try tmux.waitForScreen(alert), "\(tmux.screen)")
    // Find the Allow button (a line of the alert holding only it), then click it as a terminal reports a click (X10: ESC [ M b x y).
    let lines = alert.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let row = try #require(
      lines.firstIndex { $0.split(separator: "│").contains { $0.trimmingCharacters(in: .whitespaces) == "Allow" } })
    let column = try #require(lines[row].range(of: "Allow")).lowerBound.utf16Offset(in: lines[row])
    let position = String(UnicodeScalar(UInt8(33 + column + 2))) + String(UnicodeScalar(UInt8(33 + row)))
    func click() throws {
      try tmux.sendLiteral("\u{1B}[M " + position)
      try tmux.sendLiteral("\u{1B}[M#" + position)
    }
    try click()
    if try !tmux.waitFor("authorized (3)", seconds: 5) {
      // Twice in about 25 runs of the whole suite with both cores busy, a click got no answer (DECISIONS D61):
      // that shows as a known issue, and a second click must then be answered.
      withKnownIssue("a click went unanswered under load (D61)") { Issue.record("no answer to the click in 5 s") }
      try click()
    }
    #expect(try tmux.waitFor("authorized (3)"), "\(tmux.screen)")
  }

  @Test func aKilledSessionKeepsEveryRecordedStep() throws {
    let record = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-\(UUID().uuidString).attsim")
    let tmux = try Tmux("\(Tmux.attsim) --record \(record.path)")
    #expect(try tmux.waitFor("● REC"), "\(tmux.screen)")
    try allowByKeyboard(tmux)
    kill(try tmux.commandPID(), SIGKILL)
    #expect(tmux.waitForExit() == 128 + Int(SIGKILL))
    let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines.suffix(3) == ["prepermission show", "prepermission continue", "tap allow"])
    let replay = attsim("play", record.path)
    #expect(replay.status == 0)
    #expect(replay.out.split(separator: "\n").last?.contains("\"status\":\"authorized\"") == true)
  }

  @Test func aGuidedScenarioShowsEachStepAndTheSummary() throws {
    let tmux = try Tmux("\(Tmux.attsim) --scenario allow-method-a")
    #expect(try tmux.waitFor("next: request"), "\(tmux.screen)")
    try tmux.send("Enter")
    #expect(try tmux.waitFor("next: tap allow"), "\(tmux.screen)")
    try tmux.send("a")
    #expect(try tmux.waitFor("done: 10 of 10 expectations passed"), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
    // The summary attsim prints on leaving (compared without spaces: the pane wraps it at 80 columns).
    let summary =
      "scenario Allow with method-a puts the status and the IDFA in the payload: 10 of 10 expectations passed"
    #expect(try tmux.waitUntil { $0.filter { !$0.isWhitespace }.contains(summary.filter { !$0.isWhitespace }) })
  }

  @Test func aGuidedWalkThatFailsExitsOneAndSaysWhatFailed() throws {
    let folder = try temporaryFolder()
    let walk = try write(
      "# title: Allow it\nsdk init\nrequest\ntap allow\nexpect status=authorized\nrelaunch\nexpect status=authorized\n",
      to: "walk.attsim", in: folder)
    let tmux = try Tmux("'\(Tmux.attsim)' --scenario '\(walk)'")
    #expect(try tmux.waitFor("next: request"), "\(tmux.screen)")
    try tmux.send("Enter")
    #expect(try tmux.waitFor("next: tap allow"), "\(tmux.screen)")
    try tmux.send("n")  // The wrong answer; u takes it back, then the right one.
    #expect(try tmux.waitFor("off script: tap ask-not-to-track"), "\(tmux.screen)")
    try tmux.send("u")
    #expect(try tmux.waitFor("next: tap allow"), "\(tmux.screen)")
    try tmux.send("a")
    #expect(try tmux.waitFor("next: relaunch"), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 1)
    #expect(try tmux.waitFor("scenario Allow it: 1 of 1 expectation passed (stopped before the end)"), "\(tmux.screen)")
    #expect(try tmux.waitFor("stopped at line 6 (relaunch): 1 expectation not reached"), "\(tmux.screen)")
  }

  @Test func autoplayReachesTheSummaryWithoutAKey() throws {
    let folder = try temporaryFolder()
    let walk = try write(
      "# title: Plays itself\nsdk init\nrequest\ntap allow\nexpect status=authorized\n", to: "walk.attsim", in: folder)
    let tmux = try Tmux("'\(Tmux.attsim)' --scenario '\(walk)' --autoplay 0.2")
    #expect(try tmux.waitFor("■ 1 of 1 expectation passed"), "\(tmux.screen)")
    #expect(try tmux.waitFor("\"authorized\""), "\(tmux.screen)")
    // The session stays open for the audience until q.
    #expect(tmux.exitStatus() == nil)
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  @Test func aLiveCastIsValidEvenWhenTheSessionIsKilled() throws {
    let folder = try temporaryFolder()
    let cast = folder.appendingPathComponent("live.cast").path
    let tmux = try Tmux("'\(Tmux.attsim)' --cast '\(cast)'")
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    try tmux.send("p")
    #expect(try tmux.waitFor("Continue"), "\(tmux.screen)")
    kill(try tmux.commandPID(), SIGKILL)
    _ = tmux.waitForExit()
    let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
    #expect(lines.count >= 3)
    let header = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80)
    var last = -1.0
    for line in lines.dropFirst() {
      let event = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      let time = try #require(event[0] as? Double)
      #expect(time >= last && event[1] as? String == "o")
      last = time
    }
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let tmux = try Tmux(Tmux.attsim)
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    kill(try tmux.commandPID(), SIGTERM)
    #expect(tmux.waitForExit() == 128 + Int(SIGTERM))
    // Left the alternate screen: the UI is gone from the pane.
    #expect(try tmux.waitUntil { !$0.contains("simulator controls") })
  }

  @Test func aTooSmallWindowSaysHowBigItMustBeAndFollowsResizes() throws {
    let tmux = try Tmux(Tmux.attsim, width: 60, height: 20)
    #expect(try tmux.waitFor("attsim needs at least 80×24"), "\(tmux.screen)")
    try tmux.resize(width: 100, height: 30)
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  @Test func withoutATerminalItPointsToRenderAndPlay() throws {
    let outcome = try runBuilt([])
    #expect(outcome.status == 2)
    #expect(
      outcome.err.contains("no terminal") && outcome.err.contains("attsim render")
        && outcome.err.contains("attsim play"))
    #expect(outcome.err.split(separator: "\n").count == 1)
  }

  /// From launch to Allow by keyboard: p, Enter, a, waiting for each screen.
  private func allowByKeyboard(_ tmux: Tmux) throws {
    try tmux.send("p")
    #expect(try tmux.waitFor("Continue"), "\(tmux.screen)")
    try tmux.send("Enter")
    #expect(try tmux.waitFor("Ask App Not to Track"), "\(tmux.screen)")
    try tmux.send("a")
    #expect(try tmux.waitFor("authorized (3)"), "\(tmux.screen)")
  }

}
