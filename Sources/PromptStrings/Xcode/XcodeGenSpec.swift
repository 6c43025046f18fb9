import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// XcodeGen's project spec (`project.yml`, or JSON) read as XcodeGen makes a project of it: `include`s merged
/// under the spec (dictionaries merged, lists appended, `KEY:REPLACE` replacing; an included spec's paths
/// relative to it unless `relativePaths: false`), `targetTemplates` with `${target_name}`, `configs`,
/// `settings` (`groups`, `base`, `configs` matched as XcodeGen does: by a case-insensitive part of the name,
/// unless it is another configuration's whole name; a plain map when none of those is there),
/// `settingGroups`, `options.developmentLanguage` and `deploymentTarget`, each target's `type`, `platform`,
/// `info` (the Info.plist XcodeGen writes: its defaults and `properties`) and the localized files under its
/// `sources`. `${NAME}` XcodeGen fills from its environment is not: a note says so.
enum XcodeGenSpec {
  /// How deep includes, templates and setting groups may nest.
  static let maximumNesting = 16

  /// The project the spec at `spec` describes, read through `reader`.
  static func read(_ spec: FilePath, reader: InputFiles) throws(Diagnostic) -> GeneratedProject {
    var project = GeneratedProject(spec: spec, name: spec.parent.normalized.lastComponent)
    var visited: Set<FilePath> = [spec.normalized]
    let root = resolvingTemplates(try load(spec, reader: reader, project: &project, visited: &visited, depth: 0))
    project.name = root["name"]?.string ?? project.name
    project.developmentRegion = root["options"]?["developmentLanguage"]?.string ?? "en"
    if let configs = root["configs"]?.entries, !configs.isEmpty {
      project.configurations = configs.map(\.key)
      project.defaultConfiguration = configs.first { $0.value.string == "release" }?.key ?? configs[0].key
    }
    let groups = root["settingGroups"] ?? root["settingPresets"]
    func settings(_ node: YAMLNode?, _ preset: [String: GeneratedProject.Setting] = [:]) -> [String: [String:
      GeneratedProject.Setting]]
    {
      Dictionary(
        uniqueKeysWithValues: project.configurations.map { name in
          (
            name,
            preset.merging(self.settings(node, configuration: name, project: project, groups: groups, depth: 0)) { $1 }
          )
        })
    }
    func files(_ node: YAMLNode?) -> [String: FilePath] {
      Dictionary(
        (node?.entries ?? []).compactMap { entry in
          entry.value.string.map { (entry.key, spec.parent.resolving($0).normalized) }
        }
      ) { $1 }
    }
    var projectPreset: [String: GeneratedProject.Setting] = [:]
    if let version = root["options"]?["deploymentTarget"]?["iOS"] {
      projectPreset["IPHONEOS_DEPLOYMENT_TARGET"] = (.string(version.string ?? ""), version.file, version.location)
    }
    project.settings = settings(root["settings"], projectPreset)
    project.configFiles = files(root["configFiles"])
    for entry in root["targets"]?.entries ?? [] {
      let target = entry.value
      let type = target["type"]?.string ?? ""
      var preset: [String: GeneratedProject.Setting] = [:]
      let platforms = [
        "iOS": "iphoneos", "macOS": "macosx", "tvOS": "appletvos", "watchOS": "watchos", "visionOS": "xros",
      ]
      if let platform = target["platform"] {
        preset["SDKROOT"] = (
          .string(platforms[platform.string ?? ""] ?? platform.string ?? ""), platform.file, platform.location
        )
      }
      if let destinations = target["supportedDestinations"], let list = destinations.list {
        let names = list.compactMap { $0.string.flatMap { platforms[$0] ?? ($0 == "iOS" ? nil : nil) } }
        preset["SUPPORTED_PLATFORMS"] = (
          .string(names.joined(separator: " ")), destinations.file, destinations.location
        )
      }
      if let version = target["deploymentTarget"], let text = version.string ?? version["iOS"]?.string {
        preset["IPHONEOS_DEPLOYMENT_TARGET"] = (.string(text), version.file, version.location)
      }
      if let info = target["info"], let path = info["path"] {
        preset["INFOPLIST_FILE"] = (.string(path.string ?? ""), path.file, path.location)
        var plist = GeneratedProject.defaultInfoPlist(path: info["properties"]?.file ?? path.file)
        for property in info["properties"]?.entries ?? [] {
          if let text = property.value.string {
            plist.strings[property.key] = text
          } else if let items = property.value.list {
            plist.arrays[property.key] = items.compactMap(\.string)
          } else {
            plist.valueKinds[property.key] = "a dictionary"
          }
          plist.keyLocations[property.key] = property.location
        }
        plist.keys = Array(Set(plist.keys).union(plist.keyLocations.keys)).sorted()
        project.infoPlists[spec.parent.resolving(path.string ?? "").normalized] = plist
      }
      project.targets.append(
        GeneratedProject.Target(
          name: entry.key, productType: "com.apple.product-type.\(type)",
          settings: settings(target["settings"], preset),
          configFiles: files(target["configFiles"]), resources: resources(of: target, in: spec.parent, reader: reader),
          dependencies: (target["dependencies"]?.list ?? []).compactMap { $0["target"]?.string }))
    }
    var environment = Set<String>()
    for key in ["settings", "settingGroups", "targets"] {
      root[key].map { collectVariables(in: $0, into: &environment) }
    }
    if !environment.isEmpty {
      project.notes.append(
        "\(spec.lastComponent) uses \(MessageList.of(environment.sorted().map { "${\($0)}" }, limit: 4)): XcodeGen fills these from its environment when it makes the project; attsim reads no environment and leaves them to the build"
      )
    }
    return project
  }

  /// The spec in `file` with the specs it includes merged under it, read through `reader`; an include outside
  /// the project or not there is a problem of `project`, not a read.
  private static func load(
    _ file: FilePath, reader: InputFiles, project: inout GeneratedProject, visited: inout Set<FilePath>, depth: Int
  ) throws(Diagnostic) -> YAMLNode {
    var spec = try YAMLReader.read(file, from: reader).get()
    var merged = spec
    merged.value = .map([])
    let includes = spec["include"].map { $0.list ?? [$0] } ?? []
    for include in includes where include["enable"]?.bool != false && include.string != "" {
      guard let name = include.string ?? include["path"]?.string, depth < maximumNesting else { continue }
      let path = file.parent.resolving(name).normalized
      if let refusal = reader.refusal(of: path) ?? reader.problemOpening(path) {
        project.problems.append(
          ReadProblem(
            file: path.string, "an include of \(file.lastComponent): \(refusal.reason)", refusal: refusal.kind))
        continue
      }
      guard visited.insert(path).inserted else { continue }
      var included = try load(path, reader: reader, project: &project, visited: &visited, depth: depth + 1)
      if include["relativePaths"]?.bool != false, let folder = path.parent.relative(to: file.parent), !folder.isEmpty {
        included = rebasing(included, into: folder)
      }
      merged = merging(included, onto: merged)
    }
    spec.value = .map((spec.entries ?? []).filter { $0.key != "include" })
    return merging(spec, onto: merged)
  }

  /// `spec` merged onto `base` as XcodeGen merges an including spec onto what it includes.
  static func merging(_ spec: YAMLNode, onto base: YAMLNode) -> YAMLNode {
    guard var entries = base.entries, let own = spec.entries else { return spec }
    for var entry in own {
      if entry.key.hasSuffix(":REPLACE") {
        entry.key.removeLast(":REPLACE".count)
      } else if let old = entries.last(where: { $0.key == entry.key })?.value {
        if old.entries != nil, entry.value.entries != nil {
          entry.value = merging(entry.value, onto: old)
        } else if let before = old.list, let after = entry.value.list {
          entry.value.value = .list(before + after)
        }
      }
      if let index = entries.firstIndex(where: { $0.key == entry.key }) {
        entries[index] = entry
      } else {
        entries.append(entry)
      }
    }
    var result = base
    result.value = .map(entries)
    return result
  }

  /// An included spec with the paths of its targets and xcconfig files made relative to the including one.
  private static func rebasing(_ spec: YAMLNode, into folder: String) -> YAMLNode {
    func path(_ node: YAMLNode) -> YAMLNode {
      guard let text = node.string, !text.hasPrefix("/") else { return node.updating("path", path) }
      var moved = node
      moved.value = .scalar(folder + "/" + text)
      return moved
    }
    func target(_ node: YAMLNode) -> YAMLNode {
      node.updating("sources") { $0.list == nil ? path($0) : $0.mappingItems(path) }
        .updating("info") { $0.updating("path", path) }.updating("configFiles") { $0.mappingValues(path) }
    }
    return spec.updating("configFiles") { $0.mappingValues(path) }
      .updating("targets") { $0.mappingValues(target) }.updating("targetTemplates") { $0.mappingValues(target) }
  }

  /// The spec with each target's templates (and theirs) merged under it, `${target_name}` and its
  /// `templateAttributes` filled in.
  private static func resolvingTemplates(_ spec: YAMLNode) -> YAMLNode {
    let templates = spec["targetTemplates"]
    return spec.updating("targets") { targets in
      var resolved = targets
      resolved.value = .map(
        (targets.entries ?? []).map { entry in
          var base = entry.value
          base.value = .map([])
          func apply(_ names: YAMLNode?, depth: Int) {
            for name in names?.list ?? [] {
              guard depth < maximumNesting, let template = name.string.flatMap({ templates?[$0] }) else { continue }
              apply(template["templates"], depth: depth + 1)
              base = merging(template, onto: base)
            }
          }
          apply(entry.value["templates"], depth: 0)
          var variables = ["target_name": entry.key]
          for attribute in entry.value["templateAttributes"]?.entries ?? [] {
            variables[attribute.key] = attribute.value.string
          }
          var target = entry
          target.value = filling(merging(entry.value, onto: base), with: variables)
          return target
        })
      return resolved
    }
  }

  /// `node` with `${name}` replaced by `variables[name]` in every scalar and key.
  private static func filling(_ node: YAMLNode, with variables: [String: String]) -> YAMLNode {
    func fill(_ text: String) -> String {
      guard text.contains("${") else { return text }
      return variables.reduce(text) { $0.replacing("${\($1.key)}", with: $1.value) }
    }
    var filled = node
    switch node.value {
    case .scalar(let text): filled.value = .scalar(fill(text))
    case .list(let items): filled.value = .list(items.map { filling($0, with: variables) })
    case .map(let entries):
      filled.value = .map(
        entries.map { entry in
          var entry = entry
          entry.key = fill(entry.key)
          entry.value = filling(entry.value, with: variables)
          return entry
        })
    }
    return filled
  }

  /// The names of `${NAME}` left in the spec's scalars: XcodeGen's environment variables.
  private static func collectVariables(in node: YAMLNode, into names: inout Set<String>) {
    switch node.value {
    case .scalar(let text):
      for part in text.split(separator: "${", omittingEmptySubsequences: false).dropFirst() {
        if let end = part.firstIndex(of: "}") { names.insert(String(part[..<end])) }
      }
    case .list(let items): for item in items { collectVariables(in: item, into: &names) }
    case .map(let entries): for entry in entries { collectVariables(in: entry.value, into: &names) }
    }
  }

  /// The build settings `node` sets for `configuration` as XcodeGen layers them: its `groups` (each a
  /// settings of its own), `base`, then each of its `configs` whose name is part of the configuration's.
  private static func settings(
    _ node: YAMLNode?, configuration: String, project: GeneratedProject, groups: YAMLNode?, depth: Int
  ) -> [String: GeneratedProject.Setting] {
    guard let node, let entries = node.entries, depth < maximumNesting else { return [:] }
    guard node["base"] != nil || node["groups"] != nil || node["configs"] != nil else {
      return Dictionary(entries.map { ($0.key, setting($0)) }) { $1 }
    }
    var result: [String: GeneratedProject.Setting] = [:]
    func add(_ more: [String: GeneratedProject.Setting]) { result.merge(more) { $1 } }
    for group in (node["groups"] ?? node["presets"])?.list ?? [] {
      add(
        settings(
          group.string.flatMap { groups?[$0] }, configuration: configuration, project: project, groups: groups,
          depth: depth + 1))
    }
    add(Dictionary((node["base"]?.entries ?? []).map { ($0.key, setting($0)) }) { $1 })
    for variant in node["configs"]?.entries ?? [] {
      let named = variant.key.lowercased()
      guard configuration.lowercased().contains(named),
        !project.configurations.contains(where: { $0 != configuration && $0 == variant.key })
      else { continue }
      add(settings(variant.value, configuration: configuration, project: project, groups: groups, depth: depth + 1))
    }
    return result
  }

  /// One setting as XcodeGen writes it: a Boolean as `YES` or `NO`, a list as a list.
  private static func setting(_ entry: YAMLEntry) -> GeneratedProject.Setting {
    let value: PlistValue
    if let flag = entry.value.bool {
      value = .string(flag ? "YES" : "NO")
    } else if let items = entry.value.list {
      value = .array(items.map { .string($0.string ?? "") })
    } else {
      value = .string(entry.value.string ?? "")
    }
    return (value, entry.value.file, entry.location)
  }

  /// The localized files and catalogs under a target's `sources` (a path, or `{path, buildPhase, type}`),
  /// which XcodeGen puts in its resources phase: strings files in `.lproj` folders, String Catalogs,
  /// privacy manifests. A source with another build phase, or copied as a folder, adds none.
  private static func resources(of target: YAMLNode, in folder: FilePath, reader: InputFiles) -> [(
    file: FilePath, place: (file: String, location: SourceLocation?)
  )] {
    let sources = target["sources"].map { $0.list ?? [$0] } ?? []
    var found: [(FilePath, (String, SourceLocation?))] = []
    for source in sources {
      guard let name = source.string ?? source["path"]?.string,
        (source["buildPhase"]?.string ?? "resources") == "resources", source["type"]?.string != "folder"
      else { continue }
      let path = folder.resolving(name).normalized
      let files = AppLoader.walk(path, reader: reader)?.entries.filter { !$0.isDirectory }.map(\.path) ?? [path]
      for file in files
      where file.parent.pathExtension == "lproj" || ["xcstrings", "xcprivacy"].contains(file.pathExtension ?? "") {
        found.append((file, (source.file, source.location)))
      }
    }
    return found
  }
}

extension YAMLNode {
  /// This mapping with the value of `key`, when there, changed by `change`.
  func updating(_ key: String, _ change: (YAMLNode) -> YAMLNode) -> YAMLNode {
    changingEntries { $0.key == key ? change($0.value) : $0.value }
  }

  /// This mapping with every value changed by `change`.
  func mappingValues(_ change: (YAMLNode) -> YAMLNode) -> YAMLNode { changingEntries { change($0.value) } }

  private func changingEntries(_ change: (YAMLEntry) -> YAMLNode) -> YAMLNode {
    guard let entries else { return self }
    var node = self
    node.value = .map(
      entries.map { entry in
        var changed = entry
        changed.value = change(entry)
        return changed
      })
    return node
  }

  /// This list with every item changed by `change`.
  func mappingItems(_ change: (YAMLNode) -> YAMLNode) -> YAMLNode {
    var node = self
    node.value = .list((list ?? []).map(change))
    return node
  }
}
