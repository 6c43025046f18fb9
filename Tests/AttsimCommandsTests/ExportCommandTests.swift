import Foundation
import Testing

/// `attsim export`: every library scenario in every target passes that target's own checker (swiftc -parse,
/// PyYAML and Maestro's command list, bash -n and shellcheck); snapshots; hostile texts from a project stay text.
@Suite struct ExportCommandTests {
  static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/Exports")
  static let libraryNames = try! FileManager.default.contentsOfDirectory(
    atPath: repositoryRoot.appendingPathComponent("Assets/Scenarios").path
  ).filter { $0.hasSuffix(".attsim") }.map { String($0.dropLast(7)) }.sorted()

  /// Exports every library scenario in two locales (one right to left) to `target` in a fresh folder.
  private func exportLibrary(_ target: String, out: (URL) -> URL) throws -> (folder: URL, outcome: Outcome) {
    let folder = try temporaryFolder()
    let outcome = attsim(
      [
        "export", "--to", target, "--bundle-id", "com.example.lumen", "--locale", "en", "--locale", "ar", "--out",
        out(folder).path,
      ]
        + Self.libraryNames)
    return (folder, outcome)
  }

  @Test func everyScenarioExportsToSwiftThatParses() throws {
    let (folder, outcome) = try exportLibrary("xcuitest") { $0.appendingPathComponent("AttsimExportTests.swift") }
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.err)")
    let file = try String(contentsOf: folder.appendingPathComponent("AttsimExportTests.swift"), encoding: .utf8)
    #expect(file.components(separatedBy: "  func test_").count - 1 == Self.libraryNames.count * 2)
    let parsed = try runShell("swiftc -parse AttsimExportTests.swift", in: folder, seconds: 300)
    #expect(parsed.status == 0, "\(parsed.err)")
  }

  @Test func everyScenarioExportsToMaestroFlowsOfKnownCommands() throws {
    let (folder, outcome) = try exportLibrary("maestro") { $0 }
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.err)")
    let flows = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
    #expect(flows.count == Self.libraryNames.count * 2)
    #expect(flows.contains("allow-method-a-ar.yaml"))
    let checked = try runShell(
      "python3 \(Self.fixtures.appendingPathComponent("check-flows.py").path) *.yaml && yamllint -d relaxed *.yaml",
      in: folder, seconds: 120)
    #expect(checked.status == 0, "\(checked.out)\(checked.err)")
  }

  @Test func everyScenarioExportsToShellScriptsThatShellcheckPasses() throws {
    let (folder, outcome) = try exportLibrary("simctl") { $0 }
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.err)")
    let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sh") }
    #expect(scripts.count == Self.libraryNames.count * 2)
    let checked = try runShell(
      "for f in *.sh; do bash -n \"$f\" || exit 1; done; shellcheck *.sh", in: folder, seconds: 120)
    #expect(checked.status == 0, "\(checked.out)\(checked.err)")
  }

  @Test(arguments: ["xcuitest", "maestro", "simctl"])
  func oneScriptInOneLocaleMatchesItsSnapshot(target: String) throws {
    let outcome = attsim("export", "--to", target, "--locale", "de", "global-switch-off")
    #expect(outcome.status == 0, "\(outcome.err)")
    let file = Self.fixtures.appendingPathComponent("global-switch-off-de.\(target).txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
      try outcome.out.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(outcome.out == (try String(contentsOf: file, encoding: .utf8)))
  }

  @Test func aStepNoHarnessCanTakeIsACommentAndALineOnStandardError() {
    let outcome = attsim("export", "--to", "maestro", "eu-sheet-france")
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("# attsim cannot export line 7, request: iOS 27.2's EU sheet"))
    #expect(outcome.err.contains("attsim export: eu-sheet-france (en), line 7: request: iOS 27.2's EU sheet"))
    // XCUITest cannot change the app's switch in Settings; Maestro relaunches with the new permission.
    let xcuitest = attsim("export", "--to", "xcuitest", "settings-ends-the-app")
    #expect(xcuitest.err.contains("line 7: settings app-tracking=off: the harness can only reset"))
    let maestro = attsim("export", "--to", "maestro", "settings-ends-the-app")
    #expect(maestro.out.contains("clearState: false\n    permissions: { usertracking: deny }"))
    #expect(!maestro.err.contains("settings app-tracking"))
  }

  @Test func theBundleIdComesFromTheAppOrFromTheCommandLine() throws {
    let app = try makeFolderApp(
      bundleIdentifier: "$(PRODUCT_BUNDLE_IDENTIFIER)", displayName: "Kite", purpose: "To measure ads.")
    let unknown = attsim("export", "--to", "simctl", "--app", app, "allow-method-a")
    #expect(unknown.status == 2)
    #expect(unknown.err.contains("CFBundleIdentifier is unknown without its project"))
    #expect(unknown.err.contains("--bundle-id ID"))
    let given = attsim("export", "--to", "simctl", "--app", app, "--bundle-id", "org.kite.app", "allow-method-a")
    #expect(given.status == 0, "\(given.err)")
    #expect(given.out.contains("bundle='org.kite.app'"))
    #expect(given.out.contains("printf '%s\\n' 'To measure ads.'"))
    // A project's generated Info.plist holds $(PRODUCT_BUNDLE_IDENTIFIER), which its build settings give.
    let project = attsim(
      "export", "--to", "simctl", "--app", repositoryRoot.appendingPathComponent("Tests/Fixtures/Xcode16App").path,
      "allow-method-a")
    #expect(project.out.contains("bundle='example.Xcode16App'"), "\(project.err)")
  }

  @Test func severalOutputsOfAFlowOrScriptNeedAFolder() {
    let outcome = attsim("export", "--to", "maestro", "--locale", "en", "--locale", "de", "allow-method-a")
    #expect(outcome.status == 2)
    #expect(outcome.err.contains("give --out DIR"))
    #expect(attsim("export", "allow-method-a").err.contains("--to"))
  }

  @Test func theOutputNeverReplacesAScript() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = try write("sdk init\nrequest\ntap allow\n", to: "walk.attsim", in: folder)
    let outcome = attsim("export", "--to", "xcuitest", "--out", script, script)
    #expect(outcome.status == 2)
    #expect(try String(contentsOfFile: script, encoding: .utf8) == "sdk init\nrequest\ntap allow\n")
  }

  /// Texts that would run or break code if pasted raw: a command substitution, JavaScript for Maestro, quotes of
  /// every kind, backslashes, a line break, U+2028, an escape and a bell.
  static let hostile =
    "Ads $(touch PWNED) `touch PWNED` ${touch} \"q\" 'q' \\(x) \\n */ line\nbreak\u{2028}sep\u{1B}[31m\u{07}end"

  @Test func hostileTextsFromTheProjectStayText() throws {
    let app = try makeFolderApp(bundleIdentifier: "org.kite", displayName: Self.hostile, purpose: Self.hostile)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for target in ["xcuitest", "maestro", "simctl"] {
      let outcome = attsim(
        "export", "--to", target, "--app", app, "--bundle-id", "x'$(touch PWNED)\"", "--out",
        folder.appendingPathComponent(target == "xcuitest" ? "Hostile.swift" : ".").path, "allow-method-a")
      #expect(outcome.status == 0, "\(outcome.err)")
    }
    let parsed = try runShell("swiftc -parse Hostile.swift", in: folder, seconds: 120)
    #expect(parsed.status == 0, "\(parsed.err)")
    // The Swift literals, run, print the texts exactly.
    let literals = try runShell(
      "grep -E '^    let (appName|purposeString) = ' Hostile.swift > Literals.swift && "
        + "echo 'print(appName + \"|\" + purposeString, terminator: \"\")' >> Literals.swift && swift Literals.swift",
      in: folder, seconds: 120)
    // (The name went through the folder app's build-variable expansion, which empties `$(…)`: attsim's reading.)
    #expect(literals.out.hasPrefix("Ads  `touch PWNED`  \"q\" 'q'"), "\(literals.err)")
    #expect(literals.out.hasSuffix("|" + Self.hostile), "\(literals.err)")
    // The flow's values read back exactly: the bundle id, and the purpose string as a pattern of itself.
    let yaml = try runShell(
      """
      python3 \(Self.fixtures.appendingPathComponent("check-flows.py").path) allow-method-a-en.yaml && python3 -c '
      import re, sys, yaml
      config, flow = yaml.safe_load_all(open("allow-method-a-en.yaml", encoding="utf-8"))
      print(config["appId"])
      pattern = next(item["assertVisible"] for item in flow if isinstance(item, dict) and "assertVisible" in item)
      sys.stdout.write(str(re.fullmatch(pattern, sys.argv[1], re.S) is not None))' "$(cat purpose.txt)"
      """, in: try folderWithPurpose(folder), seconds: 60)
    #expect(yaml.status == 0, "\(yaml.out)\(yaml.err)")
    #expect(yaml.out == "x'$(touch PWNED)\"\nTrue")
    // The script, run with stand-ins for xcrun and applesimutils, prints the purpose string exactly and runs
    // nothing from it.
    let fakeBin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: fakeBin, withIntermediateDirectories: true)
    for tool in ["xcrun", "applesimutils", "sleep"] {
      _ = try write("#!/bin/sh\nexit 0\n", to: tool, in: fakeBin)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: fakeBin.appendingPathComponent(tool).path)
    }
    let run = try runShell(
      "bash -n allow-method-a-en.sh && shellcheck allow-method-a-en.sh && PATH=\"$PWD/bin:$PATH\" bash allow-method-a-en.sh App.app UDID",
      in: folder, seconds: 60)
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out.contains(Self.hostile + "\n"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path))
  }

  /// `folder` with the hostile purpose string in `purpose.txt`, for a shell to hand to Python whole.
  private func folderWithPurpose(_ folder: URL) throws -> URL {
    _ = try write(Self.hostile, to: "purpose.txt", in: folder)
    return folder
  }

  /// A folder app whose Info.plist gives these values, its purpose string in English from `en.lproj` (where a
  /// strings file can hold any character).
  private func makeFolderApp(bundleIdentifier: String, displayName: String, purpose: String) throws -> String {
    let folder = try temporaryFolder()
    let escaped = { (text: String) in
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDevelopmentRegion</key><string>en</string>
      <key>CFBundleIdentifier</key><string>\(escaped(bundleIdentifier))</string>
      <key>CFBundleDisplayName</key><string>\(escaped(displayName.filter { $0 >= " " }))</string>
      <key>NSUserTrackingUsageDescription</key><string>plain</string>
      </dict></plist>
      """
    _ = try write(plist, to: "Info.plist", in: folder)
    let lproj = folder.appendingPathComponent("en.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    let value = purpose.unicodeScalars.map { scalar -> String in
      switch scalar {
      case "\"": "\\\""
      case "\\": "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028:
        "\\U" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: String(scalar)
      }
    }.joined()
    _ = try write("\"NSUserTrackingUsageDescription\" = \"\(value)\";\n", to: "InfoPlist.strings", in: lproj)
    return folder.path
  }
}
