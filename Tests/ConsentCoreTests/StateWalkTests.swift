import Foundation
import Testing

// The invariant tests build states the model could never reach, so they set its parts directly.
@testable import ConsentCore

/// The exhaustive walk: every state reachable in six actions from each iOS release of the plan, with every
/// invariant checked on every transition (a slow suite: `ATTSIM_SLOW_TESTS=1`, which CI sets); the invariants'
/// own tests are quick.
/// Whether the slow walks run: `ATTSIM_SLOW_TESTS=1`, which CI sets.
let slowTestsEnabled = ProcessInfo.processInfo.environment["ATTSIM_SLOW_TESTS"] == "1"

@Suite struct StateWalkTests {
  static var starts: [ConsentState] {
    IOSVersion.planVersions.map { version in
      var state = ConsentState()
      _ = try? state.apply(.deviceConfigured(DeviceChange(iOS: version)))
      return state
    }
  }

  /// Six actions deep, the least depth at which every invariant meets every kind of action it can apply to
  /// (DECISIONS D46); `ATTSIM_WALK_DEPTH` walks deeper.
  static let depth =
    ProcessInfo.processInfo.environment["ATTSIM_WALK_DEPTH"].flatMap { Int($0) }.map { max($0, 6) } ?? 6

  @Test(.enabled(if: slowTestsEnabled, "slow: ATTSIM_SLOW_TESTS=1"))
  func noReachableStateBreaksAnInvariantSixActionsDeep() {
    let report = StateWalk().run(from: Self.starts, depth: Self.depth)
    #expect(report.violations.isEmpty, "\(report.violations.joined(separator: "\n"))")
    // The walk really explored: hundreds of thousands of distinct states, millions of checked transitions.
    #expect(report.states >= 820_199)
    #expect(report.transitions >= 10_108_264)
  }

  /// iOS 27.2 with the device in one of the five, in another EU country, and with the two countries
  /// disagreeing.
  static var euStarts: [ConsentState] {
    [("FR", "FR"), ("ES", "ES"), ("FR", "US")].map { country, account in
      var state = ConsentState()
      _ = try? state.apply(
        .deviceConfigured(DeviceChange(iOS: IOSVersion(27, 2), country: country, accountCountry: account)))
      return state
    }
  }

  /// Eight actions deep: far enough for an answer, a year, and a second prompt with the sheet's buttons.
  @Test(.enabled(if: slowTestsEnabled, "slow: ATTSIM_SLOW_TESTS=1")) func noReachableEUStateBreaksAnInvariant() {
    let report = StateWalk(alphabet: StateWalk.euAlphabet).run(from: Self.euStarts, depth: 8)
    #expect(report.violations.isEmpty, "\(report.violations.joined(separator: "\n"))")
    #expect(report.states >= 84_275)
  }

  /// The EU invariants meet the transitions they are about within five actions: a second prompt a year on,
  /// a sheet, the sheet's Additional Information, a dismissed prompt, an App Clip's request.
  @Test(.enabled(if: slowTestsEnabled, "slow: ATTSIM_SLOW_TESTS=1")) func theEUWalkExercisesItsInvariants() {
    let report = StateWalk(alphabet: StateWalk.euAlphabet).run(
      from: Self.euStarts, depth: 5, measuringCoverage: true)
    for property in [
      "the prompt showed to an install that had answered within a year, or outside the EU | trackingRequested",
      "a sheet showed outside iOS 27.2's EU | expandedTrackingRequested",
      "a prompt closed unanswered changed the answer | additionalInformationTapped",
      "a prompt closed unanswered changed the answer | promptDismissedBySystem",
      "an App Clip did not read restricted | trackingRequested",
    ] {
      #expect((report.checks[property] ?? 0) > 0, "\(property)")
    }
  }

  /// The rules of SPEC §1.3, §1.6 and §1.7a that came with patch releases, extensions and waiting SDKs,
  /// from iOS 14.4 (queued prompts, the remembered denial), 14.5.1 and 26.0, seven actions deep; each of
  /// their invariants meets the actions it is about.
  @Test(.enabled(if: slowTestsEnabled, "slow: ATTSIM_SLOW_TESTS=1")) func noReachableWaitOrQueueStateBreaksAnInvariant()
  {
    let starts = [IOSVersion(14, 4), IOSVersion(14, 5, 1), IOSVersion(26, 0)].map { version in
      ConsentState().applying(.deviceConfigured(DeviceChange(iOS: version)))
    }
    let report = StateWalk(alphabet: StateWalk.waitAndQueueAlphabet).run(
      from: starts, depth: 7, measuringCoverage: true)
    #expect(report.violations.isEmpty, "\(report.violations.joined(separator: "\n"))")
    #expect(report.states >= 10_000)
    for property in [
      "a held event left before the ATT answer and before the wait was over | allowTapped",
      "a held event left before the ATT answer and before the wait was over | clockAdvanced",
      "events held although the answer is known or the wait is over | eventTracked",
      "an App Clip or an extension showed the prompt | deviceConfigured",
      "two prompts at once | trackingRequested",
      "a request while one was pending showed a second prompt | trackingRequested",
      "a change of the app's switch left the app running | appTrackingSwitchChanged",
      "an ended app came back without a fresh launch | appConfigured",
      "an ended app came back without a fresh launch | relaunched",
    ] {
      #expect((report.checks[property] ?? 0) > 0, "\(property)")
    }
  }

  /// Tracking domains either side of iOS 17.0, ten actions deep (the queue, consent and the endpoint
  /// included): about all the states this alphabet reaches.
  @Test(.enabled(if: slowTestsEnabled, "slow: ATTSIM_SLOW_TESTS=1"))
  func noReachableTrackingDomainStateBreaksAnInvariant() {
    let starts = [IOSVersion(16, 7), IOSVersion(17, 0)].map { version in
      ConsentState(trackingDomains: ["collect.example"]).applying(.deviceConfigured(DeviceChange(iOS: version)))
    }
    let report = StateWalk(alphabet: StateWalk.trackingDomainAlphabet).run(
      from: starts, depth: 10, measuringCoverage: true)
    #expect(report.violations.isEmpty, "\(report.violations.joined(separator: "\n"))")
    #expect(report.states >= 10_000)
    #expect(
      (report.checks["an event reached a tracking domain without authorization on iOS 17+ | eventTracked"] ?? 0) > 0)
    #expect(
      (report.checks["an event reached a tracking domain without authorization on iOS 17+ | consentSet"] ?? 0) > 0)
  }

  @Test func invariantsCatchABrokenTransition() throws {
    let before = try state(initialize(), .trackingRequested)
    var leaked = before
    leaked.app.screen = .home
    leaked.sdk.payload = Payload(attAuthorizationStatus: .denied, advertisingId: IDFA.demo)
    leaked.sdk.payloadWriter = .methodA
    let broken = Invariants.violations(before: before, action: .askNotToTrackTapped, after: leaked)
    #expect(broken.contains("method-a stored an advertising_id without authorized"))
    #expect(broken.contains("status notDetermined right after a tap"))
  }

  @Test func invariantsCatchASecondPromptForOneInstall() throws {
    let answered = try state(.trackingRequested, .allowTapped)
    var prompted = answered
    prompted.app.screen = .attDialog
    let broken = Invariants.violations(before: answered, action: .trackingRequested, after: prompted)
    #expect(broken.contains("the prompt showed to an install that had answered within a year, or outside the EU"))
  }

  @Test func invariantsCatchAnEUPromptWithinAYearAndASheetOutsideTheEU() throws {
    let france = DeviceChange(iOS: IOSVersion(27, 2), country: "FR", accountCountry: "FR")
    let answered = try state(
      .deviceConfigured(france), .trackingRequested, .allowTapped, .clockAdvanced(seconds: 100 * 86_400))
    var prompted = answered
    prompted.app.screen = .attSheet(additionalInformation: false)
    #expect(
      Invariants.violations(before: answered, action: .trackingRequested, after: prompted).contains(
        "the prompt showed to an install that had answered within a year, or outside the EU"))
    let american = try state(.deviceConfigured(DeviceChange(iOS: IOSVersion(27, 2))))
    var sheet = american
    sheet.app.screen = .attSheet(additionalInformation: false)
    #expect(
      Invariants.violations(before: american, action: .trackingRequested, after: sheet).contains(
        "a sheet showed outside iOS 27.2's EU"))
    var forgotten = try state(.deviceConfigured(france), .trackingRequested, .allowTapped, .trackingRequested)
    let before = forgotten
    forgotten.app.answer = nil
    #expect(
      Invariants.violations(before: before, action: .additionalInformationTapped, after: forgotten).contains(
        "a prompt closed unanswered changed the answer"))
  }

  @Test func walkReportsThePathToAViolation() {
    // Start from a state the model could never reach: method-a's payload leaking an IDFA with denied.
    var corrupt = ConsentState()
    corrupt.sdk.payload = Payload(attAuthorizationStatus: .denied, advertisingId: IDFA.demo)
    corrupt.sdk.payloadWriter = .methodA
    let report = StateWalk(alphabet: [.prePermissionShown, .allowTapped]).run(from: [corrupt], depth: 2)
    #expect(report.states == 2 && report.transitions == 1 && report.refusals == 3)
    #expect(report.violations == ["method-a stored an advertising_id without authorized after: prePermissionShown"])
  }
}

extension ConsentState {
  /// This state after `action`, which must be accepted.
  func applying(_ action: Action) -> ConsentState {
    var state = self
    _ = try? state.apply(action)
    return state
  }
}
