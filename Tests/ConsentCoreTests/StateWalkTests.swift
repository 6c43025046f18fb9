import Foundation
import Testing

// The invariant tests build states the model could never reach, so they set its parts directly.
@testable import ConsentCore

/// The exhaustive walk: every state reachable in six actions from each iOS release of the plan, with every
/// invariant checked on every transition.
@Suite struct StateWalkTests {
  static var starts: [ConsentState] {
    IOSVersion.planVersions.map { version in
      var state = ConsentState()
      try? state.apply(.deviceConfigured(DeviceChange(iOS: version)))
      return state
    }
  }

  /// Six actions deep, the least depth at which every invariant meets every kind of action it can apply to
  /// (DECISIONS D46); `ATTSIM_WALK_DEPTH` walks deeper.
  static let depth =
    ProcessInfo.processInfo.environment["ATTSIM_WALK_DEPTH"].flatMap { Int($0) }.map { max($0, 6) } ?? 6

  @Test func noReachableStateBreaksAnInvariantSixActionsDeep() {
    let report = StateWalk().run(from: Self.starts, depth: Self.depth)
    #expect(report.violations.isEmpty, "\(report.violations.joined(separator: "\n"))")
    // The walk really explored: hundreds of thousands of distinct states, millions of checked transitions.
    #expect(report.states >= 712_745)
    #expect(report.transitions >= 8_456_604)
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
    #expect(broken.contains("the prompt showed to an install that had answered"))
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
