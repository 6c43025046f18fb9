import FileAccess

/// Where cross-platform tools put an iOS project inside their repository, and so where that repository's root
/// is: the folder whose code the app is made of, and the sandbox its project is read in.
enum RepositoryLayout {
  /// A layout: the folders from the repository's root to the project's folder, and the files at the root
  /// that mark such a repository.
  private struct Layout {
    var folders: [String]
    var markers: [String]
  }

  private static let layouts = [
    // Flutter, React Native, Expo.
    Layout(folders: ["ios"], markers: ["pubspec.yaml", "package.json", "app.json"]),
    // Capacitor.
    Layout(folders: ["ios", "App"], markers: ["package.json", "capacitor.config.json", "capacitor.config.ts"]),
    // Cordova.
    Layout(folders: ["platforms", "ios"], markers: ["config.xml", "package.json"]),
    // Kotlin Multiplatform.
    Layout(folders: ["iosApp"], markers: ["settings.gradle.kts", "settings.gradle", "build.gradle.kts"]),
  ]

  /// The repository root above the project folder `folder` when it sits where a cross-platform tool puts it
  /// (`ios/` of a Flutter app, `ios/App/` of a Capacitor one, `platforms/ios/` of Cordova, `iosApp/` of
  /// Kotlin Multiplatform), else `folder` itself.
  static func root(ofProjectFolder folder: FilePath) -> FilePath {
    let components = folder.normalized.components.map(String.init)
    for layout in layouts
    where components.count > layout.folders.count
      && components.suffix(layout.folders.count).elementsEqual(layout.folders)
    {
      var root = folder.normalized
      for _ in layout.folders { root = root.parent }
      let names = Set(FolderListing.names(in: root).map(\.string))
      if layout.markers.contains(where: names.contains) { return root }
    }
    return folder
  }

  /// The folders under a repository's root where a project may be, in the order attsim looks: the root,
  /// then where Flutter, React Native, Expo, Capacitor, Cordova and Kotlin Multiplatform put it.
  static func projectFolders(in root: FilePath) -> [FilePath] {
    [root] + layouts.map { layout in layout.folders.reduce(root) { $0.appending($1) } }
  }

  /// Folders never searched for a project: dependencies, build output, localization exports.
  static let skipped: Set<String> = [
    "Pods", "node_modules", "build", "DerivedData", "Carthage", ".build", ".dart_tool", "android", "vendor",
  ]

  /// The app projects directly in `folder` (CocoaPods' own `Pods.xcodeproj` is not one), else a generator's
  /// spec there (`project.yml`, `Project.swift`).
  static func projects(in folder: FilePath, reader: InputFiles) -> [FilePath] {
    let projects = reader.children(of: folder).filter { $0.pathExtension == "xcodeproj" && $0.stem != "Pods" }
    return projects.isEmpty ? GeneratedProject.spec(in: folder, reader: reader).map { [$0] } ?? [] : projects
  }

  /// The projects the workspaces directly in `root` name (`group:` and `container:` file references), less
  /// dependencies.
  static func workspaceMembers(in root: FilePath, reader: InputFiles) -> [FilePath] {
    var members: [FilePath] = []
    for workspace in reader.children(of: root) where workspace.pathExtension == "xcworkspace" {
      guard
        case .success(let bytes) = reader.read(workspace.appending("contents.xcworkspacedata"), limit: 1 << 20)
      else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      for reference in text.split(separator: "location = \"").dropFirst() {
        guard let end = reference.firstIndex(of: "\"") else { continue }
        let location = reference[..<end]
        let path: Substring
        if location.hasPrefix("group:") {
          path = location.dropFirst("group:".count)
        } else if location.hasPrefix("container:") {
          path = location.dropFirst("container:".count)
        } else {
          continue
        }
        let project = root.resolving(String(path)).normalized
        guard project.pathExtension == "xcodeproj",
          !project.components.contains(where: { skipped.contains(String($0)) }),
          !members.contains(project), AppLoader.isFolder(project)
        else { continue }
        members.append(project)
      }
    }
    return members
  }

  /// Projects one or two folders below `root` — or where a tool puts them in a package one or two folders
  /// down (a monorepo's `packages/app/ios/`) — outside dependencies, build output and `.xcloc` exports.
  static func projectsBelow(_ root: FilePath, reader: InputFiles) -> [FilePath] {
    guard
      case .success(let walk) = reader.walk(
        root, maxDepth: 5, limit: 20_000,
        skip: { $0.hasPrefix(".") || skipped.contains($0) || $0.hasSuffix(".xcloc") },
        descend: { !["xcodeproj", "xcworkspace", "app", "framework", "bundle"].contains($0.path.pathExtension ?? "") })
    else { return [] }
    let found = walk.entries.filter { $0.isDirectory && $0.path.pathExtension == "xcodeproj" && $0.path.stem != "Pods" }
    let near = found.filter { (1...2).contains($0.depth) }
    if !near.isEmpty { return near.map(\.path) }
    // A package one or two folders down holding its project where its tool puts it.
    return found.filter { entry in
      let folder = entry.path.parent
      return layouts.contains { layout in
        let package = layout.folders.reduce(folder) { current, _ in current.parent }
        let depth = entry.depth - layout.folders.count
        return (1...2).contains(depth) && projectFolders(in: package).contains(folder)
      }
    }.map(\.path)
  }

  /// What a repository without an iOS project is, when its tool makes the project later: `a Capacitor app
  /// without its ios/ folder (npx cap add ios makes it)`.
  static func missingProject(in root: FilePath) -> String? {
    let names = Set(FolderListing.names(in: root).map(\.string))
    if names.contains("capacitor.config.ts") || names.contains("capacitor.config.json") {
      return "a Capacitor app without its ios/ folder (npx cap add ios makes it)"
    }
    if names.contains("pubspec.yaml") { return "a Flutter project without its ios/ folder (flutter create . makes it)" }
    if names.contains("app.json") { return "an Expo app without its ios/ folder (npx expo prebuild makes it)" }
    if names.contains("config.xml") { return "a Cordova app without platforms/ios (cordova platform add ios makes it)" }
    return nil
  }
}
