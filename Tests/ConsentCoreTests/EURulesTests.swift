import ConsentCore
import Testing

/// SPEC §1.9: iOS 27.2's EU rules (region classes, which prompt, the sheet's buttons, the yearly re-prompt)
/// and the four known quirks (17.4's early completion, dismissed prompts, Mac and Vision Pro, App Clips).
@Suite struct EURulesTests {
  /// A device on `ios` in `country`, with its Apple Account in `account` (the same by default).
  static func place(_ country: String, account: String? = nil, ios: String = "27.2") -> Action {
    .deviceConfigured(
      DeviceChange(iOS: IOSVersion(ios), country: country, accountCountry: account ?? country))
  }

  static func expanded(prefers: Bool = true, information: Bool = false) -> Action {
    .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: prefers, additionalInformation: information))
  }

  // MARK: Region classes

  @Test(arguments: [
    ("FR", "FR", RegionClass.five), ("DE", "PL", .five), ("RO", "IT", .five), ("ES", "ES", .otherEU),
    ("FR", "ES", .otherEU), ("NL", "DE", .otherEU), ("US", "US", .outsideEU), ("FR", "US", .outsideEU),
    ("US", "FR", .outsideEU), ("GB", "GB", .outsideEU), ("CH", "DE", .outsideEU), ("NO", "NO", .outsideEU),
  ])
  func regionClassNeedsBothCountries(country: String, account: String, expected: RegionClass) {
    #expect(RegionClass(country: country, accountCountry: account) == expected)
  }

  @Test func theEUHasTwentySevenMembersAndTheFiveAreAmongThem() {
    #expect(RegionClass.memberStates.count == 27)
    #expect(RegionClass.fiveCountries.isSubset(of: RegionClass.memberStates))
  }

  // MARK: Which prompt

  struct PromptCase: CustomTestStringConvertible, Sendable {
    var name: String
    var setup: [Action]
    var request: Action
    var prompt: PromptKind
    var story: String?

    var testDescription: String { name }
  }

  static let promptCases: [PromptCase] = [
    PromptCase(name: "five, classic: the sheet", setup: [place("FR")], request: .trackingRequested, prompt: .sheet),
    PromptCase(
      name: "five, expanded without preference: the sheet", setup: [place("DE")], request: expanded(prefers: false),
      prompt: .sheet),
    PromptCase(name: "other EU, classic: the alert", setup: [place("ES")], request: .trackingRequested, prompt: .shown),
    PromptCase(
      name: "other EU, expanded preferring the sheet: the sheet", setup: [place("ES")], request: expanded(),
      prompt: .sheet),
    PromptCase(
      name: "other EU, expanded without preference: the alert", setup: [place("NL")],
      request: expanded(prefers: false, information: true), prompt: .shown),
    PromptCase(
      name: "outside the EU, expanded: the classic alert", setup: [place("US")], request: expanded(information: true),
      prompt: .shown, story: "outside the EU the expanded request is the classic one"),
    PromptCase(
      name: "countries disagree: the alert", setup: [place("FR", account: "US")], request: .trackingRequested,
      prompt: .shown),
    PromptCase(
      name: "iOS 27.1 in France: the alert", setup: [place("FR", ios: "27.1")], request: .trackingRequested,
      prompt: .shown),
    PromptCase(
      name: "iOS 27.0 falls back from the expanded call", setup: [place("FR", ios: "27.0")], request: expanded(),
      prompt: .shown, story: "falls back to the classic call"),
  ]

  @Test(arguments: promptCases)
  func theRightPromptShows(_ testCase: PromptCase) throws {
    var consent = try state(testCase.setup + [initialize()])
    let story = try consent.apply(testCase.request)
    #expect(consent.app.prompt == testCase.prompt)
    #expect(consent.status == .notDetermined)
    if let expected = testCase.story { #expect(story.contains { $0.contains(expected) }, "\(story)") }
  }

  @Test func theSheetHasAdditionalInformationOnlyWhenTheAppPassedAnAction() throws {
    let without = try state(Self.place("FR"), initialize(), .trackingRequested)
    #expect(without.app.screen == .attSheet(additionalInformation: false))
    #expect(without.refusal(for: .additionalInformationTapped) == .noAdditionalInformation)
    let with = try state(Self.place("FR"), initialize(), Self.expanded(prefers: false, information: true))
    #expect(with.app.screen == .attSheet(additionalInformation: true))
    #expect(with.refusal(for: .additionalInformationTapped) == nil)
    // On the alert the parameter has no button to show.
    let alert = try state(Self.place("ES"), initialize(), Self.expanded(prefers: false, information: true))
    #expect(alert.app.prompt == .shown && alert.refusal(for: .additionalInformationTapped) == .noAdditionalInformation)
  }

  // MARK: Additional Information

  @Test func additionalInformationRecordsNothingAndCompletesWithNotDetermined() throws {
    var consent = try state(Self.place("IT"), initialize(), Self.expanded(information: true))
    let story = try consent.apply(.additionalInformationTapped)
    #expect(consent.app.prompt == .none && consent.app.answer == nil)
    #expect(consent.status == .notDetermined)
    #expect(consent.sdk.payload == Payload(attAuthorizationStatus: .notDetermined, advertisingId: nil))
    #expect(story.contains { $0.contains("the app's action runs") })
    // The app may ask again, and the sheet comes back.
    try consent.apply(Self.expanded(information: true))
    #expect(consent.app.prompt == .sheet)
  }

  // MARK: The yearly re-prompt

  @Test(arguments: [Action.allowTapped, .askNotToTrackTapped])
  func anEUAnswerStandsForAYearThenTheAppMayAskAgain(answer: Action) throws {
    var consent = try state(Self.place("PL"), initialize(), .trackingRequested, answer)
    let answered = consent.status
    try consent.apply(.clockAdvanced(seconds: 364 * 86_400))
    try consent.apply(.trackingRequested)
    #expect(consent.app.prompt == .none, "within a year: no prompt")
    #expect(consent.repromptDay == 365 && !consent.repromptDue)
    try consent.apply(.clockAdvanced(seconds: 1 * 86_400))
    #expect(consent.repromptDue)
    let story = try consent.apply(.trackingRequested)
    #expect(consent.app.prompt == .sheet)
    #expect(consent.status == answered, "the old answer holds until the new one")
    #expect(story.contains { $0.contains("a year has passed") })
    try consent.apply(answer == .allowTapped ? .askNotToTrackTapped : .allowTapped)
    #expect(consent.status != answered)
    #expect(consent.app.answeredOnDay == 365 && consent.repromptDay == 730)
  }

  @Test func noRepromptWithTheGlobalSwitchOffOrOutsideTheEU() throws {
    let aYearOn = try state(
      Self.place("FR"), initialize(), .trackingRequested, .allowTapped, .clockAdvanced(seconds: 400 * 86_400))
    #expect(aYearOn.repromptDue)
    var switchedOff = aYearOn
    try switchedOff.apply(.trackingSwitchTurnedOff(existing: .keep))
    try switchedOff.apply(.trackingRequested)
    #expect(!switchedOff.repromptDue && switchedOff.app.prompt == .none)
    var moved = aYearOn
    try moved.apply(.deviceConfigured(DeviceChange(country: "US", accountCountry: "US")))
    try moved.apply(.trackingRequested)
    #expect(moved.repromptDay == nil && moved.app.prompt == .none)
    // Before 27.2 an answer is for good, in the EU too.
    let older = try state(Self.place("FR", ios: "26.0"), initialize(), .trackingRequested, .allowTapped)
    #expect(older.repromptDay == nil)
  }

  @Test func aSettingsChangeIsAnAnswerTooAndStartsTheYearAgain() throws {
    let consent = try state(
      Self.place("DE"), initialize(), .trackingRequested, .allowTapped, .clockAdvanced(seconds: 300 * 86_400),
      .appTrackingSwitchChanged(on: false))
    #expect(consent.app.answeredOnDay == 300 && consent.repromptDay == 665)
  }

  // MARK: Settings

  @Test func anAppClipHasNoSwitchInSettings() throws {
    let consent = try state(.appConfigured(AppChange(kind: .appClip)))
    #expect(consent.appTrackingSwitchRefusal == .appClip)
  }

  // MARK: Known quirks

  @Test func iOS17_4CompletesWithDeniedWhileTheAlertIsUp() throws {
    var consent = try state(device(ios: "17.4"), initialize(), .trackingRequested)
    #expect(consent.app.prompt == .shown)
    #expect(consent.sdk.payload.attAuthorizationStatus == .denied)
    let story = try consent.apply(.allowTapped)
    #expect(consent.status == .authorized)
    #expect(consent.sdk.payload.attAuthorizationStatus == .denied, "the completion does not run twice")
    #expect(consent.stalePayloadStatus == .denied)
    #expect(consent.warningKinds.contains(.stalePayload))
    #expect(story.contains { $0.contains("only trackingAuthorizationStatus tells the answer") })
    // 17.5 fixed it.
    let fixed = try state(device(ios: "17.5"), initialize(), .trackingRequested, .allowTapped)
    #expect(fixed.sdk.payload.attAuthorizationStatus == .authorized)
  }

  @Test func theBlogRecipeOn17_4GetsDeniedAtOnce() throws {
    let consent = try state(device(ios: "17.4"), initialize(.blog), .trackingRequested)
    #expect(consent.app.blogCallback == BlogCallback(granted: false, identifier: "00", fromPrompt: true))
    #expect(consent.app.prompt == .shown)
  }

  @Test func aDismissedPromptCompletesWithNotDeterminedAndTheAppMayAskAgain() throws {
    var consent = try state(initialize(), .trackingRequested)
    try consent.apply(.promptDismissedBySystem)
    #expect(consent.app.prompt == .none && consent.app.answer == nil && consent.status == .notDetermined)
    #expect(consent.sdk.payload.attAuthorizationStatus == .notDetermined)
    #expect(consent.refusal(for: .promptDismissedBySystem) == .noPrompt)
    try consent.apply(.trackingRequested)
    #expect(consent.app.prompt == .shown)
  }

  @Test(arguments: [DeviceKind.mac, .vision, .simulator])
  func macVisionAndTheSimulatorHandOutTheZeroIDFA(kind: DeviceKind) throws {
    let consent = try state(device(kind: kind), initialize(), .trackingRequested, .allowTapped)
    #expect(consent.status == .authorized)
    #expect(consent.deviceIDFA == IDFA.zero)
    #expect(try state(device(kind: .device), initialize(), .trackingRequested, .allowTapped).deviceIDFA == IDFA.demo)
  }

  @Test func anAppClipReadsRestrictedAndNeverPrompts() throws {
    var consent = try state(.appConfigured(AppChange(kind: .appClip)), initialize())
    #expect(consent.status == .restricted)
    let story = try consent.apply(.trackingRequested)
    #expect(consent.app.prompt == .none && consent.status == .restricted)
    #expect(consent.sdk.payload.attAuthorizationStatus == .restricted)
    #expect(story.contains { $0.contains("App Clips cannot ask") })
    // Without a usage description an App Clip still does not crash: it never gets as far as asking.
    let bare = try state(
      .appConfigured(AppChange(hasUsageDescription: false, kind: .appClip)), initialize(), .trackingRequested)
    #expect(!bare.app.crashed)
  }
}
