import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// A project as a generator's spec describes it (XcodeGen's `project.yml`, Tuist's `Project.swift`), made
/// into the object graph its `project.pbxproj` would hold, so that it is read as every project is: settings
/// layered and expanded, xcconfig files, the target chosen, the resources copied (D100).
struct GeneratedProject {
  /// A build setting's value and where the spec writes it.
  typealias Setting = (value: PlistValue, file: String, location: SourceLocation?)

  /// A target of the spec.
  struct Target {
    var name: String
    /// Its product type (`com.apple.product-type.application`).
    var productType: String
    /// Its build settings by configuration.
    var settings: [String: [String: Setting]] = [:]
    /// Its xcconfig file by configuration.
    var configFiles: [String: FilePath] = [:]
    /// The files it copies into its product, with where the spec names them.
    var resources: [(file: FilePath, place: (file: String, location: SourceLocation?))] = []
    /// The targets it depends on, by name.
    var dependencies: [String] = []
  }

  /// The spec file.
  var spec: FilePath
  /// The project's name: its `.xcodeproj` would be `<name>.xcodeproj` beside the spec.
  var name: String
  var developmentRegion: String?
  /// The configurations in order, and the one Xcode builds by default.
  var configurations = ["Debug", "Release"]
  var defaultConfiguration = "Release"
  /// The project's build settings and xcconfig files by configuration.
  var settings: [String: [String: Setting]] = [:]
  var configFiles: [String: FilePath] = [:]
  var targets: [Target] = []
  /// The Info.plists the generator writes, by path.
  var infoPlists: [FilePath: InfoPlist] = [:]
  /// What reading the spec met, for the app's notes.
  var notes: [String] = []
  /// Files the spec names that were not read (includes outside the project, or not there).
  var problems: [ReadProblem] = []

  /// The names a generator's spec goes by in a project's folder, in the order attsim takes them.
  static let specNames = ["project.yml", "project.yaml", "project.json", "Project.swift"]

  /// The generator's spec directly in `folder`, if any.
  static func spec(in folder: FilePath, reader: InputFiles) -> FilePath? {
    let names = Set(reader.children(of: folder).map(\.lastComponent))
    return specNames.first(where: names.contains).map(folder.appending)
  }

  /// The Info.plist keys every generated one has (XcodeGen's and Tuist's defaults that a build fills in).
  static func defaultInfoPlist(path: String) -> InfoPlist {
    let strings = [
      "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundleExecutable": "$(EXECUTABLE_NAME)",
      "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleName": "$(PRODUCT_NAME)",
      "CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
    ]
    return InfoPlist(path: path, strings: strings, keys: strings.keys.sorted(), keyLocations: [:])
  }

  /// The object graph a `project.pbxproj` of this project would hold: the project, its configuration lists,
  /// each target with its resources phase and dependencies, and a file reference for every file named.
  func objects() -> PBXObjects {
    var objects: [String: [String: PlistValue]] = [:]
    var places: [String: [String: (file: String, location: SourceLocation?)]] = [:]
    var references: [FilePath: String] = [:]
    let folder = spec.parent
    func reference(_ file: FilePath) -> String {
      if let known = references[file] { return known }
      let identifier = "FILE\(references.count)"
      references[file] = identifier
      objects[identifier] = [
        "isa": .string("PBXFileReference"), "sourceTree": .string("SOURCE_ROOT"),
        "path": .string(file.relative(to: folder) ?? file.string),
      ]
      return identifier
    }
    func configurationList(_ owner: String, _ settings: [String: [String: Setting]], _ files: [String: FilePath])
      -> PlistValue
    {
      for name in configurations {
        let settings = settings[name] ?? [:]
        var configuration: [String: PlistValue] = [
          "isa": .string("XCBuildConfiguration"), "name": .string(name),
          "buildSettings": .dictionary(settings.mapValues(\.value)),
        ]
        if let file = files[name] { configuration["baseConfigurationReference"] = .string(reference(file)) }
        objects["\(owner)-\(name)"] = configuration
        places["\(owner)-\(name)"] = settings.mapValues { ($0.file, $0.location) }
      }
      objects["\(owner)-list"] = [
        "isa": .string("XCConfigurationList"), "defaultConfigurationName": .string(defaultConfiguration),
        "buildConfigurations": .array(configurations.map { .string("\(owner)-\($0)") }),
      ]
      return .string("\(owner)-list")
    }
    let identifiers = Dictionary(targets.enumerated().map { ($1.name, "TARGET\($0)") }) { first, _ in first }
    for (index, target) in targets.enumerated() {
      let identifier = "TARGET\(index)"
      var buildFiles: [PlistValue] = []
      for (file, place) in target.resources {
        let fileReference = reference(file)
        places[fileReference] = ["path": place]
        objects["\(identifier)-file\(buildFiles.count)"] = [
          "isa": .string("PBXBuildFile"), "fileRef": .string(fileReference),
        ]
        buildFiles.append(.string("\(identifier)-file\(buildFiles.count)"))
      }
      objects["\(identifier)-resources"] = ["isa": .string("PBXResourcesBuildPhase"), "files": .array(buildFiles)]
      let dependencies = target.dependencies.compactMap { identifiers[$0] }.map { dependency -> PlistValue in
        objects["\(identifier)-on-\(dependency)"] = [
          "isa": .string("PBXTargetDependency"), "target": .string(dependency),
        ]
        return .string("\(identifier)-on-\(dependency)")
      }
      objects[identifier] = [
        "isa": .string("PBXNativeTarget"), "name": .string(target.name), "productType": .string(target.productType),
        "buildConfigurationList": configurationList(identifier, target.settings, target.configFiles),
        "buildPhases": .array([.string("\(identifier)-resources")]), "dependencies": .array(dependencies),
      ]
    }
    var root: [String: PlistValue] = [
      "isa": .string("PBXProject"), "mainGroup": .string("GROUP"),
      "buildConfigurationList": configurationList("PROJECT", settings, configFiles),
      "targets": .array(targets.indices.map { .string("TARGET\($0)") }),
    ]
    if let developmentRegion { root["developmentRegion"] = .string(developmentRegion) }
    objects["PROJECT"] = root
    objects["GROUP"] = [
      "isa": .string("PBXGroup"), "sourceTree": .string("<group>"),
      "children": .array(references.values.sorted().map(PlistValue.string)),
    ]
    return PBXObjects(spec: spec.string, objects: objects, rootObject: "PROJECT", places: places)
  }
}

extension XcodeProject {
  /// The project at `path`: an `.xcodeproj`, or a generator's spec (`project.yml`, `Project.swift`); an
  /// `.xcodeproj` without its `project.pbxproj` (only the shared schemes committed) beside a spec is the spec's.
  static func open(_ path: FilePath, reader: InputFiles) throws(Diagnostic) -> XcodeProject {
    var spec = path
    var notes: [String] = []
    if path.pathExtension == "xcodeproj" {
      let beside = GeneratedProject.spec(in: path.parent, reader: reader)
      guard let beside, reader.problemOpening(path.appending("project.pbxproj"))?.kind == .missing else {
        var project = try XcodeProject(bundle: path, reader: reader)
        if let beside {
          project.notes.append(
            "read \(path.lastComponent.forMessage())'s project.pbxproj, not \(beside.lastComponent) beside it: the committed project is what Xcode builds"
          )
        }
        return project
      }
      spec = beside
      notes.append(
        "\(path.lastComponent.forMessage()) has no project.pbxproj (its generator makes it): read \(beside.lastComponent)"
      )
    }
    let generated =
      spec.lastComponent == "Project.swift"
      ? try TuistManifest.read(spec, reader: reader) : try XcodeGenSpec.read(spec, reader: reader)
    var project = XcodeProject(
      objects: generated.objects(), bundle: spec.parent.appending("\(generated.name).xcodeproj"), reader: reader)
    project.generatedInfoPlists = generated.infoPlists
    project.notes = notes + generated.notes
    project.refusedFolders += generated.problems
    return project
  }
}
