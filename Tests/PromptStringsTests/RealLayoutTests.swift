import Diagnostics
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import StringsFiles
import TestApps
import Testing

/// Apps laid out as real ones are (fixtures in Tests/Fixtures, written for attsim, not copied): what the
/// reader finds, what each language sees, and what `check` says.
@Suite struct RealLayoutTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  static func app(_ name: String, target: String? = nil, configuration: String? = nil) throws -> AppResources {
    try AppResources.load(FilePath(path(name)), target: target, configuration: configuration).get()
  }

  /// What each language sees: (locale, the file or setting it comes from, relative to the fixture, the text's start).
  static func prompts(_ app: AppResources, _ locales: [String], base: String) -> [(String, String, String)] {
    locales.map { locale in
      let text = app.usageDescription(locale: locale)
      let file = text.map { FilePath($0.source.path).relative(to: FilePath(base)) ?? $0.source.path } ?? "none"
      return (locale, file, String(text?.value.prefix(12) ?? ""))
    }
  }

  // MARK: Xcode 15: a generated Info.plist and a String Catalog

  @Test func xcode15GeneratedKeysAreTheInfoPlist() throws {
    let app = try Self.app("Xcode15App")
    #expect(app.input == .xcodeProject && app.target == "Xcode15App")
    let plist = try #require(app.infoPlist)
    #expect(plist.usageDescription == "Fifteen uses your data to show you ads that fit.")
    let setting = try #require(plist.generatedKeys["NSUserTrackingUsageDescription"])
    #expect(setting.setting == "INFOPLIST_KEY_NSUserTrackingUsageDescription")
    #expect(
      setting.file.hasSuffix("Xcode15App.xcodeproj/project.pbxproj")
        && setting.location == SourceLocation(line: 179, column: 5))
    // The generated plist has these even though nothing sets them.
    #expect(app.developmentRegion == "en" && plist.strings["CFBundleName"] == "Xcode15App")
    #expect(app.localizations == ["de", "en", "fr"])
    #expect(app.appName(locale: "de") == "Fünfzehn")
    #expect(app.usageDescription(locale: "fr")?.source.kind == "catalog")
  }

  @Test func xcode15DebugReadsItsOwnSettings() throws {
    let debug = try Self.app("Xcode15App", configuration: "Debug")
    #expect(debug.infoPlist?.usageDescription == "Debug builds ask too, with this text.")
    #expect(debug.infoPlist?.strings["CFBundleDisplayName"] == "Fifteen (debug)")
  }

  @Test func xcode15CheckFindsTheReviewToDoAndTheMissingManifest() throws {
    let findings = PromptLinter.check(app: try Self.app("Xcode15App"))
    #expect(findings.map(\.rule) == [.trackingUndeclared, .catalogState])
    #expect(findings.last?.locale == "fr")
  }

  // MARK: Xcode 16: synchronized folders

  @Test func xcode16SynchronizedFoldersMakeTheApp() throws {
    let app = try Self.app("Xcode16App")
    #expect(app.target == "Xcode16App")
    // mul.lproj holds interface catalogs: never a language. Drafts/fr is a membership exception.
    #expect(app.localizations == ["de", "en", "es", "ja"])
    let base = Self.path("Xcode16App")
    #expect(
      Self.prompts(app, ["de", "es", "fr", "ja-JP"], base: base).map { [$0.0, $0.1] } == [
        ["de", "Xcode16App/de.lproj/InfoPlist.strings"],
        // CFBundle: an lproj without InfoPlist.strings takes the development region's.
        ["es", "Xcode16App/en.lproj/InfoPlist.strings"],
        // A language the app does not have gets the development region's localization.
        ["fr", "Xcode16App/en.lproj/InfoPlist.strings"],
        ["ja-JP", "Xcode16App/ja.lproj/InfoPlist.strings"],
      ])
    #expect(app.appName(locale: "de") == "Sechzehn" && app.appName(locale: "en") == "Sixteen")
    let findings = PromptLinter.check(app: app)
    #expect(findings.map(\.rule) == [.notInApp, .missingKey, .missingKey])
    // The synchronized folder's manifest is the app's; the widget's is its own.
    #expect(
      app.privacyManifests.map { FilePath($0.path).relative(to: FilePath(base)) } == [
        "Xcode16App/PrivacyInfo.xcprivacy"
      ])
    #expect(app.trackingDomains == ["ads.sixteen.example"])
    #expect(
      findings.map { FilePath($0.file).relative(to: FilePath(base)) } == [
        "Xcode16App/Drafts/fr.lproj/InfoPlist.strings", "Xcode16App/es.lproj", "Xcode16App/ja.lproj/InfoPlist.strings",
      ])
    #expect(findings.last?.message.contains("the ja EU sheet shows the en text of Info.plist") == true)
  }

  // MARK: The EU sheet's Markdown purpose string, through the same lookup

  @Test func xcode16MarkdownComesFromTheLprojOrTheInfoPlist() throws {
    let app = try Self.app("Xcode16App")
    let german = try #require(app.markdownUsageDescription(locale: "de-AT"))
    #expect(german.source.label == "de.lproj/InfoPlist.strings" && german.value.contains("**passende Werbung**"))
    // ja.lproj translates only the plain key: the sheet shows the Info.plist's Markdown, with its line break.
    let japanese = try #require(app.markdownUsageDescription(locale: "ja"))
    #expect(japanese.source.kind == "info-plist" && japanese.value.hasSuffix("**.\n\n- No data is sold."))
    #expect(app.sheetUsageDescription(locale: "ja") == japanese)
  }

  @Test func xcode15MarkdownComesFromTheCatalogOrTheBuildSetting() throws {
    let app = try Self.app("Xcode15App")
    let setting = try #require(app.infoPlist?.generatedKeys["NSUserTrackingMarkdownUsageDescription"])
    #expect(setting.setting == "INFOPLIST_KEY_NSUserTrackingMarkdownUsageDescription" && setting.location?.line == 180)
    #expect(app.markdownUsageDescription(locale: "de")?.value == "Fünfzehn zeigt dir **passende Werbung**.")
    #expect(app.markdownUsageDescription(locale: "fr")?.source.kind == "catalog")
    // Debug builds set no Markdown text: the sheet falls back to the plain purpose string.
    let debug = try Self.app("Xcode15App", configuration: "Debug")
    #expect(debug.infoPlist?.strings["NSUserTrackingMarkdownUsageDescription"] == nil)
  }

  @Test func withoutAMarkdownKeyTheSheetShowsThePlainText() throws {
    let app = try Self.app("FlutterApp")
    #expect(app.markdownUsageDescription(locale: "ja") == nil)
    #expect(app.sheetUsageDescription(locale: "ja") == app.usageDescription(locale: "ja"))
  }

  @Test func theAppClipIsATargetOfItsOwn() throws {
    #expect(try AppResources.loadAll(FilePath(Self.path("Xcode16App"))).get().map(\.target) == ["Xcode16App"])
    let all = try AppResources.loadAll(FilePath(Self.path("Xcode16App")), allTargets: true).get()
    #expect(all.map(\.target) == ["Xcode16App", "Clip"])
    let clip = try Self.app("Xcode16App", target: "Clip")
    #expect(clip.target == "Clip" && clip.localizations == ["ja"])
    #expect(clip.usageDescription(locale: "en")?.source.kind == "build-setting")
    #expect(clip.usageDescription(locale: "en")?.location?.line == 256)
    let wrong = AppResources.load(FilePath(Self.path("Xcode16App")), target: "Widget")
    #expect(throws: AppResources.LoadFailure(message: "no app target 'Widget'; the app targets are Xcode16App, Clip")) {
      try wrong.get()
    }
  }

  // MARK: Flutter

  @Test(arguments: ["FlutterApp", "FlutterApp/ios", "FlutterApp/ios/Runner.xcodeproj", "FlutterApp/ios/Runner"])
  func aFlutterRunnerIsReadThroughItsProject(given: String) throws {
    let app = try Self.app(given)
    #expect(app.input == .xcodeProject && app.target == "Runner")
    // $(DEVELOPMENT_LANGUAGE) is the project's developmentRegion; $(APP_DISPLAY_NAME) comes from an
    // xcconfig that Release.xcconfig includes (the Pods include is optional and missing, as before `pod install`).
    #expect(app.developmentRegion == "en")
    #expect(app.appName(locale: "en") == "Fixture" && app.appName(locale: "de") == "Fixture DE")
    #expect(!(app.infoPlist?.strings.values.contains { $0.contains("$(") } ?? true))
    // en, de and ja are in the variant group; it is declared in CFBundleLocalizations; fr is on disk only.
    #expect(app.localizations == ["de", "en", "it", "ja"])
    let base = Self.path("FlutterApp/ios/Runner")
    #expect(
      Self.prompts(app, ["it", "fr", "ja"], base: base).map { [$0.0, $0.1, $0.2] } == [
        ["it", "en.lproj/InfoPlist.strings", "Fixture uses"], ["fr", "en.lproj/InfoPlist.strings", "Fixture uses"],
        // UTF-16 with a byte-order mark, read as iOS reads it.
        ["ja", "ja.lproj/InfoPlist.strings", "Fixture はあなた"],
      ])
    #expect(
      app.scanCode(askingWhetherItTracks: true).requests.first?.message
        == "lib/main.dart:6 calls requestTrackingAuthorization")
  }

  @Test func aPodsManifestIsItsSDKs() throws {
    let app = try Self.app("FlutterApp")
    #expect(app.privacyManifests.map(\.owner) == ["ad_plugin"])
    #expect(app.trackingDomains == ["ads.plugin.example"])
  }

  @Test func flutterCheckNamesTheTranslationThatNeverShips() throws {
    let findings = PromptLinter.check(app: try Self.app("FlutterApp"))
    #expect(findings.map(\.rule) == [.languageWithoutPrompts, .trackingUndeclared, .notInApp])
    #expect(findings[0].locale == "it" && findings[0].message.hasPrefix("CFBundleLocalizations declares it, but"))
    // The Runner asks for tracking but ships no manifest; the plugin's pod declares its own domain.
    #expect(findings[1].file.hasSuffix("ios/Runner/Info.plist"))
    #expect(findings[2].file.hasSuffix("ios/Runner/fr.lproj/InfoPlist.strings") && findings[2].severity == .warning)
    #expect(!findings.contains { $0.message.contains("$(") })
  }

  // MARK: A source tree with copies

  @Test func theFolderBesideInfoPlistWinsAndTheChoiceIsSaidOnce() throws {
    let app = try Self.app("SourceTree")
    #expect(app.input == .folder)
    let base = Self.path("SourceTree")
    #expect(
      Self.prompts(app, ["de", "ja"], base: base).map { [$0.0, $0.1] } == [
        ["de", "MyApp/de.lproj/InfoPlist.strings"], ["ja", "Modules/Onboarding/ja.lproj/InfoPlist.strings"],
      ])
    let findings = PromptLinter.check(app: app)
    #expect(findings.count == 1 && findings[0].severity == .info)
    #expect(
      findings[0].message
        == "de.lproj: used MyApp/de.lproj (beside Info.plist); ignored Settings/de.lproj, dist/MyApp/de.lproj")
  }

  // MARK: A built app

  @Test(arguments: ["Built", "Built/Payload/Lumen.app"])
  func aBuiltAppIsOnlyItsOwnTopLevel(given: String) throws {
    let app = try Self.app(given)
    #expect(app.input == .builtApp && app.name == "Lumen")
    #expect(app.localizations == ["de", "en", "es", "fr", "it", "ja", "ko", "nl", "pt-BR", "zh-Hans"])
    // Every translation is the app's own, not the framework's, the extension's or Settings.bundle's.
    for locale in app.localizations {
      let text = try #require(app.usageDescription(locale: locale))
      #expect(
        text.source
          == .stringsFile(
            path: FilePath(app.root).appending("\(locale).lproj/InfoPlist.strings").string, localization: locale))
    }
    #expect(app.usageDescription(locale: "de")?.value.hasPrefix("Lumen zeigt") == true)
    #expect(
      app.scanCode(askingWhetherItTracks: true).tracking == .asks("the binary Lumen references ATTrackingManager", nil))
    // Its own manifest (binary) and its framework's; the extension in PlugIns is another bundle.
    #expect(app.privacyManifests.map(\.owner) == [nil, "AdKit"])
    #expect(app.trackingDomains == ["metrics.lumen.example", "ads.adkit.example"])
    #expect(PromptLinter.check(app: app).isEmpty)
  }

  // MARK: Single files

  @Test func aCatalogOnItsOwnIsReadAsACatalog() throws {
    let app = try Self.app("Xcode15App/Xcode15App/InfoPlist.xcstrings")
    #expect(app.input == .file && app.catalogs.count == 1 && app.localizations == ["de", "en", "fr"])
  }
}
