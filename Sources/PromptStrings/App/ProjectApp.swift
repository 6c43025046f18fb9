import FileAccess
import StringsFiles
import TextSupport

/// An app read from an Xcode project: one application target, in one build configuration, with its
/// Info.plist (file, build variables, generated keys) and the localized files its resources phase and
/// synchronized folders copy into the app.
enum ProjectApp {
  typealias Failure = AppResources.LoadFailure

  /// The apps of `projects` (all their application targets, or only `target`); `within` keeps only targets
  /// whose Info.plist lies in that folder.
  static func read(
    projects paths: [FilePath], root: FilePath, target: String?, configuration: String?, within: FilePath? = nil
  ) -> Result<[AppResources], Failure> {
    var candidates: [(XcodeProject, XcodeProject.Target)] = []
    for path in paths {
      do {
        let project = try XcodeProject(bundle: path)
        candidates += project.applicationTargets.map { (project, $0) }
      } catch {
        return .failure(
          Failure(message: "cannot read '\(path.appending("project.pbxproj").string.forMessage())': \(error.message)"))
      }
    }
    if let within {
      candidates = candidates.filter { project, target in
        infoPlistFile(project, target, configuration: configuration).flatMap { $0.relative(to: within) } != nil
      }
    }
    let names = candidates.map(\.1.name)
    guard !candidates.isEmpty else {
      return .failure(Failure(message: "'\(root.string.forMessage())' has an Xcode project but no iOS app target"))
    }
    if let target {
      candidates = candidates.filter { $0.1.name == target }
      guard !candidates.isEmpty else {
        return .failure(
          Failure(
            message: "no app target '\(target.forMessage())'; the app targets are \(names.joined(separator: ", "))"))
      }
    }
    var apps: [AppResources] = []
    for (project, target) in candidates {
      switch read(project, target, root: root, configuration: configuration) {
      case .failure(let failure): return .failure(failure)
      case .success(let app): apps.append(app)
      }
    }
    // A project with one app and its App Clip: the app is what a person means.
    if target == nil, apps.count > 1, apps.filter({ !$0.isAppClip }).count == 1 {
      apps = apps.filter { !$0.isAppClip }
    }
    return .success(apps)
  }

  /// The configuration to read: the one asked for, else Release, else the target's default, else the first.
  static func configuration(_ asked: String?, of project: XcodeProject, _ target: XcodeProject.Target) -> Result<
    String, Failure
  > {
    let (names, defaultName) = project.configurations(of: target)
    if let asked {
      guard names.contains(asked) else {
        return .failure(
          Failure(
            message:
              "target \(target.name) has no configuration '\(asked.forMessage())'; it has \(names.joined(separator: ", "))"
          ))
      }
      return .success(asked)
    }
    return .success(names.contains("Release") ? "Release" : defaultName ?? names.first ?? "Release")
  }

  private static func infoPlistFile(_ project: XcodeProject, _ target: XcodeProject.Target, configuration: String?)
    -> FilePath?
  {
    guard case .success(let name) = self.configuration(configuration, of: project, target) else { return nil }
    var unresolved = Set<String>()
    let settings = project.settings(of: target, configuration: name).0
    guard let file = settings.value("INFOPLIST_FILE", unresolved: &unresolved), !file.isEmpty else { return nil }
    return project.sourceRoot.resolving(file)
  }

  /// One target's app.
  private static func read(
    _ project: XcodeProject, _ target: XcodeProject.Target, root: FilePath, configuration asked: String?
  ) -> Result<AppResources, Failure> {
    let configuration: String
    switch self.configuration(asked, of: project, target) {
    case .failure(let failure): return .failure(failure)
    case .success(let name): configuration = name
    }
    var app = AppResources(root: root.string, input: .xcodeProject, name: target.name)
    app.target = target.name
    app.isAppClip = target.isAppClip
    app.projectDevelopmentRegion = project.developmentRegion.flatMap { LocaleTag($0) != nil ? $0 : nil }
    let (settings, missingIncludes) = project.settings(of: target, configuration: configuration)
    app.missingIncludes = missingIncludes
    readInfoPlist(into: &app, project: project, settings: settings)
    let resources = project.resources(of: target)
    for file in resources { add(file, to: &app) }
    noteFilesOutside(of: &app, project: project, target: target, resources: Set(resources))
    var sourceFolders = [project.sourceRoot]
    let parent = project.sourceRoot.parent
    if project.sourceRoot.lastComponent == "ios",
      ["pubspec.yaml", "package.json"].contains(where: {
        AppLoader.children(of: parent).map(\.lastComponent).contains($0)
      })
    {
      sourceFolders = [parent]
    }
    app.trackingSearch = .sources(sourceFolders)
    app.privacyManifests = ManifestSearch.inProject(resources: resources, sourceRoot: project.sourceRoot)
    app.finish()
    return .success(app)
  }

  /// The Info.plist file (`INFOPLIST_FILE`), its build variables expanded, and with `GENERATE_INFOPLIST_FILE`
  /// the `INFOPLIST_KEY_*` settings merged over it.
  private static func readInfoPlist(into app: inout AppResources, project: XcodeProject, settings: BuildSettings) {
    var unresolved = Set<String>()
    if let file = settings.value("INFOPLIST_FILE", unresolved: &unresolved), !file.isEmpty {
      app.read(infoPlist: project.sourceRoot.resolving(file))
    }
    let generates = settings.isOn("GENERATE_INFOPLIST_FILE")
    guard generates || app.infoPlist != nil else { return }
    var plist = app.infoPlist ?? InfoPlist(path: project.objects.path, strings: [:], keys: [], keyLocations: [:])
    if generates {
      // Xcode's generated Info.plist has these even when nothing sets them.
      if plist.strings["CFBundleDevelopmentRegion"] == nil {
        plist.strings["CFBundleDevelopmentRegion"] = "$(DEVELOPMENT_LANGUAGE)"
      }
      if plist.strings["CFBundleName"] == nil { plist.strings["CFBundleName"] = "$(PRODUCT_NAME)" }
      let names = Set(settings.layers.flatMap(\.keys)).filter { $0.hasPrefix("INFOPLIST_KEY_") }
      for name in names.sorted() {
        guard let setting = settings.setting(name) else { continue }
        let key = String(name.dropFirst("INFOPLIST_KEY_".count))
        plist.strings[key] = Self.unquoted(setting.value)
        plist.generatedKeys[key] = InfoPlist.GeneratedKey(setting: name, file: setting.file, location: setting.location)
      }
    }
    plist.keys = Array(Set(plist.keys).union(plist.strings.keys)).sorted()
    app.infoPlist = plist
    app.expandVariables(with: settings)
  }

  /// An xcconfig value written in quotes: Xcode passes the text inside them.
  private static func unquoted(_ value: String) -> String {
    guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
    return String(value.dropFirst().dropLast())
  }

  /// Adds one resource file to the app: strings files by their lproj, catalogs, and lproj folders that hold
  /// only other files (a storyboard) as languages.
  private static func add(_ file: FilePath, to app: inout AppResources) {
    let folder = file.parent
    if file.pathExtension == "xcstrings" {
      app.add(catalog: file)
    } else if folder.pathExtension == "lproj" {
      if file.pathExtension == "strings" {
        app.add(stringsFile: file, localization: folder.stem, folder: folder)
      } else {
        app.add(emptyFolder: folder)
      }
    }
  }

  /// Localized InfoPlist files in the project's folder that no target copies: a translation that never ships.
  private static func noteFilesOutside(
    of app: inout AppResources, project: XcodeProject, target: XcodeProject.Target, resources: Set<FilePath>
  ) {
    let everyTarget = Set(project.allTargets.flatMap { project.resources(of: $0) })
    for entry in AppLoader.walk(project.sourceRoot).entries where !entry.isDirectory {
      let file = entry.path
      let isInfoPlistTable =
        (file.lastComponent == "InfoPlist.strings" && file.parent.pathExtension == "lproj")
        || file.lastComponent == "InfoPlist.xcstrings"
      guard isInfoPlistTable, !resources.contains(file), !everyTarget.contains(file) else { continue }
      app.outside.append(FileOutsideApp(path: file.string, reason: "no target of the project copies it"))
    }
  }
}
