import ConsentUI
import Dispatch
import PromptCheck
import PromptStrings
import Synchronization

/// Loading what the UI, `render` and `gallery` need: the app (the demo app unless `--app`), system texts, findings.
enum UISetup {
  /// The texts of `app` (no path: the demo app), or a one-line reason they cannot be loaded.
  static func appTexts(app: AppChoice) -> Result<AppTexts, UsageError> {
    guard let assets = AssetLocator.assetsFolder() else {
      return .failure(UsageError("cannot find attsim's Assets folder; set ATTSIM_ASSETS to it"))
    }
    // The app and the system texts load at the same time: this is on the way to the first frame.
    let choices = [
      AppChoice(path: app.path ?? assets + "/DemoApp", target: app.target, configuration: app.configuration),
      AppChoice(path: assets + "/System"),
    ]
    let loaded = Mutex<[Int: Result<AppResources, AppResources.LoadFailure>]>([:])
    DispatchQueue.concurrentPerform(iterations: choices.count) { index in
      let choice = choices[index]
      let result = AppResources.load(choice.path ?? "", target: choice.target, configuration: choice.configuration)
      loaded.withLock { $0[index] = result }
    }
    let results = loaded.withLock { $0 }
    let resources: AppResources
    switch results[0] {
    case .success(let resourcesLoaded): resources = resourcesLoaded
    case .failure(let failure): return .failure(UsageError("cannot open the app: \(failure.message)"))
    case nil: return .failure(UsageError("cannot open the app"))
    }
    guard case .success(let system) = results[1] else {
      return .failure(UsageError("attsim's system texts are missing from \(assets)/System"))
    }
    return .success(AppTexts(app: resources, system: system))
  }

  /// The UI's environment for `app`, or nil once the reason it cannot be loaded is on standard error; with
  /// `checked` false the findings are left for later (the UI receives them as `UIEvent.checked`).
  static func environment(app: AppChoice, checked: Bool = true, console: Console) -> UIEnvironment? {
    switch appTexts(app: app) {
    case .success(let loaded):
      return UIEnvironment(appTexts: loaded, findings: checked ? PromptLinter.check(app: loaded.app) : nil)
    case .failure(let problem):
      console.err("attsim: \(problem.message.escapingControlCharacters)\n")
      return nil
    }
  }
}
