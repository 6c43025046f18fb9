import ConsentCore
import PromptStrings
import Scenarios

/// A scenario to walk in the UI: its script and the app resources it names (loaded by the caller).
public struct GuidedScenario: Sendable {
  /// The library name or file.
  public var name: String
  public var script: Script
  public var bundles: [AppBundleReference: AppResources]

  /// A scenario.
  public init(name: String, script: Script, bundles: [AppBundleReference: AppResources]) {
    self.name = name
    self.script = script
    self.bundles = bundles
  }

  /// The title, or the name.
  public var title: String { script.title ?? name }
}

/// Guided mode: where the walk of a scenario stands. The tester performs the user steps by keyboard, the UI the
/// rest through the same walk as `play`; the guide keeps each expectation's result and each step off the script.
public struct Guide: Sendable {
  /// The scenario.
  public let scenario: GuidedScenario
  /// The index of the next step.
  public internal(set) var cursor = 0
  /// Every expectation checked so far.
  public internal(set) var checks: [Check] = []
  /// Steps the tester took that the scenario did not ask for, as script lines.
  public internal(set) var deviations: [String] = []

  /// One expectation and how it went.
  public struct Check: Hashable, Sendable {
    public var line: Int
    public var key: String
    public var expected: String
    public var actual: String
    public var passed: Bool
  }

  init(scenario: GuidedScenario) {
    self.scenario = scenario
  }

  /// The step the tester must perform next, if the guide is waiting for one.
  public var nextStep: Step? {
    cursor < scenario.script.steps.count ? scenario.script.steps[cursor] : nil
  }

  /// Whether every step has been done.
  public var isFinished: Bool { nextStep == nil }

  /// `5 of 6 expectations passed`.
  public var summary: String {
    let passed = checks.filter(\.passed).count
    return "\(passed) of \(checks.count) expectation\(checks.count == 1 ? "" : "s") passed"
  }

  /// Whether the walk passed: it reached the end, every expectation held, and no step off the script is left
  /// in it.
  public var passed: Bool { isFinished && checks.allSatisfy(\.passed) && deviations.isEmpty }

  /// What the tester reads on leaving: the summary, each failed expectation, each step off the script, and where
  /// a walk that stopped early stopped, with how many expectations it never reached.
  public var report: [String] {
    var lines = ["scenario \(scenario.title): \(summary)\(isFinished ? "" : " (stopped before the end)")"]
    for check in checks where !check.passed {
      lines.append("  ✗ line \(check.line): \(check.key) expected \(check.expected), got \(check.actual)")
    }
    for deviation in deviations {
      lines.append("  ✗ off the script: \(deviation) (take it back with u)")
    }
    if let next = nextStep {
      let unreached = scenario.script.steps[cursor...].reduce(0) { count, step in
        if case .expect(let expectations) = step.kind { count + expectations.count } else { count }
      }
      lines.append(
        "  stopped at line \(next.line) (\(next.command)): \(unreached) expectation\(unreached == 1 ? "" : "s") not reached"
      )
    }
    return lines
  }

  /// A tester step in words and the key a tester would press, for presenter mode's caption
  /// (`tap Allow — a`).
  public static func caption(for step: Step) -> String {
    let (words, hint) = instruction(for: step)
    switch step.kind {
    case .expect, .useBundle: return words
    default: return words + " — " + hint.replacing("press ", with: "")
    }
  }

  /// How to perform a tester step by keyboard, in the key map's names.
  public static func hint(for step: Step) -> String { instruction(for: step).hint }

  /// A tester step in words, and how to perform it by keyboard.
  private static func instruction(for step: Step) -> (words: String, hint: String) {
    let enter = KeyMap.key(.press)
    func press(_ command: KeyCommand) -> String { "press " + KeyMap.key(command) }
    let settings = press(.settings)
    switch step.kind {
    case .undo: return ("take the last step back", press(.undo))
    case .redo: return ("bring it back", press(.redo))
    case .restart: return ("start the walk again", press(.restart))
    case .expect, .useBundle: return (step.command, "")
    case .action(let action):
      switch action {
      case .prePermissionShown: return ("the app shows its pre-permission screen", press(.prePermission))
      case .prePermissionContinued: return ("Continue on the pre-permission screen", "press \(enter) on Continue")
      case .prePermissionDeclined:
        return ("Not Now on the pre-permission screen", "Tab to Not Now (App Review rejects it), then \(enter)")
      case .trackingRequested, .expandedTrackingRequested:
        return ("the app requests tracking", "press \(enter) on Request tracking")
      case .allowTapped: return ("tap Allow", press(.allow))
      case .askNotToTrackTapped: return ("tap Ask App Not to Track", press(.askNotToTrack))
      case .additionalInformationTapped: return ("tap Additional Information", press(.additionalInformation))
      case .promptDismissedBySystem: return ("the system dismisses the prompt", press(.dismiss))
      case .appTrackingSwitchChanged(let on):
        return ("Settings: the app's switch \(on ? "on" : "off")", "\(settings), Tab to the app's switch, \(enter)")
      case .trackingSwitchTurnedOff(let existing):
        return (
          "Settings: Allow Apps to Request to Track off",
          "\(settings), \(enter) on the first switch, then \(existing == .keep ? "Continue" : "Stop") Tracking"
        )
      case .trackingSwitchTurnedOn:
        return ("Settings: Allow Apps to Request to Track on", "\(settings), \(enter) on the first switch")
      case .relaunched: return ("relaunch the app", press(.relaunch))
      case .reinstalled: return ("reinstall the app", press(.reinstall))
      default: return (step.command, "")
      }
    }
  }

  /// Takes an action the tester performed: the next step when it matches, else a step off the script.
  /// Going to Settings and back (the app's state changing) is a side effect, never off the script.
  mutating func take(_ action: Action) {
    if case .appConfigured(let change) = action, change.lifecycle != nil, change.locale == nil,
      change.hasUsageDescription == nil
    {
      return
    }
    if let step = nextStep, step.isUserStep, case .action(let expected) = step.kind, expected == action {
      cursor += 1
    } else {
      deviations.append(ScriptWriter.line(for: action))
    }
  }

  /// Keeps how each expectation of an `expect` step the walk performed went.
  mutating func record(_ result: StepResult) {
    guard case .expect(let expectations) = result.step.kind else { return }
    for expectation in expectations {
      let failure = result.failures.first { $0.expectation == expectation }
      checks.append(
        Check(
          line: result.step.line, key: expectation.key, expected: expectation.expected,
          actual: failure?.actual ?? expectation.expected, passed: failure == nil))
    }
  }
}
