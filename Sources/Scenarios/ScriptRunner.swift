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

/// Runs scripts against the model, from a starting state, through a `Walk`.
public enum ScriptRunner {
  /// Runs `script` from `start` with the apps it names (`bundles`), handing each result to `report` and the
  /// last state to `finished`; stops after a refused action; returns whether every step passed.
  @discardableResult
  public static func run(
    _ script: Script, from start: ConsentState = ConsentState(), bundles: [AppBundleReference: AppResources] = [:],
    report: (StepResult) -> Void = { _ in }, finished: (ConsentState) -> Void = { _ in }
  ) -> Bool {
    var walk = Walk<Void>(from: start, bundles: bundles)
    var passed = true
    for step in script.steps {
      let result = walk.perform(step, extra: ()).result
      report(result)
      passed = passed && result.passed
      if result.refusal != nil { break }
    }
    finished(walk.state)
    return passed
  }
}
