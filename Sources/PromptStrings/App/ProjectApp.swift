import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// An app read from an Xcode project: one application target, in one build configuration, with its
/// Info.plist (file, build variables, generated keys) and the localized files its resources phase and
/// synchronized folders copy into the app. Everything is read through the project's sandbox.
enum ProjectApp {
  typealias Failure = AppResources.LoadFailure

  /// The apps of `projects` that `asked` names: the target it names, every iOS app target, or the one a person
  /// means (`AppTargetChoice`, with why in `choice`), read through `reader`; `within` keeps only targets
  /// whose Info.plist lies in that folder.
  static func read(
    projects paths: [FilePath], root: FilePath, sandbox: FilePath, reader: InputFiles, asked: AppLoader.ProjectRead,
    within: FilePath?
  ) -> Result<[AppResources], Failure> {
    var candidates: [Candidate] = []
    for path in paths {
      do {
        let project = ProjectFacts(
          try XcodeProject.open(path, reader: reader), sandbox: sandbox, reader: reader,
          findingTablesAround: asked.strings.findsCheckInputs)
        // A target is iOS by its settings in the configuration read: an xcconfig's SDKROOT, a multiplatform
        // target's SUPPORTED_PLATFORMS.
        candidates += project.project.applicationTargets.map {
          Candidate(facts: project, target: $0, asked: asked.configuration, reader: reader)
        }.filter(\.settings.settings.buildsForIOS)
      } catch {
        let file = error.file.forMessage()
        return .failure(Failure(message: "\(Diagnostic.place(file, error.location)): \(error.message)"))
      }
    }
    if let within { candidates = candidates.filter { $0.infoPlistFile?.relative(to: within) != nil } }
    let names = candidates.map(\.target.name)
    guard !candidates.isEmpty else {
      return .failure(
        Failure(
          message: "'\(root.string.forMessage())' has an Xcode project but no iOS app target", isNoAppTarget: true))
    }
    var reason: String?
    if let target = asked.target {
      candidates = candidates.filter { $0.target.name == target }
      guard !candidates.isEmpty else {
        return .failure(
          Failure(message: "no app target '\(target.forMessage())'; the app targets are \(MessageList.of(names))"))
      }
    } else if !asked.allTargets && candidates.count > 1 {
      let choice = AppTargetChoice(candidates.map { ($0.project, $0.target) }, reader: reader)
      candidates = choice.kept.map { candidates[$0] }
      reason = choice.reason
    }
    var apps: [AppResources]
    do throws(Failure) {
      apps = try candidates.map { candidate throws(Failure) in
        try read(candidate, root: root, reader: reader, strings: asked.strings).get()
      }
    } catch { return .failure(error) }
    guard asked.target == nil, !asked.allTargets, names.count > 1 else { return .success(apps) }
    // (5) The most localizations; more than one left is a tie.
    if apps.count > 1 {
      let most = apps.map(\.localizations.count).max() ?? 0
      apps = apps.filter { $0.localizations.count == most }
      reason = "it has the most localizations (\(most))"
    }
    guard apps.count == 1, let reason else {
      return .failure(
        Failure(
          message:
            "'\(root.shown())' has iOS app targets that tie: \(MessageList.of(apps.compactMap(\.target))) (none embeds more apps or extensions, none is named like its project, no shared scheme runs one alone, they have as many localizations): choose one with --target NAME, or --all-targets"
        ))
    }
    let others = names.filter { $0 != apps[0].target }
    apps[0].choice =
      "target \(apps[0].name) (\(reason)); other iOS app targets: \(MessageList.of(others)) (--target NAME, --all-targets)"
    return .success(apps)
  }

  /// One iOS app target, with the configuration to read (or why it cannot be) and its settings in it.
  struct Candidate {
    let facts: ProjectFacts
    let target: XcodeProject.Target
    let configuration: Result<String, Failure>
    let settings: XcodeProject.TargetSettings
    var project: XcodeProject { facts.project }

    init(facts: ProjectFacts, target: XcodeProject.Target, asked: String?, reader: InputFiles) {
      self.facts = facts
      self.target = target
      configuration = ProjectApp.configuration(asked, of: facts.project, target)
      // A configuration the target lacks fails its read; its platform is then Xcode's default, iOS.
      settings = facts.project.settings(of: target, configuration: (try? configuration.get()) ?? "", reader: reader)
    }

    /// The Info.plist file the target names (`INFOPLIST_FILE`), if any.
    var infoPlistFile: FilePath? {
      var notes = ExpansionNotes()
      guard let file = settings.settings.value("INFOPLIST_FILE", notes: &notes), !file.isEmpty else { return nil }
      return project.file(named: file)
    }
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
      copiedByAnyTarget = Set(project.targets.flatMap { project.resources(of: $0) })
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
    guard let asked else { return .success(names.contains("Release") ? "Release" : defaultName ?? names.first ?? "") }
    guard names.contains(asked) else {
      return .failure(
        Failure(
          message:
            "target \(target.name.forMessage()) has no configuration '\(asked.forMessage())'; it has \(MessageList.of(names))"
        ))
    }
    return .success(asked)
  }

  /// One target's app.
  private static func read(
    _ candidate: Candidate, root: FilePath, reader: InputFiles, strings: AppResources.StringsToParse
  ) -> Result<AppResources, Failure> {
    let (facts, project, target, targetSettings) = (
      candidate.facts, candidate.project, candidate.target, candidate.settings
    )
    if case .failure(let failure) = candidate.configuration { return .failure(failure) }
    var app = AppResources(root: root.string, input: .xcodeProject, name: target.name, reader: reader)
    app.strings = strings
    app.target = target.name
    app.projectDevelopmentRegion = project.developmentRegion.flatMap { LocaleTag($0) != nil ? $0 : nil }
    app.knownRegions = (
      project.objects.path,
      project.knownRegions.filter { !AppResources.notLanguages.contains($0) && LocaleTag($0) != nil }
    )
    app.missingIncludes = targetSettings.missingIncludes
    var notes = ExpansionNotes()
    app.deploymentTarget = targetSettings.settings.value("IPHONEOS_DEPLOYMENT_TARGET", notes: &notes)
    app.refusedIncludes = targetSettings.refusedIncludes
    app.unreadable += project.refusedFolders
    app.notes += project.notes
    readInfoPlist(into: &app, candidate)
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
            path: file.string, referencedIn: project.objects.path,
            location: project.references[file].flatMap { project.objects.location(ofKey: "path", inObject: $0) },
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
  private static func readInfoPlist(into app: inout AppResources, _ candidate: Candidate) {
    let (project, settings) = (candidate.project, candidate.settings.settings)
    if let named = candidate.infoPlistFile {
      if let generated = project.generatedInfoPlists[named] {
        app.infoPlist = generated
      } else {
        app.read(infoPlist: DiskName.resolve(named, reader: app.reader) ?? named)
      }
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
        // An xcconfig value written in quotes: Xcode passes the text inside them.
        let quoted = setting.value.count >= 2 && setting.value.hasPrefix("\"") && setting.value.hasSuffix("\"")
        plist.strings[key] = quoted ? String(setting.value.dropFirst().dropLast()) : setting.value
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
