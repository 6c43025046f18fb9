import ConsentCore
import ConsentUI
import Foundation
import Scenarios
import Testing

/// Presenter mode, undo and redo, and expectations pinned with e.
@Suite struct PresenterTests {
  func scenario(_ source: String) throws -> GuidedScenario {
    GuidedScenario(
      name: "demo", script: try ScriptParser.parse("# title: Demo\n" + source, file: "demo.attsim"), bundles: [:])
  }

  /// A session that shows no focus (`--autoplay`, captures) draws the buttons as an iPhone does: no brackets,
  /// no reverse video, no ▸; the focus is still there for the keys.
  @Test func aSessionWithoutFocusDrawsButtonsAsIOSDoes() throws {
    var pilot = Pilot(session: UISession(showsFocus: false))
    _ = pilot.state.startAutoplay(try scenario("sdk init\nrequest\ntap allow\n"), interval: 1.5)
    _ = pilot.state.handle(.tick)
    #expect(pilot.state.phoneScreen == .attDialog && pilot.state.focusedButton == .askNotToTrack)
    #expect(pilot.text.contains("Ask App Not to Track") && !pilot.text.contains("[ Ask App Not to Track ]"))
    let buffer = pilot.frame.buffer
    let row = try #require(buffer.lines.firstIndex { $0.contains("Ask App Not to Track") })
    #expect((0..<80).allSatisfy { !buffer[row, $0].style.reverse }, "no reversed button")
  }

  /// `--device` and `--sdk`: the app launches on that device with those options, a recording's header says
  /// so, and a scenario starts on that device too.
  @Test func aSessionStartsOnTheDeviceAndWithTheSDKOptionsGiven() throws {
    let session = UISession(
      isRecording: true, device: [DeviceChange(iOS: IOSVersion(27, 2)), DeviceChange(country: "FR")],
      sdk: SDKOptions(integration: .methodB))
    var pilot = Pilot(session: session)
    #expect(pilot.state.consent.device.iOS == IOSVersion(27, 2) && pilot.state.consent.device.country == "FR")
    #expect(
      pilot.state.consent.sdk.options.integration == .methodB && pilot.state.launchOptions.integration == .methodB)
    let header = pilot.state.recordingHeader.map(\.text).joined(separator: "\n")
    #expect(header.contains("ios=27.2") && header.contains("country=FR") && header.contains("integration=method-b"))
    _ = pilot.state.startScenario(try scenario("sdk init\nrequest\n"))
    #expect(pilot.state.consent.device.iOS == IOSVersion(27, 2))
  }

  @Test func autoplayPlaysEveryStepOnTicksAndCaptionsTheNext() throws {
    var pilot = Pilot()
    _ = pilot.state.startAutoplay(
      try scenario("sdk init\nrequest\ntap allow\nexpect status=authorized\ntrack purchase\n"), interval: 1.5)
    #expect(pilot.state.wantsTicks)
    #expect(pilot.frame.buffer.lines[23].hasPrefix(" ▶ the app requests tracking"))
    // At 80 columns the caption gives way; the presenter's keys stay whole.
    #expect(pilot.frame.buffer.lines[23].hasSuffix("1/5  Space pause  →/← step  R restart  q quit"))
    var wide = pilot
    wide.resize(width: 120, height: 30)
    #expect(wide.frame.buffer.lines[29].hasPrefix(" ▶ the app requests tracking — Enter on Request tracking "))
    _ = pilot.state.handle(.tick)
    #expect(pilot.state.phoneScreen == .attDialog)
    #expect(pilot.frame.buffer.lines[23].hasPrefix(" ▶ tap Allow — a"))
    pilot.press("space")
    #expect(!pilot.state.wantsTicks && pilot.frame.buffer.lines[23].hasPrefix(" ⏸ tap Allow — a"))
    _ = pilot.state.handle(.tick)
    #expect(pilot.state.phoneScreen == .attDialog, "a paused walk does not move")
    pilot.press("right")
    #expect(pilot.state.consent.status == .authorized)
    pilot.press("left")
    #expect(pilot.state.consent.status == .notDetermined && pilot.state.phoneScreen == .attDialog)
    pilot.press("space")
    for _ in 0..<3 { _ = pilot.state.handle(.tick) }
    let guide = try #require(pilot.state.guide)
    #expect(guide.isFinished && guide.passed && !pilot.state.wantsTicks)
    #expect(pilot.frame.buffer.lines[23].hasPrefix(" ■ 1 of 1 expectation passed"))
    #expect(pilot.state.consent.events.lastFate == .sent)
  }

  @Test func redoBringsBackWhatUndoTookAndTheRecordingReplays() throws {
    var pilot = Pilot()
    pilot.press("enter", "a", "u")
    #expect(pilot.state.consent.status == .notDetermined)
    pilot.press("U")
    #expect(pilot.state.consent.status == .authorized)
    pilot.press("U")
    #expect(pilot.state.log.last?.text == "✗ redo: nothing was taken back since the last action")
    pilot.press("u", "u", "U", "n")
    #expect(pilot.state.consent.status == .denied)
    // A new action forgets what was undone.
    pilot.press("U")
    #expect(pilot.state.consent.status == .denied)
    var replayed: ConsentState?
    let script = try ScriptParser.parse(
      (pilot.state.recordingHeader.map(\.text) + pilot.recorded).joined(separator: "\n"), file: "session")
    ScriptRunner.run(script, finished: { replayed = $0 })
    #expect(replayed?.status == .denied && replayed?.app == pilot.state.consent.app)
  }

  @Test func ePinsWhatThePanelShowsAndPlayPassesIt() throws {
    var plain = Pilot()
    plain.press("e")
    #expect(plain.state.log.last?.kind == .refusal)
    var pilot = Pilot(session: UISession(isRecording: true))
    let header = pilot.state.recordingHeader.map(\.text)
    pilot.press("enter", "n", "t", "e", "s", "down", "enter", "s", "t", "e")
    let pinned = pilot.recorded.filter { $0.hasPrefix("expect ") }
    #expect(pinned.count == 2)
    #expect(pinned[0].contains("status=denied") && pinned[0].contains("event=blocked"))
    #expect(pinned[0].contains("warning=tracking-domain-blocked"))
    let script = try ScriptParser.parse((header + pilot.recorded).joined(separator: "\n"), file: "session")
    var failures: [String] = []
    let passed = ScriptRunner.run(script, report: { failures += $0.failures.map(\.sentence) })
    #expect(passed, "\(failures)")
  }
}
