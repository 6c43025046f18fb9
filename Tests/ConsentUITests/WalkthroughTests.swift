import ConsentCore
import ConsentUI
import Testing

/// Every walkthrough of SPEC §1.3, by keyboard alone, at 80×24, in English, Japanese and Arabic: the panel
/// shows what `attsim play` computes for the same actions.
@Suite struct WalkthroughTests {
  /// The keys that open the setup screen on `field`.
  static func setupField(_ field: SetupField) -> [String] { ["d"] + Array(repeating: "down", count: field.rawValue) }

  /// iOS 27.2 with the device and the Apple Account in France: the EU's five.
  static let inFrance = ["d", "right", "down", "down", "right", "down", "right", "esc"]

  /// A rule, its keys from launch, and the status, screen and warning it leads to.
  static let walkthroughs: [(String, [String], String, PhoneScreen, String?)] = [
    ("rule 1: iOS 12.4 has no ATT", ["i", "i", "enter"], "unavailable", .home, nil),
    (
      "rule 2: no usage description", setupField(.usageDescription) + ["right", "esc", "enter"], "notDetermined",
      .crashed, nil
    ),
    ("rule 3: already answered", ["enter", "a", "enter"], "authorized", .home, nil),
    ("rule 4: global switch off", ["s", "enter", "enter", "s", "enter"], "denied", .home, nil),
    (
      "rule 5: app inactive on iOS 26", setupField(.appState) + ["right", "esc", "enter"], "notDetermined", .home,
      "no prompt"
    ),
    (
      "rule 6: another alert (drawn on the phone; the app asks from its pre-permission screen)",
      setupField(.otherAlert) + ["right", "esc", "p", "enter"], "notDetermined", .otherAlert, "another system alert"
    ),
    ("rule 7: the dialog", ["enter"], "notDetermined", .attDialog, nil),
    ("rule 7: Allow", ["p", "enter", "a"], "authorized", .home, nil),
    ("rule 7: Ask App Not to Track", ["p", "enter", "n"], "denied", .home, nil),
    ("a prompt the system dismisses", ["enter", "!"], "notDetermined", .home, nil),
    ("the other alert answered", setupField(.otherAlert) + ["right", "esc", "enter"], "notDetermined", .home, nil),
    ("an App Clip never asks", setupField(.appKind) + ["right", "esc", "enter"], "restricted", .home, nil),
    ("iOS 27.2 in France: the sheet", inFrance + ["enter"], "notDetermined", .attSheet, nil),
    (
      "iOS 27.2: Additional Information",
      inFrance + Array(setupField(.requestCall)) + ["right", "right", "esc", "enter", "o"], "notDetermined", .home,
      nil
    ),
    (
      "iOS 27.2 in France: a year later it asks again", inFrance + ["enter", "n", "y", "enter"], "denied", .attSheet,
      nil
    ),
  ]

  @Test(arguments: ["en", "ja", "ar"], 0..<walkthroughs.count)
  func walkthroughByKeyboardAlone(locale: String, index: Int) {
    let (name, keys, status, screen, warning) = Self.walkthroughs[index]
    var pilot = Pilot(locale: locale)
    for key in keys { pilot.press(key) }
    #expect(pilot.state.consent.statusWord == status, "\(name)")
    #expect(pilot.state.phoneScreen == screen, "\(name)")
    let text = pilot.text
    // The Device section's status line, not the word anywhere on screen.
    let statusLine = text.split(separator: "\n").first { $0.contains("ATT status") }
    #expect(statusLine?.contains(" \(status)") == true, "\(name): the Device section shows the status")
    if let warning { #expect(pilot.state.consent.warnings.contains { $0.message.contains(warning) }, "\(name)") }
    let payload = pilot.state.consent.sdk.payload
    if let sent = payload.attAuthorizationStatus {
      #expect(text.contains("\"\(sent)\""), "\(name): the panel shows the payload")
    }
    #expect(pilot.state.locale == locale)
  }
}
