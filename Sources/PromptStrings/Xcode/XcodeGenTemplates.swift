import Diagnostics
import StringsFiles

extension XcodeGenSpec {
  /// What one spec's targets may make beyond what the spec holds, each counted over all of its targets: the
  /// nodes of the templates applied to them, the text `${…}` fills in, the resource files their sources copy, and
  /// the setting entries (one a setting, group or variant and configuration) the spec's and targets' settings make.
  struct ExpansionBudget {
    /// The setting entries one spec may make: a million, as many as a binary property list may hold.
    static let maximumSettingEntries = 1_000_000
    var templateNodes = YAMLReader.maximumNodes
    var substitutedBytes = YAMLReader.maximumSize
    var resources = YAMLReader.maximumNodes
    var settingEntries = maximumSettingEntries
  }

  /// A target with its templates (and theirs) merged under it, `${target_name}` and its `templateAttributes`
  /// filled in; an error at the target when that passes `budget`.
  static func resolvingTemplates(
    _ target: YAMLEntry, _ templates: YAMLNode?, budget: inout ExpansionBudget
  ) throws(Diagnostic) -> YAMLNode {
    func refusal(_ reason: String) -> Diagnostic {
      Diagnostic(
        file: target.value.file, location: target.location, severity: .error,
        message: "\(reason): more than attsim reads")
    }
    var base = target.value.with(.map([]))
    // Each template once, as XcodeGen collects them: a template naming itself, or a loop, adds nothing more.
    var applied = Set<String>()
    func apply(_ names: YAMLNode?) throws(Diagnostic) {
      for name in names?.list ?? [] {
        guard let template = name.string.flatMap({ templates?[$0] }), applied.insert(name.string ?? "").inserted
        else { continue }
        try apply(template["templates"])
        budget.templateNodes -= template.nodeCount
        guard budget.templateNodes >= 0 else {
          throw refusal("the templates of the targets make more than \(YAMLReader.maximumNodes) nodes in all")
        }
        base = merging(template, onto: base)
      }
    }
    try apply(target.value["templates"])
    var variables = ["target_name": target.key]
    for attribute in target.value["templateAttributes"]?.entries ?? [] {
      variables[attribute.key] = attribute.value.string
    }
    var overBudget = false
    let resolved = merging(target.value, onto: base).mappingScalars { text in
      guard !overBudget, text.contains("${") else { return text }
      guard let filled = substituting(variables, in: text, limit: budget.substitutedBytes) else {
        overBudget = true
        return text
      }
      budget.substitutedBytes -= filled.utf8.count
      return filled
    }
    guard !overBudget else {
      throw refusal("`${…}` filled in makes more than \(YAMLReader.maximumSize) bytes of text in all")
    }
    return resolved
  }

  /// `text` with each `${NAME}` of `variables` filled in, in one pass; nil as soon as it passes `limit` bytes.
  static func substituting(_ variables: [String: String], in text: String, limit: Int) -> String? {
    let parts = text.split(separator: "${", omittingEmptySubsequences: false)
    var result = String(parts[0])
    for part in parts.dropFirst() {
      if let end = part.firstIndex(of: "}"), let value = variables[String(part[..<end])] {
        result += value + part[part.index(after: end)...]
      } else {
        result += "${" + part
      }
      guard result.utf8.count <= limit else { return nil }
    }
    return result.utf8.count <= limit ? result : nil
  }
}

extension YAMLNode {
  /// How many nodes this one holds, itself included.
  var nodeCount: Int {
    switch value {
    case .scalar: 1
    case .list(let items): items.reduce(1) { $0 + $1.nodeCount }
    case .map(let entries): entries.reduce(1) { $0 + $1.value.nodeCount }
    }
  }
}
