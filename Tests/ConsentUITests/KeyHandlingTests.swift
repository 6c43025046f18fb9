import ConsentCore
import ConsentUI
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import Scenarios
import TestApps
import Testing
import TextSupport

/// Keys through the same update function the terminal uses.
@Suite struct KeyHandlingTests {
  @Test(arguments: [
    ([String](), PhoneScreen.home, "notDetermined"),
    (["p"], .prePermission, "notDetermined"),
    (["p", "enter"], .attDialog, "notDetermined"),
    (["p", "space"], .attDialog, "notDetermined"),
    // The demo app's pre-permission screen has only Continue (App Review rejects a way to skip the prompt).
    (["p", "tab", "enter"], .attDialog, "notDetermined"),
    (["p", "right", "enter"], .attDialog, "notDetermined"),
    (["p", "enter", "a"], .home, "authorized"),
    (["p", "enter", "n"], .home, "denied"),
    (["p", "enter", "enter"], .home, "denied"),
    (["p", "enter", "tab", "enter"], .home, "authorized"),
    (["enter"], .attDialog, "notDetermined"),
    (["enter", "a", "enter"], .home, "authorized"),
    (["s"], .settings, "notDetermined"),
    (["s", "esc"], .home, "notDetermined"),
    (["enter", "n", "s", "down", "enter"], .settings, "authorized"),
    (["s", "enter", "down", "enter"], .settings, "denied"),
    (["s", "enter", "esc"], .settings, "notDetermined"),
    (["enter", "a", "r"], .home, "notDetermined"),
    (["i"], .home, "notDetermined"),
    (["i", "i"], .home, "unavailable"),
    (["a"], .home, "notDetermined"),
  ])
  func keysLeadWhereTheyShould(keys: [String], screen: PhoneScreen, status: String) {
    var pilot = Pilot()
    for key in keys { pilot.press(key) }
    #expect(pilot.state.phoneScreen == screen)
    #expect(pilot.state.consent.statusWord == status)
  }

  @Test func focusStartsOnEachScreensFirstButton() {
    var pilot = Pilot()
    pilot.press("tab", "tab")
    #expect(pilot.state.focusedButton == .trackEvent)
    pilot.press("p")
    #expect(pilot.state.focusedButton == .continuePrePermission)
    pilot.press("enter")
    #expect(pilot.state.focusedButton == .askNotToTrack)
    pilot.press("left")
    #expect(pilot.state.focusedButton == .allow)
  }

  @Test func localesCycleBothWaysAndReResolveTheTexts() {
    var pilot = Pilot()
    let locales = demoEnvironment.appTexts.locales
    #expect(locales.first == "en" && locales.count == 16)
    pilot.press("l")
    #expect(pilot.state.locale == locales[1])
    pilot.press("L", "L")
    #expect(pilot.state.locale == locales.last)
    pilot.press("p", "enter")
    #expect(pilot.text.contains(pilot.state.texts.allow))
    #expect(pilot.recorded.contains("app locale=\(locales.last!)"))
  }

  @Test func iOSCyclesThroughThePlanAndTheAppRelaunches() {
    var pilot = Pilot()
    pilot.press("i")
    #expect(pilot.state.consent.device.iOS == IOSVersion(27, 2))
    pilot.press("i")
    #expect(pilot.state.consent.device.iOS == IOSVersion(12, 4))
    #expect(pilot.state.consent.sdk.initialized)
    #expect(
      pilot.recorded.suffix(2) == ["device ios=12.4", "sdk init integration=method-a"])
  }

  @Test func integrationCyclesWithARelaunch() {
    var pilot = Pilot()
    pilot.press("m")
    #expect(pilot.state.consent.sdk.options.integration == .methodB)
    pilot.press("m", "enter", "a")
    #expect(pilot.state.consent.app.blogCallback?.granted == false)
    #expect(pilot.text.contains("blog recipe bug"))
  }

  @Test func settingsSendTheAppToTheBackgroundAndBack() {
    var pilot = Pilot()
    pilot.press("s")
    #expect(pilot.state.consent.app.lifecycle == .background)
    pilot.press("s")
    #expect(pilot.state.consent.app.lifecycle == .active)
    #expect(pilot.recorded == ["app state=background", "app state=active"])
  }

  /// ←/→ choose a field's value, shown at once; it applies when the field is left (↑↓, Tab, Esc).
  @Test func setupChangesDeviceAndSDK() {
    var pilot = Pilot()
    pilot.press("d", "down", "right")
    #expect(pilot.state.consent.device.kind == .device && pilot.text.contains("◂ simulator ▸"))
    pilot.press("down")
    #expect(pilot.state.consent.device.kind == .simulator)
    pilot.press("right", "down")
    #expect(pilot.state.consent.device.country == "FR")
    pilot.press("left", "down")
    #expect(pilot.state.consent.device.accountCountry == "JP")
    pilot.press("down", "right", "up")
    #expect(pilot.state.consent.device.restricted)
    pilot.press("up", "up", "up", "up", "left", "down")
    #expect(pilot.state.consent.device.iOS == IOSVersion(17, 5))
    pilot.press("down", "down", "down", "down", "down", "down", "down", "right", "down")
    #expect(pilot.state.consent.app.kind == .appClip)
    pilot.press(
      Array(repeating: "down", count: SetupField.requestCall.rawValue - SetupField.appState.rawValue) + ["right"])
    #expect(pilot.state.requestCall == .classic)
    pilot.press("esc")
    #expect(pilot.state.requestCall == .expanded && pilot.state.overlay == nil)
  }

  @Test func refusedActionsAreLoggedNotRecorded() {
    var pilot = Pilot()
    // On a restricted device Settings locks the switch: pressing it is refused.
    pilot.press("d", "down", "down", "down", "down", "down", "right", "esc", "s", "enter")
    #expect(pilot.state.log.last?.kind == .refusal)
    #expect(pilot.recorded == ["device restricted=yes", "app state=background"])
  }

  @Test func aSwitchSettingsDoesNotShowTakesNoFocus() {
    var pilot = Pilot()
    pilot.press("s")
    // The app has not asked: its switch is not drawn, so focus goes from the global switch to Back.
    #expect(pilot.state.buttons == [.globalSwitch, .closeSettings])
    pilot.press("down")
    #expect(pilot.state.focusedButton == .closeSettings)
  }

  @Test(arguments: ["q", "ctrl-c"])
  func quitKeysQuit(key: String) {
    var pilot = Pilot()
    pilot.press(key)
    #expect(pilot.quit)
  }

  @Test func clicksPressTheButtonUnderThem() throws {
    var pilot = Pilot()
    pilot.press("p", "enter")
    let allow = try #require(pilot.frame.hotspots[.allow])
    pilot.click(row: allow.row, column: allow.column + allow.width / 2)
    #expect(pilot.state.consent.statusWord == "authorized")
    pilot.click(row: 0, column: 0)
    #expect(pilot.recorded.last == "tap allow")
  }

  /// The panel and `attsim play` agree: a recorded session replays to the same payload at every step.
  @Test func recordedSessionsReplayToTheSamePayloads() throws {
    let keys = [
      "p", "enter", "a", "t", "s", "down", "enter", "s", "t", "c", "m", "enter", "i", "i", "enter", "n", "r",
      "d", "down", "right", "esc", "enter", "a", "l", "x", "t",
    ]
    var pilot = Pilot()
    var script = pilot.state.recordingHeader.map(\.text)
    var payloads: [Payload] = []
    for key in keys {
      let before = pilot.recorded.count
      pilot.press(key)
      script += pilot.recorded[before...]
      if pilot.recorded.count > before { payloads.append(pilot.state.consent.sdk.payload) }
    }
    let parsed = try ScriptParser.parse(script.joined(separator: "\n"), file: "session")
    var replayed: [ConsentState] = []
    #expect(ScriptRunner.run(parsed) { replayed.append($0.state) })
    #expect(replayed.last?.sdk.payload == pilot.state.consent.sdk.payload)
    #expect(replayed.last?.statusWord == pilot.state.consent.statusWord)
    #expect(replayed.last?.events == pilot.state.consent.events)
    #expect(payloads.count > 10)
  }

  @Test func controlCharactersFromFilesAreEscaped() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-ui-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
    try """
    <plist><dict><key>CFBundleDisplayName</key><string>Evil\u{1B}[2JApp</string>
    <key>NSUserTrackingUsageDescription</key><string>Bell\u{7} here</string></dict></plist>
    """.write(to: root.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    try "\"NSUserTrackingUsageDescription\" = \"Escape \\U001B[31m red\";".write(
      to: root.appendingPathComponent("en.lproj/InfoPlist.strings"), atomically: true, encoding: .utf8)
    let app = try AppResources.load(FilePath(root.path)).get()
    let environment = UIEnvironment(appTexts: AppTexts(app: app, system: demoEnvironment.appTexts.system), findings: [])
    var pilot = Pilot(environment: environment)
    pilot.press("p", "enter")
    let text = pilot.text
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(text.contains("\\u{1B}"))
  }

  /// The demo app's own texts, and attsim's sample for an app without `prepermission.*` keys: labelled, in its
  /// language's direction (Persian has no sample: English, left to right).
  @Test(arguments: [
    ("he", true, false), ("ar", true, false), ("en", false, false), ("ar", true, true), ("fa", false, true),
    ("en", false, true),
  ])
  func rightToLeftTextIsRightAligned(locale: String, rightToLeft: Bool, sample: Bool) throws {
    var environment = demoEnvironment
    if sample {
      let files = [
        "Info.plist": infoPlist(["NSUserTrackingUsageDescription": "Ads."]),
        "\(locale).lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Ads.\";",
      ]
      environment.appTexts.app = try AppResources.load(FilePath(makeApp(files))).get()
    }
    var pilot = Pilot(locale: locale, environment: environment)
    pilot.press("p")
    #expect(pilot.state.texts.prePermissionIsSample == sample)
    // The label stands alone on the screen's first row, under the status bar.
    #expect(pilot.frame.buffer.lines[3].contains("│               sample               │") == sample)
    let buffer = pilot.frame.buffer
    let body = pilot.state.texts.prePermissionBody
    // The body's last line is short, so its alignment shows (the word as drawn: in visual order).
    let lastWord = BidiText.visual(String(body.split(separator: " ").last!), direction: .rightToLeft)
    func phoneText(_ row: Int) -> String { (1..<37).compactMap { buffer[row, $0].text }.joined() }
    let row = (0..<buffer.height).first { phoneText($0).contains(lastWord) }!
    let used = (1..<37).filter { buffer[row, $0].text != " " }
    // The phone's text area runs from column 3 to 34; right-to-left lines end at its right edge.
    #expect((used.last! >= 33) == rightToLeft, "\(buffer.lines[row])")
    #expect((used.first! <= 3) == !rightToLeft, "\(buffer.lines[row])")
  }
}
