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
    ("help-2", ["?", "pgdn"]),
    ("help-3", ["?", "pgdn", "pgdn"]),
    ("setup", ["d"]),
    ("setup-end", ["d", "up"]),
    ("picker", ["g"]),
    ("details", ["v"]),
  ]

  /// English, Japanese, the right-to-left scripts in visual order, Devanagari and Thai (broken at its words).
  @Test(arguments: ["en", "ja", "ar", "he", "hi", "th"], 0..<screens.count)
  func everyScreenMatchesItsSnapshot(locale: String, index: Int) {
    let (name, keys) = Self.screens[index]
    var pilot = Pilot(locale: locale)
    pilot.state.handle(.scenariosLoaded(libraryScenarios))
    for key in keys { pilot.press(key) }
    assertSnapshot(pilot.text, named: "\(name)-\(locale)")
  }

  /// At 80×24 every line of every help page is whole (the help pages rather than cuts), and the pages hold
  /// every key of the key map.
  @Test func noHelpLineIsCut() {
    var pilot = Pilot()
    pilot.press("?")
    var shown: [String] = []
    for page in 0..<pilot.state.helpPageCount {
      // The box's own columns (the panel shows at its sides).
      let buffer = pilot.frame.buffer
      let lines = (3..<21).map { row in (7..<73).compactMap { buffer[row, $0].text }.joined() }
      #expect(!lines.contains { $0.contains("…") }, "page \(page + 1):\n\(pilot.text)")
      shown += lines
      pilot.press("pgdn")
    }
    for binding in KeyMap.bindings {
      #expect(shown.contains { $0.contains(binding.help) }, "\(binding.names) is on no page")
    }
  }

  /// The bottom line ends in help and quit on every screen at 80×24.
  @Test(arguments: 0..<screens.count)
  func theBottomLineAlwaysOffersHelpAndQuit(index: Int) {
    var pilot = Pilot()
    for key in Self.screens[index].1 { pilot.press(key) }
    guard pilot.state.overlay == nil else { return }
    #expect(pilot.frame.buffer.lines[23].hasSuffix("? help  q quit"), "\(pilot.frame.buffer.lines[23])")
  }

  /// Presenter mode at 80×24: the caption gives way to the keys, which stay whole.
  @Test func presenterModeMatchesItsSnapshot() throws {
    var pilot = Pilot()
    let scenario = try #require(libraryScenarios.first { $0.name == "eu-sheet-france" })
    _ = pilot.state.startAutoplay(scenario, interval: 1.5)
    assertSnapshot(pilot.text, named: "presenter-en")
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
