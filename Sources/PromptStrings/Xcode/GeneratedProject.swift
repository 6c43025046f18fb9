import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// A project as a generator's spec describes it (XcodeGen's `project.yml`, Tuist's `Project.swift`), made into
/// the object graph its `project.pbxproj` would hold, so that it is read as every project is: settings layered
/// and expanded, xcconfig files, the target chosen, the resources copied (D100).
struct GeneratedProject {
  /// A build setting's value and where the spec writes it.
  typealias Setting = (value: PlistValue, file: String, location: SourceLocation?)
  /// A file a target copies, and where the spec names it.
  typealias Resource = (file: FilePath, place: (file: String, location: SourceLocation?))

  /// A target of the spec: its product type, settings and xcconfig files by configuration, resources and the
  /// targets it depends on.
  struct Target {
    var name: String
    var productType: String
    var settings: [String: [String: Setting]] = [:]
    var configFiles: [String: FilePath] = [:]
    var resources: [Resource] = []
    var dependencies: [String] = []
  }

  /// The spec file; the project's `.xcodeproj` would be `<name>.xcodeproj` beside it.
  var spec: FilePath
  var name: String
  var developmentRegion: String?
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

  /// The names a generator's spec has in a project's folder, in the order attsim takes them.
  static let specNames = ["project.yml", "project.yaml", "project.json", "Project.swift"]

  /// The generator's spec directly in `folder`, if any.
  static func spec(in folder: FilePath, reader: InputFiles) -> FilePath? {
    let names = Set(reader.children(of: folder).map(\.lastComponent))
    return specNames.first(where: names.contains).map(folder.appending)
  }

  /// Whether a generator copies `file` as a resource that attsim reads: a file in an `.lproj` folder, a String
  /// Catalog, a privacy manifest.
  static func isResource(_ file: FilePath) -> Bool {
    file.parent.pathExtension == "lproj" || ["xcstrings", "xcprivacy"].contains(file.pathExtension ?? "")
  }

  /// The keys of every Info.plist XcodeGen and Tuist write, with the values a build fills in.
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
    func add(_ identifier: String, _ isa: String, _ properties: [String: PlistValue]) -> PlistValue {
      objects[identifier] = properties.merging(["isa": .string(isa)]) { $1 }
      return .string(identifier)
    }
    func reference(_ file: FilePath) -> PlistValue {
      if let known = references[file] { return .string(known) }
      references[file] = "FILE\(references.count)"
      let path = file.relative(to: spec.parent) ?? file.string
      return add(
        "FILE\(references.count - 1)", "PBXFileReference",
        ["sourceTree": .string("SOURCE_ROOT"), "path": .string(path)])
    }
    func configurationList(_ owner: String, _ settings: [String: [String: Setting]], _ files: [String: FilePath])
      -> PlistValue
    {
      let list = configurations.map { name in
        places["\(owner)-\(name)"] = settings[name]?.mapValues { ($0.file, $0.location) }
        var properties: [String: PlistValue] = [
          "name": .string(name), "buildSettings": .dictionary(settings[name]?.mapValues(\.value) ?? [:]),
        ]
        properties["baseConfigurationReference"] = files[name].map(reference)
        return add("\(owner)-\(name)", "XCBuildConfiguration", properties)
      }
      return add(
        "\(owner)-list", "XCConfigurationList",
        ["buildConfigurations": .array(list), "defaultConfigurationName": .string(defaultConfiguration)])
    }
    let identifiers = Dictionary(targets.enumerated().map { ($1.name, "TARGET\($0)") }) { first, _ in first }
    let targetList = targets.enumerated().map { index, target in
      let identifier = "TARGET\(index)"
      let files = target.resources.enumerated().map { number, resource in
        let fileReference = reference(resource.file)
        places[fileReference.string ?? ""] = ["path": resource.place]
        return add("\(identifier)-file\(number)", "PBXBuildFile", ["fileRef": fileReference])
      }
      let dependencies = target.dependencies.compactMap { identifiers[$0] }.map {
        add("\(identifier)-on-\($0)", "PBXTargetDependency", ["target": .string($0)])
      }
      return add(
        identifier, "PBXNativeTarget",
        [
          "name": .string(target.name), "productType": .string(target.productType),
          "buildConfigurationList": configurationList(identifier, target.settings, target.configFiles),
          "buildPhases": .array([add("\(identifier)-resources", "PBXResourcesBuildPhase", ["files": .array(files)])]),
          "dependencies": .array(dependencies),
        ])
    }
    var root: [String: PlistValue] = [
      "mainGroup": add("GROUP", "PBXGroup", ["sourceTree": .string("<group>")]), "targets": .array(targetList),
      "buildConfigurationList": configurationList("PROJECT", settings, configFiles),
    ]
    root["developmentRegion"] = developmentRegion.map(PlistValue.string)
    _ = add("PROJECT", "PBXProject", root)
    objects["GROUP"]?["children"] = .array(references.values.sorted().map(PlistValue.string))
    return PBXObjects(spec: spec.string, objects: objects, rootObject: "PROJECT", places: places)
  }
}

extension XcodeProject {
  /// The project at `path`: an `.xcodeproj`, or a generator's spec (`project.yml`, `Project.swift`). An
  /// `.xcodeproj` without its `project.pbxproj` (only shared schemes committed) beside a spec is the spec's;
  /// with it, it is read and the spec beside it is not (D100).
  static func open(_ path: FilePath, reader: InputFiles) throws(Diagnostic) -> XcodeProject {
    var (spec, notes) = (path, [String]())
    if path.pathExtension == "xcodeproj" {
      let beside = GeneratedProject.spec(in: path.parent, reader: reader)
      guard let beside, reader.problemOpening(path.appending("project.pbxproj"))?.kind == .missing else {
        var project = try XcodeProject(bundle: path, reader: reader)
        project.notes +=
          beside.map {
            [
              "read \(path.lastComponent.forMessage())'s project.pbxproj, not \($0.lastComponent) beside it: the committed project is what Xcode builds"
            ]
          } ?? []
        return project
      }
      spec = beside
      notes = [
        "\(path.lastComponent.forMessage()) has no project.pbxproj (its generator makes it): read \(beside.lastComponent)"
      ]
    }
    let generated =
      spec.lastComponent == "Project.swift"
      ? try TuistManifest.read(spec, reader: reader) : try XcodeGenSpec.read(spec, reader: reader)
    var project = XcodeProject(
      objects: generated.objects(), bundle: spec.parent.appending("\(generated.name).xcodeproj"), reader: reader)
    (project.generatedInfoPlists, project.notes) = (generated.infoPlists, notes + generated.notes)
    project.refusedFolders += generated.problems
    return project
  }
}
