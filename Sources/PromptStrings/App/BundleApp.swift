import FileAccess
import StringsFiles

/// An app read from a built `.app`: its own top-level Info.plist and lproj folders only. Frameworks,
/// extensions, watch apps and resource bundles inside it are other bundles with their own lookups.
enum BundleApp {
  static func read(_ bundle: FilePath) -> Result<AppResources, AppResources.LoadFailure> {
    var app = AppResources(root: bundle.string, input: .builtApp, name: bundle.stem)
    let top = AppLoader.children(of: bundle)
    if top.contains(where: { $0.lastComponent == "Info.plist" }) { app.read(infoPlist: bundle.appending("Info.plist")) }
    for folder in top where folder.pathExtension == "lproj" && AppLoader.isFolder(folder) {
      for file in AppLoader.children(of: folder) where file.pathExtension == "strings" {
        app.add(stringsFile: file, localization: folder.stem, folder: folder)
      }
      app.add(emptyFolder: folder)
    }
    guard app.infoPlist != nil || !app.folders.isEmpty else {
      return .failure(
        AppResources.LoadFailure(message: "'\(bundle.string.forMessage())' holds no Info.plist and no .lproj folder"))
    }
    var binaries: [FilePath] = []
    if let executable = app.infoPlist?.strings["CFBundleExecutable"] { binaries.append(bundle.appending(executable)) }
    for framework in AppLoader.children(of: bundle.appending("Frameworks")) where framework.pathExtension == "framework"
    {
      binaries.append(framework.appending(framework.stem))
    }
    app.trackingSearch = .binaries(binaries)
    app.privacyManifests = ManifestSearch.inBundle(bundle)
    app.finish()
    return .success(app)
  }
}
