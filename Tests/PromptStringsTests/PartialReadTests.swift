import FileAccess
import Foundation
import PromptStrings
import TestApps
import Testing

/// The UI's first frame reads only the tables of the shown locale's lookup; everything it shows must be what
/// the whole app shows, and the tables left out are still inputs.
@Suite struct PartialReadTests {
  static let demoApp = assets.appendingPathComponent("DemoApp").path
  static let system = try! AppResources.loadFolder(FilePath(assets.appendingPathComponent("System").path)).get()

  @Test(arguments: [nil, "de", "pt-PT", "zh-Hant-HK", "sv", "ar"])
  func theShownLocaleLooksAsInTheWholeApp(locale: String?) throws {
    let whole = try AppResources.loadFolder(FilePath(Self.demoApp)).get()
    let partial = try AppResources.loadFolder(FilePath(Self.demoApp), strings: .shownIn(locale: locale)).get()
    #expect(!whole.isPartial)
    #expect(partial.isPartial)
    #expect(partial.localizations == whole.localizations)
    #expect(partial.developmentRegion == whole.developmentRegion)
    #expect(partial.hasUsageDescription == whole.hasUsageDescription)
    #expect(partial.trackingDomains == whole.trackingDomains)
    let shown = locale ?? whole.developmentRegion
    #expect(
      AppTexts(app: partial, system: Self.system).texts(locale: shown)
        == AppTexts(app: whole, system: Self.system).texts(locale: shown))
  }

  @Test func theTablesLeftOutAreReadLaterSoTheyAreInputs() throws {
    let partial = try AppResources.loadFolder(FilePath(Self.demoApp), strings: .shownIn(locale: "de")).get()
    let later = Set(partial.prospectiveInputs().map(\.string))
    #expect(later.contains(Self.demoApp + "/ja.lproj/InfoPlist.strings"))
    #expect(later.contains(Self.demoApp + "/en.lproj/Localizable.strings") == false, "en is de's fallback: read")
    #expect(later.contains(Self.demoApp + "/de.lproj/InfoPlist.strings") == false)
    #expect(Set(partial.inputs.values).contains(Self.demoApp + "/de.lproj/InfoPlist.strings"))
    #expect(!Set(partial.inputs.values).contains(Self.demoApp + "/ja.lproj/InfoPlist.strings"))
  }

  /// The folders a partial read leaves are not even listed then: what they hold is looked up when asked.
  @Test func theFoldersLeftOutAreListedOnlyWhenAsked() throws {
    let root = try makeApp([
      "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Track?"]),
      "en.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Track?\";\n",
      "ja.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"追跡?\";\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let partial = try AppResources.loadFolder(FilePath(root), strings: .shownIn(locale: "en")).get()
    #expect(partial.isPartial && partial.localizations == ["en", "ja"])
    try "\"Welcome\" = \"ようこそ\";\n".write(
      toFile: root + "/ja.lproj/Localizable.strings", atomically: true, encoding: .utf8)
    #expect(
      Set(partial.prospectiveInputs().map(\.string))
        == [root + "/ja.lproj/InfoPlist.strings", root + "/ja.lproj/Localizable.strings"])
    #expect(
      Set(partial.inputs.values) == [
        root + "/Info.plist", root + "/en.lproj/InfoPlist.strings", root + "/PrivacyInfo.xcprivacy",
      ])
  }

  @Test func resourcesNotYetReadHoldNothing() {
    let empty = AppResources.notYetRead(root: "/nowhere/System")
    #expect(empty.localizations.isEmpty && empty.folders.isEmpty && !empty.isPartial)
    #expect(empty.inputs.isEmpty)
  }
}
