import ConsentUI
import Foundation
import PromptStrings

/// Loading what the UI and `render` need: the app (the demo app unless `--app`), system texts, findings.
enum UISetup {
  /// The environment for `app` (nil: the demo app), or a one-line reason it cannot be loaded.
  static func environment(app: String?) -> Result<UIEnvironment, UsageError> {
    guard let assets = AssetLocator.assetsFolder() else {
      return .failure(UsageError("cannot find attsim's Assets folder; set ATTSIM_ASSETS to it"))
    }
    let appPath = app ?? assets.appendingPathComponent("DemoApp").path
    let resources: AppResources
    switch AppResources.load(appPath) {
    case .success(let loaded): resources = loaded
    case .failure(let failure): return .failure(UsageError("cannot open the app: \(failure.message)"))
    }
    guard case .success(let system) = AppResources.load(assets.appendingPathComponent("System").path) else {
      return .failure(UsageError("attsim's system texts are missing from \(assets.path)/System"))
    }
    return .success(UIEnvironment(app: resources, system: system, findings: PromptLinter.check(app: resources)))
  }

  /// Checks that `locale` is a language tag.
  static func validate(locale: String?) -> UsageError? {
    guard let locale, LocaleTag(locale) == nil else { return nil }
    return UsageError("--locale must be a language tag like en, pt-BR or zh-Hant, not '\(locale)'")
  }
}
