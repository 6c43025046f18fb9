import FileAccess
import Glibc
import PromptCheck
import PromptStrings
import TextSupport

/// `attsim check PATH`: lints an app folder's (or one file's) localized prompt strings.
enum CheckCommand {
  /// Exit 0 when clean (warnings allowed), 1 with errors, 2 when the input is unusable.
  static func run(_ command: Command.Check, console: Console) -> Int32 {
    let path = command.app.path ?? "."
    var status = stat()
    guard stat(path, &status) == 0 else {
      console.err("attsim: cannot check '\(path.forMessage())': no such file or folder\n")
      return 2
    }
    let isFolder = status.st_mode & S_IFMT == S_IFDIR
    let given = FilePath(path)
    guard isFolder || ["xcstrings", "plist", "xcprivacy"].contains(given.pathExtension ?? "") else {
      // One strings file (or something that is not a file at all).
      switch PromptLinter.check(stringsFile: path) {
      case .failure(let failure):
        console.err("attsim: cannot check '\(path.forMessage())': \(failure.reason)\n")
        return 2
      case .success(let findings):
        return report(findings, scope: "1 file", root: nil, format: command.format, console: console)
      }
    }
    let apps: [AppResources]
    switch AppResources.loadAll(path, target: command.app.target, configuration: command.app.configuration) {
    case .failure(let failure):
      console.err("attsim: cannot check: \(failure.message.escapingControlCharacters)\n")
      return 2
    case .success(let loaded): apps = loaded
    }
    var findings: [Finding] = []
    for var app in apps {
      if let region = command.developmentRegion { app.overrideDevelopmentRegion(region) }
      for var finding in PromptLinter.check(app: app) {
        // A lone catalog or Info.plist is not meant to be an app.
        if app.input == .file && finding.rule == .noApp { continue }
        if apps.count > 1 { finding.target = app.target }
        findings.append(finding)
      }
    }
    let scope: String
    if apps.count > 1 {
      scope = "\(apps.count) apps (\(MessageList.of(apps.compactMap(\.target))))"
    } else if apps.first?.input == .file && apps.first?.localizations.isEmpty == true {
      scope = "1 file"
    } else {
      let count = apps.first?.localizations.count ?? 0
      scope = "\(count) localization\(count == 1 ? "" : "s")"
    }
    let root = isFolder ? (["xcodeproj"].contains(given.pathExtension ?? "") ? given.parent : given) : nil
    return report(findings, scope: scope, root: root, format: command.format, console: console)
  }

  /// Prints `findings` in `format`; exit 1 with errors, else 0.
  private static func report(
    _ findings: [Finding], scope: String, root: FilePath?, format: CheckFormat, console: Console
  ) -> Int32 {
    switch format {
    case .text:
      var lastTarget: String?
      var text = ""
      for finding in findings {
        if let target = finding.target, target != lastTarget {
          text += "target \(target.escapingControlCharacters):\n"
          lastTarget = target
        }
        text += FindingFormat.text(finding) + "\n"
      }
      console.out(text)
      console.err(FindingFormat.summary(findings, scope: scope).escapingControlCharacters + "\n")
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
      if finding.locale != nil || finding.target != nil {
        var properties = JSONText()
        if let locale = finding.locale { properties.add("locale", locale) }
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
