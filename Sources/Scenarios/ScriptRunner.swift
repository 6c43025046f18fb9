import ConsentCore
import PromptStrings

/// What one step of a script did.
public struct StepResult: Sendable {
  /// The step.
  public var step: Step
  /// The state after the step.
  public var state: ConsentState
  /// The story of what the app called and what iOS answered.
  public var story: [String]
  /// The expectations that did not hold (for `expect` steps).
  public var failures: [ExpectationFailure]
  /// Why the action could not happen, when it could not; the script stops there.
  public var refusal: Refusal?
  /// The purpose string the prompt shows in the app's locale, when the script named the app's resources.
  public var prompt: LocalizedText?

  /// Whether the step went as the script said.
  public var passed: Bool { failures.isEmpty && refusal == nil }
}

/// An `expect` that did not hold: where, which key, what was expected and what was there.
public struct ExpectationFailure: Hashable, Sendable {
  /// The expectation.
  public var expectation: Expectation
  /// What the state showed, in `expect`'s words.
  public var actual: String
}

/// Runs scripts against the model, from a starting state.
public enum ScriptRunner {
  /// Runs every step of `script` from `start`, handing each result to `report` as it happens and the last
  /// state to `finished`. `bundles` holds the app resources the script names (`app bundle=…`), loaded by the
  /// caller, keyed as written. Stops after a refused action; returns whether every step passed.
  ///
  /// A long script runs in constant memory per step as long as `report` keeps no result's state.
  @discardableResult
  public static func run(
    _ script: Script, from start: ConsentState = ConsentState(), bundles: [AppBundleReference: AppResources] = [:],
    report: (StepResult) -> Void = { _ in }, finished: (ConsentState) -> Void = { _ in }
  ) -> Bool {
    var state = start
    var bundle: AppResources?
    var passed = true
    var history = UndoHistory<ConsentState>()
    for step in script.steps {
      let result = perform(step, on: &state, bundle: &bundle, bundles: bundles, history: &history)
      report(result)
      passed = passed && result.passed
      if result.refusal != nil { break }
    }
    finished(state)
    return passed
  }

  /// Performs one step on `state` (without app resources or undo history).
  public static func perform(_ step: Step, on state: inout ConsentState) -> StepResult {
    var bundle: AppResources?
    var history = UndoHistory<ConsentState>()
    return perform(step, on: &state, bundle: &bundle, bundles: [:], history: &history)
  }

  /// Performs one step on `state`, with the current app resources in `bundle` and the states before the last
  /// accepted actions in `history` (for `undo`).
  public static func perform(
    _ step: Step, on state: inout ConsentState, bundle: inout AppResources?,
    bundles: [AppBundleReference: AppResources],
    history: inout UndoHistory<ConsentState>
  ) -> StepResult {
    var result = performWithoutPrompt(step, on: &state, bundle: &bundle, bundles: bundles, history: &history)
    result.prompt = bundle?.purposeString(shownIn: state)
    return result
  }

  private static func performWithoutPrompt(
    _ step: Step, on state: inout ConsentState, bundle: inout AppResources?,
    bundles: [AppBundleReference: AppResources],
    history: inout UndoHistory<ConsentState>
  ) -> StepResult {
    switch step.kind {
    case .action(let action):
      let before = state
      do {
        let story = try state.apply(action)
        history.push(before)
        return StepResult(step: step, state: state, story: story, failures: [], refusal: nil)
      } catch {
        return StepResult(step: step, state: state, story: [], failures: [], refusal: error)
      }
    case .undo:
      guard let previous = history.undo(from: state) else {
        return StepResult(step: step, state: state, story: [], failures: [], refusal: .nothingToUndo)
      }
      state = previous
      return StepResult(
        step: step, state: state, story: ["undo: the last action is taken back"], failures: [], refusal: nil)
    case .redo:
      guard let next = history.redo(from: state) else {
        return StepResult(step: step, state: state, story: [], failures: [], refusal: .nothingToRedo)
      }
      state = next
      return StepResult(step: step, state: state, story: ["redo: the action is back"], failures: [], refusal: nil)
    case .useBundle(let reference):
      guard let resources = bundles[reference] else {
        return StepResult(
          step: step, state: state, story: [], failures: [],
          refusal: .resourcesNotLoaded(reference.path))
      }
      bundle = resources
      // Setting up an app never refuses: its Info.plist decides whether it has a usage description, its
      // privacy manifests which domains are tracking domains.
      _ = try? state.apply(.appConfigured(AppChange(launching: resources)))
      return StepResult(
        step: step, state: state, story: ["app resources: \(reference.path)"], failures: [], refusal: nil)
    case .expect(let expectations):
      let current = bundle
      let failures = expectations.filter { !$0.holds(in: state, bundle: current) }.map {
        ExpectationFailure(expectation: $0, actual: $0.actual(in: state, bundle: current))
      }
      return StepResult(step: step, state: state, story: [], failures: failures, refusal: nil)
    }
  }
}

/// The states before the last accepted actions, newest last, for `undo`, and the states `undo` left, for
/// `redo`: the last 100 are kept, so a long script runs in bounded memory. `play` keeps model states; the UI
/// keeps its own snapshots, with the same rules.
public struct UndoHistory<State: Sendable>: Sendable {
  private var states: [State] = []
  private var undone: [State] = []
  /// How many actions can be taken back.
  public static var depth: Int { 100 }

  /// An empty history.
  public init() {}

  /// The oldest state remembered (where taking back everything leads), or nil.
  public var oldest: State? { states.first }

  /// Remembers the state before an accepted action; what was undone can no longer be redone.
  public mutating func push(_ state: State) {
    if states.count == Self.depth { states.removeFirst() }
    states.append(state)
    undone = []
  }

  /// The state before the last remembered action, `current` kept for `redo`; nil when there is none.
  public mutating func undo(from current: State) -> State? {
    guard let previous = states.popLast() else { return nil }
    undone.append(current)
    return previous
  }

  /// The state the last `undo` left, `current` kept for `undo`; nil when nothing was undone.
  public mutating func redo(from current: State) -> State? {
    guard let next = undone.popLast() else { return nil }
    states.append(current)
    return next
  }
}
