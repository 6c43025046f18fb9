import FileAccess

/// What `attsim check` judges, as the readers read it at the path it was given: every app there, or one strings
/// file named on its own. The check reads nothing itself.
public enum CheckInput: Sendable {
  /// The apps at the path (the app target asked for or chosen, or every iOS app target), and the folder
  /// checked (nil when a file was given).
  case apps([AppResources], root: FilePath?)
  /// One strings file given on its own, read whole.
  case stringsFile(StringsFile)

  /// Reads what is at `path`: an app of any layout, a built app, a folder, or one strings file, catalog,
  /// Info.plist or manifest. Without `allStrings`, only the tables and files `check`'s rules read. A failure's
  /// message says what `command` cannot do.
  public static func read(
    _ path: FilePath, target: String?, configuration: String?, allTargets: Bool = false, allStrings: Bool,
    for command: String = "check"
  ) -> Result<CheckInput, AppResources.LoadFailure> {
    func failure(_ message: String) -> AppResources.LoadFailure { AppResources.LoadFailure(message: message) }
    guard RealPath.of(path) != nil else {
      return .failure(failure("cannot \(command) '\(path.shown())': no such file or folder"))
    }
    let isFolder = AppLoader.isFolder(path)
    guard isFolder || ["xcstrings", "plist", "xcprivacy", "xliff"].contains(path.pathExtension ?? "") else {
      // One strings file (or something that is not a file at all).
      return StringsFile.read(path).map(CheckInput.stringsFile).mapError {
        failure("cannot \(command) '\(path.shown())': \($0.reason)")
      }
    }
    // Without --all-strings no rule reads the other tables; one that cannot be opened is still named.
    let strings: AppResources.StringsToParse = allStrings ? .all : .purposeTables(forCheck: true)
    let root = isFolder ? (path.pathExtension == "xcodeproj" ? path.parent : path) : nil
    return AppResources.loadAll(
      path, target: target, configuration: configuration, allTargets: allTargets, strings: strings
    )
    .map { .apps($0, root: root) }.mapError { failure("cannot \(command): \($0.message)") }
  }
}
