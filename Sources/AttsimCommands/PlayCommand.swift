import ConsentCore
import Scenarios
import TextSupport

/// `attsim play FILE…`: runs scripts headless, one JSON object per command on standard output.
enum PlayCommand {
  /// Parses every file first (any error: nothing runs, exit 2), then runs each from the defaults.
  /// Exit 0 when every expectation held, 1 when some failed or a step was refused.
  static func run(files: [String], console: Console) -> Int32 {
    var scripts: [Script] = []
    var unusable = false
    for file in files {
      switch TextFile.read(file) {
      case .failure(let problem):
        console.err("attsim: \(problem.message.escapingControlCharacters)\n")
        unusable = true
      case .success(let text):
        do {
          scripts.append(try ScriptParser.parse(text, file: file))
        } catch {
          console.err(error.description + "\n")
          unusable = true
        }
      }
    }
    if unusable { return 2 }
    var passed = true
    for script in scripts {
      let scriptPassed = ScriptRunner.run(script) { result in
        console.out(result.jsonLine(file: script.file) + "\n")
        for message in result.problemLines(file: script.file) { console.err(message + "\n") }
      }
      passed = passed && scriptPassed
    }
    return passed ? 0 : 1
  }
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
