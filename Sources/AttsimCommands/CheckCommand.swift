import FileAccess
import Glibc
import PromptStrings
import TextSupport

/// `attsim check PATH`: lints an app folder's (or one file's) localized prompt strings.
enum CheckCommand {
  /// Exit 0 when clean (warnings allowed), 1 with errors, 2 when the input is unusable.
  static func run(path: String, format: CheckFormat, developmentRegion: String?, console: Console) -> Int32 {
    var status = stat()
    guard stat(path, &status) == 0 else {
      console.err("attsim: cannot check '\(path.forMessage())': no such file or folder\n")
      return 2
    }
    let findings: [Finding]
    let scope: String
    var root: FilePath?
    if status.st_mode & S_IFMT == S_IFDIR {
      switch AppResources.load(path) {
      case .failure(let failure):
        console.err("attsim: cannot check: \(failure.message.escapingControlCharacters)\n")
        return 2
      case .success(var app):
        if let developmentRegion { app.overrideDevelopmentRegion(developmentRegion) }
        findings = PromptLinter.check(app: app)
        let count = app.localizations.filter { $0 != "Base" }.count
        scope = "\(count) localization\(count == 1 ? "" : "s")"
        root = FilePath(path)
      }
    } else {
      switch PromptLinter.check(stringsFile: path) {
      case .failure(let failure):
        console.err("attsim: cannot check '\(path.forMessage())': \(failure.reason)\n")
        return 2
      case .success(let found):
        findings = found
        scope = "1 file"
      }
    }
    switch format {
    case .text:
      console.out(findings.map { FindingFormat.text($0) + "\n" }.joined())
      console.err(FindingFormat.summary(findings, scope: scope) + "\n")
    case .json: console.out(FindingFormat.json(findings) + "\n")
    case .sarif: console.out(FindingFormat.sarif(findings, root: root, version: Attsim.version) + "\n")
    }
    return findings.contains { $0.severity == .error } ? 1 : 0
  }
}

/// The three output formats of `attsim check`.
enum FindingFormat {
  /// `file:line:col: severity: message [rule]`, as compilers print; safe for a terminal.
  static func text(_ finding: Finding) -> String {
    let place = finding.location.map { "\(finding.file):\($0.line):\($0.column)" } ?? finding.file
    return "\(place): \(finding.severity.rawValue): \(finding.message) [\(finding.rule.rawValue)]"
      .escapingControlCharacters
  }

  /// `2 errors, 1 warning in 13 localizations`.
  static func summary(_ findings: [Finding], scope: String) -> String {
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.filter { $0.severity == .warning }.count
    if errors == 0 && warnings == 0 { return "attsim check: no problems in \(scope)" }
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    return "attsim check: \(plural(errors, "error")), \(plural(warnings, "warning")) in \(scope)"
  }

  /// A JSON array of `{file, line, column, severity, rule, locale, message}`.
  static func json(_ findings: [Finding]) -> String {
    "["
      + findings.map { finding in
        var object = JSONText()
        object.add("file", finding.file)
        object.addRaw("line", finding.location.map { String($0.line) } ?? "null")
        object.addRaw("column", finding.location.map { String($0.column) } ?? "null")
        object.add("severity", finding.severity.rawValue)
        object.add("rule", finding.rule.rawValue)
        object.addRaw("locale", finding.locale.map(JSONText.quoted) ?? "null")
        object.add("message", finding.message)
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
      if let locale = finding.locale {
        var properties = JSONText()
        properties.add("locale", locale)
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
