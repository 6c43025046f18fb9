import FileAccess
import StringsFiles
import TextSupport

/// Finds the app (or apps) at a path, the way Xcode builds it and iOS looks it up: an Xcode project's
/// application targets, a built `.app`, a plain folder, or one file.
///
/// Everything is read inside a sandbox: the folder holding the project, the bundle, or the folder given
/// (`InputFiles`); nothing a project names can make attsim read outside it.
enum AppLoader {
  typealias Failure = AppResources.LoadFailure

  /// The app at `path`: a project gives the app target a person means, or `target`, or with `allTargets` every
  /// iOS app target; `strings` says which strings tables are read.
  static func load(
    _ given: FilePath, target: String?, configuration: String?, allTargets: Bool = false,
    strings: AppResources.StringsToParse
  ) -> Result<[AppResources], Failure> {
    let shown = "'\(given.shown())'"
    guard let isFolder = FileKind.isFolder(given) else { return .failure(Failure(message: "\(shown) does not exist")) }
    let project = ProjectRead(target: target, configuration: configuration, allTargets: allTargets, strings: strings)
    guard isFolder else {
      if GeneratedProject.specNames.contains(given.lastComponent) {
        let folder = given.parent
        return project.read([given], root: folder, sandbox: RepositoryLayout.root(ofProjectFolder: folder))
      }
      if target != nil { return .failure(Failure(message: "--target needs an Xcode project, not the file \(shown)")) }
      if given.pathExtension == "xliff" { return TranslationExportApp.read(given, reader: InputFiles()).map { [$0] } }
      // One file the user named: read as named, and nothing else.
      return FileApp.read(given, reader: InputFiles()).map { [$0] }
    }
    if given.pathExtension == "xcodeproj" {
      return project.read([given], root: given, sandbox: RepositoryLayout.root(ofProjectFolder: given.parent))
    }
    guard let reader = InputFiles(confinedTo: RepositoryLayout.root(ofProjectFolder: given)) else {
      return .failure(Failure(message: "cannot resolve \(shown)"))
    }
    if given.pathExtension == "xcloc" { return TranslationExportApp.read(given, reader: reader).map { [$0] } }
    if given.pathExtension == "app" { return BundleApp.read(given, reader: reader, strings: strings).map { [$0] } }
    if let app = reader.children(of: given.appending("Payload")).first(where: { $0.pathExtension == "app" }) {
      return BundleApp.read(app, reader: reader, strings: strings).map { [$0] }
    }
    if let package = PlaygroundsApp.read(given, reader: reader, strings: strings) { return package.map { [$0] } }
    // Where cross-platform tools put the project, then a workspace's members, then a project a folder or two
    // down (SPEC §4, "From a repository's root").
    // A project with no app target (a library's own, beside its example app) does not end the search.
    var libraryOnly: Failure?
    func found(_ read: Result<[AppResources], Failure>) -> Result<[AppResources], Failure>? {
      guard case .failure(let failure) = read, failure.isNoAppTarget else { return read }
      libraryOnly = libraryOnly ?? failure
      return nil
    }
    for folder in RepositoryLayout.projectFolders(in: given) {
      let projects = RepositoryLayout.projects(in: folder, reader: reader)
      if !projects.isEmpty,
        let read = found(project.read(projects, root: given, sandbox: RepositoryLayout.root(ofProjectFolder: folder)))
      {
        return read
      }
    }
    let members = RepositoryLayout.workspaceMembers(in: given, reader: reader)
    if !members.isEmpty, let read = found(project.read(members, root: given, sandbox: given)) { return read }
    let below = RepositoryLayout.projectsBelow(given, reader: reader)
    if !below.isEmpty, let read = found(project.read(below, root: given, sandbox: given)) { return read }
    if let libraryOnly { return .failure(libraryOnly) }
    // A project's app folder given on its own (`ios/Runner`): the project beside it knows its settings, so
    // the project's folder is the sandbox.
    let beside = FolderListing.names(in: given.parent).map(given.parent.appending).filter {
      $0.pathExtension == "xcodeproj"
    }
    let sandbox = RepositoryLayout.root(ofProjectFolder: given.parent)
    if !beside.isEmpty, case .success(let apps) = project.read(beside, root: given, sandbox: sandbox, within: given),
      !apps.isEmpty
    {
      return .success(apps)
    }
    if target != nil { return .failure(Failure(message: "\(shown) holds no Xcode project, so it has no targets")) }
    if TranslationExportApp.holdsExports(given, reader: reader) {
      return TranslationExportApp.read(given, reader: reader).map { [$0] }
    }
    // A Swift Playgrounds app in the repository (`App.swiftpm`), the first by name.
    for package in reader.children(of: given) where package.pathExtension == "swiftpm" {
      if let app = PlaygroundsApp.read(package, reader: reader, strings: strings) { return app.map { [$0] } }
    }
    if let dotNet = DotNetApp.read(given, reader: reader, strings: strings) { return dotNet.map { [$0] } }
    let folderApp = FolderApp.read(given, reader: reader, strings: strings)
    if case .failure = folderApp, let kind = RepositoryLayout.missingProject(in: given) {
      return .failure(Failure(message: "\(shown) is \(kind): there is no iOS app to read yet"))
    }
    return folderApp.map { [$0] }
  }

  /// What `load` passes on to read projects: the target and configuration asked for, whether every app target
  /// is, and the tables to read.
  struct ProjectRead {
    var target: String?
    var configuration: String?
    var allTargets: Bool
    var strings: AppResources.StringsToParse

    func read(_ projects: [FilePath], root: FilePath, sandbox: FilePath, within: FilePath? = nil) -> Result<
      [AppResources], Failure
    > {
      guard let reader = InputFiles(confinedTo: sandbox) else {
        return .failure(Failure(message: "cannot resolve '\(sandbox.shown())'"))
      }
      return ProjectApp.read(
        projects: projects, root: root, sandbox: sandbox, reader: reader, asked: self, within: within)
    }
  }

  /// Whether `path` is a folder (following a link).
  static func isFolder(_ path: FilePath) -> Bool { FileKind.isFolder(path) == true }

  /// Files and folders under `root` that localization lookup cares about, without entering other bundles
  /// (`.app`, `.framework`, `.appex`, `.bundle`, `.xcodeproj`) or build output and dependencies, nor, unless
  /// `intoLocalizations`, lproj folders; nil when `root` lies outside the sandbox.
  static func walk(_ root: FilePath, reader: InputFiles, intoLocalizations: Bool = true) -> DirectoryWalk? {
    let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "node_modules", "Carthage", ".dart_tool"]
    let bundles: Set<String> = ["app", "framework", "appex", "bundle", "xcodeproj", "xcworkspace", "xcassets"]
    return try? reader.walk(root) { name in
      name.hasPrefix(".") || skipped.contains(name)
    } descend: { entry in
      let kind = entry.path.pathExtension ?? ""
      return !bundles.contains(kind) && (intoLocalizations || kind != "lproj")
    }.get()
  }

  /// The strings files directly in the localization folder `folder`, listed now.
  static func stringsFiles(in folder: FilePath, reader: InputFiles) -> [FilePath] {
    (walk(folder, reader: reader)?.entries ?? []).filter {
      !$0.isDirectory && $0.path.parent == folder && $0.path.pathExtension == "strings"
    }.map(\.path)
  }
}
