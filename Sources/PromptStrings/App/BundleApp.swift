import FileAccess
import StringsFiles

/// An app read from a built `.app`: its own top-level Info.plist and lproj folders only. Frameworks,
/// extensions, watch apps and resource bundles inside it are other bundles with their own lookups.
enum BundleApp {
  static func read(_ bundle: FilePath, reader: InputFiles, strings: AppResources.StringsToParse) -> Result<
    AppResources, AppResources.LoadFailure
  > {
    var app = AppResources(root: bundle.string, input: .builtApp, name: bundle.stem, reader: reader)
    app.strings = strings
    let top = reader.children(of: bundle)
    if top.contains(where: { $0.lastComponent == "Info.plist" }) { app.read(infoPlist: bundle.appending("Info.plist")) }
    for folder in top where folder.pathExtension == "lproj" && AppLoader.isFolder(folder) {
      if let refusal = reader.refusal(of: folder) {
        app.unreadable.append(ReadProblem(file: folder.string, refusal.reason, refusal: refusal.kind))
        continue
      }
      for file in reader.children(of: folder) where file.pathExtension == "strings" {
        app.add(stringsFile: file, localization: folder.stem, folder: folder)
      }
      app.add(emptyFolder: folder)
    }
    guard app.infoPlist != nil || !app.folders.isEmpty else {
      let plist = app.unreadable.first { FilePath($0.path).lastComponent == "Info.plist" }
      let message =
        plist.map { "the Info.plist of '\(bundle.string.forMessage())' cannot be read: \($0.reason)" }
        ?? "'\(bundle.string.forMessage())' holds no Info.plist and no .lproj folder"
      return .failure(AppResources.LoadFailure(message: message))
    }
    var binaries: [FilePath] = []
    if let executable = app.infoPlist?.strings["CFBundleExecutable"] { binaries.append(bundle.appending(executable)) }
    for framework in reader.children(of: bundle.appending("Frameworks")) where framework.pathExtension == "framework" {
      binaries.append(framework.appending(framework.stem))
    }
    app.trackingSearch = .binaries(binaries)
    if strings.findsCheckInputs { app.privacyManifests = ManifestSearch(reader: reader).inBundle(bundle) }
    app.finish()
    return .success(app)
  }
}
