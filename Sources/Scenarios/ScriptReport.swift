import ConsentCore
import Diagnostics
import TextSupport

/// A script and what its steps did, as the reports need it: built one step at a time, keeping the
/// expectations' results, a refused step and the final state, never every step's state.
public struct ScriptOutcome: Sendable {
  /// One expectation and what became of it, and the simulated clock's seconds since the case before it.
  struct Check: Sendable {
    var step: Step
    var expectation: Expectation
    var failure: ExpectationFailure?
    var seconds = 0
  }

  /// The script.
  public let script: Script
  /// The expectations checked, in order.
  private(set) var checks: [Check] = []
  /// The step that could not happen, why, and the simulated seconds since the case before it.
  private(set) var refused: (step: Step, reason: String, seconds: Int)?
  /// The state after the last step that ran.
  private(set) var finalState: ConsentState?
  /// The simulated clock at the last case (an undo may take it back), and whether a user step came.
  private var (clock, started) = (0, false)
  /// The app (`app bundle=`), target and locale the script's setup (the lines before its first user step)
  /// leaves, for JUnit's properties.
  private(set) var start: (app: String, target: String, locale: String) = ("none", "none", ConsentState().app.locale)
  /// Why the file could not be run at all (it could not be read or parsed, or names an app that cannot be
  /// opened), one line per problem; empty for a script that ran.
  public private(set) var problems: [String] = []

  /// The outcome of `script` before any step ran.
  public init(script: Script) {
    self.script = script
  }

  /// The outcome of a file that could not be run, with its problems: an errored case in the reports.
  public init(unusable file: String, problems: [String]) {
    script = Script(file: file, steps: [])
    self.problems = problems
  }

  /// Takes one step's result, in order (its state is not kept).
  public mutating func add(_ result: StepResult) {
    started = started || result.step.isUserStep
    if !started { start.locale = result.state.app.locale }
    if !started, case .useBundle(let reference) = result.step.kind {
      (start.app, start.target) = (reference.path, reference.target ?? "none")
    }
    if let refusal = result.refusal { refused = (result.step, refusal.description, tick(result)) }
    guard case .expect(let expectations) = result.step.kind else { return }
    for expectation in expectations {
      let failure = result.failures.first { $0.expectation == expectation }
      checks.append(Check(step: result.step, expectation: expectation, failure: failure, seconds: tick(result)))
    }
  }

  /// The simulated seconds since the last case, never fewer than none.
  private mutating func tick(_ result: StepResult) -> Int {
    defer { clock = result.state.device.seconds }
    return max(0, result.state.device.seconds - clock)
  }

  /// Takes the state after the last step.
  public mutating func finish(with state: ConsentState) {
    finalState = state
  }

  /// Expectation lines after a refused step, which never ran.
  var skipped: [Step] {
    guard let refused else { return [] }
    return script.steps.filter { $0.line > refused.step.line && $0.isExpectation }
  }

  /// Whether every step went as the script said.
  public var passed: Bool { problems.isEmpty && refused == nil && checks.allSatisfy { $0.failure == nil } }

  /// How many expectations the script has, and how many held (those after a refused step never ran).
  public var expectationCounts: (passed: Int, total: Int) {
    (checks.filter { $0.failure == nil }.count, checks.count + skipped.reduce(0) { $0 + $1.expectationCount })
  }

  /// The line `play` ends with on standard error: `3 scripts, 12 of 12 expectations passed`, and what else
  /// went wrong.
  public static func summary(_ outcomes: [ScriptOutcome]) -> String {
    let counts = outcomes.reduce((passed: 0, total: 0)) {
      ($0.passed + $1.expectationCounts.passed, $0.total + $1.expectationCounts.total)
    }
    var parts = [
      "\(outcomes.count) script\(outcomes.count == 1 ? "" : "s")",
      "\(counts.passed) of \(counts.total) expectation\(counts.total == 1 ? "" : "s") passed",
    ]
    let refused = outcomes.filter { $0.refused != nil }.count
    if refused > 0 { parts.append("\(refused) stopped at a step that could not happen") }
    let unusable = outcomes.filter { !$0.problems.isEmpty }.count
    if unusable > 0 { parts.append("\(unusable) could not run") }
    return parts.joined(separator: ", ")
  }

  /// The title, or the file name.
  var name: String { script.title ?? script.file }

  /// The JUnit cases: one per expectation (run or not), one for a refused step, one for a file that could not
  /// run.
  var caseCount: Int { checks.count + skipped.count + (refused == nil ? 0 : 1) + (problems.isEmpty ? 0 : 1) }

  /// The simulated seconds its cases took, for JUnit's `time`.
  var seconds: Int { checks.reduce(refused?.seconds ?? 0) { $0 + $1.seconds } }
}

extension Step {
  /// How many expectations the step holds (0 for an action).
  var expectationCount: Int {
    if case .expect(let expectations) = kind { expectations.count } else { 0 }
  }
}

/// `play --report junit`: JUnit XML for CI systems, one test case per expectation (and per refused step).
public enum JUnitReport {
  public static func xml(_ outcomes: [ScriptOutcome]) -> String {
    let tests = outcomes.reduce(0) { $0 + $1.caseCount }
    let failures = outcomes.reduce(0) { $0 + $1.checks.filter { $0.failure != nil }.count }
    let errors = outcomes.filter { $0.refused != nil || !$0.problems.isEmpty }.count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"attsim\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
    xml += " time=\"\(outcomes.reduce(0) { $0 + $1.seconds })\">\n"
    for outcome in outcomes {
      let file = outcome.script.file
      let suiteFailures = outcome.checks.filter { $0.failure != nil }.count
      let suiteErrors = outcome.refused == nil && outcome.problems.isEmpty ? 0 : 1
      xml +=
        "  <testsuite name=\"\(escape(outcome.name))\" tests=\"\(outcome.caseCount)\" failures=\"\(suiteFailures)\""
      xml += " errors=\"\(suiteErrors)\" skipped=\"\(outcome.skipped.count)\" time=\"\(outcome.seconds)\""
      xml += " file=\"\(escape(file))\">\n"
      if outcome.problems.isEmpty {
        // Where the script starts, for dashboards that group runs.
        let start = [("app", outcome.start.app), ("target", outcome.start.target), ("locale", outcome.start.locale)]
        xml += "    <properties>\n"
        xml += start.map { "      <property name=\"\($0)\" value=\"\(escape($1))\"/>\n" }.joined()
        xml += "    </properties>\n"
      }
      let className = "attsim." + (file.split(separator: "/").last.map(String.init) ?? file)
      /// One case, with what is inside it (a failure, an error, skipped), if anything.
      func testcase(_ name: String, seconds: Int = 0, _ inner: String? = nil) {
        xml += "    <testcase classname=\"\(escape(className))\" name=\"\(escape(name))\" time=\"\(seconds)\""
        xml += inner.map { ">\n      \($0)\n    </testcase>\n" } ?? "/>\n"
      }
      /// A `<failure>` or `<error>` of `type`: the message, and the text at its place.
      func problem(_ tag: String, _ type: String, _ message: String, _ text: String) -> String {
        "<\(tag) type=\"\(type)\" message=\"\(escape(message))\">\(escape(text))</\(tag)>"
      }
      if !outcome.problems.isEmpty {
        // A file that could not run is one errored case, its problems the error's text.
        let text = outcome.problems.joined(separator: "\n")
        testcase("the script runs", problem("error", "script", outcome.problems[0], text))
      }
      for check in outcome.checks {
        let place = Diagnostic.place(file, SourceLocation(line: check.step.line, column: check.expectation.column))
        let failure = check.failure.map { problem("failure", "expectation", $0.sentence, "\(place): \($0.sentence)") }
        testcase(
          "line \(check.step.line): expect \(check.expectation.key)=\(check.expectation.expected)",
          seconds: check.seconds, failure)
      }
      if let (step, reason, seconds) = outcome.refused {
        let place = Diagnostic.place(file, SourceLocation(line: step.line, column: step.column))
        testcase(
          "line \(step.line): \(step.command)", seconds: seconds,
          problem("error", "refused", reason, "\(place): \(reason)"))
      }
      for step in outcome.skipped {
        testcase("line \(step.line): \(step.command)", "<skipped message=\"an earlier step could not happen\"/>")
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// Text escaped for XML attributes and content.
  static func escape(_ text: String) -> String { text.escapingForMarkup(encodingLineBreaks: true) }
}

/// `play --report markdown`: a bug report a developer can read — steps, expected, actual, payload. Every text
/// from a script or the model is quoted so that the report, pasted into an issue tracker, renders as text:
/// inside inline code, or with Markdown and HTML characters escaped.
public enum MarkdownReport {
  public static func text(_ outcomes: [ScriptOutcome]) -> String {
    let failed = outcomes.filter { !$0.passed }.count
    var out = "# attsim report\n\n\(outcomes.count) scenario\(outcomes.count == 1 ? "" : "s") · \(failed) failed\n"
    for outcome in outcomes {
      out += "\n## \(outcome.passed ? "✓" : "✗") \(prose(outcome.name))\n\n"
      out += "`\(code(outcome.script.file))`"
      if let why = outcome.script.why { out += " — \(prose(why))" }
      if !outcome.problems.isEmpty {
        out += "\n\n**Could not run**\n\n" + outcome.problems.map { "- `\(code($0))`\n" }.joined()
        continue
      }
      out += "\n\n**Steps**\n\n"
      var number = 0
      for step in outcome.script.steps where !step.isExpectation {
        number += 1
        var mark = ""
        if let (refusedStep, reason, _) = outcome.refused, refusedStep.line == step.line {
          mark = " ✗ could not happen: \(prose(reason))"
        }
        out += "\(number). `\(code(step.command))` (line \(step.line))\(mark)\n"
      }
      out += "\n**Expected and actual**\n\n| line | expected | actual | |\n|---|---|---|---|\n"
      for check in outcome.checks {
        let actual = check.failure?.actual ?? check.expectation.expected
        out += "| \(check.step.line) | `\(code(check.expectation.key))=\(code(check.expectation.expected))` | "
        out += "\(prose(actual)) | \(check.failure == nil ? "✓" : "✗") |\n"
      }
      for step in outcome.skipped {
        out += "| \(step.line) | `\(code(step.command))` | not reached | – |\n"
      }
      if let last = outcome.finalState {
        out += "\n**At the end**: status \(last.statusWord), device IDFA \(last.deviceIDFA)\n\n"
        out += "```json\n\(last.sdk.payload.json.json)\n```\n"
        let warnings = last.warnings.map(\.message)
        if !warnings.isEmpty { out += "\nWarnings:\n" + warnings.map { "- \(prose($0))\n" }.joined() }
      }
    }
    return out
  }

  /// Text for Markdown prose and table cells: HTML's `& < >` as entities, Markdown's punctuation
  /// backslash-escaped, control characters as visible escapes, on one line.
  public static func prose(_ text: String) -> String {
    var out = ""
    for character in text.escapingControlCharacters {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\\", "`", "*", "_", "[", "]", "|", "~", "#", "!": out += "\\" + String(character)
      default: out.append(character)
      }
    }
    return out
  }

  /// Text inside an inline code span (which renders as written): no backticks to end it early, `|` escaped
  /// for tables, control characters as visible escapes.
  static func code(_ text: String) -> String {
    text.escapingControlCharacters.replacing("`", with: "'").replacing("|", with: "\\|")
  }
}
