import ConsentUI
import Dispatch
import FileAccess
import PromptCheck
import PromptStrings
import Synchronization

/// Loading what the UI, `render` and `gallery` need: the app (the demo app unless `--app`), system texts, findings.
enum UISetup {
  /// The texts of `app` (no path: the demo app, the tables `demoAppStrings` says), or a one-line reason they
  /// cannot be loaded; with `firstFrame` the system texts come later (`UIWork.loadSystemTexts`).
  static func appTexts(app: AppChoice, firstFrame: Bool = false, demoAppStrings: AppResources.StringsToParse = .all)
    -> Result<AppTexts, UsageError>
  {
    guard let assets = AssetLocator.assetsFolder() else {
      return .failure(UsageError("cannot find attsim's Assets folder; set ATTSIM_ASSETS to it"))
    }
    // attsim's own folders (the demo app, the system texts) are read as the plain folders they are.
    let readApp = {
      app.path.map { AppResources.load($0, target: app.target, configuration: app.configuration) }
        ?? AppResources.loadFolder(FilePath(assets + "/DemoApp"), strings: demoAppStrings)
    }
    let appRead: Result<AppResources, AppResources.LoadFailure>
    let systemRead: Result<AppResources, AppResources.LoadFailure>?
    if firstFrame {
      // The system texts wait: the home screen shows none of them.
      appRead = readApp()
      systemRead = .success(AppResources.notYetRead(root: assets + "/System"))
    } else {
      // The app and the system texts are read at the same time, the system texts on a queue of their own: its
      // thread is started even when every thread of the global queues waits (tests call this from theirs).
      let systemReading = Handover<Result<AppResources, AppResources.LoadFailure>>()
      let reading = DispatchGroup()
      DispatchQueue(label: "attsim.system-texts").async(group: reading) {
        let read = AppResources.loadFolder(FilePath(assets + "/System"))
        systemReading.value.withLock { $0 = read }
      }
      appRead = readApp()
      reading.wait()
      systemRead = systemReading.value.withLock { $0 }
    }
    let resources: AppResources
    switch appRead {
    case .success(let resourcesLoaded):
      if let error = resourcesLoaded.infoPlistError { return .failure(UsageError(error.description)) }
      resources = resourcesLoaded
    case .failure(let failure): return .failure(UsageError("cannot open the app: \(failure.message)"))
    }
    guard case .success(let system)? = systemRead else {
      return .failure(UsageError("attsim's system texts are missing from \(assets)/System"))
    }
    return .success(AppTexts(app: resources, system: system))
  }

  /// The UI's environment for `app`, or nil once standard error says why not; with `firstFrame` the system
  /// texts, findings and left-out demo tables come after the first frame (`UIEvent.systemTextsLoaded`, …).
  static func environment(
    app: AppChoice, firstFrame: Bool = false, demoAppStrings: AppResources.StringsToParse = .all, console: Console
  ) -> UIEnvironment? {
    switch appTexts(app: app, firstFrame: firstFrame, demoAppStrings: demoAppStrings) {
    case .success(let loaded):
      return UIEnvironment(appTexts: loaded, findings: firstFrame ? nil : PromptLinter.check(app: loaded.app))
    case .failure(let problem):
      console.err("attsim: \(problem.message.escapingControlCharacters)\n")
      return nil
    }
  }

  /// The files of the system texts, which the UI reads after its first frame: no output may replace them.
  static func systemTextFiles() -> [FilePath] {
    guard let assets = AssetLocator.assetsFolder() else { return [] }
    let folder = FilePath(assets + "/System")
    return FolderListing.names(in: folder).map(folder.appending).flatMap { lproj in
      FolderListing.names(in: lproj).map(lproj.appending)
    }
  }

  /// One of attsim's own folders (`System`, `DemoApp`) read whole, for the UI once its first frame is on
  /// screen.
  static func assetFolder(_ name: String) -> AppResources? {
    guard let assets = AssetLocator.assetsFolder() else { return nil }
    return try? AppResources.loadFolder(FilePath(assets + "/" + name)).get()
  }
}

/// What a worker leaves for the thread that waits for it.
private final class Handover<Value: Sendable>: Sendable {
  let value = Mutex<Value?>(nil)
}
