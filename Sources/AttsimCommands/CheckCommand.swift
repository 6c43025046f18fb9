import Diagnostics
import FileAccess
import PromptCheck
import PromptStrings
import TextSupport

/// `attsim check PATH`: lints an app's (or one file's) privacy purpose strings; the policy is the linter's,
/// this prints what it found, less what the project's `.attsim.json` suppresses and what a baseline holds.
enum CheckCommand {
  /// Exit 0 when no finding at or above `--fail-on` remains, 1 when one does, 2 when an input is unusable.
  static func run(_ command: Command.Check, console: Console) -> Int32 {
    let given = command.app.path ?? FilePath(".")
    let report: CheckReport
    switch CheckInput.read(
      given, target: command.app.target, configuration: command.app.configuration,
      allTargets: command.app.allTargets, allStrings: command.allStrings)
    {
    case .failure(let failure):
      console.err("attsim: \(failure.message.escapingControlCharacters)\n")
      return 2
    case .success(let input):
      if case .apps(let apps, _) = input, let choice = apps.first?.choice {
        console.err("attsim: \(choice.escapingControlCharacters)\n")
      }
      report = PromptLinter.check(
        input, developmentRegion: command.developmentRegion, options: CheckOptions(allStrings: command.allStrings))
    }
    // One file checked on its own has no project: its fingerprints are relative to its folder.
    var review = FindingReview(report.findings, root: report.root ?? given.parent)
    var inputs = CommandInputs()
    inputs.add(read: report.inputs)
    inputs.add(path: given)
    do throws(CheckControlError) {
      if let root = report.root {
        inputs.add(path: root.appending(Suppression.fileName))
        review.suppress(try Suppression.load(root: root))
      }
      if let path = command.writeBaseline {
        if let path = command.baseline { inputs.add(path: path) }
        if let problem = CommandOutput.write(
          Baseline.file(review.unsuppressed), to: path, inputs: inputs, console: console)
        {
          throw CheckControlError("attsim: " + problem)
        }
      }
      if let path = command.baseline { review.leaveOut(try Baseline.load(path)) }
    } catch {
      console.err(error.message.escapingControlCharacters + "\n")
      return 2
    }
    switch command.format {
    case .text:
      var lastTarget: String?
      var text = ""
      for finding in review.reported {
        if let target = finding.target, target != lastTarget {
          text += "target \(target.escapingControlCharacters):\n"
          lastTarget = target
        }
        text += FindingFormat.text(finding) + "\n"
      }
      console.out(text)
      console.err(
        FindingFormat.summary(review, scope: report.scope, failOn: command.failOn).escapingControlCharacters + "\n")
    case .json: console.out(FindingFormat.json(review.entries) + "\n")
    case .sarif: console.out(FindingFormat.sarif(review.entries, root: report.root, version: Attsim.version) + "\n")
    }
    return review.reported.contains { $0.severity <= command.failOn } ? 1 : 0
  }
}

/// What `check` reports of its findings: each with its fingerprint, the ones `.attsim.json` suppresses set
/// apart with the suppression, and the ones a baseline holds counted and left out.
struct FindingReview {
  /// A finding, its fingerprint, and the suppression that covers it.
  struct Entry {
    var finding: Finding
    var fingerprint: String
    /// The file relative to the project, as the baseline names it.
    var path: String
    var suppression: Suppression?
  }

  /// The findings reported and suppressed, in the check's order.
  private(set) var entries: [Entry]
  /// How many findings the baseline held; nil without a baseline.
  private(set) var matchedByBaseline: Int?

  /// The findings of a check of the project at `root`.
  init(_ findings: [Finding], root: FilePath) {
    entries = findings.map { finding in
      let path = FilePath(finding.file).relative(to: root) ?? finding.file
      return Entry(finding: finding, fingerprint: finding.diagnostic.fingerprint(root: root.string), path: path)
    }
  }

  /// The findings no suppression covers (once a baseline is applied, those it does not hold).
  var unsuppressed: [Entry] { entries.filter { $0.suppression == nil } }
  /// The findings to act on: neither suppressed nor in the baseline.
  var reported: [Finding] { unsuppressed.map(\.finding) }
  /// How many findings are suppressed.
  var suppressedCount: Int { entries.count - unsuppressed.count }

  /// Sets apart each finding a suppression covers, with the first that does.
  mutating func suppress(_ suppressions: [Suppression]) {
    for index in entries.indices {
      entries[index].suppression = suppressions.first { $0.covers(entries[index].finding) }
    }
  }

  /// Leaves out each unsuppressed finding the baseline holds, as many of each fingerprint as it holds.
  mutating func leaveOut(_ baseline: Baseline) {
    var left = baseline.counts
    entries.removeAll { entry in
      guard entry.suppression == nil, let count = left[entry.fingerprint], count > 0 else { return false }
      left[entry.fingerprint] = count - 1
      return true
    }
    matchedByBaseline = baseline.counts.values.reduce(0, +) - left.values.reduce(0, +)
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

  /// `attsim check: 2 errors, 1 warning in 13 localizations (1 note); 3 suppressed, 4 matched by the baseline`.
  /// "No problems" only where nothing fails the check: under `--fail-on info` a note is one.
  static func summary(_ review: FindingReview, scope: String, failOn: Severity = .error) -> String {
    var controls: [String] = []
    if review.suppressedCount > 0 { controls.append("\(review.suppressedCount) suppressed") }
    if let matched = review.matchedByBaseline { controls.append("\(matched) matched by the baseline") }
    let tail = controls.isEmpty ? "" : "; " + controls.joined(separator: ", ")
    return counts(review.reported, scope: scope, notesFail: failOn == .info) + tail
  }

  /// `attsim check: 2 errors, 1 warning in 13 localizations (1 note)`.
  private static func counts(_ findings: [Finding], scope: String, notesFail: Bool) -> String {
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.filter { $0.severity == .warning }.count
    let notes = findings.filter { $0.severity == .info }.count
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    if notesFail && notes > 0 {
      return
        "attsim check: \(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(notes, "note")) in \(scope)"
    }
    let aside = notes == 0 ? "" : " (\(notes) note\(notes == 1 ? "" : "s"))"
    if errors == 0 && warnings == 0 { return "attsim check: no problems in \(scope)\(aside)" }
    return "attsim check: \(plural(errors, "error")), \(plural(warnings, "warning")) in \(scope)\(aside)"
  }

  /// A JSON array of `{file, line, column, severity, rule, locale, key, message, text, fingerprint,
  /// suppression}`.
  static func json(_ entries: [FindingReview.Entry]) -> String {
    "["
      + entries.map { entry in
        let finding = entry.finding
        var object = JSONText()
        object.add("file", finding.file)
        object.add("line", finding.location?.line)
        object.add("column", finding.location?.column)
        object.add("severity", finding.severity.rawValue)
        object.add("rule", finding.rule.rawValue)
        object.add("locale", finding.locale)
        object.add("key", finding.key)
        object.add("message", finding.message)
        object.add("text", finding.text)
        object.add("fingerprint", entry.fingerprint)
        object.add(
          "suppression",
          entry.suppression.map { suppression in
            var object = JSONText()
            object.add("reason", suppression.reason)
            object.add("file", suppression.file)
            object.add("line", suppression.location.line)
            object.add("column", suppression.location.column)
            return object
          })
        if let target = finding.target { object.add("target", target) }
        return object.json
      }.joined(separator: ",\n ") + "]"
  }

  /// A SARIF 2.1.0 log for code-scanning tools. Files under `root` (the folder checked) are URIs relative to
  /// `%SRCROOT%`, declared in `originalUriBaseIds`; others are absolute `file://` URIs. All are RFC 3986.
  /// Each result carries its fingerprint under `partialFingerprints` as `attsim/v1`, and a suppressed one its
  /// suppression (`external`, justified by the reason).
  static func sarif(_ entries: [FindingReview.Entry], root: FilePath?, version: String) -> String {
    let rules = RuleID.allCases.map { rule -> JSONText in
      var object = JSONText()
      object.add("id", rule.rawValue)
      object.add("shortDescription", member("text", rule.summary))
      if let source = rule.source {
        object.add(
          "help", member("text", "\(rule.summary) Source: \(source). See docs/check-rules.md#\(rule.rawValue)."))
      }
      object.add("defaultConfiguration", member("level", level(rule.severity)))
      return object
    }
    let results = entries.map { entry -> JSONText in
      let finding = entry.finding
      var result = JSONText()
      result.add("ruleId", finding.rule.rawValue)
      result.add("level", level(finding.severity))
      result.add("message", member("text", finding.message))
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
      result.add("locations", [member("physicalLocation", physical)])
      result.add("partialFingerprints", member("attsim/v1", entry.fingerprint))
      if let suppression = entry.suppression {
        var object = JSONText()
        object.add("kind", "external")
        object.add("justification", suppression.reason)
        result.add("suppressions", [object])
      }
      if finding.locale != nil || finding.target != nil || finding.key != nil || finding.text != nil {
        var properties = JSONText()
        if let locale = finding.locale { properties.add("locale", locale) }
        if let key = finding.key { properties.add("key", key) }
        if let text = finding.text { properties.add("text", text) }
        if let target = finding.target { properties.add("target", target) }
        result.add("properties", properties)
      }
      return result
    }
    var driver = JSONText()
    driver.add("name", "attsim")
    driver.add("version", version)
    driver.add("rules", rules)
    var run = JSONText()
    run.add("tool", member("driver", driver))
    run.add("columnKind", "unicodeCodePoints")
    if let root { run.add("originalUriBaseIds", member("SRCROOT", member("uri", FileURI.file(root, folder: true)))) }
    run.add("results", results)
    var log = JSONText()
    log.add("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
    log.add("version", "2.1.0")
    log.add("runs", [run])
    return log.json
  }

  /// `{"key": value}`: an object of one member.
  private static func member(_ key: String, _ value: String) -> JSONText { object { $0.add(key, value) } }
  private static func member(_ key: String, _ value: JSONText) -> JSONText { object { $0.add(key, value) } }
  private static func object(_ fill: (inout JSONText) -> Void) -> JSONText {
    var object = JSONText()
    fill(&object)
    return object
  }

  /// SARIF's word for a severity: `info` is a `note`.
  private static func level(_ severity: Severity) -> String { severity == .info ? "note" : severity.rawValue }
}
