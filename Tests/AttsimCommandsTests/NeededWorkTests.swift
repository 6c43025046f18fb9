import FileAccess
import Foundation
import Testing

/// Each command reads what its output needs and no more (issue 38, item 4): `prompts` only the tables purpose
/// strings are looked up in, `check` the other tables only with `--all-strings`, and what is left unread
/// never takes the place of what is read.
@Suite struct NeededWorkTests {
  /// An app whose `de.lproj/Localizable.strings` is a huge file of NUL bytes (all but 64 KB of what attsim
  /// reads for one command) and whose Swedish purpose string stands in a 128 KB `sv.lproj/InfoPlist.strings`.
  static func appWithAHugeOtherTable() throws -> URL {
    let root = try temporaryFolder()
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp/Info.plist"),
      to: root.appendingPathComponent("Info.plist"))
    for folder in ["de.lproj", "sv.lproj"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    let huge = root.appendingPathComponent("de.lproj/Localizable.strings")
    _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: UInt64(InputFiles.defaultBudget - (64 << 10)))
    try handle.close()
    let padding = "/* " + String(repeating: "x", count: 128 << 10) + " */\n"
    _ = try write(
      "\"NSUserTrackingUsageDescription\" = \"Tillåt spårning?\";\n" + padding, to: "sv.lproj/InfoPlist.strings",
      in: root)
    return root
  }

  @Test func promptsShowsAPurposeStringPastAHugeTableItDoesNotRead() throws {
    let root = try Self.appWithAHugeOtherTable()
    defer { try? FileManager.default.removeItem(at: root) }
    let prompts = attsim("prompts", root.path, "--locale", "sv", "--format", "json")
    #expect(prompts.status == 0, "\(prompts.err)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(prompts.out.utf8)) as? [String: Any])
    let row = try #require((object["prompts"] as? [[String: Any]])?.first)
    #expect(row["text"] as? String == "Tillåt spårning?", "\(prompts.out)")
    #expect((row["source"] as? [String: Any])?["file"] as? String == "sv.lproj/InfoPlist.strings")
    #expect(object["localizations"] as? [String] == ["de", "sv"])
  }

  @Test func checkWithoutAllStringsReadsNoOtherTable() throws {
    let root = try Self.appWithAHugeOtherTable()
    defer { try? FileManager.default.removeItem(at: root) }
    let check = attsim("check", root.path, "--format", "json")
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [[String: Any]])
    // No rule reads Localizable.strings without --all-strings, so it costs nothing and stops nothing.
    #expect(!findings.contains { ($0["file"] as? String)?.hasSuffix("Localizable.strings") == true }, "\(check.out)")
    #expect(!findings.contains { ($0["message"] as? String)?.contains("cannot be read") == true }, "\(check.out)")
    // The sv table was read and judged: its tracking text is its own, so only the Markdown key, which neither
    // de nor sv translates, is one no localization translates.
    let untranslatedEverywhere = findings.filter { $0["rule"] as? String == "not-localized" }.map {
      $0["key"] as? String
    }
    #expect(untranslatedEverywhere == ["NSUserTrackingMarkdownUsageDescription"], "\(check.out)")
    #expect(check.status == 0)
  }

  /// A String Catalog that is not the InfoPlist table is read for its languages only; one that is not JSON
  /// is named at the same place, and its languages are the app's, as when every table is read.
  @Test func anotherCatalogIsReadForItsLanguagesAsTheWholeReadHasThem() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp/Info.plist"),
      to: root.appendingPathComponent("Info.plist"))
    _ = try write(
      """
      {"sourceLanguage": "en", "strings": {
        "Hello": {"comment": "a greeting", "localizations": {
          "fr": {"stringUnit": {"state": "translated", "value": "Bonjour"}},
          "ko": {"variations": {"plural": {"one": {"stringUnit": {"state": "new", "value": "x"}}}}}
        }},
        "Bye": {"localizations": {"it": {"stringUnit": {"value": "Ciao"}}, "nl": {"stringUnit": {"value": 3}}}}
      }, "version": "1.0"}
      """, to: "Localizable.xcstrings", in: root)
    _ = try write("{\"strings\": {\"a\": {\"comment\": \"\\q\"}}}", to: "Broken.xcstrings", in: root)
    let prompts = attsim("prompts", root.path)
    #expect(prompts.out.contains("· 2 localizations"), "fr and it: \(prompts.out)")
    let check = attsim("check", root.path)
    let all = attsim("check", root.path, "--all-strings")
    let broken =
      "\(root.path)/Broken.xcstrings:1:34: error: cannot be read: not a JSON String Catalog: an unknown escape in a string"
    #expect(check.out.contains(broken), "\(check.out)")
    #expect(all.out.contains(broken), "\(all.out)")
    #expect(check.status == 1 && all.status == 1)
  }
}
