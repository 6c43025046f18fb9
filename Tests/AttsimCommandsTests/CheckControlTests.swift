import Foundation
import Testing

/// What a localizer controls in CI: the string in the findings, `--fail-on`, baselines and `.attsim.json`.
@Suite struct CheckControlTests {
  /// An app whose German tracking text shows `%@` literally (a warning) and, with `padding` lines before its
  /// entry, stands where the caller wants it.
  static func app(german: String = "Wir zeigen %@ Werbung.", padding: Int = 0) throws -> URL {
    let app = try temporaryFolder()
    _ = try write(
      "<plist><dict><key>NSUserTrackingUsageDescription</key><string>We show ads.</string></dict></plist>",
      to: "Info.plist", in: app)
    try rewriteGerman(german, padding: padding, in: app)
    return app
  }

  /// Writes the German strings file of `app`.
  static func rewriteGerman(_ german: String, padding: Int, in app: URL) throws {
    let folder = app.appendingPathComponent("de.lproj")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text =
      String(repeating: "/* moved */\n", count: padding) + "\"NSUserTrackingUsageDescription\" = \"\(german)\";\n"
    _ = try write(text, to: "InfoPlist.strings", in: folder)
  }

  /// The `format-specifier` finding of `check --format json`.
  static func specifier(_ outcome: Outcome) throws -> [String: Any] {
    let findings = try #require(JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [[String: Any]])
    return try #require(findings.first { $0["rule"] as? String == "format-specifier" })
  }

  @Test func jsonAndSarifCarryTheWholeStringAndTheFingerprint() throws {
    let long = String(repeating: "Wir zeigen %@ Werbung, \\\"passend\\\" zu dir. ", count: 20)
    let app = try Self.app(german: long)
    let whole = String(repeating: "Wir zeigen %@ Werbung, \"passend\" zu dir. ", count: 20)
    let finding = try Self.specifier(attsim("check", app.path, "--format", "json"))
    #expect(finding["text"] as? String == whole)
    let fingerprint = try #require(finding["fingerprint"] as? String)
    let sarif = attsim("check", app.path, "--format", "sarif")
    let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
    let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let result = try #require(results.first { $0["ruleId"] as? String == "format-specifier" })
    #expect((result["properties"] as? [String: Any])?["text"] as? String == whole)
    #expect((result["partialFingerprints"] as? [String: Any])?["attsim/v1"] as? String == fingerprint)
    // The text output still quotes no more than issue 37's limits allow.
    let text = attsim("check", app.path)
    #expect(!text.out.contains(whole) && text.out.contains("[format-specifier NSUserTrackingUsageDescription]"))
  }

  @Test func failOnSetsTheLeastSeverityThatFails() throws {
    let app = try Self.app()
    #expect(attsim("check", app.path).status == 0)
    #expect(attsim("check", app.path, "--fail-on", "error").status == 0)
    #expect(attsim("check", app.path, "--fail-on", "warning").status == 1)
    #expect(attsim("check", app.path, "--fail-on", "info").status == 1)
    let unknown = attsim("check", app.path, "--fail-on", "notice")
    #expect(unknown.status == 2 && unknown.err.contains("--fail-on must be one of error, warning, info"))
  }

  @Test func aNoteThatFailsTheCheckIsNotCalledNoProblems() throws {
    let app = try temporaryFolder()
    _ = try write(
      "<plist><dict><key>NSUserTrackingUsageDescription</key><string>We show ads.</string></dict></plist>",
      to: "Info.plist", in: app)
    let lenient = attsim("check", app.path)
    #expect(lenient.status == 0 && lenient.err.contains("no problems") && lenient.err.contains("note"))
    let strict = attsim("check", app.path, "--fail-on", "info")
    #expect(strict.status == 1 && !strict.err.contains("no problems"))
    #expect(strict.err.contains("0 errors, 0 warnings, 1 note in"))
  }

  @Test func aBaselineMatchesAFindingThatMovedButNotOneWhoseTextChanged() throws {
    let app = try Self.app()
    let baseline = app.appendingPathComponent("baseline.json").path
    let written = attsim("check", app.path, "--write-baseline", baseline, "--fail-on", "warning")
    #expect(written.status == 1)
    let saved = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(saved.hasPrefix("{\n  \"attsim_baseline\": 1,\n  \"findings\": [\n    {\"fingerprint\":"))
    #expect(saved.contains("\"rule\":\"format-specifier\",\"path\":\"de.lproj/InfoPlist.strings\""))

    // The key moved down the file: the same finding, matched.
    try Self.rewriteGerman("Wir zeigen %@ Werbung.", padding: 5, in: app)
    let moved = attsim("check", app.path, "--baseline", baseline, "--fail-on", "warning")
    #expect(moved.status == 0 && moved.out.isEmpty)
    // The app's note (no privacy manifest) is in the baseline too.
    #expect(moved.err == "attsim check: no problems in 1 localization; 2 matched by the baseline\n")
    // A project moved on disk matches too: paths are relative to it.
    let elsewhere = try temporaryFolder().appendingPathComponent("Copy")
    try FileManager.default.copyItem(at: app, to: elsewhere)
    #expect(attsim("check", elsewhere.path, "--baseline", baseline, "--fail-on", "warning").status == 0)

    // Its text changed: a new finding.
    try Self.rewriteGerman("Wir zeigen %@ Werbung!", padding: 5, in: app)
    let changed = attsim("check", app.path, "--baseline", baseline, "--fail-on", "warning")
    #expect(changed.status == 1 && changed.out.contains("de.lproj/InfoPlist.strings:6:36: warning:"))
    #expect(changed.err == "attsim check: 0 errors, 1 warning in 1 localization; 1 matched by the baseline\n")
  }

  @Test func aBaselineIsNeverWrittenOverAnInput() throws {
    let app = try Self.app()
    let plist = app.appendingPathComponent("Info.plist").path
    let before = try String(contentsOfFile: plist, encoding: .utf8)
    let outcome = attsim("check", app.path, "--write-baseline", plist)
    #expect(outcome.status == 2 && outcome.err.contains("it is one of this command's inputs"))
    #expect(try String(contentsOfFile: plist, encoding: .utf8) == before)
  }

  @Test(arguments: [
    (
      "{\"attsim_baseline\": 1, \"findings\": [\n  {\"rule\": \"x\"}]}",
      ":2:3: error: a finding needs a \"fingerprint\" of 16 hex digits"
    ),
    ("{\"attsim_baseline\": 2, \"findings\": []}", ":1:2: error: not an attsim baseline of version 1"),
    ("{\"attsim_baseline\": 1,\n \"findings\": [}", ":2:15: error: unexpected character where a value should be"),
    ("[]", ":1:1: error: expected an object"),
  ])
  func aMalformedBaselineIsRefusedWithItsPlace(text: String, message: String) throws {
    let app = try Self.app()
    let baseline = try write(text, to: "baseline.json", in: app)
    let outcome = attsim("check", app.path, "--baseline", baseline)
    #expect(outcome.status == 2)
    #expect(outcome.err == baseline + message + "\n")
  }

  @Test func suppressionsSetFindingsApartWithTheirReason() throws {
    let app = try Self.app()
    _ = try write(
      """
      {
        "suppressions": [
          {"rule": "format-specifier", "key": "NSUserTrackingUsageDescription", "locale": "de",
           "reason": "the marketing team wants the placeholder visible"},
          {"rule": "untranslated", "locale": "fr", "reason": "French ships next month"}
        ]
      }
      """, to: ".attsim.json", in: app)
    let text = attsim("check", app.path, "--fail-on", "warning")
    #expect(text.status == 0 && !text.out.contains("format-specifier"))
    #expect(text.err == "attsim check: no problems in 1 localization (1 note); 1 suppressed\n")
    let finding = try Self.specifier(attsim("check", app.path, "--format", "json"))
    let suppression = try #require(finding["suppression"] as? [String: Any])
    #expect(suppression["reason"] as? String == "the marketing team wants the placeholder visible")
    #expect(suppression["line"] as? Int == 3 && suppression["column"] as? Int == 5)
    let sarif = attsim("check", app.path, "--format", "sarif")
    #expect(sarif.out.contains("\"suppressions\":[{\"kind\":\"external\",\"justification\":\"the marketing team"))
  }

  @Test func aSuppressionForAnotherLocaleLeavesTheFinding() throws {
    let app = try Self.app()
    _ = try write(
      "{\"suppressions\": [{\"rule\": \"format-specifier\", \"locale\": \"fr\", \"reason\": \"later\"}]}",
      to: ".attsim.json", in: app)
    #expect(attsim("check", app.path, "--fail-on", "warning").status == 1)
  }

  @Test(arguments: [
    ("{\"suppressions\": [\n  {\"rule\": \"format-specifier\"}]}", ":2:3: error: a suppression needs a \"reason\""),
    (
      "{\"suppressions\": [\n  {\"rule\": \"untranslated\", \"reason\": \" \"}]}",
      ":2:28: error: a suppression needs a \"reason\""
    ),
    (
      "{\"suppressions\": [\n  {\"rule\": \"too-lng\", \"reason\": \"r\"}]}",
      ":2:4: error: no rule is called \"too-lng\"; did you mean \"too-long\"?"
    ),
    (
      "{\"suppressions\": [\n  {\"rule\": \"too-long\", \"reason\": \"r\", \"file\": \"x\"}]}",
      ":2:39: error: unknown field \"file\" (expected \"key\", \"locale\", \"reason\", \"rule\")"
    ),
    ("{\"ignore\": []}", ":1:2: error: unknown field \"ignore\" (expected \"suppressions\")"),
    // A project's words reach the terminal escaped.
    (
      "{\"suppressions\": [{\"rule\": \"\\u001b[2J\", \"reason\": \"r\"}]}",
      ":1:20: error: no rule is called \"\\u{1B}[2J\""
    ),
    ("{\"suppressions\": {}}", ":1:2: error: \"suppressions\" must be an array"),
  ])
  func aBadSuppressionIsRefusedWithItsPlace(text: String, message: String) throws {
    let app = try Self.app()
    let file = try write(text, to: ".attsim.json", in: app)
    let outcome = attsim("check", app.path)
    #expect(outcome.status == 2)
    #expect(outcome.err == file + message + "\n")
  }

  @Test func suppressionsAreReadOnlyInsideTheProject() throws {
    let app = try Self.app()
    let outside = try temporaryFolder()
    let target = try write("{\"suppressions\": []}", to: "settings.json", in: outside)
    try FileManager.default.createSymbolicLink(
      atPath: app.appendingPathComponent(".attsim.json").path, withDestinationPath: target)
    let outcome = attsim("check", app.path)
    #expect(outcome.status == 2 && outcome.err.hasPrefix("attsim: cannot read '\(app.path)/.attsim.json'"))
  }
}

/// The baseline docs/check-rules.md shows is what `--write-baseline` writes.
@Test func theDocumentedBaselineIsWhatCheckWrites() throws {
  let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/CIApp")
  let written = try temporaryFolder().appendingPathComponent("baseline.json").path
  _ = attsim("check", fixture.path, "--write-baseline", written)
  let committed = try String(contentsOf: fixture.appendingPathComponent("attsim-baseline.json"), encoding: .utf8)
  #expect(try String(contentsOfFile: written, encoding: .utf8) == committed)
}

/// An `.xcodeproj`'s project root is the folder it is in: its `.attsim.json` is read there, and fingerprints
/// are the same whether the project or its folder is checked.
@Test func anXcodeProjectsRootIsItsFolder() throws {
  let copy = try temporaryFolder().appendingPathComponent("App")
  try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/Fixtures/Xcode15App"), to: copy)
  _ = try write(
    "{\"suppressions\": [{\"rule\": \"catalog-state\", \"locale\": \"fr\", \"reason\": \"in review\"}]}",
    to: ".attsim.json", in: copy)
  let project = copy.appendingPathComponent("Xcode15App.xcodeproj").path
  let outcome = attsim("check", project)
  #expect(!outcome.out.contains("[catalog-state]"))
  #expect(outcome.err == "attsim check: no problems in 3 localizations (1 note); 1 suppressed\n")
  let baseline = copy.appendingPathComponent("baseline.json").path
  _ = attsim("check", project, "--write-baseline", baseline)
  #expect(
    attsim("check", copy.path, "--baseline", baseline).err.hasSuffix("; 1 suppressed, 1 matched by the baseline\n"))
}
