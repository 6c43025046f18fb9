import ConsentCore
import Testing

/// SPEC §1.5: what the SDK puts in the user payload, and the warnings about it.
@Suite struct PayloadTests {
  @Test(arguments: [
    (ATTAnswer.authorized, ATTStatus.authorized, Optional(IDFA.demo)), (.denied, .denied, nil),
  ])
  func methodAPassesTheStatusAndTheIDFAOnlyWhenAuthorized(answer: ATTAnswer, status: ATTStatus, idfa: String?) throws {
    let tap: Action = answer == .authorized ? .allowTapped : .askNotToTrackTapped
    let subject = try state(initialize(.methodA), .trackingRequested, tap)
    #expect(subject.sdk.payload == Payload(attAuthorizationStatus: status, advertisingId: idfa))
    #expect(subject.warnings.isEmpty)
  }

  @Test(arguments: [ATTStatus.denied, .restricted, .notDetermined])
  func methodAWithAnotherStatusClearsAnEarlierIDFA(status: ATTStatus) throws {
    var subject = try state(initialize(.methodA), .trackingRequested, .allowTapped)
    #expect(subject.sdk.payload.advertisingId == IDFA.demo)
    switch status {
    case .denied:
      // iOS ends the app; back in it, it launches again.
      try subject.apply(.appTrackingSwitchChanged(on: false))
      try subject.apply(.appConfigured(AppChange(lifecycle: .active)))
    case .restricted: try subject.apply(device(restricted: true))
    default: try subject.apply(.reinstalled)
    }
    try subject.apply(initialize(.methodA))
    try subject.apply(.trackingRequested)
    if status == .notDetermined { try subject.apply(.relaunched) }
    if status != .notDetermined {
      #expect(subject.sdk.payload == Payload(attAuthorizationStatus: status, advertisingId: nil))
    } else {
      #expect(subject.sdk.payload.isEmpty)
    }
  }

  @Test func methodBStoresExactlyWhatIsPassedAndWarnsOnMisuse() throws {
    let subject = try state(initialize(.methodB), .methodBCalled(status: .denied, advertisingId: IDFA.demo))
    #expect(subject.sdk.payload == Payload(attAuthorizationStatus: .denied, advertisingId: IDFA.demo))
    #expect(subject.warningKinds.contains(.idfaWithoutAuthorization))
  }

  @Test(arguments: [
    (IDFA.zero, WarningKind.zeroIDFA), ("not-an-idfa", .idfaNotUUID), ("00", .idfaNotUUID),
  ])
  func methodBWarnsAboutIdentifiersThatAreNotRealIDFAs(identifier: String, kind: WarningKind) throws {
    let subject = try state(initialize(.methodB), .methodBCalled(status: .authorized, advertisingId: identifier))
    #expect(subject.sdk.payload.advertisingId == identifier)
    #expect(subject.warningKinds.contains(kind))
  }

  @Test func methodBWithAnEmptyStringStoresNoIDFA() throws {
    let subject = try state(
      initialize(.methodB), .methodBCalled(status: .authorized, advertisingId: IDFA.demo),
      .methodBCalled(status: .denied, advertisingId: ""))
    #expect(subject.sdk.payload == Payload(attAuthorizationStatus: .denied, advertisingId: nil))
  }

  @Test(arguments: [(ATTAnswer.authorized, Optional(IDFA.demo)), (.denied, nil)])
  func methodBRequestPassesTheIDFAOnlyWhenAuthorized(answer: ATTAnswer, idfa: String?) throws {
    let tap: Action = answer == .authorized ? .allowTapped : .askNotToTrackTapped
    let subject = try state(initialize(.methodB), .trackingRequested, tap)
    #expect(subject.sdk.payload.advertisingId == idfa)
    #expect(subject.sdk.payloadWriter == .methodB)
  }

  @Test func simulatorAuthorizedPutsTheZeroIDFAInThePayloadAndWarns() throws {
    let subject = try state(device(kind: .simulator), initialize(), .trackingRequested, .allowTapped)
    #expect(subject.statusWord == "authorized")
    #expect(subject.sdk.payload.advertisingId == IDFA.zero)
    #expect(subject.warningKinds == [.zeroIDFA])
  }

  @Test(arguments: [(false, Optional(IDFA.demo)), (true, nil)])
  func iOS13AutoCollectsAtInitializeWithoutAStatus(limitAdTracking: Bool, idfa: String?) throws {
    let subject = try state(device(ios: "13.7", limitAdTracking: limitAdTracking), initialize())
    #expect(subject.sdk.payload == Payload(attAuthorizationStatus: nil, advertisingId: idfa))
  }

  @Test func iOS13CollectsAgainAtEveryEvent() throws {
    // The payload's warnings wait for the app's first event (D86).
    var subject = try state(device(ios: "13.7"), initialize(), .eventTracked(name: "launch"))
    try subject.apply(device(limitAdTracking: true))
    #expect(subject.warningKinds.contains(.stalePayload))
    try subject.apply(.eventTracked(name: "open"))
    #expect(subject.sdk.payload.advertisingId == nil)
    #expect(subject.events.lastSent.map(\.name) == ["open"])
    #expect(subject.events.lastSent.last?.payload.advertisingId == nil)
    #expect(!subject.warningKinds.contains(.stalePayload))
  }

  @Test func iOS14CollectsNothingByItself() throws {
    let subject = try state(initialize(), .eventTracked(name: "open"))
    #expect(subject.sdk.payload.isEmpty)
  }

  @Test func settingsChangeMakesThePayloadStaleUntilTheAppCallsAgain() throws {
    var subject = try state(initialize(), .trackingRequested, .allowTapped, .appTrackingSwitchChanged(on: false))
    #expect(subject.statusWord == "denied")
    #expect(subject.sdk.payload.attAuthorizationStatus == .authorized)
    #expect(subject.warningKinds.contains(.stalePayload))
    // iOS ended the app: until it runs again, its code cannot call the SDK.
    #expect(throws: Refusal.appNotRunning) { try subject.apply(.trackingRequested) }
    try subject.apply(.appConfigured(AppChange(lifecycle: .active)))
    #expect(subject.warningKinds.contains(.stalePayload) && subject.sdk.payload.attAuthorizationStatus == .authorized)
    try subject.apply(initialize())
    try subject.apply(.trackingRequested)
    #expect(subject.sdk.payload == Payload(attAuthorizationStatus: .denied, advertisingId: nil))
    #expect(!subject.warningKinds.contains(.stalePayload))
  }

  @Test func updateFromIOS13LeavesAnAutoCollectedIDFAStale() throws {
    let subject = try state(device(ios: "13.7"), initialize(), .eventTracked(name: "launch"), device(ios: "14.5"))
    #expect(subject.statusWord == "notDetermined")
    #expect(subject.sdk.payload.advertisingId == IDFA.demo)
    #expect(subject.warningKinds.contains(.stalePayload))
  }

  @Test func callsBeforeInitializeAreDroppedWithAWarning() throws {
    var subject = try state(.trackingRequested, .allowTapped)
    #expect(subject.sdk.payload.isEmpty)
    #expect(
      subject.warnings.contains { $0.kind == .sdkNotInitialized && $0.message.contains("setAdvertisingIdByATTStatus") })
    try subject.apply(.eventTracked(name: "open"))
    #expect(subject.events.lastFate == .dropped && subject.events.dropped == 1)
    #expect(subject.warningKinds.contains(.sdkNotInitialized))
    try subject.apply(.consentSet(track: true, identify: nil))
    #expect(subject.warningKinds.contains(.sdkNotInitialized))
  }

  @Test func initializingTwiceWarnsAndKeepsTheFirstOptions() throws {
    let subject = try state(initialize(.methodA), initialize(.methodB))
    #expect(subject.sdk.options.integration == .methodA)
    #expect(subject.warningKinds == [.initializedTwice])
  }

  @Test func actionWarningsLastOneAction() throws {
    let subject = try state(.eventTracked(name: "a"), initialize())
    #expect(!subject.warningKinds.contains(.sdkNotInitialized))
  }
}
