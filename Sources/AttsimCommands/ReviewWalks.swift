import ConsentCore
import Diagnostics
import PromptStrings
import Scenarios
import TextSupport

/// A device state under which `review` walks the app's scripts: the reviewer's iPhone as the script sets it,
/// or one of the states the model has that hide the ATT prompt (SPEC §1.3), set by a script line first.
struct ReviewCondition: Sendable {
  /// What the state is, for the report: `Allow Apps to Request to Track off`.
  var name: String
  /// The script line that sets it up before the walk, or nil for the walk as written.
  var setup: String?

  /// Whether no prompt is what iOS is meant to do there (below iOS 14 there is no ATT): a note, not a risk.
  var hasNoATT = false

  /// The walk as written, on the iOS a script starts on (the newest the model knows).
  static let asWritten = ReviewCondition(name: "iOS \(IOSVersion.latest), as the walk sets the device", setup: nil)

  /// The states that hide the prompt, the deployment target's iOS first when the app's project names one
  /// that is not the newest (one older than the model's releases is walked on 13.7, the last without ATT).
  static func hiding(deploymentTarget: String?) -> [ReviewCondition] {
    var conditions: [ReviewCondition] = []
    if let target = deploymentTarget, let major = Int(target.prefix { $0 != "." }) {
      let version = IOSVersion(target) ?? (major < 14 ? IOSVersion(13, 7) : nil)
      if let version, version != IOSVersion.latest {
        let walked = version.description == target ? "" : " (walked on \(version))"
        conditions.append(
          ReviewCondition(
            name: "iOS \(target.forMessage(limit: 20)), the deployment target\(walked)",
            setup: "device ios=\(version)", hasNoATT: !version.hasATT))
      }
    }
    return conditions + [
      ReviewCondition(name: "Allow Apps to Request to Track off", setup: "device tracking-switch=off"),
      ReviewCondition(name: "the request before the app is active", setup: "app state=inactive"),
      ReviewCondition(name: "another system alert pending", setup: "device other-alert=yes"),
      ReviewCondition(name: "the request from an app extension", setup: "app kind=extension"),
    ]
  }
}

/// What one walk of a script showed: whether the prompt came up, the model's own words for why (or why not),
/// the step it came up at, and the App Review warnings the model raised with the step that raised each.
struct ReviewWalk: Sendable {
  var shown = false
  /// The model's story of the request that showed the prompt, or of the last request when none did.
  var why: [String] = []
  /// The step the prompt came up at.
  var shownAt: Step?
  /// The first step at which each kind of warning came up, in order.
  var warnings: [(warning: Warning, step: Step)] = []
  /// Whether the walk has a pre-permission step.
  var hasPrePermission = false

  /// Walks `script` over `app` (with the apps its `app bundle=` lines name) under `condition`.
  static func run(
    _ script: Script, bundles: [AppBundleReference: AppResources], app: AppResources, under condition: ReviewCondition
  ) -> ReviewWalk {
    var start = ConsentState(scriptStartFor: app)
    _ = try? start.apply(.appConfigured(AppChange(launching: app)))
    if let line = condition.setup, let setup = try? ScriptParser.parse(line, file: "review") {
      ScriptRunner.run(setup, from: start, finished: { start = $0 })
    }
    var walk = ReviewWalk()
    ScriptRunner.run(script, from: start, bundles: bundles, report: { walk.take($0) })
    return walk
  }

  private mutating func take(_ result: StepResult) {
    if case .action(let action) = result.step.kind,
      [.prePermissionShown, .prePermissionContinued, .prePermissionDeclined].contains(action)
    {
      hasPrePermission = true
    }
    for warning in result.state.warnings where !warnings.contains(where: { $0.warning.kind == warning.kind }) {
      warnings.append((warning, result.step))
    }
    guard !shown else { return }
    let requests = result.story.filter { $0.hasPrefix("request") }
    if !requests.isEmpty { why = requests }
    if result.state.app.promptOnScreen || result.state.app.promptQueued {
      shown = true
      shownAt = result.step
    }
  }

  /// The model's reason in one line: the story of the request, or that the walk never asks.
  var reason: String {
    why.isEmpty ? "the walk never requests tracking" : why.joined(separator: "; ")
  }
}
