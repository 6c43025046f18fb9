import Diagnostics
import FileAccess
import Glibc
import PromptCheck
import PromptStrings
import TextSupport

/// `attsim check PATH`: lints an app's (or one file's) privacy purpose strings; the policy is the linter's,
/// this only prints what it found.
enum CheckCommand {
  /// Exit 0 when clean (warnings allowed), 1 with errors, 2 when the input is unusable.
  static func run(_ command: Command.Check, console: Console) -> Int32 {
    let report: CheckReport
    switch CheckInput.read(
      command.app.path ?? FilePath("."), target: command.app.target, configuration: command.app.configuration,
      allStrings: command.allStrings)
    {
    case .failure(let failure):
      console.err("attsim: \(failure.message.escapingControlCharacters)\n")
      return 2
    case .success(let input):
      report = PromptLinter.check(
        input, developmentRegion: command.developmentRegion, options: CheckOptions(allStrings: command.allStrings))
    }
    switch command.format {
    case .text:
      var lastTarget: String?
      var text = ""
      for finding in report.findings {
        if let target = finding.target, target != lastTarget {
          text += "target \(target.escapingControlCharacters):\n"
          lastTarget = target
        }
        text += FindingFormat.text(finding) + "\n"
      }
      console.out(text)
      console.err(FindingFormat.summary(report.findings, scope: report.scope).escapingControlCharacters + "\n")
    case .json: console.out(FindingFormat.json(report.findings) + "\n")
    case .sarif: console.out(FindingFormat.sarif(report.findings, root: report.root, version: Attsim.version) + "\n")
    }
    return report.hasErrors ? 1 : 0
  }
}

/// The three output formats of `attsim check`.
enum FindingFormat {
  /// `file:line:col: severity: message [rule key]`, as compilers print; safe for a terminal. The key is
  /// named when the message does not already name it.
  static func text(_ finding: Finding) -> String {
    let key = finding.key.flatMap { finding.message.contains($0) ? nil : " " + $0 } ?? ""
    return "\(finding.diagnostic) [\(finding.rule.rawValue)\(key)]".escapingControlCharacters
  }

  /// `2 errors, 1 warning in 13 localizations`.
  static func summary(_ findings: [Finding], scope: String) -> String {
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.filter { $0.severity == .warning }.count
    let notes = findings.filter { $0.severity == .info }.count
    let aside = notes == 0 ? "" : " (\(notes) note\(notes == 1 ? "" : "s"))"
    if errors == 0 && warnings == 0 { return "attsim check: no problems in \(scope)\(aside)" }
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    return "attsim check: \(plural(errors, "error")), \(plural(warnings, "warning")) in \(scope)\(aside)"
  }

  /// A JSON array of `{file, line, column, severity, rule, locale, message}`.
  static func json(_ findings: [Finding]) -> String {
    "["
      + findings.map { finding in
        var object = JSONText()
        object.add("file", finding.file)
        object.add("line", finding.location?.line)
        object.add("column", finding.location?.column)
        object.add("severity", finding.severity.rawValue)
        object.add("rule", finding.rule.rawValue)
        object.add("locale", finding.locale)
        object.add("key", finding.key)
        object.add("message", finding.message)
        if let target = finding.target { object.add("target", target) }
        return object.json
      }.joined(separator: ",\n ") + "]"
  }

  /// A SARIF 2.1.0 log for code-scanning tools. Files under `root` (the folder checked) are URIs relative to
  /// `%SRCROOT%`, declared in `originalUriBaseIds`; others are absolute `file://` URIs. All are RFC 3986.
  static func sarif(_ findings: [Finding], root: FilePath?, version: String) -> String {
    let rules = RuleID.allCases.map { rule -> JSONText in
      var object = JSONText()
      object.add("id", rule.rawValue)
      var description = JSONText()
      description.add("text", rule.summary)
      object.add("shortDescription", description)
      var configuration = JSONText()
      configuration.add("level", level(rule.severity))
      object.add("defaultConfiguration", configuration)
      return object
    }
    let results = findings.map { finding -> JSONText in
      var result = JSONText()
      result.add("ruleId", finding.rule.rawValue)
      result.add("level", level(finding.severity))
      var message = JSONText()
      message.add("text", finding.message)
      result.add("message", message)
      var artifact = JSONText()
      if let root, let relative = FilePath(finding.file).relative(to: root), !relative.isEmpty {
        artifact.add("uri", FileURI.encode(relative))
        artifact.add("uriBaseId", "SRCROOT")
      } else {
        artifact.add("uri", FileURI.file(FilePath(finding.file)))
      }
      var physical = JSONText()
      physical.add("artifactLocation", artifact)
      if let location = finding.location {
        var region = JSONText()
        region.add("startLine", location.line)
        region.add("startColumn", location.column)
        physical.add("region", region)
      }
      var place = JSONText()
      place.add("physicalLocation", physical)
      result.add("locations", [place])
      if finding.locale != nil || finding.target != nil || finding.key != nil {
        var properties = JSONText()
        if let locale = finding.locale { properties.add("locale", locale) }
        if let key = finding.key { properties.add("key", key) }
        if let target = finding.target { properties.add("target", target) }
        result.add("properties", properties)
      }
      return result
    }
    var driver = JSONText()
    driver.add("name", "attsim")
    driver.add("version", version)
    driver.add("rules", rules)
    var tool = JSONText()
    tool.add("driver", driver)
    var run = JSONText()
    run.add("tool", tool)
    run.add("columnKind", "unicodeCodePoints")
    if let root {
      var base = JSONText()
      base.add("uri", FileURI.file(root, folder: true))
      var bases = JSONText()
      bases.add("SRCROOT", base)
      run.add("originalUriBaseIds", bases)
    }
    run.add("results", results)
    var log = JSONText()
    log.add("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
    log.add("version", "2.1.0")
    log.add("runs", [run])
    return log.json
  }

  private static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }
}
