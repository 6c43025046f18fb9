import Diagnostics
import FileAccess
import PromptCheck
import StringsFiles
import TextSupport

/// One entry of `.attsim.json`'s `suppressions`: the findings of a rule (about a key, in a locale) a project
/// accepts, and why.
struct Suppression {
  var rule: String
  var key: String?
  var locale: String?
  var reason: String
  /// Where the entry stands: `.attsim.json`, as shown, and the place of its `{`.
  var file: String
  var location: SourceLocation

  /// Whether the entry covers `finding`: its rule, and its key and locale where the entry names them.
  func covers(_ finding: Finding) -> Bool {
    rule == finding.rule.rawValue && (key == nil || key == finding.key) && (locale == nil || locale == finding.locale)
  }

  /// The file at a project's root that holds them.
  static let fileName = ".attsim.json"

  /// The suppressions of the project at `root`, from its `.attsim.json` (none without one), opened inside the
  /// project as its other files are.
  static func load(root: FilePath) throws(CheckControlError) -> [Suppression] {
    guard let files = InputFiles(confinedTo: root) else { return [] }
    let document: ControlDocument
    do throws(CheckControlError) {
      document = try ControlDocument(root.appending(fileName), with: files, limit: 1 << 20)
    } catch {
      if error.isMissing { return [] }
      throw error
    }
    let top = try document.object(document.value, at: 0, allowed: ["suppressions"])
    return try (document.array(top, "suppressions") ?? []).map { entry throws(CheckControlError) in
      let object = try document.object(
        entry, at: top.offsets["suppressions"], allowed: ["rule", "key", "locale", "reason"])
      guard let rule = try document.string(object, "rule") else {
        throw document.problem(at: object.start, "a suppression needs a \"rule\"")
      }
      guard RuleID(rawValue: rule) != nil else {
        let clause = Suggestion.for(rule, among: RuleID.allCases.map(\.rawValue))?.clause() ?? ""
        throw document.problem(at: object.offsets["rule"], "no rule is called \"\(rule.forMessage())\"\(clause)")
      }
      guard let reason = try document.string(object, "reason"), !reason.allSatisfy(\.isWhitespace) else {
        throw document.problem(at: object.offsets["reason"] ?? object.start, "a suppression needs a \"reason\"")
      }
      return Suppression(
        rule: rule, key: try document.string(object, "key"), locale: try document.string(object, "locale"),
        reason: reason, file: document.file, location: document.lines.location(of: object.start))
    }
  }
}

/// The findings a run accepted before (`--baseline`), by fingerprint, as many times as each was there.
struct Baseline {
  /// Fingerprint → how many findings of that fingerprint the baseline holds.
  var counts: [String: Int] = [:]

  /// The format's version, written first so a later attsim can tell its files apart.
  static let version = 1

  /// The baseline at `path`, a file the user named.
  static func load(_ path: FilePath) throws(CheckControlError) -> Baseline {
    let document = try ControlDocument(path, with: InputFiles(), limit: 64 << 20)
    let top = try document.object(document.value, at: 0, allowed: ["attsim_baseline", "findings"])
    guard case .number(Double(version)) = top["attsim_baseline"] else {
      throw document.problem(
        at: top.offsets["attsim_baseline"] ?? top.start, "not an attsim baseline of version \(version)")
    }
    var baseline = Baseline()
    for entry in try document.array(top, "findings") ?? [] {
      // The other fields are for people reading the file; only the fingerprint matches.
      let object = try document.object(entry, at: top.offsets["findings"], allowed: nil)
      guard let print = try document.string(object, "fingerprint"), print.utf8.count == 16,
        print.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
      else {
        throw document.problem(
          at: object.offsets["fingerprint"] ?? object.start, "a finding needs a \"fingerprint\" of 16 hex digits")
      }
      baseline.counts[print, default: 0] += 1
    }
    return baseline
  }

  /// The baseline file for `findings`: one finding a line, sorted, so that it diffs well under version control.
  static func file(_ findings: [FindingReview.Entry]) -> String {
    let lines = findings.map { entry -> String in
      var object = JSONText()
      object.add("fingerprint", entry.fingerprint)
      object.add("rule", entry.finding.rule.rawValue)
      object.add("path", entry.path)
      object.add("key", entry.finding.key)
      object.add("locale", entry.finding.locale)
      return object.json
    }.sorted()
    let list = lines.isEmpty ? "[]" : "[\n    " + lines.joined(separator: ",\n    ") + "\n  ]"
    return "{\n  \"attsim_baseline\": \(version),\n  \"findings\": \(list)\n}\n"
  }
}

/// Why `.attsim.json`, a baseline or the baseline to write cannot be used, in one line.
struct CheckControlError: Error {
  var message: String
  /// Whether the file is not there (no `.attsim.json` means no suppressions).
  var isMissing = false
  init(_ message: String) { self.message = message }
}

/// A small JSON file that tells attsim what to do (`.attsim.json`, a baseline), judged strictly: every problem
/// is an error at its place in the file, `file:line:col: error: …`.
private struct ControlDocument {
  let file: String
  let lines: LineMap
  let value: JSONValue

  /// The document at `path`, opened by `files` and no larger than `limit`.
  init(_ path: FilePath, with files: InputFiles, limit: Int) throws(CheckControlError) {
    file = path.shown()
    switch files.open(path, limit: limit).flatMap({ $0.readAll() }) {
    case .failure(let failure):
      var error = CheckControlError("attsim: cannot read '\(file)': \(failure.reason)")
      error.isMissing = failure.kind == .missing
      throw error
    case .success(let bytes):
      lines = LineMap(bytes: bytes)
      switch JSONReader.parse(bytes) {
      case .failure(let notJSON):
        value = .null
        throw problem(at: notJSON.offset, notJSON.message)
      case .success(let parsed): value = parsed
      }
    }
  }

  /// An error at `offset` (the file's start when nil).
  func problem(at offset: Int?, _ message: String) -> CheckControlError {
    let location = lines.location(of: offset ?? 0)
    return CheckControlError(Diagnostic(file: file, location: location, severity: .error, message: message).description)
  }

  /// `value` (which stands at or in the member at `offset`) as an object, every key of it in `allowed` (any,
  /// when nil).
  func object(_ value: JSONValue, at offset: Int?, allowed: Set<String>?) throws(CheckControlError) -> JSONObject {
    guard let object = value.object else { throw problem(at: offset, "expected an object") }
    if let allowed, let unknown = object.offsets.filter({ !allowed.contains($0.key) }).min(by: { $0.value < $1.value })
    {
      let expected = allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
      throw problem(at: unknown.value, "unknown field \"\(unknown.key.forMessage())\" (expected \(expected))")
    }
    return object
  }

  /// The member `key` of `object` as a string, nil when absent; any other kind of value is an error.
  func string(_ object: JSONObject, _ key: String) throws(CheckControlError) -> String? {
    guard let member = object[key] else { return nil }
    guard let text = member.string else { throw problem(at: object.offsets[key], "\"\(key)\" must be a string") }
    return text
  }

  /// The member `key` of `object` as an array, nil when absent; any other kind of value is an error.
  func array(_ object: JSONObject, _ key: String) throws(CheckControlError) -> [JSONValue]? {
    guard let member = object[key] else { return nil }
    guard case .array(let elements) = member else {
      throw problem(at: object.offsets[key], "\"\(key)\" must be an array")
    }
    return elements
  }
}
