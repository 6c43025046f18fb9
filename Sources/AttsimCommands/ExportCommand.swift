import FileAccess
import PromptStrings
import Scenarios
import TextSupport

/// `attsim export --to xcuitest|maestro|simctl SCRIPT…`: each script's walk, in each locale, as test code for a
/// harness: one XCUITest file, or a Maestro flow or shell script per script and locale.
enum ExportCommand {
  static func run(_ command: Command.Export, console: Console) -> Int32 {
    func fail(_ message: String) -> Int32 {
      console.err("attsim: \(message.escapingControlCharacters)\n")
      return 2
    }
    let texts: AppTexts
    switch UISetup.appTexts(app: command.app) {
    case .failure(let problem): return fail(problem.message)
    case .success(let loaded): texts = loaded
    }
    var inputs = CommandInputs()
    inputs.add(texts.app)
    var walks: [HarnessWalk] = []
    for file in command.scripts {
      inputs.add(path: ScenarioLibrary.path(for: file) ?? file)
      let (script, bundles): (Script, [AppBundleReference: AppResources])
      switch PlayCommand.load(file) {
      case .failure(let problems):
        console.err(problems.lines.map { $0 + "\n" }.joined())
        return 2
      case .success(let loaded): (script, bundles) = loaded
      }
      inputs.add(bundles)
      // The app is the one the script names first (`app bundle=`), else --app's (the demo app without it).
      let named = script.steps.lazy.compactMap { step -> AppResources? in
        guard case .useBundle(let reference) = step.kind else { return nil }
        return bundles[reference]
      }.first
      let app = named.map { AppTexts(app: $0, system: texts.system) } ?? texts
      guard let bundleIdentifier = command.bundleIdentifier ?? bundleIdentifier(of: app.app) else {
        return fail(
          "\(app.app.name): the app's CFBundleIdentifier is unknown without its project (a $(…) build setting, or none): give --bundle-id ID"
        )
      }
      let name = file.pathExtension == "attsim" ? file.stem : file.lastComponent
      for locale in command.locales.isEmpty ? [app.app.developmentRegion] : command.locales {
        let walk = HarnessWalk(
          script, name: name, texts: app, locale: locale, bundleIdentifier: bundleIdentifier, bundles: bundles)
        walks.append(command.target == .xcuitest ? walk.withoutPermissionSetting : walk)
      }
    }
    for walk in walks {
      for line in walk.unsupportedLines { console.err("attsim export: \(line.escapingControlCharacters)\n") }
    }
    let files: [(name: String, text: String)]
    switch command.target {
    case .xcuitest: files = [("AttsimExportTests.swift", XCUITestExport.file(walks))]
    case .maestro: files = walks.map { ($0.fileStem + ".yaml", MaestroExport.flow($0)) }
    case .simctl: files = walks.map { ($0.fileStem + ".sh", SimctlExport.script($0)) }
    }
    guard let out = command.out, out != "-" else {
      for file in files { console.out(file.text) }
      return 0
    }
    // The XCUITest file goes to --out FILE; flows and scripts into --out DIR, each whole or absent.
    for file in files {
      let path = command.target == .xcuitest ? out : out.appending(file.name)
      if let problem = OutputFile.write(file.text, to: path, inputs: inputs.files) { return fail(problem.message) }
    }
    console.err("attsim export: \(files.count) file\(files.count == 1 ? "" : "s") written to \(out.shown())\n")
    return 0
  }

  /// The app's `CFBundleIdentifier` as its build gives it, or nil when attsim cannot know it: none, empty, or
  /// made of build settings nothing here defines.
  static func bundleIdentifier(of app: AppResources) -> String? {
    guard let value = app.infoPlist?.strings["CFBundleIdentifier"], !value.isEmpty, !value.contains("$"),
      !app.unresolved.contains(where: { $0.key == "CFBundleIdentifier" })
    else { return nil }
    return value
  }
}
