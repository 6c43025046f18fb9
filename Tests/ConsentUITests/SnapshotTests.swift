import ConsentUI
import Testing

/// Every screen in English, Japanese, Arabic, Hindi and Thai at 80×24, against text snapshots
/// (re-record with RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests).
@Suite struct SnapshotTests {
  /// A screen and the keys that lead to it from launch.
  static let screens: [(String, [String])] = [
    ("home", []),
    ("prepermission", ["p"]),
    ("dialog", ["p", "enter"]),
    ("allowed", ["p", "enter", "a"]),
    ("settings", ["p", "enter", "n", "s"]),
    ("global-off-choice", ["p", "enter", "n", "s", "enter"]),
    (
      "crash",
      ["d"] + Array(repeating: "down", count: SetupField.usageDescription.rawValue) + ["right", "esc", "enter"]
    ),
    ("help", ["?"]),
    ("setup", ["d"]),
  ]

  @Test(arguments: ["en", "ja", "ar", "hi", "th"], 0..<screens.count)
  func everyScreenMatchesItsSnapshot(locale: String, index: Int) {
    let (name, keys) = Self.screens[index]
    var pilot = Pilot(locale: locale)
    for key in keys { pilot.press(key) }
    assertSnapshot(pilot.text, named: "\(name)-\(locale)")
  }

  /// The keys that put a French iPhone on iOS 27.2 (the EU's five) and make the expanded request with an
  /// Additional Information action: the sheet with all three buttons.
  static let toTheSheet =
    ["d", "right", "down", "down", "right", "down", "right"]
    + Array(repeating: "down", count: SetupField.requestCall.rawValue - SetupField.accountCountry.rawValue)
    + ["right", "right", "esc", "enter"]

  @Test(arguments: ["en", "de", "fr", "it", "pl"])
  func theEUSheetMatchesItsSnapshot(locale: String) {
    var pilot = Pilot(locale: locale)
    pilot.press(Self.toTheSheet)
    #expect(pilot.state.phoneScreen == .attSheet)
    #expect(pilot.state.buttons == [.allow, .askNotToTrack, .additionalInformation])
    assertSnapshot(pilot.text, named: "sheet-\(locale)")
  }

  @Test func theSheetScrollsAndShowsWhereItIs() {
    var pilot = Pilot(locale: "de")
    pilot.press(Self.toTheSheet)
    #expect(pilot.text.contains("▼ PgDn: more"))
    pilot.press("pgdn")
    #expect(pilot.text.contains("▲ PgUp"))
    #expect(pilot.text.contains("Einstellungen ändern."))
    pilot.press("pgup")
    #expect(pilot.text.contains("▼ PgDn: more"))
  }

  @Test func wideTerminalsGetAWiderPanel() {
    var pilot = Pilot(locale: "en")
    pilot.resize(width: 120, height: 32)
    pilot.press("p", "enter", "a")
    assertSnapshot(pilot.text, named: "allowed-en-120x32")
  }

  @Test func aTooSmallWindowSaysSo() {
    var pilot = Pilot()
    pilot.resize(width: 60, height: 20)
    assertSnapshot(pilot.text, named: "too-small")
    #expect(pilot.text.contains("attsim needs at least 80×24"))
  }
}
