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
      ("pt-PT", ["en", "pt-BR"], "en"),
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
    ] as [(String, [String], String?)])
  func picksTheLocalizationAppleWould(locale: String, available: [String], expected: String?) {
    let resolution = LocaleResolver.resolve(preferred: [locale], available: available, developmentRegion: "en")
    #expect(resolution.localization == expected)
  }

  @Test func fallingBackToTheDevelopmentRegionIsMarked() {
    let resolution = LocaleResolver.resolve(preferred: ["de"], available: ["en", "fr"], developmentRegion: "en")
    #expect(resolution.usedDevelopmentRegion && resolution.path == ["de", "development region en"])
    let exact = LocaleResolver.resolve(preferred: ["pt-PT"], available: ["pt"], developmentRegion: "en")
    #expect(!exact.usedDevelopmentRegion && exact.path == ["pt-PT", "pt"])
  }

  @Test func laterPreferencesCountBeforeTheDevelopmentRegion() {
    let resolution = LocaleResolver.resolve(preferred: ["de", "fr"], available: ["en", "fr"], developmentRegion: "en")
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
    #expect(LocaleTag("zh-HK")!.lookupChain.map(\.description) == ["zh-HK", "zh-Hant-HK", "zh-Hant"])
    #expect(LocaleTag("en-IN")!.lookupChain.map(\.description) == ["en-IN", "en-GB", "en"])
    #expect(LocaleTag("zh-Hans-CN")!.lookupChain.map(\.description) == ["zh-Hans-CN", "zh-Hans", "zh"])
  }
}

/// CFBundle's search list (SPEC §4): the localizations that match, most specific first, then the
/// development region — where a resource missing from the first is looked for next.
@Suite struct SearchListTests {
  @Test(
    arguments: [
      // The exact localization, then its parent, then the development region.
      ("pt-BR", ["en", "pt", "pt-BR"], ["pt-BR", "pt", "en"]),
      // A regional variant the app lacks goes to the language, never to a sibling region.
      ("pt-PT", ["en", "pt", "pt-BR"], ["pt", "en"]),
      ("pt-PT", ["en", "pt-BR"], ["en"]),
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
    #expect(LocaleResolver.searchList(preferred: [locale], available: available, developmentRegion: "en") == expected)
  }
}
