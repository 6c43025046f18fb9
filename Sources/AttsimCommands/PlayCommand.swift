import ConsentCore
import Foundation
import PromptStrings
import Scenarios
import TextSupport

/// `attsim play FILE…`: runs scripts headless, one JSON object per command on standard output, or a
/// JUnit / Markdown report.
enum PlayCommand {
  /// Parses every file first (any error: nothing runs, exit 2), then runs each from the defaults.
  /// Exit 0 when every expectation held, 1 when some failed or a step was refused.
  static func run(files: [String], report: ReportFormat?, output: String?, console: Console) -> Int32 {
    var scripts: [(Script, [String: AppResources])] = []
    var unusable = false
    for file in files {
      switch load(file) {
      case .failure(let problems):
        console.err(problems.lines.map { $0 + "\n" }.joined())
        unusable = true
      case .success(let loaded): scripts.append(loaded)
      }
    }
    if unusable { return 2 }
    var outcomes: [ScriptOutcome] = []
    var lines: [String] = []
    for (script, bundles) in scripts {
      var results: [StepResult] = []
      ScriptRunner.run(script, bundles: bundles) { result in
        results.append(result)
        if report == nil && output == nil {
          console.out(result.jsonLine(file: script.file) + "\n")
        } else if report == nil {
          lines.append(result.jsonLine(file: script.file))
        }
        for message in result.problemLines(file: script.file) { console.err(message + "\n") }
      }
      outcomes.append(ScriptOutcome(script: script, results: results))
    }
    let text: String?
    switch report {
    case .junit: text = JUnitReport.xml(outcomes)
    case .markdown: text = MarkdownReport.text(outcomes)
    case nil: text = output == nil ? nil : lines.map { $0 + "\n" }.joined()
    }
    if let text {
      if let output {
        if let problem = AtomicFile.write(text, to: output) {
          console.err("attsim: \(problem.escapingControlCharacters)\n")
          return 2
        }
      } else {
        console.out(text)
      }
    }
    return outcomes.allSatisfy(\.passed) ? 0 : 1
  }

  /// A script and the app bundles it names (relative to its folder), or every problem, one line each.
  static func load(_ file: String) -> Result<(Script, [String: AppResources]), ScriptProblems> {
    let script: Script
    switch TextFile.read(file) {
    case .failure(let problem):
      return .failure(ScriptProblems(lines: ["attsim: \(problem.message.escapingControlCharacters)"]))
    case .success(let text):
      do {
        script = try ScriptParser.parse(text, file: file)
      } catch {
        return .failure(ScriptProblems(lines: error.errors.map(\.description)))
      }
    }
    return bundles(of: script).map { (script, $0) }
  }

  /// The app bundles `script` names (`app bundle=`, relative to its file), keyed as written.
  static func bundles(of script: Script) -> Result<[String: AppResources], ScriptProblems> {
    var bundles: [String: AppResources] = [:]
    let folder = (script.file as NSString).deletingLastPathComponent
    for step in script.steps {
      guard case .useBundle(let path) = step.kind else { continue }
      let resolved = path.hasPrefix("/") ? path : (folder.isEmpty ? path : folder + "/" + path)
      switch AppResources.load(resolved) {
      case .success(let resources): bundles[path] = resources
      case .failure(let failure):
        let message =
          "\(script.file):\(step.line):\(step.column): error: cannot open the app bundle: \(failure.message)"
        return .failure(ScriptProblems(lines: [message.escapingControlCharacters]))
      }
    }
    return .success(bundles)
  }
}

/// Why a script cannot run, one line per problem.
struct ScriptProblems: Error {
  var lines: [String]
}

extension StepResult {
  /// One line per failed expectation or refused step, as compilers print: `file:line:col: …`.
  func problemLines(file: String) -> [String] {
    var lines = failures.map { failure in
      "\(file):\(step.line):\(failure.expectation.column): expect failed: \(failure.sentence)"
    }
    if let refusal {
      lines.append("\(file):\(step.line):\(step.column): step failed: \(step.command): \(refusal.reason)")
    }
    return lines.map(\.escapingControlCharacters)
  }
}

/// Writing output files all at once: a temporary file beside the target, then a rename.
enum AtomicFile {
  /// Writes `text` to `path`; returns a one-line problem, or nil on success.
  static func write(_ text: String, to path: String) -> String? {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
      guard rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        return "cannot write '\(path)': \(reason)"
      }
      return nil
    } catch {
      return "cannot write '\(path)': \((error as NSError).localizedDescription)"
    }
  }
}
