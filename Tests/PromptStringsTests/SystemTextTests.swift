import FileAccess
import Foundation
import PromptStrings
import StringsFiles
import TestApps
import Testing

/// The system texts (`Assets/System`): the dialog's title and buttons, the EU sheet's label and Settings' in
/// every language iOS offers as a UI language, each ours and marked so; where iOS has no UI in a language,
/// English, and the UI says so.
@Suite struct SystemTextTests {
  static let folder = assets.appendingPathComponent("System")

  /// The languages iOS offers as a UI language (General › Language & Region), by their lproj names: the 16
  /// attsim began with, the 18 SPEC §5 names, and the ten Indian languages of iOS 18.4.
  static let iOSLanguages = [
    "ar", "de", "en", "es", "fr", "he", "hi", "it", "ja", "ko", "pl", "pt-BR", "ru", "th", "zh-Hans", "zh-Hant",
    "ca", "hr", "cs", "da", "nl", "fi", "el", "hu", "id", "ms", "nb", "pt-PT", "ro", "sk", "sv", "tr", "uk", "vi",
    "bn", "gu", "kn", "ml", "mr", "or", "pa", "ta", "te", "ur",
  ]

  static let keys = [
    "title", "ask-not-to-track", "allow", "settings.privacy", "settings.tracking", "settings.allow-apps",
    "settings.allow-apps-eu", "settings.advertising", "settings.limit-ad-tracking", "additional-information",
    "language",
  ]

  @Test(arguments: iOSLanguages)
  func everyLanguageHasEveryTextMarkedAsOurs(language: String) throws {
    let file = Self.folder.appendingPathComponent("\(language).lproj/ATTDialog.strings")
    let data = try Data(contentsOf: file)
    let text = try #require(String(data: data, encoding: .utf8))
    #expect(text.hasPrefix("/* attsim's own approximation of the iOS system text; not Apple's wording."))
    let table = try StringsReader.read(Array(data), file: "test.strings").get()
    #expect(table.syntaxError == nil)
    let values = table.values
    for key in Self.keys {
      let value = try #require(values[key]?.string, "\(language) lacks \(key)")
      #expect(!value.isEmpty)
    }
    #expect(Set(table.keys) == Set(Self.keys))
    #expect(values["title"]?.string?.contains("%@") == true, "the title names the app")
  }

  /// The pre-permission screen's keys, as an app provides them and attsim's sample does.
  static let prePermissionKeys = [
    "prepermission.title", "prepermission.body", "prepermission.continue", "prepermission.not-now",
  ]

  /// Every language with system texts has the sample pre-permission screen, translated (English's words only
  /// in English), marked as attsim's, and naming the app once.
  @Test(arguments: iOSLanguages)
  func everyLanguageHasTheSamplePrePermissionScreen(language: String) throws {
    func table(_ language: String) throws -> [String: String] {
      let data = try Data(contentsOf: Self.folder.appendingPathComponent("\(language).lproj/Sample.strings"))
      #expect(String(decoding: data, as: UTF8.self).hasPrefix("/* attsim's own sample pre-permission screen"))
      let table = try StringsReader.read(Array(data), file: "Sample.strings").get()
      #expect(table.syntaxError == nil)
      #expect(Set(table.keys) == Set(Self.prePermissionKeys))
      return table.values.compactMapValues(\.string)
    }
    let sample = try table(language)
    let english = try table("en")
    for key in Self.prePermissionKeys {
      let value = try #require(sample[key], "\(language) lacks \(key)")
      #expect(!value.isEmpty)
      if language != "en" { #expect(value != english[key], "\(language): \(key) is English") }
    }
    #expect(sample["prepermission.body"]?.components(separatedBy: "%@").count == 2, "the body names the app once")
  }

  @Test func noOtherFolderIsThere() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
      $0.hasSuffix(".lproj")
    }
    #expect(Set(folders) == Set(Self.iOSLanguages.map { "\($0).lproj" }))
  }

  @Test func aLanguageIOSHasShowsItsOwnSystemTexts() throws {
    let texts = try Self.texts(for: ["sv", "ur", "pt-PT"])
    #expect(texts.texts(locale: "sv").allow == "Tillåt")
    #expect(texts.texts(locale: "sv").systemTextsFallback == nil)
    #expect(texts.texts(locale: "pt-PT").systemLanguage == "pt-PT")
    #expect(texts.texts(locale: "ur").isRightToLeft)
  }

  /// Icelandic is no iOS UI language: the dialog around the app's Icelandic text is English, and says so.
  @Test func aLanguageIOSLacksFallsBackToEnglishAndSaysSo() throws {
    let texts = try Self.texts(for: ["is", "en-GB"])
    let icelandic = texts.texts(locale: "is")
    #expect(icelandic.allow == "Allow")
    #expect(icelandic.systemTextsFallback == "English (iOS has no Icelandic UI)")
    // A region of a language iOS has is that language.
    #expect(texts.texts(locale: "en-GB").systemTextsFallback == nil)
    #expect(texts.texts(locale: "zh-HK").systemLanguage == "zh-Hant")
  }

  /// An app without `prepermission.*` keys gets attsim's sample in the system texts' language, with its
  /// name, in that language's direction: Arabic and Urdu right to left, and where attsim has no sample
  /// (Persian, Icelandic) English, left to right even in a right-to-left locale.
  @Test(arguments: [
    ("ar", "قبل أن تتابع", true), ("ur", "جاری رکھنے سے پہلے", true), ("ja", "続ける前に", false),
    ("zh-HK", "繼續之前", false), ("fa", "Before you continue", false), ("is", "Before you continue", false),
  ])
  func anAppWithoutItsOwnTextsGetsTheSampleInItsLanguage(locale: String, title: String, rightToLeft: Bool) throws {
    let texts = try Self.texts(for: [locale]).texts(locale: locale)
    #expect(texts.prePermissionIsSample)
    #expect(texts.prePermissionTitle == title)
    #expect(texts.prePermissionBody.contains(texts.appName) && !texts.prePermissionBody.contains("%@"))
    #expect(texts.prePermissionIsRightToLeft == rightToLeft)
  }

  /// An app's own `prepermission.*` texts are shown as they are, in the locale's direction, and are no sample;
  /// a key it lacks is the sample's (and the screen says so).
  @Test func anAppsOwnTextsAreShownAndAreNoSample() throws {
    let files = [
      "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Ads."]),
      "fa.lproj/Localizable.strings": Self.prePermissionKeys.map { "\"\($0)\" = \"متن \($0)\";\n" }.joined(),
      "de.lproj/Localizable.strings": "\"prepermission.title\" = \"Eigener Titel\";\n",
    ]
    let texts = AppTexts(
      app: try AppResources.load(try FilePath(makeApp(files))).get(),
      system: try AppResources.load(FilePath(Self.folder.path)).get())
    let persian = texts.texts(locale: "fa")
    #expect(!persian.prePermissionIsSample)
    #expect(persian.prePermissionTitle == "متن prepermission.title")
    #expect(persian.notNowLabel == "متن prepermission.not-now")
    #expect(persian.prePermissionIsRightToLeft)
    let german = texts.texts(locale: "de")
    #expect(german.prePermissionTitle == "Eigener Titel")
    #expect(german.continueLabel == "Weiter")
    #expect(german.prePermissionIsSample)
  }

  /// A language is named in its own words where iOS has it, in English where it does not, a region the
  /// name leaves out by its code (the gallery's Language column).
  @Test func aLanguageIsNamedInItsOwnWordsWhereIOSHasIt() throws {
    let texts = try Self.texts(for: ["ja", "pt-BR", "de-CH", "is", "en-GB", "zh-Hant"])
    #expect(texts.texts(locale: "ja").languageName == "日本語")
    #expect(texts.texts(locale: "pt-BR").languageName == "Português (Brasil)")
    #expect(texts.texts(locale: "de-CH").languageName == "Deutsch (CH)")
    #expect(texts.texts(locale: "is").languageName == "Icelandic")
    #expect(texts.texts(locale: "en-GB").languageName == "English (GB)")
    #expect(texts.texts(locale: "zh-Hant").languageName == "繁體中文")
  }

  /// An app with the given localizations (each with a purpose string), and the system texts.
  static func texts(for localizations: [String]) throws -> AppTexts {
    var files = [
      "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Ads."])
    ]
    for localization in localizations {
      files["\(localization).lproj/InfoPlist.strings"] =
        "\"NSUserTrackingUsageDescription\" = \"Ads \(localization).\";\n"
    }
    let app = try AppResources.load(try FilePath(makeApp(files))).get()
    let system = try AppResources.load(FilePath(folder.path)).get()
    return AppTexts(app: app, system: system)
  }
}
