import ConsentCore
import ConsentUI
import Foundation
import Scenarios
import Testing

/// Guided mode: the tester performs each step by keyboard; the panel shows every expectation.
@Suite struct GuidedModeTests {
  func scenario(_ source: String, title: String = "A walk") throws -> GuidedScenario {
    GuidedScenario(
      name: "walk", script: try ScriptParser.parse("# title: \(title)\n" + source, file: "walk.attsim"), bundles: [:])
  }

  @Test func theTesterWalksEveryStepAndSeesEachExpectation() throws {
    let walk = try scenario(
      "sdk init\nexpect status=notDetermined\nprepermission show\nprepermission continue\nexpect prompt=shown\ntap allow\nexpect status=authorized advertising_id=zero\n"
    )
    var pilot = Pilot()
    pilot.recorded += pilot.state.startScenario(walk).compactMap { effect in
      if case .record(let line) = effect { return line.text }
      return nil
    }
    #expect(pilot.state.guide?.nextStep?.command == "prepermission show")
    #expect(pilot.text.contains("next: prepermission show — press p"))
    #expect(pilot.state.guide?.checks.map(\.passed) == [true])
    pilot.press("p")
    #expect(pilot.state.guide?.nextStep?.command == "prepermission continue")
    pilot.press("enter")
    #expect(pilot.state.guide?.checks.last?.key == "prompt")
    pilot.press("a")
    let guide = try #require(pilot.state.guide)
    #expect(guide.isFinished)
    #expect(guide.checks.map(\.passed) == [true, true, true, false])
    #expect(guide.summary == "3 of 4 expectations passed")
    #expect(pilot.text.contains("done: 3 of 4 expectations passed"))
    #expect(pilot.text.contains("✗ advertising_id=zero, got 6D92078A"))
    #expect(guide.deviations.isEmpty)
  }

  @Test func theGuidePerformsSetupAndAppCallsItself() throws {
    let walk = try scenario(
      "device ios=15.0 kind=simulator\nsdk init use-consent=true\ntrack opened\nexpect event=queued\nrequest\n")
    var pilot = Pilot()
    _ = pilot.state.startScenario(walk)
    let consent = pilot.state.consent
    #expect(consent.device.iOS == IOSVersion(15, 0) && consent.device.kind == .simulator)
    #expect(consent.sdk.queue == ["opened"])
    #expect(pilot.state.guide?.nextStep?.command == "request")
    pilot.press("enter")
    #expect(pilot.state.guide?.isFinished == true)
  }

  @Test func stepsOffTheScriptAreNotedAndRelaunchDoesNotInitializeTheSDK() throws {
    let walk = try scenario("request\ntap allow\nrelaunch\nexpect status=authorized\n")
    var pilot = Pilot()
    _ = pilot.state.startScenario(walk)
    pilot.press("t")
    #expect(pilot.state.guide?.deviations.first?.hasPrefix("track") == true)
    #expect(pilot.text.contains("off script: track"))
    pilot.press("enter", "a", "x")
    #expect(pilot.state.guide?.isFinished == true)
    #expect(!pilot.state.consent.sdk.initialized)
  }

  @Test func goingToSettingsIsNotOffScript() throws {
    let walk = try scenario("request\ntap allow\nsettings app-tracking=off\nexpect status=denied\n")
    var pilot = Pilot()
    _ = pilot.state.startScenario(walk)
    pilot.press("enter", "a", "s", "tab", "enter")
    #expect(pilot.state.guide?.isFinished == true)
    #expect(pilot.state.guide?.deviations == [])
    #expect(pilot.state.guide?.checks.allSatisfy(\.passed) == true)
  }

  @Test func aRecordedSessionOpensInGuidedMode() throws {
    var recorder = Pilot()
    var session = recorder.state.recordingHeader.map(\.text)
    recorder.press("p", "enter", "a", "s", "tab", "enter", "s", "t")
    session += recorder.recorded
    let replay = try scenario(session.joined(separator: "\n"), title: "recorded")
    var walker = Pilot()
    _ = walker.state.startScenario(replay)
    walker.press("p", "enter", "a", "s", "tab", "enter", "s")
    #expect(walker.state.guide?.isFinished == true)
    #expect(walker.state.guide?.deviations == [])
    #expect(walker.state.consent.sdk.payload == recorder.state.consent.sdk.payload)
    #expect(walker.state.consent.events.sentCount == recorder.state.consent.events.sentCount)
  }

  @Test func thePickerStartsALibraryScenario() throws {
    var pilot = Pilot()
    pilot.state.handle(
      .scenariosLoaded([try scenario("request\n", title: "First"), try scenario("reinstall\n", title: "Second")]))
    pilot.press("g")
    #expect(pilot.text.contains("Walk a scenario") && pilot.text.contains("Second"))
    pilot.press("down", "enter")
    #expect(pilot.state.guide?.scenario.title == "Second")
    #expect(pilot.state.overlay == nil)
  }
}

/// A wrong step is taken back with u (or the walk restarted with R); leaving says what failed and where.
@Suite struct GuidedRetryTests {
  func scenario(_ source: String) throws -> GuidedScenario {
    GuidedScenario(
      name: "walk", script: try ScriptParser.parse("# title: Retry\n" + source, file: "walk.attsim"), bundles: [:])
  }

  @Test func aWrongTapIsTakenBackAndTheWalkGoesOn() throws {
    var pilot = Pilot()
    _ = pilot.state.startScenario(try scenario("sdk init\nrequest\ntap allow\nexpect status=authorized\n"))
    pilot.press("enter", "enter")  // Request, then Enter on the focused Ask App Not to Track: the wrong answer.
    #expect(pilot.state.consent.status == .denied)
    #expect(
      pilot.text.contains("off script: tap ask-not-to-track") && pilot.text.contains("u takes it back, R restarts"))
    pilot.press("a")  // Refused now, and the log says why.
    #expect(pilot.state.log.last?.text == "✗ tap allow: no ATT dialog is on screen")
    pilot.press("u")
    #expect(pilot.state.consent.status == .notDetermined && pilot.state.phoneScreen == .attDialog)
    #expect(pilot.state.guide?.deviations.isEmpty == true)
    pilot.press("a")
    let guide = try #require(pilot.state.guide)
    #expect(guide.passed && guide.report == ["scenario Retry: 1 of 1 expectation passed"])
  }

  @Test func restartTakesEverythingBackToTheScenariosStart() throws {
    var pilot = Pilot()
    pilot.recorded = pilot.state.startScenario(try scenario("sdk init\nrequest\ntap allow\n")).compactMap { effect in
      if case .record(let line) = effect { return line.text }
      return nil
    }
    pilot.press("enter", "n", "t", "R")
    #expect(pilot.state.consent.status == .notDetermined && pilot.state.phoneScreen == .home)
    #expect(pilot.state.guide?.nextStep?.command == "request")
    // The recording says restart, which play reads as the UI does: back to before the first user step.
    #expect(pilot.recorded.last == "restart")
    var replayed = ConsentState()
    let script = try ScriptParser.parse(pilot.recorded.joined(separator: "\n"), file: "recorded")
    #expect(ScriptRunner.run(script, finished: { replayed = $0 }))
    #expect(replayed == pilot.state.consent)
  }

  /// What `u` took back before `R` cannot come back after it: the restart is the new start, and the
  /// recording (which replays to the same state) gets no `redo` line.
  @Test func aRestartForgetsWhatCouldBeRedone() throws {
    var pilot = Pilot()
    pilot.recorded = pilot.state.startScenario(try scenario("sdk init\nrequest\ntap allow\n")).compactMap { effect in
      if case .record(let line) = effect { return line.text }
      return nil
    }
    pilot.press("enter", "n", "u", "R", "U")
    #expect(pilot.state.log.last?.text == "✗ redo: nothing was taken back since the last action")
    #expect(!pilot.recorded.contains("redo"))
    var replayed = ConsentState()
    let script = try ScriptParser.parse(pilot.recorded.joined(separator: "\n"), file: "recorded")
    #expect(ScriptRunner.run(script, finished: { replayed = $0 }))
    #expect(replayed == pilot.state.consent)
  }

  @Test func leavingEarlyOrWithAFailureFailsTheWalkAndSaysWhere() throws {
    var pilot = Pilot()
    _ = pilot.state.startScenario(
      try scenario(
        "sdk init\nrequest\ntap allow\nexpect status=denied\nrelaunch\nexpect crashed=no status=authorized\n"))
    pilot.press("enter", "a")
    let guide = try #require(pilot.state.guide)
    #expect(!guide.passed)
    #expect(
      guide.report == [
        "scenario Retry: 0 of 1 expectation passed (stopped before the end)",
        "  ✗ line 5: status expected denied, got authorized",
        "  stopped at line 6 (relaunch): 2 expectations not reached",
      ])
  }
}
