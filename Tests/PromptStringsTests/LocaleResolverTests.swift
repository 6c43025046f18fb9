import PromptCheck
import PromptStrings
import StringsFiles
import Testing

/// Apple's bundle lookup, SPEC §4: exact tag, parents, development region, Base.
@Suite struct LocaleResolverTests {
  static let rich = ["Base", "en", "en-GB", "es", "es-419", "fr", "ja", "pt", "pt-BR", "zh-Hans", "zh-Hant"]

  @Test(
    arguments: [
      ("pt-BR", rich, "pt-BR"),
      ("pt-PT", rich, "pt"),
      // Apple's ICU: pt-PT takes pt-BR only when no preferred language matches anything else.
      ("pt-PT", ["en", "pt-BR"], "pt-BR"),
      ("pt-AO", ["en", "pt-PT", "pt-BR"], "pt-PT"),
      ("zh-Hant-HK", rich, "zh-Hant"),
      ("zh-HK", rich, "zh-Hant"),
      ("zh-TW", rich, "zh-Hant"),
      ("zh-Hans-CN", rich, "zh-Hans"),
      ("zh-HK", ["en", "zh-HK", "zh-Hant"], "zh-HK"),
      ("zh-Hant-HK", ["en", "zh_HK"], "zh_HK"),
      ("zh-Hant-MO", ["en", "zh-Hant-HK", "zh-Hant"], "zh-Hant-HK"),
      ("zh-Hant", ["en", "zh"], "en"),
      ("zh-CN", ["en", "zh"], "zh"),
      ("es-MX", rich, "es-419"),
      ("es-MX", ["en", "es"], "es"),
      ("es-ES", rich, "es"),
      ("en-IN", rich, "en-GB"),
      ("en-IN", ["en", "fr"], "en"),
      ("en-US", rich, "en"),
      ("fr-CA", rich, "fr"),
      ("de", rich, "en"),
      ("ja_JP", rich, "ja"),
      ("ja", ["English", "Japanese"], "Japanese"),
      ("de", ["Base", "fr"], "Base"),
      ("de", ["fr", "ja"], nil),
      // Regional siblings stand in (ualoc's shared parents): ko → ko-KR, de-AT → de-DE, en-US → en-GB.
      ("ko", ["en", "ko-KR"], "ko-KR"),
      ("de-AT", ["en", "de-DE"], "de-DE"),
      ("en-US", ["en-GB", "fr"], "en-GB"),
      ("es-ES", ["en", "es-MX"], "es-MX"),
      // The usual region first: it prefers it-IT to it-CH, whatever the order.
      ("it", ["en", "it-CH", "it-IT"], "it-IT"),
      // zh-Hant-HK and zh-Hant-TW stand in for each other; Simplified never does.
      ("zh-Hant-HK", ["en", "zh-Hans", "zh-Hant-TW"], "zh-Hant-TW"),
      ("zh-Hant-TW", ["en", "zh-Hans", "zh-HK"], "zh-HK"),
      ("zh-Hans-CN", ["en", "zh-Hant-TW"], "en"),
      // Legacy spellings, as CFBundle hands them to Apple's ICU.
      ("zh-Hans-CN", ["en", "zh_CN", "zh_TW"], "zh_CN"),
      ("zh-Hant-TW", ["en", "zh_CN", "zh_TW"], "zh_TW"),
      ("zh-Hant-HK", ["en", "zh_CN", "zh_HK"], "zh_HK"),
      ("pt-PT", ["English", "pt_PT", "pt_BR"], "pt_PT"),
      ("en-US", ["English", "de"], "English"),
      ("ar", ["English", "Arabic"], "Arabic"),
    ] as [(String, [String], String?)])
  func picksTheLocalizationAppleWould(locale: String, available: [String], expected: String?) {
    let resolution = LocaleIndex(available).resolve(preferred: [locale], developmentRegion: "en")
    #expect(resolution.localization == expected)
  }

  @Test func fallingBackToTheDevelopmentRegionIsMarked() {
    let resolution = LocaleIndex(["en", "fr"]).resolve(preferred: ["de"], developmentRegion: "en")
    #expect(resolution.usedDevelopmentRegion && resolution.path == ["de", "development region en"])
    let exact = LocaleIndex(["pt"]).resolve(preferred: ["pt-PT"], developmentRegion: "en")
    #expect(!exact.usedDevelopmentRegion && exact.path == ["pt-PT", "pt"])
  }

  @Test func aPortugueseStandInWaitsForEveryPreferredLanguage() {
    let resolution = LocaleIndex(["en", "fr", "pt-BR"]).resolve(preferred: ["pt-PT", "fr"], developmentRegion: "en")
    #expect(resolution.localization == "fr")
  }

  @Test func anExactLaterPreferenceOfTheSameLanguageBeatsARegionalStandIn() {
    let resolution = LocaleIndex(["en", "fr-FR", "fr-CA"]).resolve(
      preferred: ["fr-CH", "fr-CA"], developmentRegion: "en")
    #expect(resolution.localization == "fr-CA")
  }

  @Test func laterPreferencesCountBeforeTheDevelopmentRegion() {
    let resolution = LocaleIndex(["en", "fr"]).resolve(preferred: ["de", "fr"], developmentRegion: "en")
    #expect(resolution.localization == "fr")
  }

  @Test(arguments: [
    ("pt_br", "pt-BR"), ("zh-hant-hk", "zh-Hant-HK"), ("es-419", "es-419"), ("English", "en"), ("sr-Latn", "sr-Latn"),
  ])
  func normalizesTags(text: String, expected: String) {
    #expect(LocaleTag(text)?.description == expected)
  }

  @Test(arguments: ["", "e", "english", "en-", "en-US-x", "12-US", "en-ABCDE"])
  func rejectsWhatIsNotATag(text: String) {
    #expect(LocaleTag(text) == nil)
  }

  @Test func lookupChainsFollowApplesParents() {
    #expect(LocaleTag("es-MX")!.lookupChain.map(\.description) == ["es-MX", "es-419", "es"])
    #expect(LocaleTag("zh-HK")!.lookupChain.map(\.description) == ["zh-Hant-HK", "zh-Hant", "zh-Hant-TW"])
    #expect(
      LocaleTag("zh-Hant-MO")!.lookupChain.map(\.description) == ["zh-Hant-MO", "zh-Hant-HK", "zh-Hant", "zh-Hant-TW"])
    #expect(LocaleTag("en-IN")!.lookupChain.map(\.description) == ["en-IN", "en-GB", "en"])
    #expect(LocaleTag("zh-Hans-CN")!.lookupChain.map(\.description) == ["zh-Hans-CN", "zh-Hans"])
  }

  @Test(arguments: [
    ("English", "en"), ("Japanese", "ja"), ("zh_CN", "zh-Hans"), ("zh_TW", "zh-Hant"), ("zh_HK", "zh-HK"),
    ("pt_PT", "pt-PT"),
  ])
  func legacySpellingsHaveAModernOne(name: String, modern: String) {
    #expect(LocaleTag.modernSpelling(ofLegacy: name) == modern)
  }

  @Test(arguments: ["en", "zh-Hans", "pt-PT", "Base", "nonsense"])
  func modernSpellingsAreNotLegacy(name: String) {
    #expect(LocaleTag.modernSpelling(ofLegacy: name) == nil)
  }
}

/// CFBundle's search list (SPEC §4): the localizations that match, most specific first, then the
/// development region — where a resource missing from the first is looked for next.
@Suite struct SearchListTests {
  @Test(
    arguments: [
      // The exact localization, then its parent, then the development region.
      ("pt-BR", ["en", "pt", "pt-BR"], ["pt-BR", "pt", "en"]),
      // A regional variant the app lacks goes to the language before a sibling region.
      ("pt-PT", ["en", "pt", "pt-BR"], ["pt", "en"]),
      ("pt-PT", ["en", "pt-BR"], ["pt-BR", "en"]),
      // A sibling, then the parents the sibling has: ko → ko-KR; zh-Hant-HK, then zh-Hant-TW (ualoc adds it
      // beside zh-Hant-HK), then zh-Hant.
      ("ko", ["en", "ko-KR"], ["ko-KR", "en"]),
      ("zh-Hant-HK", ["en", "zh-Hant", "zh-Hant-HK", "zh-Hant-TW"], ["zh-Hant-HK", "zh-Hant-TW", "zh-Hant", "en"]),
      // CLDR parents: es-MX → es-419 → es.
      ("es-MX", ["en", "es", "es-419"], ["es-419", "es", "en"]),
      // Script defaults: zh-HK is Traditional.
      ("zh-HK", ["en", "zh-Hans", "zh-Hant"], ["zh-Hant", "en"]),
      // A language the app does not have: the development region alone.
      ("sv", ["de", "en"], ["en"]),
      // The development region is appended even when the app has no folder for it.
      ("sv", ["de"], ["en"]),
      ("de", ["de"], ["de", "en"]),
      // The development region as the app spells it (a legacy name).
      ("sv", ["English", "de"], ["English"]),
    ] as [(String, [String], [String])])
  func followsCFBundle(locale: String, available: [String], expected: [String]) {
    #expect(LocaleIndex(available).searchList(preferred: [locale], developmentRegion: "en") == expected)
  }
}
