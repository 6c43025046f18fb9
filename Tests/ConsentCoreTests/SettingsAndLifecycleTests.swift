import ConsentCore
import Testing

/// SPEC §1.6: Settings, restriction, reinstall and OS updates.
@Suite struct SettingsAndLifecycleTests {
  @Test(arguments: [(true, "authorized"), (false, "denied")])
  func appSwitchSetsTheStatus(on: Bool, expected: String) throws {
    let subject = try state(.trackingRequested, .askNotToTrackTapped, .appTrackingSwitchChanged(on: on))
    #expect(subject.statusWord == expected)
  }

  @Test(arguments: [
    ("never asked", [Action](), Refusal.appHasNotAsked),
    ("global switch off", [.trackingRequested, .allowTapped, device(trackingSwitch: false)], .appSwitchHidden),
    ("restricted", [.trackingRequested, .allowTapped, device(restricted: true)], .settingsLocked),
    ("iOS 13", [device(ios: "13.7")], .noTrackingSettings(IOSVersion(13, 7))),
    ("dialog on screen", [.trackingRequested], .promptBlocksSettings),
  ])
  func appSwitchExistsOnlyOnceTheAppHasAskedAndTheGlobalSwitchIsOn(name: String, setup: [Action], refusal: Refusal)
    throws
  {
    var subject = ConsentState()
    for action in setup { try subject.apply(action) }
    #expect(subject.refusal(for: .appTrackingSwitchChanged(on: true)) == refusal)
    #expect(throws: refusal) { try subject.apply(.appTrackingSwitchChanged(on: true)) }
  }

  @Test(arguments: [(ExistingApps.keep, "authorized"), (.stop, "denied")])
  func globalSwitchOffKeepsOrStopsAnsweredApps(existing: ExistingApps, expected: String) throws {
    var subject = try state(.trackingRequested, .allowTapped, .trackingSwitchTurnedOff(existing: existing))
    #expect(subject.statusWord == expected)
    try subject.apply(.trackingSwitchTurnedOn)
    #expect(subject.statusWord == expected)
  }

  @Test func unansweredAppsReadDeniedWhileTheGlobalSwitchIsOffAndNotDeterminedAfter() throws {
    var subject = try state(.trackingSwitchTurnedOff(existing: .keep))
    #expect(subject.statusWord == "denied")
    try subject.apply(.trackingSwitchTurnedOn)
    #expect(subject.statusWord == "notDetermined")
    try subject.apply(.trackingRequested)
    #expect(subject.app.promptOnScreen)
  }

  @Test(arguments: [([Action](), "notDetermined"), ([.trackingRequested, .allowTapped], "authorized")])
  func liftingARestrictionGivesBackTheEarlierStatus(before: [Action], expected: String) throws {
    var subject = ConsentState()
    for action in before { try subject.apply(action) }
    try subject.apply(device(restricted: true))
    #expect(subject.statusWord == "restricted")
    try subject.apply(device(restricted: false))
    #expect(subject.statusWord == expected)
  }

  @Test(arguments: [(false, "notDetermined"), (true, "restricted")])
  func reinstallStartsOverAndClearsSDKStorage(restricted: Bool, expected: String) throws {
    var subject = try state(
      initialize(useConsent: true), .trackingRequested, .allowTapped, .eventTracked(name: "a"), .eventTracked(name: "b")
    )
    #expect(subject.sdk.queue == ["a", "b"])
    try subject.apply(device(restricted: restricted))
    try subject.apply(.reinstalled)
    #expect(subject.statusWord == expected)
    #expect(subject.sdk.payload.isEmpty && subject.sdk.queue.isEmpty && !subject.sdk.initialized)
    #expect(subject.events.dropped == 2 && subject.events.lastFate == .dropped)
    try subject.apply(device(restricted: false))
    try subject.apply(.trackingRequested)
    #expect(subject.app.promptOnScreen)
  }

  @Test func osUpdateKeepsTheStatusAndRelaunchesTheApp() throws {
    let subject = try state(device(ios: "14.5"), initialize(), .trackingRequested, .allowTapped, device(ios: "17.4"))
    #expect(subject.statusWord == "authorized")
    #expect(!subject.sdk.initialized)
    #expect(subject.sdk.payload.attAuthorizationStatus == .authorized)
  }

  @Test func updateFrom13To14StartsAtNotDeterminedAndMayAsk() throws {
    var subject = try state(device(ios: "13.7"), .trackingRequested, device(ios: "14.0"))
    #expect(subject.statusWord == "notDetermined")
    try subject.apply(.trackingRequested)
    #expect(subject.app.promptOnScreen)
  }

  @Test func settingsCannotOpenWhileTheDialogIsUp() throws {
    var subject = try state(.trackingRequested)
    #expect(throws: Refusal.promptBlocksSettings) { try subject.apply(.trackingSwitchTurnedOff(existing: .keep)) }
  }
}
