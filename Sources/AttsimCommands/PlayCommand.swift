import ConsentCore
import Diagnostics
import FileAccess
import PromptStrings
import Scenarios
import TextSupport

/// `attsim play FILE…`: runs scripts headless, one JSON object per command on standard output, or a
/// JUnit / Markdown report.
enum PlayCommand {
  /// Reads every file first, then runs each one that can, streaming one JSON line per step (or a report),
  /// and ends with a summary line on standard error.
  static func run(_ command: Command.Play, console: Console) -> Int32 {
    let (files, report, output) = (command.files, command.report, command.output)
    var scripts: [(Script, [AppBundleReference: AppResources])?] = []
    var unusable: [FilePath: [String]] = [:]
    // The scripts and every file of the apps they name: the output may replace none of them.
    var inputs = CommandInputs()
    for file in files {
      inputs.add(path: ScenarioLibrary.path(for: file) ?? file)
      switch load(file) {
      case .failure(let problems):
        console.err(problems.lines.map { $0 + "\n" }.joined())
        unusable[file] = problems.lines
        scripts.append(nil)
      case .success(let loaded):
        scripts.append(loaded)
        inputs.add(loaded.1)
      }
    }
    let toFile = output != nil && output != "-"
    var outcomes: [ScriptOutcome] = []
    var lines = ""
    for (file, loaded) in zip(files, scripts) {
      guard let (script, bundles) = loaded else {
        outcomes.append(ScriptOutcome(unusable: file.shownWhole, problems: unusable[file] ?? []))
        continue
      }
      var outcome = ScriptOutcome(script: script)
      ScriptRunner.run(script, bundles: bundles) { result in
        outcome.add(result)
        if report == nil {
          let line = result.jsonLine(file: script.file) + "\n"
          if toFile { lines += line } else { console.out(line) }
        }
        for message in result.problemLines(file: script.file) { console.err(message + "\n") }
      } finished: {
        outcome.finish(with: $0)
      }
      outcomes.append(outcome)
    }
    let text: String?
    switch report {
    case .junit: text = JUnitReport.xml(outcomes)
    case .markdown: text = MarkdownReport.text(outcomes)
    case nil: text = toFile ? lines : nil
    }
    if let text, let problem = CommandOutput.write(text, to: output, inputs: inputs, console: console) {
      console.err("attsim: \(problem)\n")
      return 2
    }
    // The summary, once a script ran (a lone bad file keeps its one line).
    if outcomes.contains(where: \.problems.isEmpty) { console.err("attsim play: \(ScriptOutcome.summary(outcomes))\n") }
    if !unusable.isEmpty { return 2 }
    return outcomes.allSatisfy(\.passed) ? 0 : 1
  }

  /// A script (a file, or a library scenario by name: a path wins where both exist) and the app bundles it
  /// names (relative to its folder), or every problem, one line each.
  static func load(_ nameOrFile: FilePath) -> Result<(Script, [AppBundleReference: AppResources]), ScriptProblems> {
    guard let file = ScenarioLibrary.path(for: nameOrFile) else { return .failure(ScenarioLibrary.unknown(nameOrFile)) }
    return TextFile.script(file, named: file.shownWhole).flatMap { script in
      bundles(of: script, in: file.parent).map { (script, $0) }
    }
  }

  /// The app bundles `script` (a file in `folder`) names (`app bundle=`, relative to that folder), keyed as
  /// written.
  static func bundles(of script: Script, in folder: FilePath) -> Result<
    [AppBundleReference: AppResources], ScriptProblems
  > {
    var bundles: [AppBundleReference: AppResources] = [:]
    for step in script.steps {
      guard case .useBundle(let reference) = step.kind else { continue }
      let path = folder.resolving(reference.path)
      let location = SourceLocation(line: step.line, column: step.column)
      switch AppResources.load(path, target: reference.target, configuration: reference.configuration) {
      case .success(let resources):
        // An app whose Info.plist cannot be read stops the script at the reader's place: run on, it would
        // "crash" at the request for a usage description it may well have (DECISIONS D91).
        if var error = resources.infoPlistError {
          error.message += " (the app \(Diagnostic.place(script.file, location)) names)"
          return .failure(.invalid(ScriptErrors(errors: [error])))
        }
        bundles[reference] = resources
      case .failure(let failure):
        let problem = Diagnostic(
          file: script.file, location: location, severity: .error,
          message: "cannot open the app bundle: \(failure.message)")
        return .failure(.invalid(ScriptErrors(errors: [problem])))
      }
    }
    return .success(bundles)
  }
}

/// Why a script cannot run: it could not be found or read (one line, with no place), or the errors in it
/// (each a `Diagnostic`, an app bundle it names that cannot be opened among them).
enum ScriptProblems: Error {
  case unusable(String)
  case invalid(ScriptErrors)

  /// One line per problem, safe for a terminal.
  var lines: [String] {
    switch self {
    case .unusable(let line): [line]
    case .invalid(let errors): errors.lines
    }
  }
}

extension StepResult {
  /// One line per failed expectation or refused step, as compilers print: `file:line:col: …` (a long value's
  /// difference under it).
  func problemLines(file: String) -> [String] {
    var lines = failures.flatMap { failure in
      let place = Diagnostic.place(file, SourceLocation(line: step.line, column: failure.expectation.column))
      return ["\(place): expect failed: \(failure.message)"] + failure.differenceLines
    }
    if let refusal {
      let place = Diagnostic.place(file, SourceLocation(line: step.line, column: step.column))
      lines.append("\(place): step failed: \(step.command.forMessage(limit: 60)): \(refusal.reason)")
    }
    return lines.map(\.escapingControlCharacters)
  }
}
