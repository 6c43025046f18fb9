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

/// Guided mode: the scenario's next step, which the tester performs by keyboard; setup and app calls the
/// guide performs itself; after each step, every expectation shown passed or failed.
public struct Guide: Sendable {
  /// The scenario.
  public let scenario: GuidedScenario
  /// The index of the next step.
  public private(set) var cursor = 0
  /// Every expectation checked so far.
  public private(set) var checks: [Check] = []
  /// Actions the tester took that the scenario did not ask for.
  public private(set) var deviations: [String] = []
  /// The app resources in use (`app bundle=`).
  var bundle: AppResources?

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

  /// Whether the walk passed: it reached the end and every expectation held.
  public var passed: Bool { isFinished && checks.allSatisfy(\.passed) }

  /// What the tester reads on leaving: the summary, each failed expectation with what was there, and, when
  /// the walk stopped early, where and how many expectations it never reached.
  public var report: [String] {
    var lines = ["scenario \(scenario.title): \(summary)\(isFinished ? "" : " (stopped before the end)")"]
    for check in checks where !check.passed {
      lines.append("  ✗ line \(check.line): \(check.key) expected \(check.expected), got \(check.actual)")
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

  /// Whether the tester performs `step` (a user's or the OS's doing), rather than the guide.
  static func isTesterStep(_ step: Step) -> Bool {
    if case .undo = step.kind { return true }
    if case .redo = step.kind { return true }
    guard case .action(let action) = step.kind else { return false }
    switch action {
    case .prePermissionShown, .prePermissionContinued, .prePermissionDeclined, .trackingRequested, .allowTapped,
      .askNotToTrackTapped, .additionalInformationTapped, .promptDismissedBySystem, .appTrackingSwitchChanged,
      .trackingSwitchTurnedOff, .trackingSwitchTurnedOn, .relaunched, .reinstalled:
      return true
    default: return false
    }
  }

  /// A tester step in words and the key a tester would press, for presenter mode's caption
  /// (`tap Allow — a`).
  public static func caption(for step: Step) -> String {
    switch step.kind {
    case .undo: return "take the last step back — u"
    case .redo: return "bring it back — U"
    case .action(let action):
      let words: String
      switch action {
      case .prePermissionShown: words = "the app shows its pre-permission screen"
      case .prePermissionContinued: words = "Continue on the pre-permission screen"
      case .prePermissionDeclined: words = "Not Now on the pre-permission screen"
      case .trackingRequested, .expandedTrackingRequested: words = "the app requests tracking"
      case .allowTapped: words = "tap Allow"
      case .askNotToTrackTapped: words = "tap Ask App Not to Track"
      case .additionalInformationTapped: words = "tap Additional Information"
      case .promptDismissedBySystem: words = "the system dismisses the prompt"
      case .appTrackingSwitchChanged(let on): words = "Settings: the app's switch \(on ? "on" : "off")"
      case .trackingSwitchTurnedOff: words = "Settings: Allow Apps to Request to Track off"
      case .trackingSwitchTurnedOn: words = "Settings: Allow Apps to Request to Track on"
      case .relaunched: words = "relaunch the app"
      case .reinstalled: words = "reinstall the app"
      default: words = step.command
      }
      return words + " — " + hint(for: step).replacing("press ", with: "")
    case .expect, .useBundle: return step.command
    }
  }

  /// How to perform a tester step by keyboard.
  public static func hint(for step: Step) -> String {
    if case .undo = step.kind { return "press u" }
    if case .redo = step.kind { return "press U" }
    guard case .action(let action) = step.kind else { return "" }
    switch action {
    case .prePermissionShown: return "press p"
    case .prePermissionContinued: return "press Enter on Continue"
    case .prePermissionDeclined: return "Tab to Not Now, then Enter"
    case .trackingRequested: return "press Enter on Request tracking"
    case .allowTapped: return "press a"
    case .askNotToTrackTapped: return "press n"
    case .additionalInformationTapped: return "press o"
    case .promptDismissedBySystem: return "press !"
    case .appTrackingSwitchChanged: return "press s, Tab to the app's switch, Enter"
    case .trackingSwitchTurnedOff(let existing):
      return "press s, Enter on the first switch, then \(existing == .keep ? "Continue" : "Stop") Tracking"
    case .trackingSwitchTurnedOn: return "press s, Enter on the first switch"
    case .relaunched: return "press x"
    case .reinstalled: return "press r"
    default: return ""
    }
  }

  /// The tester pressed u (or U) where the scenario says `undo` (or `redo`): that step is done.
  mutating func recordUndo(redo: Bool = false) {
    switch (nextStep?.kind, redo) {
    case (.undo, false), (.redo, true): cursor += 1
    default: break
    }
  }

  /// Takes the action the tester performed: the next step when it matches, else a deviation. Lifecycle
  /// changes (going to Settings and back) are side effects, never deviations.
  mutating func record(_ action: Action) {
    if case .appConfigured(let change) = action, change.lifecycle != nil, change.locale == nil,
      change.hasUsageDescription == nil
    {
      return
    }
    if let step = nextStep, Guide.isTesterStep(step), case .action(let expected) = step.kind, expected == action {
      cursor += 1
    } else {
      deviations.append(ScriptWriter.line(for: action))
    }
  }

  /// Performs the steps that are not the tester's (setup, app calls, expectations) up to the next tester step.
  mutating func advance(_ consent: inout ConsentState) -> [String] {
    var story: [String] = []
    while let step = nextStep, !Guide.isTesterStep(step) {
      cursor += 1
      // The guide's own steps are never taken back by the scenario (its `undo` is the tester's, with u).
      var history = UndoHistory<ConsentState>()
      let result = ScriptRunner.perform(
        step, on: &consent, bundle: &bundle, bundles: scenario.bundles, history: &history)
      story += result.story
      if case .expect(let expectations) = step.kind {
        for expectation in expectations {
          let failure = result.failures.first { $0.expectation == expectation }
          checks.append(
            Check(
              line: step.line, key: expectation.key, expected: expectation.expected,
              actual: failure?.actual ?? expectation.expected, passed: failure == nil))
        }
      }
      if let refusal = result.refusal { story.append("✗ \(step.command): \(refusal.reason)") }
    }
    return story
  }
}
