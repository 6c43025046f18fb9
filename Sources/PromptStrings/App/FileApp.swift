import FileAccess
import StringsFiles

/// An "app" of one file: a strings file (in the localization of its lproj folder), a String Catalog, or an
/// Info.plist.
enum FileApp {
  static func read(_ file: FilePath, reader: InputFiles) -> Result<AppResources, AppResources.LoadFailure> {
    var app = AppResources(root: file.string, input: .file, name: file.stem, reader: reader)
    switch file.pathExtension {
    case "strings":
      let folder = file.parent
      app.add(stringsFile: file, localization: folder.pathExtension == "lproj" ? folder.stem : "en", folder: folder)
    case "xcstrings": app.add(catalog: file)
    case "plist": app.read(infoPlist: file)
    case "xcprivacy": app.privacyManifests = [PrivacyManifest.read(file, from: reader, owner: nil)]
    default:
      return .failure(
        AppResources.LoadFailure(
          message:
            "'\(file.string.forMessage())' is not an app: give an Xcode project, a built .app, an app folder, or a .strings, .xcstrings, .xliff, Info.plist or .xcprivacy file"
        ))
    }
    // A file attsim would not read (a FIFO, over the size limit) is no app; one it read but cannot parse stays
    // in `unreadable`, as in a folder, so `check` reports it at its line and column.
    if let unreadable = app.unreadable.first(where: { $0.refusal != nil }) {
      return .failure(
        AppResources.LoadFailure(message: "cannot read '\(unreadable.path.forMessage())': \(unreadable.reason)"))
    }
    app.finish()
    return .success(app)
  }
}
