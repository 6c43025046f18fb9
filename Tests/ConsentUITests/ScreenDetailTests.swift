import ConsentCore
import ConsentUI
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import Scenarios
import Testing
import TextSupport

/// The screens tell the truth at the edges: a long alert scrolls where check says it would, focus shows in
/// plain text everywhere, nothing is hidden without a sign.
@Suite struct ScreenDetailTests {
  /// The UI on an English app whose purpose string is `purpose`.
  static func pilot(purpose: String) throws -> Pilot {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-alert-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try """
    <plist version="1.0"><dict>
    <key>CFBundleDevelopmentRegion</key><string>en</string>
    <key>CFBundleDisplayName</key><string>Lumen Demo</string>
    <key>NSUserTrackingUsageDescription</key><string>\(purpose)</string>
    </dict></plist>
    """.write(to: root.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let app = try AppResources.load(FilePath(root.path)).get()
    let system = try AppResources.load(FilePath(assets.appendingPathComponent("System").path)).get()
    return Pilot(
      environment: UIEnvironment(appTexts: AppTexts(app: app, system: system), findings: PromptLinter.check(app: app)))
  }

  /// A purpose string of `count` lines.
  static func lines(_ count: Int) -> String { (1...count).map { "line \($0)" }.joined(separator: "\n") }

  /// The UI scrolls by its own cells (D50); `too-long` judges the alert on an iPhone, which shows more (D89).
  @Test func theAlertScrollsByItsCellsWhileTooLongJudgesAnIPhone() throws {
    let fits = DialogMetrics.maxMessageLines
    var pilot = try Self.pilot(purpose: Self.lines(fits))
    pilot.press("enter")
    #expect(pilot.text.contains("line \(fits)") && !pilot.text.contains(" of \(fits)"))

    var long = try Self.pilot(purpose: Self.lines(fits + 3))
    #expect(!long.state.environment.findings!.contains { $0.rule == .tooLong })
    #expect(
      try Self.pilot(purpose: Self.lines(27)).state.environment.findings!.filter { $0.rule == .tooLong }.count == 1)
    long.press("enter")
    #expect(long.text.contains("1–\(fits - 1) of \(fits + 3) ▼"))
    #expect(!long.text.contains("line \(fits)\n") && !long.text.contains("line \(fits + 3)"))
    long.press("down", "pgdn")
    #expect(long.text.contains("▲ 5–\(fits + 3) of \(fits + 3)"))
    #expect(long.text.contains("line \(fits + 3)"))
    long.press("up")
    #expect(long.text.contains("▲ 4–"))
    // Focus still moves with ← →, and Allow still answers.
    long.press("right", "enter")
    #expect(long.state.consent.status == .authorized)
  }

  @Test func settingsShowsFocusInPlainText() {
    var pilot = Pilot()
    pilot.press("s")
    let focused = pilot.text.split(separator: "\n").first { $0.contains("Allow Apps to Request") }
    #expect(focused?.contains("▸Allow Apps to Request") == true)
    pilot.press("down")
    #expect(pilot.text.contains("[ Back to the app ]"))
  }

  @Test func iOS13AndEarlierSettingsOfferLimitAdTracking() {
    var pilot = Pilot()
    pilot.press("i", "i", "s")
    #expect(pilot.state.consent.device.iOS == IOSVersion(12, 4))
    #expect(
      pilot.text.contains("‹ Privacy") && pilot.text.contains("Advertising") && pilot.text.contains("Limit Ad Tracking")
    )
    #expect(!pilot.text.contains("Allow Apps to Request"))
    #expect(pilot.state.buttons == [.limitAdTrackingSwitch, .closeSettings])
    pilot.press("enter")
    #expect(pilot.state.consent.device.limitAdTracking)
  }

  @Test func anotherAlertIsOnThePhoneUntilItIsAnswered() {
    var pilot = Pilot()
    pilot.press(["d"] + Array(repeating: "down", count: SetupField.otherAlert.rawValue) + ["right", "esc"])
    #expect(pilot.state.phoneScreen == .otherAlert && pilot.text.contains("System alert"))
    #expect(pilot.text.contains("[ OK ]"))
    pilot.press("enter")
    #expect(pilot.state.phoneScreen == .home && !pilot.state.consent.device.otherAlertOnScreen)
    #expect(pilot.recorded.last == "device other-alert=no")
  }

  @Test func setupChangesSayInTheLogWhatTheyDid() {
    var pilot = Pilot()
    pilot.press(["d"] + Array(repeating: "down", count: SetupField.restricted.rawValue) + ["right", "esc"])
    #expect(
      pilot.state.log.last?.text == "setup: Restricted (child, MDM) no → yes; status notDetermined → restricted")
    // However many presses choose the value, leaving the field is one change: one line logged, one recorded.
    let (logged, recorded) = (pilot.state.log.count, pilot.recorded.count)
    pilot.press(["d", "down", "right", "right", "left", "esc"])
    #expect(pilot.state.log.count == logged + 1 && pilot.recorded.count == recorded + 1, "\(pilot.recorded)")
    #expect(pilot.state.log.last?.text == "setup: Device kind device → simulator", "\(pilot.state.log.suffix(3))")
    #expect(pilot.recorded.last == "device kind=simulator")
    // Back where it was: nothing changes, nothing is logged.
    pilot.press(["d", "down", "right", "left", "esc"])
    #expect(pilot.state.log.count == logged + 1 && pilot.recorded.count == recorded + 1)
  }

  @Test func theDetailsViewShowsEverySection() throws {
    let broken = try AppResources.load(FilePath(assets.appendingPathComponent("Examples/BrokenApp").path)).get()
    let system = try AppResources.load(FilePath(assets.appendingPathComponent("System").path)).get()
    var pilot = Pilot(
      locale: "zh-Hans",
      environment: UIEnvironment(
        appTexts: AppTexts(app: broken, system: system), findings: PromptLinter.check(app: broken)))
    let own = pilot.state.environment.findings(locale: "zh-Hans")!
    let findings = own + pilot.state.environment.appWideFindings!
    // The panel shows the locale's first and says how many more; the whole app's are one line.
    #expect(pilot.text.contains("Check (\(own.count))"))
    #expect(pilot.text.contains("+\(own.count - 1) more"))
    #expect(pilot.text.contains("app: 3 errors"))
    pilot.press("v")
    // Every finding is there, a page at a time.
    var seen = pilot.text
    for _ in 0..<5 {
      pilot.press("pgdn")
      seen += pilot.text
    }
    for finding in findings { #expect(seen.contains(finding.rule.rawValue), "\(finding.rule)") }
    #expect(seen.contains("! encoding · zh-Hans.lproj/InfoPlist.strings:1:1"))
    pilot.press("pgup", "pgup", "pgup", "pgup", "pgup")
    pilot.press("tab")
    #expect(pilot.text.contains("Warnings (0)"))
    pilot.press("tab")
    #expect(pilot.text.contains("Events (1)") && pilot.text.contains("Collect.initialize(method-a)"))
    pilot.press("esc")
    #expect(pilot.state.overlay == nil)
  }

  @Test func thePickerLeavesTheKeyHelpVisible() {
    var pilot = Pilot()
    _ = pilot.state.handle(.scenariosLoaded(Array(repeating: scenarioNamed("x"), count: 40)))
    pilot.press("g")
    #expect(pilot.frame.buffer.lines[23].hasPrefix(" ↑↓ choose"))
  }

  func scenarioNamed(_ name: String) -> GuidedScenario {
    GuidedScenario(name: name, script: Script(file: name, steps: []), bundles: [:])
  }
}

/// The demo app declares its collector a tracking domain: on iOS 17+ the panel shows events blocked after
/// Ask App Not to Track and sent after Allow.
@Suite struct TrackingDomainScreenTests {
  @Test func theDemoBlocksADeniedUsersEventsAndSendsAnAllowedOnes() {
    var denied = Pilot()
    #expect(denied.state.consent.app.trackingDomains == ["collect.example"])
    denied.press("enter", "n", "t")
    #expect(denied.state.consent.events.lastFate == .blocked)
    #expect(denied.text.contains("Manifests    collect.example · blocked"))
    #expect(denied.text.contains("0 sent · 1 blocked"))
    #expect(denied.text.contains("⚠ tracking-domain-blocked") && denied.text.contains("events to collect.example fail"))
    var allowed = Pilot()
    allowed.press("enter", "a", "t")
    #expect(allowed.state.consent.events.lastFate == .sent)
    #expect(allowed.text.contains("collect.example · allowed"))
  }

  @Test func setupChangesTheDomainsAndTheEndpoint() {
    var pilot = Pilot()
    pilot.press(["d"] + Array(repeating: "down", count: SetupField.trackingDomains.rawValue) + ["left"])
    #expect(!pilot.state.consent.app.trackingDomains.isEmpty, "applied when the field is left")
    pilot.press(Array(repeating: "down", count: SetupField.endpoint.rawValue - SetupField.trackingDomains.rawValue))
    #expect(pilot.state.consent.app.trackingDomains.isEmpty)
    pilot.press("right", "esc")
    #expect(pilot.state.consent.sdk.options.endpoint == "events.collect.example")
    #expect(pilot.recorded.contains("sdk init integration=method-a endpoint=events.collect.example"))
    // Below iOS 17 nothing is blocked.
    var old = Pilot()
    old.press(["d", "left", "left", "left", "esc", "enter", "n", "t"])
    #expect(old.state.consent.device.iOS == IOSVersion(15, 0))
    #expect(old.state.consent.events.lastFate == .sent)
    #expect(old.text.contains("collect.example · open <17"))
  }
}
