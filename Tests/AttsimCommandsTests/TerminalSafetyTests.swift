import Foundation
import Testing

/// The real UI in tmux, against signals and failing files: the terminal always comes back, and no
/// recording is lost or silently cut.
@Suite(.enabled(if: Tmux.isAvailable, "slow: ATTSIM_SLOW_TESTS=1, and tmux")) struct TerminalSafetyTests {
  /// Signals whose default action ends a process: the terminal is restored before attsim ends.
  @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGTERM, SIGHUP])
  func aSignalThatEndsTheSessionRestoresTheTerminal(signal: Int32) throws {
    let tmux = try Tmux(Tmux.attsim)
    try expectEndedAndRestored(tmux, by: signal)
    #expect(try tmux.waitUntil { !$0.contains("simulator controls") })
  }

  /// A crash cannot wait for the loop: its handler gives the terminal back from bytes prepared at the start
  /// (TerminalRescue), then attsim dies of the same signal. (No core file: the pane's shell allows none.)
  @Test(arguments: [SIGSEGV, SIGABRT])
  func aCrashRestoresTheTerminal(signal: Int32) throws {
    try expectEndedAndRestored(try Tmux("ulimit -c 0; '\(Tmux.attsim)'"), by: signal)
  }

  /// Waits for the UI in `tmux`, sends `signal`, and expects attsim to die of it with the alternate screen,
  /// the cursor and the mouse given back.
  private func expectEndedAndRestored(_ tmux: Tmux, by signal: Int32) throws {
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    #expect(try tmux.waitForFlag("alternate_on", "1") && tmux.waitForFlag("mouse_any_flag", "1"))
    kill(try tmux.commandPID(), signal)
    #expect(tmux.waitForExit() == 128 + Int(signal))
    #expect(try tmux.waitForFlag("alternate_on", "0"))
    #expect(try tmux.waitForFlag("cursor_flag", "1"))
    #expect(try tmux.waitForFlag("mouse_any_flag", "0"))
  }

  @Test func aSecondSignalStillFindsTheTerminalRestored() throws {
    let tmux = try Tmux(Tmux.attsim)
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    let pid = try tmux.commandPID()
    kill(pid, SIGQUIT)
    kill(pid, SIGQUIT)
    #expect(tmux.waitForExit() != nil)
    #expect(try tmux.waitForFlag("alternate_on", "0") && tmux.waitForFlag("cursor_flag", "1"))
  }

  @Test func anExistingRecordingIsNeverReplacedWithoutForce() throws {
    let folder = try temporaryFolder()
    let existing = try write("# my recording\nsdk init\nrequest\n", to: "s.attsim", in: folder)
    let refused = try Tmux("\(Tmux.attsim) --record s.attsim", width: 160, in: folder.path)
    #expect(refused.waitForExit() == 2)
    #expect(try refused.waitFor("'s.attsim' already exists; attsim does not overwrite it (use --force"))
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "# my recording\nsdk init\nrequest\n")
    let forced = try Tmux("\(Tmux.attsim) --record s.attsim --force", in: folder.path)
    #expect(try forced.waitFor("● REC"), "\(forced.screen)")
    try forced.send("q")
    #expect(forced.waitForExit() == 0)
    #expect(try String(contentsOfFile: existing, encoding: .utf8).hasPrefix("# attsim session"))
  }

  @Test func aRecordingNeverReplacesTheScenarioBeingWalked() throws {
    let folder = try temporaryFolder()
    let scenario = try write(
      "# title: mine\nrequest\ntap allow\nexpect status=authorized\n", to: "x.attsim", in: folder)
    let tmux = try Tmux("\(Tmux.attsim) --record x.attsim --force --scenario x.attsim", width: 160, in: folder.path)
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("it is one of this command's inputs"))
    #expect(try String(contentsOfFile: scenario, encoding: .utf8).hasPrefix("# title: mine"))
  }

  @Test(arguments: ["--record app/Info.plist --force", "--cast app/PrivacyInfo.xcprivacy --force"])
  func aSessionNeverRecordsOverTheAppsOwnFiles(options: String) throws {
    let folder = try temporaryFolder()
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp"), to: folder.appendingPathComponent("app"))
    let before = try Data(contentsOf: folder.appendingPathComponent("app/Info.plist"))
    let tmux = try Tmux("\(Tmux.attsim) --app app \(options)", width: 200, in: folder.path)
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("it is one of this command's inputs"), "\(tmux.screen)")
    #expect(try Data(contentsOf: folder.appendingPathComponent("app/Info.plist")) == before)
  }

  @Test func aRecordingWhoseFolderIsDeletedFailsTheSession() throws {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("rec"), withIntermediateDirectories: true)
    let tmux = try Tmux("\(Tmux.attsim) --record rec/r.attsim", width: 160, height: 30, in: folder.path)
    #expect(try tmux.waitFor("● REC"), "\(tmux.screen)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("rec"))
    try tmux.send("t")
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("attsim: ✗ REC FAILED: "), "\(tmux.screen)")
    #expect(try tmux.waitFor("was deleted while attsim was writing it"), "\(tmux.screen)")
  }

  @Test func aSecondSessionCannotRecordIntoALiveRecording() throws {
    let folder = try temporaryFolder()
    let first = try Tmux("\(Tmux.attsim) --record r.attsim", width: 160, height: 30, in: folder.path)
    #expect(try first.waitFor("● REC"), "\(first.screen)")
    try first.send("t")
    #expect(try first.waitFor("demo_event_1"), "\(first.screen)")
    let second = try Tmux("\(Tmux.attsim) --record r.attsim --force", width: 200, in: folder.path)
    #expect(second.waitForExit() == 2)
    #expect(try second.waitFor("another attsim session is recording into it"), "\(second.screen)")
    try first.send("t")
    #expect(try first.waitFor("demo_event_2"))
    try first.send("q")
    #expect(first.waitForExit() == 0)
    let kept = try String(contentsOf: folder.appendingPathComponent("r.attsim"), encoding: .utf8)
    #expect(kept.hasPrefix("# attsim session") && kept.contains("track demo_event_2"), "\(kept)")
    // Once the first session is over, --force may replace its finished recording.
    let third = try Tmux("\(Tmux.attsim) --record r.attsim --force", width: 160, in: folder.path)
    #expect(try third.waitFor("● REC"), "\(third.screen)")
    try third.send("q")
    #expect(third.waitForExit() == 0)
  }
}
