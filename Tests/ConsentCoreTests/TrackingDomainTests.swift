import ConsentCore
import Testing

/// SPEC §1.8: from iOS 17.0 an event to a privacy manifest's tracking domain fails without authorization.
@Suite struct TrackingDomainTests {
  static func tracked(
    ios: String, answer: Action?, endpoint: String = "collect.example", domains: [String] = ["collect.example"]
  ) throws -> ConsentState {
    var actions: [Action] = [device(ios: ios), .sdkInitialized(SDKOptions(endpoint: endpoint)), .trackingRequested]
    if let answer { actions.append(answer) }
    return try state(actions + [.eventTracked(name: "purchase")], from: ConsentState(trackingDomains: domains))
  }

  @Test(arguments: [
    ("16.7", Action?.some(.askNotToTrackTapped), EventFate.sent), ("17.0", .askNotToTrackTapped, .blocked),
    ("17.0", .allowTapped, .sent), ("26.0", nil, .blocked), ("27.2", .askNotToTrackTapped, .blocked),
    ("14.5", .askNotToTrackTapped, .sent),
  ])
  func theReleaseAndTheStatusDecide(ios: String, answer: Action?, fate: EventFate) throws {
    let consent = try Self.tracked(ios: ios, answer: answer)
    #expect(consent.events.lastFate == fate)
    #expect(consent.events.blocked == (fate == .blocked ? 1 : 0))
    #expect(consent.warningKinds.contains(.trackingDomainBlocked) == (fate == .blocked))
  }

  /// D86: a state warning about what the SDK would send waits for the app's first `track` or request, and
  /// comes back to waiting after a reinstall; the Device panel's `blocked` note (`blockingDomain`) is there
  /// from the launch.
  @Test func theBlockedDomainIsWarnedFromTheFirstTrackOrRequestOn() throws {
    let launched = try state(
      device(ios: "26.0"), initialize(), from: ConsentState(trackingDomains: ["collect.example"]))
    #expect(launched.blockingDomain == "collect.example" && launched.warnings.isEmpty)
    for action in [Action.eventTracked(name: "e"), .trackingRequested] {
      #expect(try state(action, from: launched).warningKinds.contains(.trackingDomainBlocked), "\(action)")
    }
    let reinstalled = try state(.eventTracked(name: "e"), .reinstalled, initialize(), from: launched)
    #expect(reinstalled.warnings.isEmpty)
  }

  @Test func restrictedAndSwitchedOffAreNotAuthorizedEither() throws {
    let restricted = try state(
      device(ios: "17.0", restricted: true), initialize(), .eventTracked(name: "e"),
      from: ConsentState(trackingDomains: ["collect.example"]))
    #expect(restricted.events.lastFate == .blocked)
    let switchedOff = try state(
      device(ios: "17.0", trackingSwitch: false), initialize(), .eventTracked(name: "e"),
      from: ConsentState(trackingDomains: ["collect.example"]))
    #expect(switchedOff.events.lastFate == .blocked)
  }

  @Test(arguments: [
    ("events.collect.example", EventFate.blocked), ("collect.example", .blocked), ("notcollect.example", .sent),
    ("collect.example.net", .sent), ("other.example", .sent),
  ])
  func aSubdomainOfATrackingDomainIsOneToo(endpoint: String, fate: EventFate) throws {
    #expect(try Self.tracked(ios: "17.0", answer: .askNotToTrackTapped, endpoint: endpoint).events.lastFate == fate)
  }

  @Test func queuedEventsAreJudgedWhenTheyLeave() throws {
    var consent = try state(
      device(ios: "17.0"), initialize(useConsent: true), .eventTracked(name: "a"), .eventTracked(name: "b"),
      from: ConsentState(trackingDomains: ["collect.example"]))
    #expect(consent.sdk.queue.count == 2)
    let story = try consent.apply(.consentSet(track: true, identify: nil))
    #expect(consent.events.blocked == 2 && consent.events.sentCount == 0 && consent.sdk.queue.isEmpty)
    #expect(story.contains { $0.contains("a: the request to collect.example failed") })
    // Allowed later: the next events go through.
    try consent.apply(.trackingRequested)
    try consent.apply(.allowTapped)
    try consent.apply(.eventTracked(name: "c"))
    #expect(consent.events.lastFate == .sent && consent.events.sentCount == 1)
  }

  @Test func theDomainsArePartOfTheAppAndSurviveAReinstall() throws {
    let consent = try state(
      .appConfigured(AppChange(trackingDomains: ["Collect.Example"])), .reinstalled)
    #expect(consent.app.trackingDomains == ["collect.example"])
    let cleared = try state(.appConfigured(AppChange(trackingDomains: [])), from: consent)
    #expect(cleared.app.trackingDomains.isEmpty)
  }
}
