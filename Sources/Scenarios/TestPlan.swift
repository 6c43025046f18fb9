import ConsentCore

/// The QA test plan behind `attsim matrix`: every distinct setup of device, app and integration, with
/// each answer the user can give, and the outcome the model predicts.
public enum TestPlan {
  /// One setup the plan varies. Dimensions that do not exist on an iOS release are nil
  /// (Limit Ad Tracking from iOS 14; the Tracking switch and ATT restrictions before 14).
  public struct Setup: Hashable, Sendable {
    public var iOS: IOSVersion
    public var kind: DeviceKind
    public var trackingSwitchOn: Bool?
    public var restricted: Bool?
    public var limitAdTracking: Bool?
    public var lifecycle: Lifecycle
    public var integration: Integration
  }

  /// One row: a setup, the user's answer (nil when no dialog shows), and the outcome.
  public struct Row: Sendable {
    /// 1-based row number, for reference in bug reports.
    public var number: Int
    public var setup: Setup
    /// The tap, or nil when no dialog showed.
    public var answer: ATTAnswer?
    /// The script a tester (or `attsim play`) follows for this row.
    public var script: Script
    /// The state after the last step.
    public var outcome: ConsentState
    /// Whether the ATT dialog showed after the request.
    public var promptShown: Bool
  }

  /// Every setup, in a stable order: iOS, device kind, switches, app state, integration.
  public static var setups: [Setup] {
    var result: [Setup] = []
    for version in IOSVersion.planVersions {
      let switches: [Bool?] = version.hasATT ? [true, false] : [nil]
      let restrictions: [Bool?] = version.hasATT ? [false, true] : [nil]
      let limits: [Bool?] = version.hasATT ? [nil] : [false, true]
      for kind in DeviceKind.allCases {
        for trackingSwitch in switches {
          for restricted in restrictions {
            for limit in limits {
              for lifecycle in Lifecycle.allCases {
                for integration in Integration.allCases {
                  result.append(
                    Setup(
                      iOS: version, kind: kind, trackingSwitchOn: trackingSwitch, restricted: restricted,
                      limitAdTracking: limit, lifecycle: lifecycle, integration: integration))
                }
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
      let prepared = run(before, on: &state)
      guard prepared.app.promptOnScreen else {
        rows.append(row(rows.count + 1, setup, nil, before, prepared, promptShown: false))
        continue
      }
      for answer in [ATTAnswer.authorized, .denied] {
        let action: Action = answer == .authorized ? .allowTapped : .askNotToTrackTapped
        let tap = Step(line: before.count + 1, command: ScriptWriter.line(for: action), kind: .action(action))
        var answered = prepared
        let outcome = run([tap], on: &answered)
        rows.append(row(rows.count + 1, setup, answer, before + [tap], outcome, promptShown: true))
      }
    }
    return rows
  }

  private static func row(
    _ number: Int, _ setup: Setup, _ answer: ATTAnswer?, _ steps: [Step], _ outcome: ConsentState, promptShown: Bool
  ) -> Row {
    Row(
      number: number, setup: setup, answer: answer, script: Script(file: "matrix row \(number)", steps: steps),
      outcome: outcome, promptShown: promptShown)
  }

  /// Runs steps through the same runner as `attsim play`; the plan's steps are never refused.
  private static func run(_ steps: [Step], on state: inout ConsentState) -> ConsentState {
    for step in steps { _ = ScriptRunner.perform(step, on: &state) }
    return state
  }

  /// The steps that set up a row and make the request: actions, written by the script writer.
  static func steps(for setup: Setup) -> [Step] {
    let device = DeviceChange(
      iOS: setup.iOS, kind: setup.kind, trackingSwitchOn: setup.trackingSwitchOn, restricted: setup.restricted,
      limitAdTracking: setup.limitAdTracking)
    let actions: [Action] = [
      .deviceConfigured(device), .sdkInitialized(SDKOptions(integration: setup.integration)),
      .appConfigured(AppChange(lifecycle: setup.lifecycle)), .trackingRequested,
    ]
    return actions.enumerated().map { index, action in
      Step(line: index + 1, command: ScriptWriter.line(for: action), kind: .action(action))
    }
  }
}
