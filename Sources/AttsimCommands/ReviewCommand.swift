import FileAccess
import PromptCheck
import PromptStrings
import TextSupport

/// `attsim review PATH`: the App Review checks that concern ATT, for each app at PATH, on one page.
enum ReviewCommand {
  /// The library's scenarios of an app that asks at launch, walked when no `--script` is given (D140): the
  /// well-behaved request, and the request made before the app is active and again once it is.
  static let launchScenarios = ["allow-method-a", "request-at-launch-ios15"]

  /// Exit 0 when nothing would be rejected, 1 when something would, 2 when the app or a script cannot be used.
  static func run(_ command: Command.Review, console: Console) -> Int32 {
    let path = command.app.path ?? FilePath(".")
    let apps: [AppResources]
    switch CheckInput.read(
      path, target: command.app.target, configuration: command.app.configuration,
      allTargets: command.app.allTargets, allStrings: false, for: "review")
    {
    case .failure(let failure):
      console.err("attsim: \(failure.message.escapingControlCharacters)\n")
      return 2
    case .success(.stringsFile):
      console.err("attsim: review needs an app, not one strings file: '\(path.shown())'\n")
      return 2
    case .success(.apps(let read, _)): apps = read
    }
    if let choice = apps.first?.choice { console.err("attsim: \(choice.escapingControlCharacters)\n") }
    var scripts: [ReviewScript] = []
    for name in command.scripts.isEmpty ? launchScenarios.map { FilePath($0) } : command.scripts {
      switch PlayCommand.load(name) {
      case .failure(let problems):
        console.err(problems.lines.map { $0 + "\n" }.joined())
        return 2
      case .success(let (script, bundles)):
        // A library scenario goes by its name; a file as the user gave it.
        let shown = ScenarioLibrary.path(for: name) == name ? script.file : name.string
        scripts.append(ReviewScript(name: shown, script: script, bundles: bundles))
      }
    }
    let reviews = apps.map { app in
      AppReview(
        app: app, findings: PromptLinter.check(app: app), scripts: scripts, scriptsGiven: !command.scripts.isEmpty)
    }
    console.out(command.format.write(reviews))
    return reviews.contains(where: \.rejected) ? 1 : 0
  }
}
