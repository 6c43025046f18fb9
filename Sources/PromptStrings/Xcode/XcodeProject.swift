import Diagnostics
import FileAccess
import StringsFiles

/// An Xcode project (`*.xcodeproj`) as far as the prompt strings go: its application targets, their build
/// settings per configuration, and the files each copies into the app.
struct XcodeProject: Sendable {
  /// The object graph of `project.pbxproj`.
  let objects: PBXObjects
  /// The `.xcodeproj` folder.
  let bundle: FilePath
  /// The folder holding the `.xcodeproj`, as the path given to attsim names it: every file the project
  /// names is a path inside it.
  let sourceRoot: FilePath
  /// `SRCROOT` as Xcode sets it: `sourceRoot` anchored once to the working folder, so that a setting
  /// written `$(SRCROOT)/…` is read the same from any folder (`file(named:)` brings it back inside).
  let absoluteSourceRoot: FilePath
  /// The project's name (the `.xcodeproj` without its extension).
  var name: String { bundle.stem }
  /// Every object's place on disk, for the objects reachable from the main group that have one.
  let paths: [String: FilePath]
  /// The first object at each place, to point a finding at the reference that names a file.
  let references: [FilePath: String]
  /// The target that builds each product (its `productReference`), to find what a Copy Files phase embeds.
  private let productOwners: [String: String]
  /// The files under each of Xcode 16's synchronized folders (by group), each folder walked once, relative to
  /// it; a folder outside the project, or reached through a link out of it, is not walked.
  private let synchronizedFiles: [String: [String]]
  /// Folders (and a spec's includes) the project names that were not read, and why: outside the project,
  /// through a link, not there.
  var refusedFolders: [ReadProblem]
  /// The Info.plists a generator writes from its spec (XcodeGen's `info.properties`), by path.
  var generatedInfoPlists: [FilePath: InfoPlist] = [:]
  /// What reading a generator's spec met that the app's reader should say, one line each.
  var notes: [String] = []

  /// A target that builds something: an app, an extension, a framework, a test bundle.
  struct Target: Hashable, Sendable {
    /// The `PBXNativeTarget` identifier.
    var identifier: String
    /// The target's name.
    var name: String
    /// What it builds (`com.apple.product-type.application`).
    var productType: String
    /// Whether it builds an App Clip (`application.on-demand-install-capable`).
    var isAppClip: Bool { productType == "com.apple.product-type.application.on-demand-install-capable" }
    /// Whether it builds an app, for any platform (its settings say which), or an App Clip.
    var isApplication: Bool { productType == "com.apple.product-type.application" || isAppClip }
    /// Whether it builds an app or an extension of any kind (a watch app, a widget, a Messages app).
    var isAppOrExtension: Bool {
      productType.hasPrefix("com.apple.product-type.application") || productType.contains("extension")
    }
  }

  /// The file a build setting's value names (`INFOPLIST_FILE`): a relative path is inside the project's
  /// folder; an absolute one inside `absoluteSourceRoot` (`$(SRCROOT)/…`) is named from `sourceRoot`, like
  /// every other file of the project.
  func file(named value: String) -> FilePath {
    let path = FilePath(value).normalized
    guard path.isAbsolute, let inner = path.relativeBytes(to: absoluteSourceRoot) else {
      return sourceRoot.resolving(path).normalized
    }
    return inner.isEmpty ? sourceRoot : sourceRoot.appending(FilePath(bytes: inner)).normalized
  }

  /// Reads `<bundle>/project.pbxproj` through `reader` (inside the project's sandbox); an error names that file.
  init(bundle: FilePath, reader: InputFiles) throws(Diagnostic) {
    let file = bundle.appending("project.pbxproj")
    let bytes: [UInt8]
    switch reader.read(file) {
    case .failure(let failure): throw Diagnostic(file: file.string, severity: .error, message: failure.reason)
    case .success(let read): bytes = read
    }
    try self.init(objects: PBXObjects(path: file.string, bytes: bytes), bundle: bundle, reader: reader)
  }

  /// The project `objects` describe, its bundle at `bundle` (for a generator's spec, where it would be made).
  init(objects: PBXObjects, bundle: FilePath, reader: InputFiles) {
    self.objects = objects
    self.bundle = bundle
    var root = bundle.parent
    var refused: [ReadProblem] = []
    // A project directory outside the project's own folder (as written, or through a link) would send the
    // reader across the disk.
    if let projectDir = objects.string(objects.rootObject, "projectDirPath"), !projectDir.isEmpty {
      let named = root.resolving(projectDir)
      if let refusal = named.isInside(root) ? reader.refusal(of: named) : nil {
        refused.append(ReadProblem(file: named.string, refusal.reason, refusal: refusal.kind))
      } else if named.isInside(root) {
        root = named
      }
    }
    self.sourceRoot = root
    absoluteSourceRoot = FileURI.absolute(root).normalized
    var paths: [String: FilePath] = [:]
    if let main = objects.string(objects.rootObject, "mainGroup") {
      Self.place(main, in: root, sourceRoot: root, objects: objects, paths: &paths, depth: 0)
    }
    self.paths = paths
    references = Dictionary(paths.map { ($1, $0) }) { first, second in min(first, second) }
    productOwners = Dictionary(
      objects.list(objects.rootObject, "targets").compactMap { id in
        objects.string(id, "productReference").map { ($0, id) }
      }
    ) { first, _ in first }
    // Each synchronized folder is walked once, however many groups and targets name it.
    var walked: [FilePath: [String]] = [:]
    var files: [String: [String]] = [:]
    let groups = objects.objects.keys.filter { objects.isa($0) == "PBXFileSystemSynchronizedRootGroup" }.sorted()
    for group in groups {
      // Only folders inside the project are walked: a path to `/` must not send the reader across the disk.
      guard let folder = paths[group], folder.isInside(root) else { continue }
      switch walked[folder] == nil ? reader.walk(folder) : nil {
      case .failure(let refusal)?:
        refused.append(ReadProblem(file: folder.string, refusal.reason, refusal: refusal.kind))
        walked[folder] = []
      case .success(let walk)?:
        walked[folder] = walk.entries.filter { !$0.isDirectory }.compactMap { $0.path.relative(to: folder) }
      case nil: break
      }
      files[group] = walked[folder]
    }
    synchronizedFiles = files
    refusedFolders = refused
  }

  /// The project's `developmentRegion`, the value of `$(DEVELOPMENT_LANGUAGE)`.
  var developmentRegion: String? { objects.string(objects.rootObject, "developmentRegion") }
  /// The languages the project is localized into (`knownRegions`, as Xcode's Localizations list shows them).
  var knownRegions: [String] { objects.list(objects.rootObject, "knownRegions") }

  /// Every target that builds something (apps, extensions, frameworks), in the project's order.
  var targets: [Target] { objects.list(objects.rootObject, "targets").compactMap(target) }

  /// Every application target, App Clips included, for any platform, in the project's order.
  var applicationTargets: [Target] { targets.filter(\.isApplication) }

  /// The native target `identifier`, if it is one.
  private func target(_ identifier: String) -> Target? {
    guard objects.isa(identifier) == "PBXNativeTarget", let name = objects.string(identifier, "name") else {
      return nil
    }
    return Target(identifier: identifier, name: name, productType: objects.string(identifier, "productType") ?? "")
  }

  /// The apps and extensions `target` builds into itself: those a Copy Files phase of it copies (a watch app,
  /// a widget, an App Clip), then those it depends on; each looked up once, whatever the project's size.
  func embedded(by target: Target) -> [Target] {
    let phases = objects.list(target.identifier, "buildPhases").filter { objects.isa($0) == "PBXCopyFilesBuildPhase" }
    let copied = phases.flatMap { objects.list($0, "files") }.compactMap {
      objects.string($0, "fileRef").flatMap { productOwners[$0] }
    }
    let dependencies = objects.list(target.identifier, "dependencies").compactMap { objects.string($0, "target") }
    var seen: Set = [target.identifier]
    return (copied + dependencies).filter { seen.insert($0).inserted }.compactMap(self.target).filter(
      \.isAppOrExtension)
  }

  /// The identifier of the target the shared scheme `name` runs (`xcshareddata/xcschemes/NAME.xcscheme`'s
  /// Run action), when there is one that can be read.
  func target(launchedByScheme name: String, reader: InputFiles) -> String? {
    let file = bundle.appending("xcshareddata/xcschemes/\(name).xcscheme")
    guard !name.contains("/"), case .success(let scheme) = XMLTree.read(file, from: reader) else { return nil }
    let runnables = scheme.root.children(named: "LaunchAction").flatMap {
      $0.children(named: "BuildableProductRunnable")
    }
    return runnables.flatMap { $0.children(named: "BuildableReference") }.first?.attribute("BlueprintIdentifier")
  }

  /// The configuration names of a target (or of the project, with nil).
  func configurations(of target: Target?) -> (names: [String], defaultName: String?) {
    let owner = target?.identifier ?? objects.rootObject
    guard let list = objects.string(owner, "buildConfigurationList") else { return ([], nil) }
    let names = objects.list(list, "buildConfigurations").compactMap { objects.string($0, "name") }
    return (names, objects.string(list, "defaultConfigurationName"))
  }

  /// A target's build settings, and what reading its xcconfig files met.
  struct TargetSettings {
    var settings: BuildSettings
    /// Includes that could not be read (`file (why)`).
    var missingIncludes: [String] = []
    /// Includes attsim did not follow: outside the project, loops, past the limits.
    var refusedIncludes: [RefusedInclude] = []
  }

  /// The build settings of `target` in `configuration`, layered as Xcode layers them, read through `reader`,
  /// with the xcconfig includes that could not be read or were not followed.
  func settings(of target: Target, configuration: String, reader: InputFiles) -> TargetSettings {
    var layers: [[String: BuildSetting]] = []
    var missing: [String] = []
    var refused: [RefusedInclude] = []
    for owner in [objects.rootObject, target.identifier] {
      guard let list = objects.string(owner, "buildConfigurationList"),
        let config = objects.list(list, "buildConfigurations").first(where: {
          objects.string($0, "name") == configuration
        })
      else {
        layers += [[:], [:]]
        continue
      }
      var base: [String: BuildSetting] = [:]
      // Xcode 16 names an xcconfig inside a synchronized folder by the folder and a path relative to it.
      let anchor = objects.string(config, "baseConfigurationReferenceAnchor").flatMap { paths[$0] }
      let inFolder = objects.string(config, "baseConfigurationReferenceRelativePath").flatMap { anchor?.resolving($0) }
      if let file = objects.string(config, "baseConfigurationReference").flatMap({ paths[$0] }) ?? inFolder {
        let xcconfig = XcconfigFile(path: file, configuration: configuration, reader: reader)
        base = xcconfig.settings
        missing += xcconfig.missingIncludes.map { "\($0.file) (\($0.reason))" }
        refused += xcconfig.refusedIncludes
      }
      layers.append(base)
      var own: [String: BuildSetting] = [:]
      for (name, value) in objects.dictionary(config, "buildSettings") {
        let text: String
        switch value {
        case .string(let string): text = string
        case .array(let items): text = items.compactMap(\.string).joined(separator: " ")
        default: continue
        }
        own[name] = BuildSetting(
          value: text, file: objects.file(ofKey: name, inObject: config),
          location: objects.location(ofKey: name, inObject: config))
      }
      layers.append(own)
    }
    let builtIn: [String: String] = [
      "SRCROOT": absoluteSourceRoot.string, "PROJECT_DIR": absoluteSourceRoot.string,
      "SOURCE_ROOT": absoluteSourceRoot.string, "PROJECT_NAME": name,
      "PROJECT_FILE_PATH": absoluteSourceRoot.appending(bundle.lastComponent).string, "TARGET_NAME": target.name,
      "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_NAME": "$(PRODUCT_NAME)",
      "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)", "CONFIGURATION": configuration,
      "DEVELOPMENT_LANGUAGE": developmentRegion ?? "en", "PLATFORM_NAME": "iphoneos", "SDKROOT": "iphoneos",
      "EFFECTIVE_PLATFORM_NAME": "-iphoneos", "WRAPPER_EXTENSION": "app", "CONTENTS_FOLDER_PATH": "$(PRODUCT_NAME).app",
    ]
    assert(Set(builtIn.keys) == XcodeDefinedSettings.names, "XcodeDefinedSettings names what is defined here")
    return TargetSettings(
      settings: BuildSettings(layers: layers, builtIn: builtIn), missingIncludes: missing, refusedIncludes: refused)
  }

  /// The files `target` copies into the app: its Copy Bundle Resources phase (variant groups by language)
  /// and the folders Xcode 16 keeps in sync with the disk, less their membership exceptions.
  func resources(of target: Target) -> [FilePath] {
    var files: [FilePath] = []
    for phase in objects.list(target.identifier, "buildPhases") where objects.isa(phase) == "PBXResourcesBuildPhase" {
      for buildFile in objects.list(phase, "files") {
        guard let reference = objects.string(buildFile, "fileRef") else { continue }
        if objects.isa(reference) == "PBXVariantGroup" {
          files += objects.list(reference, "children").compactMap { paths[$0] }
        } else if let path = paths[reference] {
          files.append(path)
        }
      }
    }
    return files + synchronizedMembers(of: target)
  }

  /// The files in Xcode 16's synchronized folders that belong to `target`: every file in the target's own
  /// folders, less the exceptions of a `PBXFileSystemSynchronizedBuildFileExceptionSet` for the target, plus
  /// the exceptions for the target in other targets' folders (an exception flips membership).
  private func synchronizedMembers(of target: Target) -> [FilePath] {
    let own = Set(objects.list(target.identifier, "fileSystemSynchronizedGroups"))
    var members: [FilePath] = []
    for (group, files) in synchronizedFiles.sorted(by: { $0.key < $1.key }) {
      guard let folder = paths[group] else { continue }
      var flipped = Set<String>()
      for exception in objects.list(group, "exceptions")
      where objects.isa(exception) == "PBXFileSystemSynchronizedBuildFileExceptionSet"
        && objects.string(exception, "target") == target.identifier
      {
        flipped.formUnion(objects.list(exception, "membershipExceptions"))
      }
      let isOwn = own.contains(group)
      guard isOwn || !flipped.isEmpty else { continue }
      for relative in files {
        // An exception names the file or a folder above it: look the path and each of its folders up once.
        var excepted = flipped.contains(relative)
        var folderEnd = relative.lastIndex(of: "/")
        while !excepted, let end = folderEnd {
          excepted = flipped.contains(String(relative[..<end]))
          folderEnd = relative[..<end].lastIndex(of: "/")
        }
        if isOwn != excepted { members.append(folder.appending(relative)) }
      }
    }
    return members
  }

  /// Gives `identifier` and everything below it a path: `<group>` is relative to the enclosing group,
  /// `SOURCE_ROOT` to the project's folder, `<absolute>` as written; build products and SDK files have none.
  private static func place(
    _ identifier: String, in parent: FilePath, sourceRoot: FilePath, objects: PBXObjects,
    paths: inout [String: FilePath], depth: Int
  ) {
    guard depth < 64, paths[identifier] == nil else { return }
    let base: FilePath
    switch objects.string(identifier, "sourceTree") ?? "<group>" {
    case "<group>": base = parent
    case "SOURCE_ROOT": base = sourceRoot
    case "<absolute>": base = FilePath("/")
    default: return
    }
    // Paths are normalized as written (`App/../en.lproj` is `en.lproj`): findings name files as a person would.
    let path = objects.string(identifier, "path").map { base.resolving($0).normalized } ?? base
    paths[identifier] = path
    for child in objects.list(identifier, "children") {
      place(child, in: path, sourceRoot: sourceRoot, objects: objects, paths: &paths, depth: depth + 1)
    }
  }
}
