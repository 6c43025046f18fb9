import ConsentUI
import Testing

/// Every screen in English, Japanese and Arabic at 80×24, against text snapshots
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
    ("crash", ["d", "down", "down", "down", "down", "down", "down", "down", "right", "esc", "enter"]),
    ("help", ["?"]),
    ("setup", ["d"]),
  ]

  @Test(arguments: ["en", "ja", "ar"], 0..<screens.count)
  func everyScreenMatchesItsSnapshot(locale: String, index: Int) {
    let (name, keys) = Self.screens[index]
    var pilot = Pilot(locale: locale)
    for key in keys { pilot.press(key) }
    assertSnapshot(pilot.text, named: "\(name)-\(locale)")
  }

  @Test func wideTerminalsGetAWiderPanel() {
    var pilot = Pilot(locale: "en")
    pilot.width = 120
    pilot.height = 32
    pilot.press("p", "enter", "a")
    assertSnapshot(pilot.text, named: "allowed-en-120x32")
  }

  @Test func aTooSmallWindowSaysSo() {
    var pilot = Pilot()
    pilot.width = 60
    pilot.height = 20
    assertSnapshot(pilot.text, named: "too-small")
    #expect(pilot.text.contains("attsim needs at least 80×24"))
  }
}
