import Foundation
import Testing

/// Language folders named the old way (`English.lproj`, `zh_CN.lproj`, `pt_PT.lproj`), as Xcode once wrote
/// them and iOS still reads them (issue 40, item 5).
@Suite struct LegacyFolderTests {
  /// A project whose variant group still names the legacy folders, as an old project does.
  static func legacyProject() throws -> URL {
    let root = try temporaryFolder()
    try ProjectFixture(
      at: root, xcconfig: "APP_NAME = Shop\n",
      variants: [
        ("English", "English.lproj/InfoPlist.strings"), ("zh_CN", "zh_CN.lproj/InfoPlist.strings"),
        ("zh_TW", "zh_TW.lproj/InfoPlist.strings"), ("pt_PT", "pt_PT.lproj/InfoPlist.strings"),
      ])
    try FileManager.default.removeItem(at: root.appendingPathComponent("en.lproj"))
    for (folder, text) in [
      ("English", "Ads that fit you."), ("zh_CN", "为你推荐合适的广告。"), ("zh_TW", "為你推薦合適的廣告。"),
      ("pt_PT", "Anúncios à sua medida."),
    ] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("\(folder).lproj"), withIntermediateDirectories: true)
      try write(
        "\"NSUserTrackingUsageDescription\" = \"\(text)\";\n", to: "\(folder).lproj/InfoPlist.strings", in: root)
    }
    return root
  }

  @Test func theDevelopmentRegionAndItsLegacyFolderAreOneLanguage() throws {
    let prompts = attsim("prompts", try Self.legacyProject().path)
    let rows = prompts.out.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").first.map(String.init) }
    #expect(rows == ["en", "pt-PT", "zh-Hans", "zh-Hant"], "\(prompts.out)")
    #expect(prompts.out.contains("en        English"), "\(prompts.out)")
  }

  @Test(arguments: [
    ("zh-Hans-CN", "为你推荐合适的广告。"), ("zh-Hans", "为你推荐合适的广告。"), ("zh-Hant-HK", "為你推薦合適的廣告。"),
    ("zh-Hant-TW", "為你推薦合適的廣告。"), ("pt-PT", "Anúncios à sua medida."), ("pt-BR", "Anúncios à sua medida."),
    ("en-GB", "Ads that fit you."), ("de", "Ads that fit you."),
  ])
  func usersGetTheLegacyFolderTheirLanguageMapsTo(locale: String, text: String) throws {
    let prompts = attsim("prompts", try Self.legacyProject().path, "--locale", locale)
    #expect(prompts.out.contains("\"\(text)\""), "\(locale): \(prompts.out)")
  }

  @Test func checkNotesEachLegacySpellingOnce() throws {
    let check = attsim("check", try Self.legacyProject().path)
    let notes = check.out.split(separator: "\n").filter { $0.hasSuffix("[legacy-language-folder]") }
    #expect(notes.count == 4, "\(check.out)")
    #expect(
      notes.contains {
        $0.hasSuffix(
          "English.lproj: info: English.lproj is a legacy spelling that iOS reads as en (CFBundle and Apple's ICU map it); Xcode names the folder en.lproj today [legacy-language-folder]"
        )
      }, "\(check.out)")
    #expect(
      notes.contains {
        $0.contains(
          "zh_CN.lproj is a legacy spelling that iOS reads as zh-Hans-CN (CFBundle and Apple's ICU map it); Xcode names the folder zh-Hans.lproj today"
        )
      })
    #expect(check.status == 0 && !check.out.contains("[missing-key"), "\(check.out)")
  }
}
