import Diagnostics
import FileAccess
import PromptCheck
import StringsFiles
import TextSupport

/// One entry of `.attsim.json`'s `suppressions`: the findings of a rule (about a key, in a locale) a project
/// accepts, and why.
struct Suppression: Equatable {
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
  /// project as its other files are; or why they cannot be used.
  static func load(root: FilePath) -> Result<[Suppression], CheckControlError> {
    let path = root.appending(fileName)
    guard let files = InputFiles(confinedTo: root) else { return .success([]) }
    let document: ControlDocument
    switch ControlDocument.read(path, with: files, limit: 1 << 20) {
    case .failure(let error) where error.isMissing: return .success([])
    case .failure(let error): return .failure(error)
    case .success(let read): document = read
    }
    do throws(Diagnostic) {
      let top = try document.object(document.value, at: 0, allowed: ["suppressions"])
      let entries = try document.array(top, "suppressions") ?? []
      return .success(
        try entries.map { entry throws(Diagnostic) in
          let object = try document.object(
            entry, at: top.offsets["suppressions"], allowed: ["rule", "key", "locale", "reason"])
          guard let rule = try document.string(object, "rule") else {
            throw document.problem(at: object.start, "a suppression needs a \"rule\"")
          }
          guard RuleID(rawValue: rule) != nil else {
            let rules = RuleID.allCases.map(\.rawValue)
            let clause = Suggestion.for(rule, among: rules)?.clause() ?? ""
            throw document.problem(at: object.offsets["rule"], "no rule is called \"\(rule.forMessage())\"\(clause)")
          }
          guard let reason = try document.string(object, "reason"), !reason.allSatisfy(\.isWhitespace) else {
            throw document.problem(at: object.offsets["reason"] ?? object.start, "a suppression needs a \"reason\"")
          }
          return Suppression(
            rule: rule, key: try document.string(object, "key"), locale: try document.string(object, "locale"),
            reason: reason, file: document.file, location: document.lines.location(of: object.start))
        })
    } catch {
      return .failure(CheckControlError(error.description))
    }
  }
}

/// The findings a run accepted before (`--baseline`), by fingerprint, as many times as each was there.
struct Baseline {
  /// Fingerprint → how many findings of that fingerprint the baseline holds.
  var counts: [String: Int] = [:]

  /// The format's version, written first so a later attsim can tell its files apart.
  static let version = 1

  /// The baseline at `path`, a file the user named; or why it cannot be used.
  static func load(_ path: FilePath) -> Result<Baseline, CheckControlError> {
    let document: ControlDocument
    switch ControlDocument.read(path, with: InputFiles(), limit: 64 << 20) {
    case .failure(let error): return .failure(error)
    case .success(let read): document = read
    }
    do throws(Diagnostic) {
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
      return .success(baseline)
    } catch {
      return .failure(CheckControlError(error.description))
    }
  }

  /// The baseline file for `findings` (with their fingerprints): one finding a line, sorted, so that it diffs
  /// well under version control.
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

/// A small JSON file that tells attsim what to do (`.attsim.json`, a baseline), judged strictly: every problem
/// is a `Diagnostic` at the place in the file.
private struct ControlDocument {
  let file: String
  let lines: LineMap
  let value: JSONValue

  /// The document at `path`, opened by `files` and no larger than `limit`, or why it cannot be read (a file
  /// that is not JSON: where, as `file:line:col: error: …`).
  static func read(_ path: FilePath, with files: InputFiles, limit: Int) -> Result<ControlDocument, CheckControlError> {
    let bytes: [UInt8]
    switch files.open(path, limit: limit).flatMap({ $0.readAll() }) {
    case .failure(let failure):
      var error = CheckControlError("attsim: cannot read '\(path.shown())': \(failure.reason)")
      error.isMissing = failure.kind == .missing
      return .failure(error)
    case .success(let read): bytes = read
    }
    let lines = LineMap(bytes: bytes)
    switch JSONReader.parse(bytes) {
    case .success(let value): return .success(ControlDocument(file: path.shown(), lines: lines, value: value))
    case .failure(let problem):
      let diagnostic = Diagnostic(
        file: path.shown(), location: lines.location(of: problem.offset), severity: .error, message: problem.message)
      return .failure(CheckControlError(diagnostic.description))
    }
  }

  /// An error at `offset` (the file's start when nil).
  func problem(at offset: Int?, _ message: String) -> Diagnostic {
    Diagnostic(file: file, location: lines.location(of: offset ?? 0), severity: .error, message: message)
  }

  /// `value` (which stands at or in the member at `offset`) as an object, every key of it in `allowed` (any,
  /// when nil).
  func object(_ value: JSONValue, at offset: Int?, allowed: Set<String>?) throws(Diagnostic) -> JSONObject {
    guard let object = value.object else { throw problem(at: offset, "expected an object") }
    if let allowed, let unknown = object.offsets.filter({ !allowed.contains($0.key) }).min(by: { $0.value < $1.value })
    {
      throw problem(
        at: unknown.value,
        "unknown field \"\(unknown.key.forMessage())\" (expected \(allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))"
      )
    }
    return object
  }

  /// The member `key` of `object` as a string, nil when absent; any other kind of value is an error.
  func string(_ object: JSONObject, _ key: String) throws(Diagnostic) -> String? {
    guard let member = object[key] else { return nil }
    guard let text = member.string else { throw problem(at: object.offsets[key], "\"\(key)\" must be a string") }
    return text
  }

  /// The member `key` of `object` as an array, nil when absent; any other kind of value is an error.
  func array(_ object: JSONObject, _ key: String) throws(Diagnostic) -> [JSONValue]? {
    guard let member = object[key] else { return nil }
    guard case .array(let elements) = member else {
      throw problem(at: object.offsets[key], "\"\(key)\" must be an array")
    }
    return elements
  }
}
