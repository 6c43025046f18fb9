import Foundation
import StringsFiles
import Testing

/// The commands on apps laid out as real ones are (Tests/Fixtures): the same reader serves check, prompts,
/// render, gallery, the UI and scripts.
@Suite struct RealProjectCommandTests {
  static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures")
  static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  @Test func promptsJSONHasExactlyTheDocumentedKeys() throws {
    let outcome = attsim("prompts", Self.path("FlutterApp"), "--format", "json", "--locale", "de-AT", "--locale", "it")
    #expect(outcome.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["app", "target", "development_region", "localizations", "prompts"])
    #expect(object["app"] as? String == "Runner" && object["target"] as? String == "Runner")
    #expect(object["development_region"] as? String == "en")
    #expect(object["localizations"] as? [String] == ["de", "en", "it", "ja"])
    let prompts = try #require(object["prompts"] as? [[String: Any]])
    #expect(prompts.count == 2)
    for prompt in prompts {
      #expect(
        Set(prompt.keys) == [
          "locale", "key", "localization", "text", "kind", "source", "markdown_text", "markdown_source",
          "display_name",
        ])
    }
    #expect(prompts[0]["localization"] as? String == "de" && prompts[0]["display_name"] as? String == "Fixture DE")
    let source = try #require(prompts[1]["source"] as? [String: Any])
    #expect(source["file"] as? String == "ios/Runner/en.lproj/InfoPlist.strings")
    #expect(source["line"] as? Int == 1 && source["column"] as? Int == 36)
    #expect(prompts[1]["kind"] as? String == "strings")
  }

  @Test func noBuildVariableReachesAnyOutput() throws {
    let app = Self.path("FlutterApp")
    for arguments in [
      ["check", app], ["check", app, "--format", "json"], ["check", app, "--format", "sarif"],
      ["prompts", app, "--format", "json"], ["prompts", app], ["render", "--app", app],
    ] {
      let outcome = attsim(arguments)
      #expect(!outcome.out.contains("$(") && !outcome.err.contains("$("), "\(arguments)")
    }
  }

  @Test func severalAppTargetsAreEachTheirOwnAppInCheck() throws {
    let outcome = attsim("check", Self.path("Xcode16App"), "--target", "Clip", "--format", "json")
    #expect(outcome.status == 0)
    let prompts = attsim("prompts", Self.path("Xcode16App"), "--target", "Clip", "--locale", "en", "--format", "json")
    #expect(prompts.out.contains("\"kind\":\"build-setting\""))
    let wrong = attsim("prompts", Self.path("Xcode16App"), "--target", "Nope")
    #expect(wrong.status == 2)
    #expect(wrong.err == "attsim: cannot read the app: no app target 'Nope'; the app targets are Xcode16App, Clip\n")
  }

  @Test func aProjectWithTwoAppsShowsTheOneNamedLikeItAndChecksBothWhenAsked() throws {
    let folder = try temporaryFolder()
    let copy = folder.appendingPathComponent("Twins")
    try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("Xcode16App"), to: copy)
    // Make the clip a second full app.
    let project = copy.appendingPathComponent("Xcode16App.xcodeproj/project.pbxproj")
    let text = try String(contentsOf: project, encoding: .utf8).replacingOccurrences(
      of: "application.on-demand-install-capable", with: "application")
    try text.write(to: project, atomically: true, encoding: .utf8)
    let check = attsim("check", copy.path)
    #expect(!check.out.contains("target Clip:") && check.err.contains("in 4 localizations"), "\(check.err)")
    let all = attsim("check", copy.path, "--all-targets")
    #expect(all.out.hasPrefix("target Xcode16App:\n") && all.out.contains("\ntarget Clip:\n"))
    #expect(all.err.contains("in 2 apps (Xcode16App, Clip)"))
    let render = attsim("render", "--app", copy.path)
    #expect(render.status == 0 && render.out.contains("Sixteen"), "\(render.err)")
    #expect(attsim("render", "--app", copy.path, "--target", "Clip").status == 0)
  }

  @Test func aScriptNamesAProjectsTarget() throws {
    let folder = try temporaryFolder()
    let script = try write(
      """
      app bundle=\(Self.path("Xcode16App")) target=Clip
      app locale=en
      expect prompt-text="the clip uses your data" prompt-source=build-setting
      app locale=ja
      expect prompt-source=strings

      """, to: "clip.attsim", in: folder)
    let outcome = attsim("play", script)
    #expect(outcome.status == 0, "\(outcome.err)")
  }

  @Test func whileTheEUSheetIsUpThePromptTextIsTheMarkdownOne() throws {
    let folder = try temporaryFolder()
    let script = try write(
      """
      app bundle=\(Self.path("Xcode16App"))
      device ios=27.2 country=DE account-country=DE
      app locale=de
      sdk init
      expect prompt-text="passende Werbung zu zeigen" prompt-source=strings
      request
      expect prompt=sheet prompt-text="**passende Werbung**" prompt-source=strings
      tap allow
      app locale=ja
      device country=US account-country=US
      clock advance=10
      expect prompt-text="はあなたに合った広告"

      """, to: "sheet.attsim", in: folder)
    let outcome = attsim("play", script)
    #expect(outcome.status == 0, "\(outcome.err)")
    let sheetLine = try #require(outcome.out.split(separator: "\n").first { $0.contains("\"command\":\"request\"") })
    #expect(sheetLine.contains("\"prompt\":\"sheet\""))
    #expect(sheetLine.contains("\"prompt_text\":\"Sixteen nutzt deine Daten, um dir **passende Werbung** zu zeigen."))
    let prompts = attsim("prompts", Self.path("Xcode16App"), "--locale", "ja", "--format", "json")
    #expect(
      prompts.out.contains(
        "\"markdown_text\":\"Sixteen uses your data to show you **ads that fit**.\\n\\n- No data is sold.\""))
    #expect(prompts.out.contains("\"markdown_source\":{\"file\":\"Xcode16App/Info.plist\""))
  }

  @Test func anAppBundleLineTakesOnlyItsOwnKeys() throws {
    let folder = try temporaryFolder()
    let script = try write("app bundle=App state=active\n", to: "bad.attsim", in: folder)
    let outcome = attsim("play", script)
    #expect(outcome.status == 2)
    #expect(
      outcome.err.contains(
        "bad.attsim:1:16: error: app bundle= has no key \"state\"; keys are bundle, target, configuration"))
  }

  @Test func renderAndGalleryShowTheProjectsTexts() throws {
    let render = attsim("render", "--app", Self.path("FlutterApp"), "--locale", "de")
    // The Runner ships no privacy manifest: advice about the whole app, which no locale's verdict counts.
    #expect(render.out.contains("Fixture DE") && render.out.contains("✓ de → de.lproj: no findings"))
    #expect(!render.out.contains("tracking-undeclared") && !render.out.contains("app: "))
    let folder = try temporaryFolder()
    let out = folder.appendingPathComponent("g.html").path
    let gallery = attsim("gallery", "--app", Self.path("Built/Payload/Lumen.app"), "--out", out)
    #expect(gallery.status == 0)
    let page = try String(contentsOfFile: out, encoding: .utf8)
    #expect(page.contains("Lumen zeigt dir mit deinen Daten passende Werbung."))
    // The framework's and the extension's texts are theirs; only the framework's manifest is the app's SDK's.
    #expect(!page.contains("die Kopie eines Frameworks") && !page.contains("widget.example"))
    #expect(page.contains("<td>AdKit</td><td>Frameworks/AdKit.framework/PrivacyInfo.xcprivacy</td><td>yes</td>"))
  }

  /// The gallery takes its app as `check` and `prompts` do, as PATH; `--app PATH` stays, to the same page.
  @Test func theGalleryTakesTheAppAsPath() {
    let named = attsim("gallery", Self.path("FlutterApp"), "--out", "-")
    #expect(named.status == 0 && named.out.contains("Fixture zeigt dir mit deinen Daten passende Werbung."))
    #expect(named.out == attsim("gallery", "--app", Self.path("FlutterApp"), "--out", "-").out)
  }
}
