import Foundation
import Testing

/// `prompts`, `check` and `gallery` on what Xcode exports for translators: a folder of `.xcloc` catalogs, one
/// `.xcloc`, and plain `.xliff` files (Tests/Fixtures/Exports, written the way Xcode 14 and 15 write them).
@Suite struct LocalizationExportTests {
  static let exports = repositoryRoot.appendingPathComponent("Tests/Fixtures/Exports").path
  static let folder = exports + "/Pinwheel Localizations"

  /// `prompts --format json`'s rows as (locale, key, text, file, line, column).
  func rows(_ arguments: String...) throws -> [(String, String, String?, String?, Int?, Int?)] {
    let outcome = attsim(["prompts", "--format", "json"] + arguments)
    #expect(outcome.status == 0, "\(outcome.err)")
    let object = try #require(JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
    return try #require(object["prompts"] as? [[String: Any]]).map { row in
      let source = row["source"] as? [String: Any]
      return (
        row["locale"] as? String ?? "", row["key"] as? String ?? "", row["text"] as? String,
        source?["file"] as? String, source?["line"] as? Int, source?["column"] as? Int
      )
    }
  }

  @Test func promptsShowEachLanguageAsTheTranslationWouldShip() throws {
    let shown = try rows(Self.folder, "--key", "all").map {
      "\($0.0) \($0.1): \($0.2 ?? "-") @\($0.3 ?? "-"):\($0.4 ?? 0):\($0.5 ?? 0)"
    }
    let de = "de.xcloc/Localized Contents/de.xliff"
    let fr = "fr.xcloc/Localized Contents/fr.xliff"
    #expect(
      shown.contains(
        "en NSUserTrackingUsageDescription: Your data is used to measure ads & \"offers\" from partners. @\(de):23:9"))
    #expect(
      shown.contains(
        "de NSUserTrackingUsageDescription: Ihre Daten messen Anzeigen & \"Angebote\" von Partnern. @\(de):24:9"))
    // No target: the source text ships, from the unit's <source>.
    #expect(
      shown.contains(
        "de NSLocationWhenInUseUsageDescription: Pinwheel uses your location to find nearby stations. @\(de):19:9"))
    // CDATA, kept as written.
    #expect(
      shown.contains(
        "fr NSCameraUsageDescription: Moulinet utilise l'appareil photo pour lire vos <billets>. @\(fr):14:9"))
    #expect(shown.contains { $0.hasPrefix("ja NSUserTrackingUsageDescription: パートナーの広告と「特典」") })
    #expect(Set(shown.map { String($0.prefix(2)) }) == ["en", "de", "fr", "ja"])
  }

  @Test func onlyTheInfoPlistUnitsCount() throws {
    // de.xliff's Localizable table has a unit with the tracking key's id: it is not the prompt's.
    let tracking = try rows(Self.folder + "/de.xcloc", "--locale", "de")
    #expect(tracking.map(\.2) == ["Ihre Daten messen Anzeigen & \"Angebote\" von Partnern."])
    let plain = try rows(Self.exports + "/es.xliff", "--locale", "es")
    #expect(
      plain.map(\.2) == ["Kite comparte un identificador del dispositivo con socios publicitarios para medir campañas."]
    )
    #expect(attsim("check", Self.exports + "/es.xliff").status == 0)
  }

  @Test func checkTellsEachTranslationNotReadyAtItsUnit() {
    let outcome = attsim("check", Self.folder)
    #expect(outcome.status == 0)
    let lines = outcome.out.split(separator: "\n").map { String($0.dropFirst(Self.folder.count + 1)) }
    #expect(
      lines == [
        "de.xcloc/Localized Contents/de.xliff:15:9: info: the de translation of NSCameraUsageDescription is marked needs-review-l10n: someone asked for it to be reviewed before it ships [xliff-state]",
        "de.xcloc/Localized Contents/de.xliff:18:7: warning: the de translation of NSLocationWhenInUseUsageDescription has no <target>: once imported, users see the en text [xliff-state]",
        "fr.xcloc/Localized Contents/fr.xliff:22:9: warning: the fr translation of NSUserTrackingUsageDescription is marked new: not translated yet, so its text is a draft or the en one [xliff-state]",
      ], "\(outcome.out)")
  }

  @Test func aBrokenXLIFFIsOneLineWithItsPlace() {
    let broken = Self.exports + "/broken.xliff"
    let expected = "\(broken):7:24: error: the XLIFF file cannot be read: this closing tag does not close <target>"
    let prompts = attsim("prompts", broken)
    #expect(prompts.status == 2 && prompts.err == "attsim: \(expected)\n" && prompts.out.isEmpty)
    let gallery = attsim("gallery", broken, "--out", "-")
    #expect(gallery.status == 2 && gallery.err == "attsim: \(expected)\n")
    let check = attsim("check", broken)
    #expect(check.status == 1)
    #expect(
      check.out.hasPrefix(
        "\(broken):7:24: error: cannot be read: this closing tag does not close <target> [parse-error]"))
  }

  @Test func hostileTextReachesNoTerminalRaw() {
    let hostile = Self.exports + "/hostile.xliff"
    let runs = [
      attsim("prompts", hostile, "--key", "all"), attsim("check", hostile),
      attsim("check", hostile, "--all-strings", "--format", "json"),
    ]
    for outcome in runs {
      #expect(!outcome.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }
    #expect(attsim("prompts", hostile).out.contains(#""$(rm -rf ~) `reboot` 'quoted'""#))
    #expect(attsim("check", hostile).out.contains("[control-character NSUserTrackingUsageDescription]"))
  }

  @Test func everyInfoPlistUnitIsJudgedWithAllStrings() {
    let outcome = attsim("check", Self.folder + "/de.xcloc", "--all-strings")
    // The display name is translated; the Localizable table's units stay out.
    #expect(!outcome.out.contains("CFBundleDisplayName") && !outcome.out.contains("Continue"))
    #expect(outcome.out.split(separator: "\n").filter { $0.contains("[xliff-state") }.count == 2)
    let hostile = attsim("check", Self.exports + "/hostile.xliff", "--all-strings")
    #expect(hostile.out.contains("has no <target>") && hostile.out.contains("\\u{1B}]0;title"), "\(hostile.out)")
  }

  @Test func aBrokenFileAmongOthersLeavesTheOthersJudged() throws {
    let folder = try temporaryFolder()
    let fixture = URL(fileURLWithPath: Self.folder + "/fr.xcloc")
    try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent("fr.xcloc"))
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: Self.exports + "/broken.xliff"), to: folder.appendingPathComponent("it.xliff"))
    let check = attsim("check", folder.path)
    #expect(check.status == 1)
    #expect(
      check.out.contains("it.xliff:7:24: error: cannot be read: this closing tag does not close <target> [parse-error]")
    )
    #expect(
      check.out.contains("fr.xliff:22:9: warning: the fr translation of NSUserTrackingUsageDescription is marked new"))
    #expect(attsim("prompts", folder.path).status == 2)
  }

  @Test func theGalleryDrawsEveryLanguage() throws {
    let out = try temporaryFolder().appendingPathComponent("gallery.html").path
    let outcome = attsim("gallery", Self.folder, "--out", out)
    #expect(outcome.status == 0 && outcome.err.contains("4 locales"), "\(outcome.err)")
    let page = try String(contentsOfFile: out, encoding: .utf8)
    for text in ["Ihre Daten messen Anzeigen", "Vos données mesurent", "パートナーの広告"] {
      #expect(page.contains(text), "\(text)")
    }
  }

  @Test func theSimulatorAsksWithTheTranslationAndDoesNotCrash() throws {
    let script = try write("request\n", to: "request.attsim", in: try temporaryFolder())
    let outcome = attsim("render", "--app", Self.folder, "--locale", "de", "--script", script)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("Ihre Daten messen Anzeigen &"))
    #expect(outcome.out.contains("Prompt text  de.xliff (de)") && !outcome.out.contains("crashes"))
  }

  @Test func anXclocWithoutLocalizedContentsIsNoApp() throws {
    let empty = try temporaryFolder().appendingPathComponent("it.xcloc")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let outcome = attsim("prompts", empty.path)
    #expect(outcome.status == 2 && outcome.err.contains("holds no Localized Contents/*.xliff file"))
  }
}
