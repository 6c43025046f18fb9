import ConsentCore
import ConsentUI
import FileAccess
import Foundation
import PromptStrings
import Scenarios
import Testing

/// One script, one answer (DECISIONS D90): `render --script` and `cast` (both start at `UIState(starting:)`)
/// end a script where `play` does, whatever the app on screen.
@Suite struct OneAnswerTests {
  /// Scripts whose answer depended on where a command started: an app line taken back (the demo app's
  /// tracking domain came back in `render`), no `sdk init` (the demo app's launch initialized it), a locale
  /// and an OS update.
  static let scripts: [String] = [
    "app tracking-domains=collect.example\nundo\ndevice ios=17.5\nsdk init\nrequest\ntap ask-not-to-track\ntrack e\n",
    "device ios=17.5\nsdk init\nrequest\ntap ask-not-to-track\ntrack purchase\nexpect event=sent\n",
    "request\ntap allow\ntrack x\n",
    "app locale=de\ndevice ios=27.2 country=FR account-country=FR\nsdk init integration=method-b\nrequest expanded=yes\n",
    "sdk init\nundo\ntrack early\nrelaunch\nsdk init integration=blog\nrequest\ntap allow\n",
  ]

  @Test(arguments: scripts)
  func renderAndCastEndWherePlayEnds(_ text: String) throws {
    let script = try ScriptParser.parse(text, file: "one.attsim")
    try expectOneAnswer(script, bundles: [:])
  }

  /// Every library scenario, its apps loaded as `play` loads them.
  @Test func everyLibraryScenarioHasOneAnswer() throws {
    let folder = assets.appendingPathComponent("Scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".attsim") }
    #expect(files.count > 30)
    for file in files {
      let path = folder.appendingPathComponent(file).path
      let script = try ScriptParser.parse(String(contentsOfFile: path, encoding: .utf8), file: file)
      var bundles: [AppBundleReference: AppResources] = [:]
      for step in script.steps {
        guard case .useBundle(let reference) = step.kind else { continue }
        bundles[reference] = try AppResources.load(FilePath(folder.path).resolving(reference.path)).get()
      }
      try expectOneAnswer(script, bundles: bundles)
    }
  }

  private func expectOneAnswer(
    _ script: Script, bundles: [AppBundleReference: AppResources],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    var played = ConsentState()
    ScriptRunner.run(script, bundles: bundles, finished: { played = $0 })
    let rendered = UIState(environment: demoEnvironment, replaying: script, bundles: bundles, work: Pilot.perform)
    #expect(rendered.consent == played, "render: \(script.file)", sourceLocation: sourceLocation)
    var cast = UIState(starting: script, environment: demoEnvironment, bundles: bundles)
    for step in script.steps where !step.isExpectation {
      let (accepted, effects) = cast.replay(step)
      cast.settle(effects, work: Pilot.perform)
      if !accepted { break }
    }
    #expect(cast.consent == played, "cast: \(script.file)", sourceLocation: sourceLocation)
  }
}
