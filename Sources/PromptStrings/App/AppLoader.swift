import FileAccess
import Glibc
import StringsFiles
import TextSupport

/// Finds the app (or apps) at a path, the way Xcode builds it and iOS looks it up: an Xcode project's
/// application targets, a built `.app`, a plain folder, or one file.
enum AppLoader {
  typealias Failure = AppResources.LoadFailure

  /// Every app at `path`; a project gives one per application target (or only `target`).
  static func load(_ path: String, target: String?, configuration: String?) -> Result<[AppResources], Failure> {
    let given = FilePath(path)
    let shown = "'\(path.forMessage())'"
    var status = stat()
    guard !path.isEmpty, stat(path, &status) == 0 else { return .failure(Failure(message: "\(shown) does not exist")) }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      if target != nil { return .failure(Failure(message: "--target needs an Xcode project, not the file \(shown)")) }
      return FileApp.read(given).map { [$0] }
    }
    if given.pathExtension == "xcodeproj" {
      return ProjectApp.read(projects: [given], root: given, target: target, configuration: configuration)
    }
    if given.pathExtension == "app" { return BundleApp.read(given).map { [$0] } }
    if let app = Self.children(of: given.appending("Payload")).first(where: { $0.pathExtension == "app" }) {
      return BundleApp.read(app).map { [$0] }
    }
    for folder in [given, given.appending("ios")] {
      let projects = children(of: folder).filter { $0.pathExtension == "xcodeproj" }
      if !projects.isEmpty {
        return ProjectApp.read(projects: projects, root: given, target: target, configuration: configuration)
      }
    }
    // A project's app folder given on its own (`ios/Runner`): the project beside it knows its settings.
    let beside = children(of: given.parent).filter { $0.pathExtension == "xcodeproj" }
    if !beside.isEmpty,
      case .success(let apps) = ProjectApp.read(
        projects: beside, root: given, target: target, configuration: configuration, within: given),
      !apps.isEmpty
    {
      return .success(apps)
    }
    if target != nil { return .failure(Failure(message: "\(shown) holds no Xcode project, so it has no targets")) }
    return FolderApp.read(given).map { [$0] }
  }

  /// The entries directly inside `folder`, by name (none when it is not a folder).
  static func children(of folder: FilePath) -> [FilePath] {
    FolderListing.names(in: folder.string).map(folder.appending)
  }

  /// Whether `path` is a folder (following a link).
  static func isFolder(_ path: FilePath) -> Bool {
    var status = stat()
    return stat(path.string, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Files and folders under `root` that localization lookup cares about, without entering other bundles
  /// (`.app`, `.framework`, `.appex`, `.bundle`, `.xcodeproj`) or build output and dependencies.
  static func walk(_ root: FilePath) -> DirectoryWalk {
    let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "node_modules", "Carthage", ".dart_tool"]
    let bundles: Set<String> = ["app", "framework", "appex", "bundle", "xcodeproj", "xcworkspace", "xcassets"]
    return DirectoryWalk(root) { name in
      name.hasPrefix(".") || skipped.contains(name)
    } descend: { entry in
      !bundles.contains(entry.path.pathExtension ?? "")
    }
  }
}
