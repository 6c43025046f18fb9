import ConsentUI
import Foundation
import PromptStrings

/// Loading what the UI, `render` and `gallery` need: the app (the demo app unless `--app`), system texts, findings.
enum UISetup {
  /// The environment for `app` (nil: the demo app), or a one-line reason it cannot be loaded; with
  /// `checked` false the findings are left for later (`UIState.adoptFindings`).
  static func appTexts(app: AppChoice, checked: Bool = true) -> Result<AppTexts, UsageError> {
    guard let assets = AssetLocator.assetsFolder() else {
      return .failure(UsageError("cannot find attsim's Assets folder; set ATTSIM_ASSETS to it"))
    }
    // The app and the system texts load at the same time: this is on the way to the first frame.
    let choices = [
      AppChoice(path: app.path ?? assets + "/DemoApp", target: app.target, configuration: app.configuration),
      AppChoice(path: assets + "/System"),
    ]
    let loaded = Loaded(count: choices.count)
    DispatchQueue.concurrentPerform(iterations: choices.count) { index in
      let choice = choices[index]
      loaded.store(
        AppResources.load(choice.path ?? "", target: choice.target, configuration: choice.configuration), at: index)
    }
    let resources: AppResources
    switch loaded.results[0] {
    case .success(let resourcesLoaded): resources = resourcesLoaded
    case .failure(let failure): return .failure(UsageError("cannot open the app: \(failure.message)"))
    case nil: return .failure(UsageError("cannot open the app"))
    }
    guard case .success(let system) = loaded.results[1] else {
      return .failure(UsageError("attsim's system texts are missing from \(assets)/System"))
    }
    return .success(
      AppTexts(app: resources, system: system, findings: checked ? PromptLinter.check(app: resources) : nil))
  }

}

/// Results filled in by concurrent loads, one slot each.
private final class Loaded: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Result<AppResources, AppResources.LoadFailure>?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ result: Result<AppResources, AppResources.LoadFailure>, at index: Int) {
    lock.lock()
    slots[index] = result
    lock.unlock()
  }

  var results: [Result<AppResources, AppResources.LoadFailure>?] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}
