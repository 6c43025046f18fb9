import FileAccess
import PromptCheck
import PromptStrings
import StringsFiles
import TestApps
import Testing

@Suite struct AppLookupTests {
  static let usage = "NSUserTrackingUsageDescription"

  @Test func aLocaleWithoutTheKeyFallsBackToInfoPlistNotToEnglishStrings() throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", Self.usage: "From Info.plist"]),
        "en.lproj/InfoPlist.strings": "\"\(Self.usage)\" = \"From English strings\";",
        "fr.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"Appli\";",
        "ja.lproj/InfoPlist.strings": "\"\(Self.usage)\" = \"日本語の説明\";",
      ]))
    #expect(app.usageDescription(locale: "fr")?.value == "From Info.plist")
    #expect(app.usageDescription(locale: "fr")?.source == .infoPlist(path: app.infoPlist!.path))
    #expect(app.usageDescription(locale: "ja")?.value == "日本語の説明")
    #expect(app.usageDescription(locale: "en")?.value == "From English strings")
    #expect(app.usageDescription(locale: "de")?.value == "From English strings")
    #expect(app.appName(locale: "fr") == "Appli")
  }

  @Test func anUnreadableStringsFileFallsBackToInfoPlist() throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist([Self.usage: "From Info.plist"]),
        "de.lproj/InfoPlist.strings": "\"\(Self.usage)\" = \"Deutsch\"\n\"x\" = \"y\";",
      ]))
    #expect(app.usageDescription(locale: "de")?.value == "From Info.plist")
  }

  @Test func catalogsProvideLocalizations() throws {
    let catalog = """
      {"sourceLanguage":"en","strings":{"\(Self.usage)":{"localizations":{
      "ko":{"stringUnit":{"state":"translated","value":"한국어 설명"}}}}},"version":"1.0"}
      """
    let app = try load(makeApp(["Info.plist": infoPlist([Self.usage: "English"]), "InfoPlist.xcstrings": catalog]))
    #expect(app.localizations == ["ko"])
    #expect(app.usageDescription(locale: "ko")?.value == "한국어 설명")
    #expect(app.usageDescription(locale: "ko-KR")?.value == "한국어 설명")
  }

  @Test func localizableStringsFallBackToTheDevelopmentRegion() throws {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en"]),
        "en.lproj/Localizable.strings": "\"a\" = \"A\"; \"b\" = \"B\";",
        "ja.lproj/Localizable.strings": "\"a\" = \"あ\";",
      ]))
    #expect(app.localizedString("a", locale: "ja")?.value == "あ")
    #expect(app.localizedString("b", locale: "ja")?.value == "B")
    #expect(app.localizedString("c", locale: "ja") == nil)
  }

  @Test func theDemoAppSpeaksSixteenLanguages() throws {
    let app = try load(assets.appendingPathComponent("DemoApp").path)
    #expect(app.localizations.count == 16)
    #expect(app.developmentRegion == "en")
    #expect(app.appName(locale: "ja") == "Lumen Demo")
    for locale in app.localizations {
      #expect(app.usageDescription(locale: locale)?.source != .infoPlist(path: app.infoPlist!.path), "\(locale)")
      for key in ["prepermission.title", "prepermission.body", "prepermission.continue", "prepermission.not-now"] {
        #expect(app.localizedOnly(key, table: "Localizable", localization: locale) != nil, "\(locale) \(key)")
      }
    }
  }

  @Test(arguments: ["", "/nonexistent/folder"])
  func aFolderThatIsNotAnAppIsRefused(path: String) {
    #expect(throws: AppResources.LoadFailure.self) { try AppResources.load(FilePath(path)).get() }
  }

  @Test func anEmptyFolderIsRefused() throws {
    let path = try makeApp(["README.md": "nothing here"])
    #expect(throws: AppResources.LoadFailure.self) { try AppResources.load(FilePath(path)).get() }
  }
}
