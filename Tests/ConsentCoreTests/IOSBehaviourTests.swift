import ConsentCore
import Testing

/// What iOS, App Review and the SDKs really do (SPEC §1.3, §1.6, §1.7a, §1.9, §1.10), each rule with where it
/// comes from.
@Suite struct RequestRuleSourceTests {
  /// Apple, `requestTrackingAuthorization(completionHandler:)`: from an app extension the system does not
  /// prompt; the completion gets the current status.
  @Test func aRequestFromAnExtensionNeverPrompts() throws {
    let subject = try state(
      initialize(), .appConfigured(AppChange(kind: .extension)), .trackingRequested)
    #expect(subject.app.prompt == .none && !subject.app.requestPending)
    #expect(subject.sdk.payload.attAuthorizationStatus == .notDetermined)
    // The extension reads the app's own status: once the app answered, the extension's request gets it.
    let answered = try state(
      initialize(), .trackingRequested, .allowTapped, .appConfigured(AppChange(kind: .extension)),
      .trackingRequested)
    #expect(answered.status == .authorized && answered.sdk.payload.attAuthorizationStatus == .authorized)
  }

  /// Apple's documentation and the plugins' trackers (deniza/app_tracking_transparency): a second request while
  /// the first one's prompt is up shows nothing and completes at once with notDetermined; the first completes
  /// with the answer.
  @Test func aSecondRequestWhileOneIsPendingCompletesAtOnceWithNotDetermined() throws {
    var subject = try state(initialize(), .trackingRequested)
    let story = try subject.apply(.trackingRequested)
    #expect(subject.app.prompt == .shown)
    #expect(story.contains { $0.contains("another request is pending") })
    #expect(subject.sdk.payload.attAuthorizationStatus == .notDetermined)
    try subject.apply(.allowTapped)
    #expect(subject.sdk.payload.attAuthorizationStatus == .authorized && subject.sdk.payload.advertisingId == IDFA.demo)
  }

  /// The iOS 14.5.1 release notes: the update fixed App Tracking Transparency for users who had turned Allow
  /// Apps to Request to Track off and on again (apps could not prompt them): up to 14.5.0 the denial stuck.
  @Test(arguments: [("14.4", true), ("14.5", true), ("14.5.1", false), ("15.0", false)])
  func aDenialWithTheSwitchOffStuckUntil1451(version: String, remembered: Bool) throws {
    let subject = try state(
      device(ios: version), initialize(), device(trackingSwitch: false), .trackingRequested,
      device(trackingSwitch: true))
    #expect(subject.status == (remembered ? .denied : .notDetermined), "\(version)")
    if !remembered {
      var asking = subject
      try asking.apply(.trackingRequested)
      #expect(asking.app.prompt == .shown)
    }
  }

  /// iOS 14 queues system prompts (Apple developer forums, the plugins' trackers): the ATT prompt asked for
  /// behind another alert shows once that alert is gone; from iOS 15 it does not show at all.
  @Test func iOS14QueuesThePromptBehindAnotherAlert() throws {
    var subject = try state(device(ios: "14.4"), initialize(), device(otherAlert: true), .trackingRequested)
    #expect(subject.app.promptQueued && subject.app.prompt == .none && subject.warnings.isEmpty)
    try subject.apply(device(otherAlert: false))
    #expect(subject.app.prompt == .shown)
    try subject.apply(.allowTapped)
    #expect(subject.sdk.payload.attAuthorizationStatus == .authorized)
    let hidden = try state(device(ios: "15.0"), initialize(), device(otherAlert: true), .trackingRequested)
    #expect(!hidden.app.requestPending && hidden.warningKinds.contains(.promptHiddenByAlert))
  }

  /// TCC's log line, as iOS prints it: the `[access]` prefix and two spaces after the first sentence.
  @Test func theCrashLogLineIsTCCs() throws {
    let story = try ConsentState(hasUsageDescription: false).applying(initialize()).story(of: .trackingRequested)
    #expect(story.contains { $0.contains("the app crashed") })
    #expect(story.last == ConsentState.crashLogLine)
    #expect(ConsentState.crashLogLine.hasPrefix("[access] This app has crashed"))
    #expect(ConsentState.crashLogLine.contains("usage description.  The app's Info.plist"))
  }
}

/// SPEC §1.6: iOS ends an app whose privacy permission changes in Settings, as it does for every privacy
/// permission; going back to it launches it again.
@Suite struct SettingsEndsTheAppTests {
  @Test func changingTheAppsSwitchEndsItAndGoingBackLaunchesIt() throws {
    var subject = try state(initialize(), .trackingRequested, .allowTapped, .appTrackingSwitchChanged(on: false))
    #expect(subject.app.lifecycle == .notRunning && !subject.sdk.initialized)
    #expect(throws: Refusal.appNotRunning) { try subject.apply(.eventTracked(name: "e")) }
    let story = try subject.apply(.appConfigured(AppChange(lifecycle: .active)))
    #expect(story.contains { $0.contains("the app launches again") })
    #expect(subject.app.lifecycle == .active && !subject.sdk.initialized)
    // What the SDK stored survives: stale until the app calls again.
    #expect(subject.sdk.payload.attAuthorizationStatus == .authorized && subject.warningKinds.contains(.stalePayload))
  }
}

/// SPEC §1.10: App Review rejects these flows under Guideline 5.1.1(iv) (public rejections in
/// deniza/app_tracking_transparency#27, openfoodfacts/smooth-app#6006, AppLovin-MAX-SDK-iOS#281; Apple's ATT
/// FAQ).
@Suite struct AppReviewTests {
  @Test func aPrePermissionScreenThatLetsTheUserSkipIsFlagged() throws {
    let subject = try state(initialize(), .prePermissionShown, .prePermissionDeclined)
    let warning = try #require(subject.warnings.first { $0.kind == .appReviewSkippablePrePermission })
    #expect(warning.message.contains("Guideline 5.1.1(iv)"))
    #expect(WarningKind.appReviewSkippablePrePermission.id == "app-review-skippable-pre-permission")
    #expect(
      try !state(initialize(), .prePermissionShown, .prePermissionContinued).warningKinds.contains(
        .appReviewSkippablePrePermission))
  }

  @Test func askingAfterTheAppsOwnConsentWasRefusedIsFlagged() throws {
    let subject = try state(
      initialize(useConsent: true), .consentSet(track: false, identify: nil), .trackingRequested)
    let warning = try #require(subject.warnings.first { $0.kind == .appReviewRequestAfterRefusal })
    #expect(warning.message.contains("Guideline 5.1.1(iv)") && warning.message.contains("ATT FAQ"))
    #expect(
      try !state(initialize(useConsent: true), .consentSet(track: true, identify: nil), .trackingRequested)
        .warningKinds.contains(.appReviewRequestAfterRefusal))
  }
}

/// SPEC §1.7a: SDKs that wait for the answer — AppsFlyer's `waitForATTUserAuthorization`, Adjust's
/// `attWaitingInterval`, Singular's and Kochava's waits (their documentation, and their trackers' most-asked
/// ATT question: "my install had no IDFA").
@Suite struct WaitingSDKTests {
  static let waiting = Action.sdkInitialized(SDKOptions(waitForATT: 30))

  @Test func anEventHeldUntilTheAnswerLeavesWithTheIDFA() throws {
    var subject = try state(Self.waiting, .eventTracked(name: "install"))
    #expect(subject.events.lastFate == .held && subject.sdk.held == ["install"] && subject.events.sentCount == 0)
    try subject.apply(.trackingRequested)
    try subject.apply(.clockAdvanced(seconds: 10))
    #expect(subject.events.lastFate == .held)
    try subject.apply(.allowTapped)
    #expect(subject.events.lastSent.map(\.name) == ["install"])
    #expect(subject.events.lastSent.first?.payload.advertisingId == IDFA.demo)
    // After the wait, events go out at once.
    try subject.apply(.eventTracked(name: "open"))
    #expect(subject.events.lastFate == .sent)
  }

  @Test func afterATimeoutTheyLeaveWithoutTheIDFA() throws {
    var subject = try state(Self.waiting, .eventTracked(name: "install"), .clockAdvanced(seconds: 29))
    #expect(subject.events.lastFate == .held)
    let story = try subject.apply(.clockAdvanced(seconds: 1))
    #expect(story.contains { $0.contains("the wait ran out") })
    #expect(subject.events.lastSent.first?.payload.advertisingId == nil && subject.sdk.held.isEmpty)
  }

  /// Held events live in the app's memory: a relaunch loses them (an attsim decision: the SDKs do not say).
  @Test func aRelaunchLosesWhatTheSDKHeld() throws {
    let subject = try state(Self.waiting, .eventTracked(name: "install"), .relaunched)
    #expect(subject.sdk.held.isEmpty && subject.events.dropped == 1)
  }

  /// Held events are judged as tracked events when they leave: consent still gates them.
  @Test func heldEventsAreJudgedByConsentWhenTheyLeave() throws {
    let subject = try state(
      .sdkInitialized(SDKOptions(useConsent: true, waitForATT: 30)), .eventTracked(name: "install"),
      .trackingRequested, .askNotToTrackTapped)
    #expect(subject.sdk.queue == ["install"] && subject.sdk.held.isEmpty)
  }

  @Test func anAnsweredAppDoesNotWait() throws {
    let subject = try state(
      initialize(), .trackingRequested, .allowTapped, .relaunched, Self.waiting, .eventTracked(name: "open"))
    #expect(subject.events.lastFate == .sent && subject.sdk.waitEndsAt == nil)
  }
}

extension ConsentState {
  /// The story `action` tells from this state.
  func story(of action: Action) throws -> [String] {
    var state = self
    return try state.apply(action)
  }
}

@Suite struct WarningIDTests {
  /// Ids are the case names in kebab case, a run of capitals one word: what scripts and JSON name them by.
  @Test func everyWarningIsNamedByItsCaseInKebabCase() {
    #expect(WarningKind.zeroIDFA.id == "zero-idfa")
    #expect(WarningKind.idfaNotUUID.id == "idfa-not-uuid")
    #expect(WarningKind.sdkNotInitialized.id == "sdk-not-initialized")
    for kind in WarningKind.allCases {
      let id = kind.id
      #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(kind): \(id)")
      #expect(id.filter { $0 != "-" } == kind.rawValue.lowercased(), "\(kind): \(id)")
      #expect(!id.hasPrefix("-") && !id.hasSuffix("-") && !id.contains("--"), "\(kind): \(id)")
    }
    #expect(Set(WarningKind.allCases.map(\.id)).count == WarningKind.allCases.count)
  }
}
