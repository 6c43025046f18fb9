import ConsentCore
import Scenarios
import Testing

@Suite struct ScriptWriterTests {
  static let actions: [Action] =
    StateWalk.fullAlphabet + StateWalk.euAlphabet + [
      .deviceConfigured(
        DeviceChange(
          iOS: IOSVersion(14, 4), kind: .simulator, trackingSwitchOn: false, restricted: true, limitAdTracking: false,
          idfa: IDFA.demo, otherAlertOnScreen: true)),
      .appConfigured(AppChange(hasUsageDescription: true, lifecycle: .background, locale: "zh-Hant")),
      .eventTracked(name: "a \"quoted\" name = x # not a comment"), .eventTracked(name: "back\\slash"),
      .methodBCalled(status: .restricted, advertisingId: "with space"), .consentSet(track: nil, identify: true),
      .deviceConfigured(DeviceChange(kind: .vision, country: "RO", accountCountry: "GB")),
      .appConfigured(AppChange(lifecycle: .active, kind: .app)), .clockAdvanced(seconds: 36_500 * 86_400),
    ]

  @Test(arguments: actions)
  func everyActionSurvivesARoundTripThroughTheParser(action: Action) throws {
    let line = ScriptWriter.line(for: action)
    let script = try ScriptParser.parse(line, file: "round-trip")
    #expect(script.steps.map(\.kind) == [.action(action)], "\(line)")
  }

  @Test func setupLinesReproduceAState() throws {
    var state = ConsentState(locale: "ja")
    try state.apply(.deviceConfigured(DeviceChange(iOS: IOSVersion(15, 0), kind: .simulator, restricted: true)))
    try state.apply(.appConfigured(AppChange(hasUsageDescription: false, lifecycle: .inactive)))
    try state.apply(.sdkInitialized(SDKOptions(integration: .blog, useConsent: true)))
    let script = try ScriptParser.parse(
      ScriptWriter.setupActions(for: state).map(ScriptWriter.line(for:)).joined(separator: "\n"), file: "setup")
    var replayed: ConsentState?
    ScriptRunner.run(script) { replayed = $0.state }
    #expect(replayed?.device == state.device)
    #expect(replayed?.app == state.app)
    #expect(replayed?.sdk == state.sdk)
  }
}
