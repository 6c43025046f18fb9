import ConsentCore
import Testing

/// SPEC §1.7: consent strategies and the event queue.
@Suite struct ConsentAndEventTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var initialize: Action?
    var before: [Action] = []
    var fate: EventFate

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "not initialized: dropped", initialize: nil, fate: .dropped),
    Case(name: "plain: sent", initialize: ConsentCoreTests.initialize(), fate: .sent),
    Case(name: "optOut: dropped", initialize: ConsentCoreTests.initialize(optOut: true), fate: .dropped),
    Case(
      name: "optOut wins over consent", initialize: ConsentCoreTests.initialize(optOut: true, useConsent: true),
      before: [.consentSet(track: true, identify: nil)], fate: .dropped),
    Case(name: "useConsent, unset: queued", initialize: ConsentCoreTests.initialize(useConsent: true), fate: .queued),
    Case(
      name: "useConsent, false: dropped", initialize: ConsentCoreTests.initialize(useConsent: true),
      before: [.consentSet(track: false, identify: nil)], fate: .dropped),
    Case(
      name: "useConsent, true: sent", initialize: ConsentCoreTests.initialize(useConsent: true),
      before: [.consentSet(track: true, identify: nil)], fate: .sent),
    Case(
      name: "useConsent off ignores track=false", initialize: ConsentCoreTests.initialize(),
      before: [.consentSet(track: false, identify: nil)], fate: .sent),
  ]

  @Test(arguments: cases)
  func trackFollowsTheConsentStrategy(_ testCase: Case) throws {
    var subject = ConsentState()
    if let initialize = testCase.initialize { try subject.apply(initialize) }
    for action in testCase.before { try subject.apply(action) }
    try subject.apply(.eventTracked(name: "sign_up"))
    #expect(subject.events.lastFate == testCase.fate)
    let counts = (subject.events.sentCount, subject.sdk.queue.count, subject.events.dropped, subject.events.blocked)
    switch testCase.fate {
    case .sent: #expect(counts == (1, 0, 0, 0))
    case .queued: #expect(counts == (0, 1, 0, 0))
    case .dropped: #expect(counts == (0, 0, 1, 0))
    case .blocked: #expect(counts == (0, 0, 0, 1))
    case .held: #expect(subject.sdk.held.count == 1)
    }
  }

  @Test func consentTrueSendsTheQueueWithThePayloadAsItIsWhenSent() throws {
    var subject = try state(initialize(useConsent: true), .eventTracked(name: "a"), .trackingRequested, .allowTapped)
    #expect(subject.sdk.queue == ["a"])
    try subject.apply(.consentSet(track: true, identify: true))
    #expect(subject.sdk.queue.isEmpty && subject.events.lastFate == .sent)
    #expect(subject.events.lastSent.map(\.name) == ["a"] && subject.events.sentCount == 1)
    #expect(subject.events.lastSent[0].payload.attAuthorizationStatus == .authorized)
    #expect(subject.sdk.consent == Consent(track: true, identify: true))
  }

  @Test func consentFalseDropsTheQueue() throws {
    let subject = try state(
      initialize(useConsent: true), .eventTracked(name: "a"), .eventTracked(name: "b"),
      .consentSet(track: false, identify: nil))
    #expect(subject.sdk.queue.isEmpty && subject.events.dropped == 2 && subject.events.lastFate == .dropped)
  }

  @Test func consentWithoutUseConsentWarnsThatItIsIgnored() throws {
    let subject = try state(initialize(), .consentSet(track: false, identify: nil))
    #expect(subject.warningKinds == [.consentIgnored])
    #expect(subject.sdk.consent.track == nil)
  }

  @Test func eventsCarryACopyOfThePayloadAsItWasWhenSent() throws {
    var subject = try state(initialize(), .eventTracked(name: "before"))
    #expect(subject.events.lastSent.map(\.payload.attAuthorizationStatus) == [nil])
    try subject.apply(.trackingRequested)
    try subject.apply(.allowTapped)
    #expect(subject.events.lastSent.isEmpty)
    try subject.apply(.eventTracked(name: "after"))
    #expect(subject.events.lastSent.map(\.payload.attAuthorizationStatus) == [.authorized])
    #expect(subject.events.sentCount == 2)
  }

  @Test func queueSurvivesARelaunch() throws {
    let subject = try state(initialize(useConsent: true), .eventTracked(name: "a"), .relaunched)
    #expect(subject.sdk.queue == ["a"] && !subject.sdk.initialized)
  }
}

/// The consent queue is a persistent list: copies share it, and a long one is dropped without recursion.
@Suite struct EventQueueTests {
  @Test func copiesShareTheQueueAndDivergeOnAppend() {
    var first: EventQueue = ["a", "b"]
    let kept = first
    first.append("c")
    #expect(first.names == ["a", "b", "c"] && kept.names == ["a", "b"])
    #expect(first != kept && kept == ["a", "b"])
    first.removeAll()
    #expect(first.isEmpty && kept.count == 2)
  }

  @Test func aMillionQueuedEventsAreDroppedWithoutOverflowingTheStack() {
    var queue = EventQueue()
    for index in 0..<1_000_000 { queue.append("e\(index)") }
    #expect(queue.count == 1_000_000)
    queue.removeAll()
    #expect(queue.isEmpty)
  }
}
