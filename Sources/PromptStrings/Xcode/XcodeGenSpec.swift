import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// XcodeGen's project spec (`project.yml`, or JSON) read as XcodeGen makes a project of it: `include`s merged
/// under the spec (mappings merged, lists appended, `KEY:REPLACE` replacing; an included spec's paths relative
/// to it unless `relativePaths: false`), `targetTemplates` with `${target_name}`, `configs`, `settings`
/// (`groups`, `base`, and `configs` matched by a case-insensitive part of the configuration's name unless it is
/// another configuration's whole name; else a plain map), `settingGroups`, `options.developmentLanguage` and
/// `deploymentTarget`, and each target's `type`, `platform`, `info` (the Info.plist XcodeGen writes: its
/// defaults and `properties`) and the localized files under its `sources`. `${NAME}` XcodeGen fills from its
/// environment is not: a note says so.
enum XcodeGenSpec {
  typealias Settings = [String: GeneratedProject.Setting]
  /// How deep includes may nest.
  static let maximumNesting = 16

  /// The project the spec at `spec` describes, read through `reader`.
  static func read(_ spec: FilePath, reader: InputFiles) throws(Diagnostic) -> GeneratedProject {
    var project = GeneratedProject(spec: spec, name: spec.parent.normalized.lastComponent)
    var visited: Set<FilePath> = [spec.normalized]
    let root = try load(spec, reader: reader, project: &project, visited: &visited, depth: 0)
    project.name = root["name"]?.string ?? project.name
    project.developmentRegion = root["options"]?["developmentLanguage"]?.string ?? "en"
    if let configs = root["configs"]?.entries, !configs.isEmpty {
      project.configurations = configs.map(\.key)
      project.defaultConfiguration = configs.first { $0.value.string == "release" }?.key ?? configs[0].key
    }
    var budget = ExpansionBudget()
    let configurations = Set(project.configurations)
    let groups = Dictionary((root["settingGroups"]?.entries ?? []).map { ($0.key, $0.value) }) { $1 }
    func settings(_ node: YAMLNode?, _ preset: Settings) throws(Diagnostic) -> [String: Settings] {
      var result: [String: Settings] = [:]
      for name in project.configurations {
        var expansions = maximumNesting * maximumNesting
        let own = try self.settings(
          node, for: name, among: configurations, groups: groups, expansions: &expansions, budget: &budget)
        result[name] = preset.merging(own) { $1 }
      }
      return result
    }
    func files(_ node: YAMLNode?) -> [String: FilePath] {
      (node?.entries ?? []).reduce(into: [:]) {
        $0[$1.key] = $1.value.string.map { spec.parent.resolving($0).normalized }
      }
    }
    func setting(_ node: YAMLNode, _ value: String? = nil) -> GeneratedProject.Setting {
      (.string(value ?? node.string ?? ""), node.file, node.location)
    }
    let deployment = root["options"]?["deploymentTarget"]?["iOS"].map { ["IPHONEOS_DEPLOYMENT_TARGET": setting($0)] }
    project.settings = try settings(root["settings"], deployment ?? [:])
    project.configFiles = files(root["configFiles"])
    let platforms = [
      "iOS": "iphoneos", "macOS": "macosx", "tvOS": "appletvos", "watchOS": "watchos", "visionOS": "xros",
    ]
    var environment: [String] = []
    func collectVariables(_ node: YAMLNode?) {
      _ = node?.mappingScalars { text in
        environment += text.split(separator: "${").dropFirst().compactMap {
          $0.split(separator: "}").first.map(String.init)
        }
        return text
      }
    }
    collectVariables(root["settings"])
    collectVariables(root["settingGroups"])
    // Every target has a configuration list of every configuration: their product is bounded.
    let targets = root["targets"]?.entries ?? []
    guard targets.count * project.configurations.count <= 1 << 16 else {
      throw Diagnostic(
        file: root["targets"]?.file ?? spec.string, location: root["targets"]?.location, severity: .error,
        message: "\(targets.count) targets in \(project.configurations.count) configurations: more than attsim reads")
    }
    var walks: [FilePath: SourceFolder] = [:]
    for entry in targets {
      let target = try resolvingTemplates(entry, root["targetTemplates"], budget: &budget)
      collectVariables(target["settings"])
      collectVariables(target["info"])
      var preset: Settings = [:]
      if let platform = target["platform"] { preset["SDKROOT"] = setting(platform, platforms[platform.string ?? ""]) }
      if let destinations = target["supportedDestinations"] {
        let names = (destinations.list ?? []).compactMap { $0.string.flatMap { platforms[$0] } }
        preset["SUPPORTED_PLATFORMS"] = setting(destinations, names.joined(separator: " "))
      }
      if let version = target["deploymentTarget"].flatMap({ $0["iOS"] ?? $0 }), version.string != nil {
        preset["IPHONEOS_DEPLOYMENT_TARGET"] = setting(version)
      }
      // Without `info` or INFOPLIST_FILE, XcodeGen takes the first Info.plist under the sources.
      let sources = try sourceFiles(
        target["sources"], in: spec.parent, reader: reader, walks: &walks, budget: &budget)
      if let plist = sources.infoPlist {
        let path = plist.file.relative(to: spec.parent) ?? plist.file.string
        preset["INFOPLIST_FILE"] = (.string(path), plist.place.file, plist.place.location)
      }
      if let info = target["info"], let path = info["path"] {
        preset["INFOPLIST_FILE"] = setting(path)
        var plist = GeneratedProject.defaultInfoPlist(path: info["properties"]?.file ?? path.file)
        for property in info["properties"]?.entries ?? [] {
          plist.strings[property.key] = property.value.string
          plist.arrays[property.key] = property.value.list?.compactMap(\.string)
          plist.keyLocations[property.key] = property.location
        }
        plist.keys = Array(Set(plist.keys).union(plist.keyLocations.keys)).sorted()
        project.infoPlists[spec.parent.resolving(path.string ?? "").normalized] = plist
      }
      project.targets.append(
        GeneratedProject.Target(
          name: entry.key, productType: "com.apple.product-type.\(target["type"]?.string ?? "")",
          settings: try settings(target["settings"], preset), configFiles: files(target["configFiles"]),
          resources: sources.resources,
          dependencies: (target["dependencies"]?.list ?? []).compactMap { $0["target"]?.string }))
    }
    if !environment.isEmpty {
      project.notes.append(
        "\(spec.lastComponent) uses \(MessageList.of(Set(environment).sorted().map { "${\($0)}" }, limit: 4)): XcodeGen fills these from its environment when it makes the project; attsim reads no environment and leaves them to the build"
      )
    }
    return project
  }

  /// The spec in `file` with the specs it includes merged under it, read through `reader`; an include outside
  /// the project, or not there, is a problem of `project`, not a read.
  private static func load(
    _ file: FilePath, reader: InputFiles, project: inout GeneratedProject, visited: inout Set<FilePath>, depth: Int
  ) throws(Diagnostic) -> YAMLNode {
    let spec = try YAMLReader.read(file, from: reader).get()
    var merged = spec.with(.map([]))
    for include in spec["include"].map({ $0.list ?? [$0] }) ?? [] where include["enable"]?.bool != false {
      guard let name = include.string ?? include["path"]?.string, depth < maximumNesting else { continue }
      let path = file.parent.resolving(name).normalized
      if let refusal = reader.refusal(of: path) ?? reader.problemOpening(path) {
        let reason = "an include of \(file.lastComponent): \(refusal.reason)"
        project.problems.append(ReadProblem(file: path.string, reason, refusal: refusal.kind))
        continue
      }
      guard visited.insert(path).inserted else { continue }
      var included = try load(path, reader: reader, project: &project, visited: &visited, depth: depth + 1)
      if include["relativePaths"]?.bool != false, let folder = path.parent.relative(to: file.parent), !folder.isEmpty {
        included = rebasing(included, into: folder)
      }
      merged = merging(included, onto: merged)
    }
    return merging(spec.with(.map((spec.entries ?? []).filter { $0.key != "include" })), onto: merged)
  }

  /// `spec` merged onto `base` as XcodeGen merges a spec onto what it includes.
  static func merging(_ spec: YAMLNode, onto base: YAMLNode) -> YAMLNode {
    guard var entries = base.entries, let own = spec.entries else { return spec }
    var positions = Dictionary(entries.enumerated().map { ($1.key, $0) }) { $1 }
    for var entry in own {
      let replaces = entry.key.hasSuffix(":REPLACE")
      if replaces { entry.key.removeLast(":REPLACE".count) }
      guard let position = positions[entry.key] else {
        positions[entry.key] = entries.count
        entries.append(entry)
        continue
      }
      let old = entries[position].value
      if !replaces, old.entries != nil, entry.value.entries != nil {
        entry.value = merging(entry.value, onto: old)
      } else if !replaces, let before = old.list, let after = entry.value.list {
        entry.value.value = .list(before + after)
      }
      entries[position] = entry
    }
    return base.with(.map(entries))
  }

  /// An included spec with its targets' `sources`, `info.path` and xcconfig files made relative to the spec
  /// that includes it.
  private static func rebasing(_ spec: YAMLNode, into folder: String) -> YAMLNode {
    func path(_ node: YAMLNode) -> YAMLNode {
      guard let text = node.string else { return node.updating("path", path) }
      return text.hasPrefix("/") ? node : node.with(.scalar(folder + "/" + text))
    }
    func target(_ node: YAMLNode) -> YAMLNode {
      node.updating("sources") { $0.with(.list(($0.list ?? [$0]).map(path))) }
        .updating("info") { $0.updating("path", path) }.updating("configFiles") { $0.updating(nil, path) }
    }
    return spec.updating("configFiles") { $0.updating(nil, path) }
      .updating("targets") { $0.updating(nil, target) }.updating("targetTemplates") { $0.updating(nil, target) }
  }

  /// The build settings `node` sets for `configuration` as XcodeGen layers them: its `groups` (each settings of
  /// its own), `base`, then each of its `configs` whose name is part of the configuration's. Every setting, group
  /// and variant looked at is counted against `budget`; an error at `node` past it.
  private static func settings(
    _ node: YAMLNode?, for configuration: String, among configurations: Set<String>, groups: [String: YAMLNode],
    expansions: inout Int, budget: inout ExpansionBudget
  ) throws(Diagnostic) -> Settings {
    // Setting groups may name each other: at most `maximumNesting` squared settings are expanded in all.
    expansions -= 1
    guard let node, let entries = node.entries, expansions > 0 else { return [:] }
    func own(_ entries: [YAMLEntry]) -> Settings {
      entries.reduce(into: [:]) { settings, entry in
        let flag = entry.value.bool.map { $0 ? "YES" : "NO" }
        let list = entry.value.list.map { PlistValue.array($0.map { .string($0.string ?? "") }) }
        settings[entry.key] = (list ?? .string(flag ?? entry.value.string ?? ""), entry.value.file, entry.location)
      }
    }
    let (names, base, variants) = (node["groups"]?.list, node["base"]?.entries, node["configs"]?.entries)
    budget.settingEntries -= entries.count + (names?.count ?? 0) + (base?.count ?? 0) + (variants?.count ?? 0)
    guard budget.settingEntries >= 0 else {
      throw Diagnostic(
        file: node.file, location: node.location, severity: .error,
        message:
          "the settings make more than \(ExpansionBudget.maximumSettingEntries) entries in all, one a setting and configuration: more than attsim reads"
      )
    }
    guard names != nil || base != nil || variants != nil else { return own(entries) }
    var result: Settings = [:]
    for name in names ?? [] {
      let group = name.string.flatMap { groups[$0] }
      let settings = try self.settings(
        group, for: configuration, among: configurations, groups: groups, expansions: &expansions, budget: &budget)
      result.merge(settings) { $1 }
    }
    result.merge(own(base ?? [])) { $1 }
    let lowercased = configuration.lowercased()
    for variant in variants ?? []
    where lowercased.contains(variant.key.lowercased())
      && (variant.key == configuration || !configurations.contains(variant.key))
    {
      let settings = try self.settings(
        variant.value, for: configuration, among: configurations, groups: groups, expansions: &expansions,
        budget: &budget)
      result.merge(settings) { $1 }
    }
    return result
  }

  /// The files under one of a spec's `sources` that attsim reads: its first Info.plist and its resources.
  struct SourceFolder {
    var infoPlist: FilePath?
    var resources: [FilePath]
  }

  /// The Info.plist and resources under a target's `sources` (a path, or `{path, type}`; a folder reference
  /// adds none), with where the spec names them; each folder walked once per spec (`walks`), every resource
  /// counted against `budget`.
  private static func sourceFiles(
    _ sources: YAMLNode?, in folder: FilePath, reader: InputFiles,
    walks: inout [FilePath: SourceFolder], budget: inout ExpansionBudget
  ) throws(Diagnostic) -> (infoPlist: GeneratedProject.Resource?, resources: [GeneratedProject.Resource]) {
    var infoPlist: GeneratedProject.Resource?
    var resources: [GeneratedProject.Resource] = []
    for source in sources.map({ $0.list ?? [$0] }) ?? [] {
      guard let name = source.string ?? source["path"]?.string, source["type"]?.string != "folder" else { continue }
      let path = folder.resolving(name).normalized
      if walks[path] == nil {
        let files = AppLoader.walk(path, reader: reader)?.entries.filter { !$0.isDirectory }.map(\.path) ?? [path]
        walks[path] = SourceFolder(
          infoPlist: files.first { $0.lastComponent == "Info.plist" },
          resources: files.filter(GeneratedProject.isResource))
      }
      let found = walks[path] ?? SourceFolder(resources: [])
      budget.resources -= found.resources.count
      guard budget.resources >= 0 else {
        throw Diagnostic(
          file: source.file, location: source.location, severity: .error,
          message:
            "the targets' sources copy more than \(YAMLReader.maximumNodes) resource files in all: more than attsim reads"
        )
      }
      infoPlist = infoPlist ?? found.infoPlist.map { ($0, (source.file, source.location)) }
      resources += found.resources.map { ($0, (source.file, source.location)) }
    }
    return (infoPlist, resources)
  }
}

extension YAMLNode {
  /// This node holding `value` instead.
  func with(_ value: Value) -> YAMLNode {
    var node = self
    node.value = value
    return node
  }

  /// This mapping with the value of `key` (of every key, with nil) changed by `change`.
  func updating(_ key: String?, _ change: (YAMLNode) -> YAMLNode) -> YAMLNode {
    guard let entries else { return self }
    return with(
      .map(
        entries.map { entry in
          var entry = entry
          if key == nil || entry.key == key { entry.value = change(entry.value) }
          return entry
        }))
  }

  /// This node with every scalar and key changed by `change`.
  func mappingScalars(_ change: (String) -> String) -> YAMLNode {
    switch value {
    case .scalar(let text): with(.scalar(change(text)))
    case .list(let items): with(.list(items.map { $0.mappingScalars(change) }))
    case .map(let entries):
      with(
        .map(
          entries.map { entry in
            var entry = entry
            (entry.key, entry.value) = (change(entry.key), entry.value.mappingScalars(change))
            return entry
          }))
    }
  }
}
