import Foundation
import Testing
import TextSupport

@Suite struct RenderCommandTests {
  @Test func printsTheOpeningScreenAt80By24() {
    let outcome = attsim("render")
    #expect(outcome.status == 0)
    let lines = outcome.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 24)
    #expect(lines.allSatisfy { TerminalWidth.of($0) <= 80 })
    #expect(lines[0].hasPrefix(" attsim · Lumen Demo · en · iOS 26.0"))
    #expect(outcome.out.contains("Collect.initialize(method-a)"))
  }

  /// `--device` and `--sdk` start the UI where a script's `device` and `sdk init` lines would: the app
  /// launches on that device with those options, with and without a script, and in a cast.
  @Test func startsWithTheDeviceAndSDKGiven() throws {
    let settings = ["--device", "ios=17.4", "--device", "country=FR", "--sdk", "integration=method-b"]
    let opened = attsim(["render"] + settings)
    #expect(opened.status == 0, "\(opened.err)")
    #expect(opened.out.contains("iOS 17.4 · iPhone · method-b") && opened.out.contains("Collect.initialize(method-b)"))
    let folder = try temporaryFolder()
    let script = try write("request\n", to: "r.attsim", in: folder)
    let replayed = attsim(["render", "--script", script] + settings)
    #expect(
      replayed.out.contains("iOS 17.4") && replayed.out.contains("Allow “Lumen Demo” to track"), "\(replayed.out)")
    #expect(attsim(["cast", script, "--out", "-"] + settings).out.contains("iOS 17.4"))
    let bad = attsim("render", "--device", "ios=abc")
    #expect(
      bad.status == 2 && bad.err.hasPrefix("attsim: --device ios=abc: ") && bad.err.split(separator: "\n").count == 1)
  }

  @Test func followsAScriptToTheDialogInTheGivenLocaleAndSize() throws {
    let folder = try temporaryFolder()
    let script = try write("sdk init\nrequest\n", to: "dialog.attsim", in: folder)
    let outcome = attsim("render", "--script", script, "--locale", "de", "--width", "100", "--height", "30")
    #expect(outcome.status == 0)
    #expect(outcome.out.split(separator: "\n").count == 30)
    #expect(outcome.out.contains("Erlauben"))
    #expect(outcome.out.contains("request: ATT dialog shown"))
  }

  @Test func showsAnotherAppsResourcesAndFindings() {
    let broken = repositoryRoot.appendingPathComponent("Assets/Examples/BrokenApp").path
    let outcome = attsim("render", "--app", broken, "--locale", "ja")
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("Broken"))
    #expect(outcome.out.contains("missing → the app crashes"))
    // The panel shows the locale's own findings, and the whole app's in one line; the details view lists
    // every one.
    #expect(outcome.out.contains("Check (1)") && outcome.out.contains("! wrong-script"))
    #expect(outcome.out.contains("app: 3 errors, 7 warnings (v)"))
    let details = attsim("render", "--app", broken, "--locale", "ja", "--keys", "v").out
    #expect(details.contains("! wrong-script") && details.contains("✗ missing-usage-description"), "\(details)")
  }

  /// The panel's Check section shows the tracking prompt's findings before the other prompts'.
  @Test func theTrackingFindingsComeFirst() throws {
    let broken = repositoryRoot.appendingPathComponent("Assets/Examples/BrokenApp").path
    let lines = attsim("render", "--app", broken, "--locale", "fr").out.split(separator: "\n")
    let check = try #require(lines.firstIndex { $0.contains("Check (2)") }, "\(lines)")
    try #require(check + 2 < lines.count)
    #expect(lines[check + 1].contains("! untranslated"), "\(lines)")
    #expect(lines[check + 2].contains("+1 more"))
  }

  /// A long app name ends in … before the title bar's right-hand part, with the recording mark too.
  @Test func aLongAppNameIsCutWithAnEllipsisBeforeHelp() throws {
    let folder = try temporaryFolder()
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDisplayName</key><string>An App Whose Display Name Is Far Too Long For Any Title Bar</string>
      <key>NSUserTrackingUsageDescription</key><string>Ads that fit you.</string>
      </dict></plist>
      """
    _ = try write(plist, to: "Info.plist", in: folder)
    let outcome = attsim("render", "--app", folder.path)
    #expect(outcome.status == 0, "\(outcome.err)")
    let title = try #require(outcome.out.split(separator: "\n").first)
    #expect(title.hasPrefix(" attsim · An App Whose Display Name"))
    #expect(title.hasSuffix("… ? help"), "\(title)")
    #expect(TerminalWidth.of(title) <= 80)
  }

  @Test func aBadScriptOrLocaleIsAUsageError() throws {
    let folder = try temporaryFolder()
    let script = try write("tapp allow\n", to: "bad.attsim", in: folder)
    let bad = attsim("render", "--script", script)
    #expect(bad.status == 2 && bad.err.contains("bad.attsim:1:1: error: unknown command"))
    let locale = attsim("render", "--locale", "not a tag")
    #expect(locale.status == 2 && locale.err.contains("--locale must be a language tag"))
    let app = attsim("render", "--app", "/no/such/app")
    #expect(app.status == 2 && app.err.hasPrefix("attsim: cannot open the app:"))
  }

  @Test(arguments: [["--width", "60"], ["--height", "20"], ["--width", "79", "--height", "30"]])
  func aSizeBelowTheUIsSmallestIsAnError(size: [String]) {
    let outcome = attsim(["render"] + size)
    #expect(outcome.status == 2)
    #expect(outcome.out.isEmpty)
    #expect(outcome.err.hasPrefix("attsim: attsim render draws at least 80×24, the UI's smallest size;"))
  }

  @Test func keysArePressedAfterTheScript() throws {
    let folder = try temporaryFolder()
    let script = try write("sdk init\nrequest\n", to: "s.attsim", in: folder)
    let outcome = attsim("render", "--script", script, "--keys", "a")
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("authorized (3)"))
    let unknown = attsim("render", "--keys", "p entr")
    #expect(unknown.status == 2 && unknown.err.contains("--keys: no key named 'entr'"))
  }

  @Test func aScriptsAppBundleIsTheAppDrawn() throws {
    let folder = try temporaryFolder()
    let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/FlutterApp").path
    let script = try write("app bundle=\(fixture)\napp locale=de\nsdk init\nrequest\n", to: "s.attsim", in: folder)
    let outcome = attsim("render", "--script", script)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("Fixture DE"), "\(outcome.out)")
    #expect(!outcome.out.contains("Lumen"))
  }
}
