import ConsentCore
import Testing

/// SPEC §1.5, the blog recipe `requestIDFA(callbackIdfa:)`, bug included.
@Suite struct BlogRecipeTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var setup: [Action]
    var tap: Action?
    var callback: String
    var bug = false

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "iOS 13, tracking enabled", setup: [device(ios: "13.7")], callback: "true,\(IDFA.demo)"),
    Case(name: "iOS 13, Limit Ad Tracking", setup: [device(ios: "13.7", limitAdTracking: true)], callback: "false,00"),
    Case(name: "prompt, Allow: the bug", setup: [], tap: .allowTapped, callback: "false,\(IDFA.demo)", bug: true),
    Case(name: "prompt, Ask Not to Track", setup: [], tap: .askNotToTrackTapped, callback: "false,00"),
    Case(
      name: "already authorized", setup: [.trackingRequested, .allowTapped, .relaunched], callback: "true,\(IDFA.demo)"),
    Case(name: "restricted", setup: [device(restricted: true)], callback: "false,00"),
    Case(name: "global switch off", setup: [device(trackingSwitch: false)], callback: "false,00"),
    Case(
      name: "iOS 15 background: prompt callback with notDetermined",
      setup: [.appConfigured(AppChange(lifecycle: .background))], callback: "false,00"),
  ]

  @Test(arguments: cases)
  func callbackMatchesTheRecipe(_ testCase: Case) throws {
    var subject = try state(initialize(.blog))
    for action in testCase.setup { try subject.apply(action) }
    try subject.apply(.trackingRequested)
    if let tap = testCase.tap {
      #expect(subject.app.promptOnScreen)
      try subject.apply(tap)
    }
    #expect(subject.app.blogCallback?.description == testCase.callback)
    #expect(subject.warningKinds.contains(.blogRecipeBug) == testCase.bug)
    #expect(subject.sdk.payload.attAuthorizationStatus == nil)
  }

  @Test func recipeChecksTheStatusBeforeRequestingSoAnAnsweredAppDoesNotCrash() throws {
    var subject = try state(initialize(.blog), .trackingRequested, .askNotToTrackTapped)
    try subject.apply(.appConfigured(AppChange(hasUsageDescription: false)))
    try subject.apply(.trackingRequested)
    #expect(!subject.app.crashed)
    var plain = try state(initialize(.methodA), .trackingRequested, .askNotToTrackTapped)
    try plain.apply(.appConfigured(AppChange(hasUsageDescription: false)))
    try plain.apply(.trackingRequested)
    #expect(plain.app.crashed)
  }
}
