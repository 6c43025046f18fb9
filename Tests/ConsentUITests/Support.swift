import ConsentUI
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import Scenarios
import StringsFiles
import Testing

/// The repository's Assets folder.
let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Assets")

/// The demo app's environment, as the TUI loads it.
let demoEnvironment: UIEnvironment = {
  let app = try! AppResources.load(FilePath(assets.appendingPathComponent("DemoApp").path)).get()
  let system = try! AppResources.load(FilePath(assets.appendingPathComponent("System").path)).get()
  return UIEnvironment(appTexts: AppTexts(app: app, system: system), findings: PromptLinter.check(app: app))
}()

/// The scenario library, as the driver loads it for the picker (each named as `--scenario` takes it).
let libraryScenarios: [GuidedScenario] = {
  let folder = assets.appendingPathComponent("Scenarios")
  let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return files.filter { $0.hasSuffix(".attsim") }.sorted().compactMap { file in
    let path = folder.appendingPathComponent(file).path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let script = try? ScriptParser.parse(text, file: path)
    else { return nil }
    return GuidedScenario(name: String(file.dropLast(".attsim".count)), script: script, bundles: [:])
  }
}()

/// A headless session: keys go through the same update function as the terminal, frames come from the
/// same renderer (Textual's pilot, for attsim).
struct Pilot {
  var state: UIState
  var width = 80
  var height = 24
  var recorded: [String] = []
  var quit = false

  init(locale: String = "en", environment: UIEnvironment = demoEnvironment, session: UISession = UISession()) {
    var session = session
    session.locale = session.locale ?? locale
    state = UIState(environment: environment, session: session)
  }

  /// Presses keys: single characters, or names `enter`, `tab`, `up`, `down`, `left`, `right`, `esc`, `pgup`, `pgdn`, `ctrl-c`.
  mutating func press(_ keys: String...) { press(keys) }

  /// Presses each key of `keys` in turn.
  mutating func press(_ keys: [String]) {
    for key in keys {
      guard let press = KeyPress(name: key) else {
        Issue.record("no key named \(key)")
        return
      }
      apply(state.handle(.key(press)))
    }
  }

  /// Clicks a cell of the current frame.
  mutating func click(row: Int, column: Int) {
    guard let button = frame.button(atRow: row, column: column) else { return }
    apply(state.handle(.press(button)))
  }

  /// Carries out effects as the terminal's driver does: records lines, does the work at once.
  mutating func apply(_ effects: [UIEffect]) {
    for effect in effects {
      switch effect {
      case .record(let line): recorded.append(line.text)
      case .work(let job): apply(Pilot.perform(job).flatMap { state.handle($0) })
      case .quit: quit = true
      }
    }
  }

  /// The work the driver does: the check of an app (the scenario library stays as the test set it).
  static func perform(_ work: UIWork) -> [UIEvent] {
    switch work {
    case .check(let app): [.checked(PromptLinter.check(app: app), for: app)]
    case .loadScenarios, .loadSystemTexts, .loadApp: []
    }
  }

  var frame: Frame { Renderer.render(state, width: width, height: height) }

  /// The window becomes `width`×`height`, as the driver reports a resize.
  mutating func resize(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    apply(state.handle(.resized(width: width, height: height)))
  }
  var text: String { frame.buffer.text }
}

/// Compares `text` with the stored snapshot `name`; with RECORD_SNAPSHOTS set, stores it instead.
func assertSnapshot(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  let file = folder.appendingPathComponent("\(name).txt")
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("cannot record snapshot \(name).txt: \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let stored = try? String(contentsOf: file, encoding: .utf8) else {
    Issue.record("no snapshot \(name).txt; run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
    return
  }
  #expect(text == stored, "snapshot \(name) differs:\n\(text)", sourceLocation: sourceLocation)
}
