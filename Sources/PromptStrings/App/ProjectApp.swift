import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// An app read from an Xcode project: one application target, in one build configuration, with its
/// Info.plist (file, build variables, generated keys) and the localized files its resources phase and
/// synchronized folders copy into the app. Everything is read through the project's sandbox.
enum ProjectApp {
  typealias Failure = AppResources.LoadFailure

  /// The apps of `projects` (all their application targets, or only `target`), read through `reader`, with the
  /// strings tables `strings` says; `within` keeps only targets whose Info.plist lies in that folder.
  static func read(
    projects paths: [FilePath], root: FilePath, sandbox: FilePath, reader: InputFiles, target: String?,
    configuration: String?, within: FilePath?, strings: AppResources.StringsToParse
  ) -> Result<[AppResources], Failure> {
    var candidates: [(ProjectFacts, XcodeProject.Target)] = []
    for path in paths {
      do {
        let project = ProjectFacts(
          try XcodeProject(bundle: path, reader: reader), sandbox: sandbox, reader: reader,
          findingTablesAround: strings.findsCheckInputs)
        candidates += project.project.applicationTargets.map { (project, $0) }
      } catch {
        let file = error.file.forMessage()
        return .failure(Failure(message: "\(Diagnostic.place(file, error.location)): \(error.message)"))
      }
    }
    if let within {
      candidates = candidates.filter { facts, target in
        infoPlistFile(facts.project, target, configuration: configuration, reader: reader).flatMap {
          $0.relative(to: within)
        } != nil
      }
    }
    let names = candidates.map(\.1.name)
    guard !candidates.isEmpty else {
      return .failure(
        Failure(
          message: "'\(root.string.forMessage())' has an Xcode project but no iOS app target", isNoAppTarget: true))
    }
    if let target {
      candidates = candidates.filter { $0.1.name == target }
      guard !candidates.isEmpty else {
        return .failure(
          Failure(message: "no app target '\(target.forMessage())'; the app targets are \(MessageList.of(names))"))
      }
    }
    var apps: [AppResources] = []
    for (facts, target) in candidates {
      switch read(facts, target, root: root, reader: reader, configuration: configuration, strings: strings) {
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

  /// What every target of one project shares, worked out once: the files any target copies, and the
  /// localized InfoPlist files on disk around it (none when they are not looked for: only `check` reads them).
  struct ProjectFacts {
    let project: XcodeProject
    /// Every file some target of the project copies.
    let copiedByAnyTarget: Set<FilePath>
    /// Every `*.lproj/InfoPlist.strings` and `InfoPlist.xcstrings` under the project's folder.
    let infoPlistTables: [FilePath]
    /// Those elsewhere in the repository (its root above the project's folder), which no project builds.
    let tablesElsewhere: [FilePath]

    init(_ project: XcodeProject, sandbox: FilePath, reader: InputFiles, findingTablesAround: Bool) {
      self.project = project
      guard findingTablesAround else {
        (copiedByAnyTarget, infoPlistTables, tablesElsewhere) = ([], [], [])
        return
      }
      copiedByAnyTarget = Set(project.allTargets.flatMap { project.resources(of: $0) })
      let everywhere = (AppLoader.walk(sandbox, reader: reader)?.entries ?? []).compactMap {
        entry -> FilePath? in
        let file = entry.path
        let isTable =
          (file.lastComponent == "InfoPlist.strings" && file.parent.pathExtension == "lproj")
          || file.lastComponent == "InfoPlist.xcstrings"
        return !entry.isDirectory && isTable ? file : nil
      }
      infoPlistTables = everywhere.filter { $0.isInside(project.sourceRoot) }
      tablesElsewhere = everywhere.filter { !$0.isInside(project.sourceRoot) }
    }
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
              "target \(target.name.forMessage()) has no configuration '\(asked.forMessage())'; it has \(MessageList.of(names))"
          ))
      }
      return .success(asked)
    }
    return .success(names.contains("Release") ? "Release" : defaultName ?? names.first ?? "Release")
  }

  private static func infoPlistFile(
    _ project: XcodeProject, _ target: XcodeProject.Target, configuration: String?, reader: InputFiles
  ) -> FilePath? {
    guard case .success(let name) = self.configuration(configuration, of: project, target) else { return nil }
    var notes = ExpansionNotes()
    let settings = project.settings(of: target, configuration: name, reader: reader).settings
    guard let file = settings.value("INFOPLIST_FILE", notes: &notes), !file.isEmpty else { return nil }
    return project.file(named: file)
  }

  /// One target's app.
  private static func read(
    _ facts: ProjectFacts, _ target: XcodeProject.Target, root: FilePath, reader: InputFiles,
    configuration asked: String?, strings: AppResources.StringsToParse
  ) -> Result<AppResources, Failure> {
    let project = facts.project
    let configuration: String
    switch self.configuration(asked, of: project, target) {
    case .failure(let failure): return .failure(failure)
    case .success(let name): configuration = name
    }
    var app = AppResources(root: root.string, input: .xcodeProject, name: target.name, reader: reader)
    app.strings = strings
    app.target = target.name
    app.isAppClip = target.isAppClip
    app.projectDevelopmentRegion = project.developmentRegion.flatMap { LocaleTag($0) != nil ? $0 : nil }
    let targetSettings = project.settings(of: target, configuration: configuration, reader: reader)
    app.missingIncludes = targetSettings.missingIncludes
    var notes = ExpansionNotes()
    app.deploymentTarget = targetSettings.settings.value("IPHONEOS_DEPLOYMENT_TARGET", notes: &notes)
    app.refusedIncludes = targetSettings.refusedIncludes
    app.unreadable += project.refusedFolders
    readInfoPlist(into: &app, project: project, settings: targetSettings.settings)
    // A path that differs from the disk only in case is that file (Xcode builds on a case-insensitive disk),
    // copied under the project's name, and noted; a path that is not there at all fails the build.
    var resources: [FilePath] = []
    for file in project.resources(of: target) {
      let onDisk = DiskName.resolve(file, reader: reader)
      if let onDisk {
        resources.append(onDisk)
        add(onDisk, named: file, to: &app)
      }
      if onDisk != file && (onDisk != nil || isLocalization(file)) {
        app.missingFiles.append(
          MissingFile(
            path: file.string, referencedIn: project.objects.path, location: project.location(ofReferenceTo: file),
            onDisk: onDisk?.string))
      }
    }
    let copied = Set(resources)
    for file in facts.infoPlistTables where !copied.contains(file) && !facts.copiedByAnyTarget.contains(file) {
      app.outside.append(FileOutsideApp(path: file.string, reason: "no target of the project copies it"))
    }
    if !facts.tablesElsewhere.isEmpty {
      let names = facts.tablesElsewhere.map { $0.relative(to: root) ?? $0.string }
      app.notes.append(
        "files on disk that no project builds are not in the app: \(MessageList.of(names, limit: 4))")
    }
    // A cross-platform app's code is in its repository (Flutter's `lib/`, React Native's `src/`), not `ios/`.
    app.trackingSearch = .sources([RepositoryLayout.root(ofProjectFolder: project.sourceRoot)])
    if strings.findsCheckInputs {
      app.privacyManifests = ManifestSearch(reader: reader).inProject(
        resources: resources, sourceRoot: project.sourceRoot)
    }
    app.finish()
    return .success(app)
  }

  /// The Info.plist file (`INFOPLIST_FILE`), its build variables expanded, and with `GENERATE_INFOPLIST_FILE`
  /// the `INFOPLIST_KEY_*` settings merged over it.
  private static func readInfoPlist(into app: inout AppResources, project: XcodeProject, settings: BuildSettings) {
    var notes = ExpansionNotes()
    if let file = settings.value("INFOPLIST_FILE", notes: &notes), !file.isEmpty {
      let named = project.file(named: file)
      app.read(infoPlist: DiskName.resolve(named, reader: app.reader) ?? named)
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
      if plist.strings["CFBundleIdentifier"] == nil {
        plist.strings["CFBundleIdentifier"] = "$(PRODUCT_BUNDLE_IDENTIFIER)"
      }
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

  /// Whether `file` is one of the files attsim reads: a strings file or catalog, or a privacy manifest.
  private static func isLocalization(_ file: FilePath) -> Bool {
    ["strings", "xcstrings", "xcprivacy"].contains(file.pathExtension ?? "") || file.parent.pathExtension == "lproj"
  }

  /// An xcconfig value written in quotes: Xcode passes the text inside them.
  private static func unquoted(_ value: String) -> String {
    guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
    return String(value.dropFirst().dropLast())
  }

  /// Adds one resource file to the app, read from `file` and in the app under the project's `name` (they
  /// differ in case at most): strings files by their lproj, catalogs, and lproj folders that hold only other
  /// files (a storyboard) as languages.
  private static func add(_ file: FilePath, named name: FilePath, to app: inout AppResources) {
    let folder = file.parent
    if file.pathExtension == "xcstrings" {
      app.add(catalog: file)
    } else if folder.pathExtension == "lproj" {
      if file.pathExtension == "strings" {
        app.add(stringsFile: file, localization: name.parent.stem, folder: folder, table: name.stem)
      } else {
        app.add(emptyFolder: folder)
      }
    }
  }
}
