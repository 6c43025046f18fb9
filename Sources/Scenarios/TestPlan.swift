import ConsentCore

/// The QA test plan behind `attsim matrix`: every distinct setup of device, app and integration, with
/// each answer the user can give, and the outcome the model predicts.
public enum TestPlan {
  /// One setup the plan varies. Dimensions that do not exist on an iOS release are nil
  /// (Limit Ad Tracking from iOS 14; the Tracking switch and ATT restrictions before 14; the country and
  /// the expanded request before 27.2).
  public struct Setup: Hashable, Sendable {
    public var iOS: IOSVersion
    public var kind: DeviceKind
    public var trackingSwitchOn: Bool?
    public var restricted: Bool?
    public var limitAdTracking: Bool?
    public var lifecycle: Lifecycle
    public var integration: Integration
    /// Where the device and the Apple Account both are (iOS 27.2's EU rules).
    public var country: String? = nil
    /// Whether the app makes iOS 27.2's expanded request (preferring the sheet) instead of the classic one.
    public var expandedRequest: Bool? = nil
    /// Whether the app's privacy manifest declares the SDK's endpoint a tracking domain (iOS 17+).
    public var trackingDomain: Bool? = nil
    /// The flow around the request, when it is not the plain one.
    public var flow = Flow.plain
  }

  /// What happens around the request in a row: the plain request, an SDK that waits for the answer (the
  /// event is tracked before the request), or a flow App Review rejects.
  public enum Flow: Hashable, Sendable {
    /// Launch, request, answer, track.
    case plain
    /// The SDK waits this many seconds for the answer; the event is tracked before the request, and a row
    /// lets the wait run out.
    case waitingSDK(seconds: Int)
    /// The pre-permission screen's Not Now: no request (Guideline 5.1.1(iv)).
    case prePermissionNotNow
    /// The request after the user refused tracking in the app's own consent (Guideline 5.1.1(iv)).
    case requestAfterConsentRefusal

    /// The words a table shows for it.
    public var words: String {
      switch self {
      case .plain: "—"
      case .waitingSDK(let seconds): "SDK waits \(seconds) s"
      case .prePermissionNotNow: "pre-permission Not Now"
      case .requestAfterConsentRefusal: "asked after consent refused"
      }
    }
  }

  /// The flows besides the plain one, each walked once per release with ATT on the usual device.
  static let otherFlows: [Flow] = [.waitingSDK(seconds: 30), .prePermissionNotNow, .requestAfterConsentRefusal]

  /// The device kinds that behave differently: `mac` and `vision` hand out the zero IDFA exactly like the
  /// Simulator, so the plan does not repeat them.
  static let kinds: [DeviceKind] = [.device, .simulator]

  /// Where iOS 27.2 behaves differently: outside the EU; in another EU country with the classic and the
  /// expanded request (only there does the app choose); in one of the five.
  static let regions: [(country: String, expanded: Bool)] = [("US", false), ("ES", false), ("ES", true), ("FR", false)]

  /// One row: a setup, the user's answer (nil when no dialog shows), and the outcome.
  public struct Row: Sendable {
    /// 1-based row number, for reference in bug reports.
    public var number: Int
    public var setup: Setup
    /// The tap, or nil when no dialog showed (or, with a waiting SDK, the user let its wait run out).
    public var answer: ATTAnswer?
    /// The script a tester (or `attsim play`) follows for this row.
    public var script: Script
    /// The state after the last step.
    public var outcome: ConsentState
    /// What the request put on screen: the alert, the EU sheet, or nothing.
    public var prompt: PromptKind
    /// Every warning some step of the row raised, in the order first raised (App Review's warnings stand at
    /// their step, before the event).
    public var warnings: [Warning] = []

    /// Whether a prompt showed after the request.
    public var promptShown: Bool { prompt != .none }
  }

  /// Every setup, in a stable order: iOS, region, device kind, switches, app state, integration.
  public static var setups: [Setup] {
    var result: [Setup] = []
    for version in IOSVersion.planVersions {
      let regions: [(country: String?, expanded: Bool?)] =
        version.hasEURules ? regions.map { ($0.country, $0.expanded) } : [(nil, nil)]
      let domains: [Bool?] = version.blocksTrackingDomains ? [false, true] : [nil]
      for region in regions {
        for domain in domains {
          result += setups(version, country: region.country, expandedRequest: region.expanded, trackingDomain: domain)
        }
      }
      guard version.hasATT else { continue }
      for flow in otherFlows {
        result.append(
          Setup(
            iOS: version, kind: .device, trackingSwitchOn: true, restricted: false, limitAdTracking: nil,
            lifecycle: .active, integration: .methodA, country: version.hasEURules ? "US" : nil,
            expandedRequest: version.hasEURules ? false : nil,
            trackingDomain: version.blocksTrackingDomains ? false : nil,
            flow: flow))
      }
    }
    return result
  }

  /// The setups of one release in one region.
  private static func setups(_ version: IOSVersion, country: String?, expandedRequest: Bool?, trackingDomain: Bool?)
    -> [Setup]
  {
    var result: [Setup] = []
    let switches: [Bool?] = version.hasATT ? [true, false] : [nil]
    let restrictions: [Bool?] = version.hasATT ? [false, true] : [nil]
    let limits: [Bool?] = version.hasATT ? [nil] : [false, true]
    for kind in kinds {
      for trackingSwitch in switches {
        for restricted in restrictions {
          for limit in limits {
            for lifecycle in Lifecycle.running {
              for integration in Integration.allCases {
                result.append(
                  Setup(
                    iOS: version, kind: kind, trackingSwitchOn: trackingSwitch, restricted: restricted,
                    limitAdTracking: limit, lifecycle: lifecycle, integration: integration, country: country,
                    expandedRequest: expandedRequest, trackingDomain: trackingDomain))
              }
            }
          }
        }
      }
    }
    return result
  }

  /// The whole plan: each setup run through the script runner, once per answer when the dialog shows.
  public static func rows() -> [Row] {
    var rows: [Row] = []
    for setup in setups {
      let before = steps(for: setup)
      var state = ConsentState()
      var seen: [Warning] = []
      let prepared = run(before, on: &state, warnings: &seen)
      /// The row that goes on from `prepared` with `actions` after the setup's steps.
      func addRow(_ answer: ATTAnswer?, _ actions: [Action]) {
        let after = actions.enumerated().map { step(before.count + 1 + $0, $1) }
        var (end, warnings) = (prepared, seen)
        let outcome = run(after, on: &end, warnings: &warnings)
        let number = rows.count + 1
        rows.append(
          Row(
            number: number, setup: setup, answer: answer,
            script: Script(file: "matrix row \(number)", steps: before + after), outcome: outcome,
            prompt: prepared.app.prompt, warnings: warnings))
      }
      guard prepared.app.promptOnScreen else {
        addRow(nil, [.eventTracked(name: eventName)])
        continue
      }
      // With a waiting SDK the event was tracked before the request: the answer (or the wait's end) sends it.
      let waits = if case .waitingSDK = setup.flow { true } else { false }
      for answer in [ATTAnswer.authorized, .denied] {
        let tap: Action = answer == .authorized ? .allowTapped : .askNotToTrackTapped
        addRow(answer, waits ? [tap] : [tap, .eventTracked(name: eventName)])
      }
      if case .waitingSDK(let seconds) = setup.flow { addRow(nil, [.clockAdvanced(seconds: seconds)]) }
    }
    return rows
  }

  /// The event every row tracks after the answer, to show where it goes.
  static let eventName = "purchase"

  /// A script step for `action` at `line`, in the writer's words.
  private static func step(_ line: Int, _ action: Action) -> Step {
    Step(line: line, command: ScriptWriter.line(for: action), kind: .action(action))
  }

  /// Runs steps through the same walk as `attsim play`, adding each new warning a step raises to
  /// `warnings`; the plan's steps are never refused.
  private static func run(_ steps: [Step], on state: inout ConsentState, warnings: inout [Warning]) -> ConsentState {
    var walk = Walk<Void>(from: state)
    for step in steps {
      _ = walk.perform(step, extra: ())
      for warning in walk.state.warnings where !warnings.contains(where: { $0.kind == warning.kind }) {
        warnings.append(warning)
      }
    }
    state = walk.state
    return state
  }

  /// The steps that set up a row and make the request: actions, written by the script writer.
  static func steps(for setup: Setup) -> [Step] {
    let device = DeviceChange(
      iOS: setup.iOS, kind: setup.kind, trackingSwitchOn: setup.trackingSwitchOn, restricted: setup.restricted,
      limitAdTracking: setup.limitAdTracking, country: setup.country, accountCountry: setup.country)
    let request: Action =
      setup.expandedRequest == true
      ? .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: true, additionalInformation: false))
      : .trackingRequested
    let app = AppChange(
      lifecycle: setup.lifecycle, trackingDomains: setup.trackingDomain == true ? [SDKOptions.defaultEndpoint] : nil)
    var options = SDKOptions(integration: setup.integration)
    var flow: [Action]
    switch setup.flow {
    case .plain: flow = [request]
    case .waitingSDK(let seconds):
      options.waitForATT = seconds
      flow = [.eventTracked(name: eventName), request]
    case .prePermissionNotNow: flow = [.prePermissionShown, .prePermissionDeclined]
    case .requestAfterConsentRefusal:
      options.useConsent = true
      flow = [.consentSet(track: false, identify: nil), request]
    }
    let actions: [Action] = [.deviceConfigured(device), .sdkInitialized(options), .appConfigured(app)] + flow
    return actions.enumerated().map { index, action in step(index + 1, action) }
  }
}
