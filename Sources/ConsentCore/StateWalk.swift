/// An exhaustive breadth-first walk of every state reachable through a set of actions, checking
/// `Invariants` on every accepted transition.
public struct StateWalk: Sendable {
  /// What a walk saw.
  public struct Report: Sendable {
    /// Distinct states reached, the starting ones included.
    public var states = 0
    /// Accepted transitions checked.
    public var transitions = 0
    /// Actions refused (a tap with no dialog, …): also checked to leave the state untouched.
    public var refusals = 0
    /// Broken invariants, with the path that broke them (first 20 kept).
    public var violations: [String] = []
    /// With coverage measured, how often each invariant applied to a transition, by invariant and by the kind
    /// of action taken (`property | actionKind`): what the walk exercises.
    public var checks: [String: Int] = [:]
  }

  /// The actions tried from every state.
  public var alphabet: [Action]

  /// A walk over `alphabet`.
  public init(alphabet: [Action] = StateWalk.fullAlphabet) {
    self.alphabet = alphabet
  }

  /// Every user, app and Settings action, with every SDK option and iOS release step.
  public static let fullAlphabet: [Action] = {
    var actions: [Action] = [
      .prePermissionShown, .prePermissionContinued, .prePermissionDeclined, .trackingRequested, .allowTapped,
      .askNotToTrackTapped, .appTrackingSwitchChanged(on: true), .appTrackingSwitchChanged(on: false),
      .trackingSwitchTurnedOff(existing: .keep), .trackingSwitchTurnedOff(existing: .stop), .trackingSwitchTurnedOn,
      .promptDismissedBySystem, .relaunched, .reinstalled, .consentSet(track: true, identify: nil),
      .consentSet(track: false, identify: nil),
      .eventTracked(name: "e"), .methodBCalled(status: .denied, advertisingId: IDFA.demo),
      .methodBCalled(status: .authorized, advertisingId: IDFA.zero),
      .methodBCalled(status: .authorized, advertisingId: ""),
      .deviceConfigured(DeviceChange(restricted: true)), .deviceConfigured(DeviceChange(restricted: false)),
      .deviceConfigured(DeviceChange(limitAdTracking: true)), .deviceConfigured(DeviceChange(otherAlertOnScreen: true)),
      .deviceConfigured(DeviceChange(otherAlertOnScreen: false)), .deviceConfigured(DeviceChange(kind: .simulator)),
      .appConfigured(AppChange(hasUsageDescription: false)), .appConfigured(AppChange(lifecycle: .active)),
      .appConfigured(AppChange(lifecycle: .inactive)), .appConfigured(AppChange(lifecycle: .background)),
    ]
    for version in IOSVersion.planVersions { actions.append(.deviceConfigured(DeviceChange(iOS: version))) }
    for integration in Integration.allCases {
      actions.append(.sdkInitialized(SDKOptions(integration: integration)))
      actions.append(.sdkInitialized(SDKOptions(integration: integration, optOut: true)))
      actions.append(.sdkInitialized(SDKOptions(integration: integration, useConsent: true)))
    }
    return actions
  }()

  /// iOS 27.2's EU rules: the requests, the sheet's buttons, the clock, where the device is and the App Clip,
  /// with the core actions they interact with (the full alphabet walks the rest from every release).
  public static let euAlphabet: [Action] = {
    var actions: [Action] = [
      .trackingRequested, .allowTapped, .askNotToTrackTapped, .additionalInformationTapped, .promptDismissedBySystem,
      .clockAdvanced(seconds: 200 * 86_400), .clockAdvanced(seconds: ConsentState.daysBetweenPrompts * 86_400),
      .appTrackingSwitchChanged(on: true),
      .appTrackingSwitchChanged(on: false), .trackingSwitchTurnedOff(existing: .stop), .trackingSwitchTurnedOn,
      .relaunched, .reinstalled, .eventTracked(name: "e"), .sdkInitialized(SDKOptions(integration: .methodA)),
      .sdkInitialized(SDKOptions(integration: .blog)), .prePermissionShown, .prePermissionContinued,
      .appConfigured(AppChange(lifecycle: .inactive)), .appConfigured(AppChange(lifecycle: .active)),
      .deviceConfigured(DeviceChange(restricted: true)), .deviceConfigured(DeviceChange(restricted: false)),
      .deviceConfigured(DeviceChange(iOS: IOSVersion(27, 0))), .deviceConfigured(DeviceChange(iOS: IOSVersion(27, 2))),
      .appConfigured(AppChange(kind: .appClip)), .deviceConfigured(DeviceChange(country: "US")),
      .deviceConfigured(DeviceChange(country: "FR", accountCountry: "FR")),
      .deviceConfigured(DeviceChange(country: "ES", accountCountry: "ES")),
    ]
    for prefers in [false, true] {
      for additionalInformation in [false, true] {
        actions.append(
          .expandedTrackingRequested(
            ExpandedRequest(prefersExpandedInterface: prefers, additionalInformation: additionalInformation)))
      }
    }
    return actions
  }()

  /// Privacy manifests' tracking domains (iOS 17+): the requests, the answers, the SDK's endpoint and consent
  /// queue, the declared domains, and the release either side of 17.0.
  public static let trackingDomainAlphabet: [Action] = [
    .trackingRequested, .allowTapped, .askNotToTrackTapped, .appTrackingSwitchChanged(on: true),
    .appTrackingSwitchChanged(on: false), .eventTracked(name: "e"), .relaunched,
    .consentSet(track: true, identify: nil), .consentSet(track: false, identify: nil),
    .sdkInitialized(SDKOptions(integration: .methodA)), .sdkInitialized(SDKOptions(useConsent: true)),
    .sdkInitialized(SDKOptions(endpoint: "events.collect.example")),
    .sdkInitialized(SDKOptions(endpoint: "other.example")),
    .appConfigured(AppChange(trackingDomains: ["collect.example"])), .appConfigured(AppChange(trackingDomains: [])),
    .deviceConfigured(DeviceChange(iOS: IOSVersion(16, 7))), .deviceConfigured(DeviceChange(iOS: IOSVersion(17, 0))),
    .deviceConfigured(DeviceChange(restricted: true)), .deviceConfigured(DeviceChange(restricted: false)),
  ]

  /// The rules of SPEC §1.3, §1.6 and §1.7a that came with patch releases, extensions and waiting SDKs.
  public static let waitAndQueueAlphabet: [Action] = [
    .trackingRequested, .allowTapped, .askNotToTrackTapped, .eventTracked(name: "e"),
    .sdkInitialized(SDKOptions(waitForATT: 30)), .sdkInitialized(SDKOptions(optOut: true, waitForATT: 30)),
    .sdkInitialized(SDKOptions(useConsent: true, waitForATT: 30)), .consentSet(track: true, identify: nil),
    .clockAdvanced(seconds: 10), .clockAdvanced(seconds: 30), .relaunched, .appTrackingSwitchChanged(on: false),
    .appTrackingSwitchChanged(on: true), .appConfigured(AppChange(lifecycle: .active)),
    .appConfigured(AppChange(kind: .extension)), .appConfigured(AppChange(kind: .app)),
    .deviceConfigured(DeviceChange(otherAlertOnScreen: true)),
    .deviceConfigured(DeviceChange(otherAlertOnScreen: false)),
    .trackingSwitchTurnedOff(existing: .keep), .trackingSwitchTurnedOn,
    .deviceConfigured(DeviceChange(iOS: IOSVersion(14, 5, 1))), .deviceConfigured(DeviceChange(iOS: IOSVersion(15, 0))),
  ]

  /// Walks `depth` actions deep from each of `starts`; `measuringCoverage` tallies which invariants each kind
  /// of action exercised (slower: for the benchmark, not the tests).
  public func run(from starts: [ConsentState], depth: Int, measuringCoverage: Bool = false) -> Report {
    var report = Report()
    var graph = Graph()
    var frontier = starts.compactMap { graph.add($0, parent: nil, via: nil) }
    for _ in 0..<depth {
      var next: [Int] = []
      for index in frontier {
        let state = graph.states[index]
        for action in alphabet {
          var after = state
          do {
            try after.apply(action)
          } catch {
            report.refusals += 1
            if after != state { record("refused action changed the state", index, action, graph, &report) }
            continue
          }
          report.transitions += 1
          var checked: [String]? = measuringCoverage ? [] : nil
          for property in Invariants.check(before: state, action: action, after: after, checked: &checked) {
            record(property, index, action, graph, &report)
          }
          if let checked {
            let kind = action.kindName
            for property in checked { report.checks["\(property) | \(kind)", default: 0] += 1 }
          }
          if let added = graph.add(after.forgettingHistory, parent: index, via: action) { next.append(added) }
        }
      }
      frontier = next
    }
    report.states = graph.states.count
    return report
  }

  private func record(_ property: String, _ index: Int, _ action: Action, _ graph: Graph, _ report: inout Report) {
    guard report.violations.count < 20 else { return }
    let path = (graph.path(to: index) + [action]).map { "\($0)" }.joined(separator: " → ")
    report.violations.append("\(property) after: \(path)")
  }

  /// The states seen so far, each with the step that first reached it, so a violation can name its path.
  private struct Graph {
    var states: [ConsentState] = []
    var index: [ConsentState: Int] = [:]
    var parents: [(parent: Int, action: Action)?] = []

    /// Adds a new state and returns its index; nil when it was seen before.
    mutating func add(_ state: ConsentState, parent: Int?, via action: Action?) -> Int? {
      guard index[state] == nil else { return nil }
      index[state] = states.count
      states.append(state)
      parents.append(parent.flatMap { parent in action.map { (parent, $0) } })
      return states.count - 1
    }

    /// The actions from a starting state to the state at `target`.
    func path(to target: Int) -> [Action] {
      var actions: [Action] = []
      var current = target
      while let step = parents[current] {
        actions.append(step.action)
        current = step.parent
      }
      return actions.reversed()
    }
  }
}

extension Action {
  /// The action's case, without its values (`deviceConfigured`), to group what a walk exercised.
  public var kindName: String {
    String(String(describing: self).prefix { $0 != "(" })
  }
}

extension ConsentState {
  /// The state without what the reducer only counts and never reads (counts, the last action's events and
  /// warnings, the clock beyond the answer's age): the walk treats states that differ only there as one.
  var forgettingHistory: ConsentState {
    var state = self
    state.events.sentCount = 0
    state.events.lastSent = []
    state.events.dropped = 0
    state.events.blocked = 0
    state.actionWarnings = []
    // Only the days since the answer matter, and only up to a year, and the seconds left of the SDK's wait:
    // the clock is kept relative and capped.
    let sinceAnswer = state.app.answeredOnDay.map { state.device.day - $0 } ?? 0
    let waitLeft = state.sdk.waitEndsAt.map { max(0, $0 - state.device.seconds) }
    state.device.seconds = min(sinceAnswer, ConsentState.daysBetweenPrompts) * 86_400
    state.sdk.waitEndsAt = waitLeft.map { state.device.seconds + $0 }
    state.app.answeredOnDay = state.app.answeredOnDay.map { _ in 0 }
    return state
  }
}
