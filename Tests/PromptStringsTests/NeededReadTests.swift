import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import TestApps
import Testing

@testable import StringsFiles

/// Reading only what a command needs (issue 38, item 4) gives what reading everything gives: `prompts`' and
/// `check`'s reads of an app, a catalog read for its languages, a JSON document built to a shape, and a look
/// into the code that stops once it has its answers.
@Suite struct NeededReadTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// Every app of the fixtures and the demo app, each way it can be named.
  static let apps =
    [
      "Built", "Built/Payload/Lumen.app", "FlutterApp", "FlutterApp/ios", "SourceTree", "WorldScripts", "Xcode15App",
      "Xcode15App/Xcode15App.xcodeproj", "Xcode16App",
    ].map { fixtures.appendingPathComponent($0).path } + [assets.appendingPathComponent("DemoApp").path]

  // MARK: An app's purpose tables alone

  @Test(arguments: apps)
  func purposeTablesAloneShowWhatTheWholeAppShows(path: String) throws {
    let whole = try AppResources.loadAll(FilePath(path)).get()
    for forCheck in [false, true] {
      let read = try AppResources.loadAll(FilePath(path), strings: .purposeTables(forCheck: forCheck)).get()
      try #require(read.count == whole.count)
      for (app, all) in zip(read, whole) {
        #expect(app.target == all.target && app.localizations == all.localizations)
        #expect(app.developmentRegion == all.developmentRegion && app.purposeKeys == all.purposeKeys)
        #expect(app.folders.map(\.name) == all.folders.map(\.name))
        #expect(app.catalogs.map(\.path) == all.catalogs.map(\.path))
        for locale in [all.developmentRegion] + all.localizations + ["zh-HK", "xx"] {
          #expect(app.appName(locale: locale) == all.appName(locale: locale), "\(path) \(locale)")
          for key in all.purposeKeys {
            #expect(app.infoPlistString(key, locale: locale) == all.infoPlistString(key, locale: locale))
          }
        }
        if forCheck {
          #expect(app.unreadable == all.unreadable && app.outside == all.outside && app.notes == all.notes, "\(path)")
          #expect(app.privacyManifests.map(\.path) == all.privacyManifests.map(\.path))
        }
      }
    }
  }

  @Test(arguments: apps)
  func checkFindsWhatItFindsInTheWholeApp(path: String) throws {
    let whole = try AppResources.loadAll(FilePath(path)).get()
    let expected = whole.flatMap { app in
      PromptLinter.check(app: app).map { finding in
        var finding = finding
        if whole.count > 1 { finding.target = app.target }
        return finding
      }
    }
    let input = try CheckInput.read(FilePath(path), target: nil, configuration: nil, allStrings: false).get()
    #expect(PromptLinter.check(input).findings == expected)
  }

  @Test func promptsReadsNoOtherFileAndCheckOpensTheOtherTablesOnly() throws {
    let root = try makeApp([
      "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": "Track?"]),
      "de.lproj/InfoPlist.strings": "\"NSUserTrackingUsageDescription\" = \"Verfolgen?\";\n",
      "de.lproj/Localizable.strings": "\"a\" = ",
      "fr.lproj/Main.strings": "\"b\" = \"c\";\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    for forCheck in [false, true] {
      let app = try AppResources.load(FilePath(root), strings: .purposeTables(forCheck: forCheck)).get()
      #expect(app.localizations == ["de", "fr"])
      #expect(app.folder(named: "de")?.files.keys.sorted() == ["InfoPlist"])
      // The privacy manifest only check reads.
      let manifest = forCheck ? [root + "/PrivacyInfo.xcprivacy"] : []
      #expect(Set(app.inputs.values) == Set([root + "/Info.plist", root + "/de.lproj/InfoPlist.strings"] + manifest))
    }
  }

  // MARK: A catalog's languages alone

  /// A catalog with what Xcode writes: comments, states, variations, a value that is not a string, escapes,
  /// text in several scripts.
  static let catalog = Array(
    """
    {"sourceLanguage": "de", "strings": {
      "Hello": {"comment": "a \\"greeting\\" \\u00e9\\ud83d\\ude00", "extractionState": "stale", "localizations": {
        "fr": {"stringUnit": {"state": "translated", "value": "Bonjour"}},
        "ja": {"stringUnit": {"state": "new", "value": "こんにちは\\n"}},
        "ko": {"variations": {"plural": {"one": {"stringUnit": {"value": "x"}}}}}, "nl": {"stringUnit": {"value": 3}}}},
      "Bye": {"localizations": {"it": {"stringUnit": {"value": "Ciao", "state": [1, 2.5e3, true, null]}}}},
      "Bye": {"localizations": {"sv": {"stringUnit": {"value": "Hej då"}}}}, "Odd": ["not", {"an": "object"}]
    }, "version": "1.0"}
    """.utf8)

  /// The catalog, and the catalog broken at each byte in a few ways: a byte left out, a byte that is not
  /// UTF-8, a backslash before it.
  static let catalogs: [[UInt8]] = [catalog] + catalog.indices.flatMap(broken(at:))

  /// The catalog broken at `index` each way.
  static func broken(at index: Int) -> [[UInt8]] {
    let before = Array(catalog[..<index])
    let after = Array(catalog[(index + 1)...])
    return [before + after, before + [0xFF] + after, before + [0x5C, catalog[index]] + after]
  }

  @Test func aCatalogReadForItsLanguagesFailsAndSucceedsAsTheWholeRead() throws {
    let languages = try StringCatalog.read(bytes: Self.catalog, path: "Localizable.xcstrings", entries: false).get()
    #expect(languages.languages == ["fr", "ja", "sv"] && languages.sourceLanguage == "de")
    for bytes in Self.catalogs {
      let lean = StringCatalog.read(bytes: bytes, path: "Localizable.xcstrings", entries: false)
      switch (lean, StringCatalog.read(bytes: bytes, path: "Localizable.xcstrings", entries: true)) {
      case (.success(let lean), .success(let whole)):
        #expect(lean.languages == whole.languages && lean.languageSet == whole.languageSet)
        #expect(lean.sourceLanguage == whole.sourceLanguage && lean.tableName == whole.tableName)
        #expect(lean.translations.isEmpty && lean.staleKeys.isEmpty && lean.malformed.isEmpty)
      case (.failure(let lean), .failure(let whole)):
        #expect(lean == whole)
      case (let lean, let whole):
        Issue.record("read for its languages: \(lean); read whole: \(whole); \(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  /// A document built to a shape fails as the whole one does, and keeps what the shape names as the whole
  /// one has it.
  @Test func aShapedParseFailsAsTheWholeParseAndKeepsWhatItNames() {
    let shape = JSONShape.members([
      "sourceLanguage": .whole, "strings": .everyMember(.members(["comment": .whole, "localizations": .kindOnly])),
    ])
    for bytes in Self.catalogs {
      switch (JSONReader.parse(bytes, shape: shape), JSONReader.parse(bytes)) {
      case (.success(let shaped), .success(let whole)):
        #expect(Self.same(shaped, Self.projected(whole, shape)), "\(String(decoding: bytes, as: UTF8.self))")
      case (.failure(let shaped), .failure(let whole)):
        #expect(shaped.offset == whole.offset && shaped.message == whole.message)
      case (let shaped, let whole):
        Issue.record("shaped: \(shaped); whole: \(whole); \(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  /// `value` as a parse to `shape` keeps it: the members named, and the kind alone of what is not built.
  static func projected(_ value: JSONValue, _ shape: JSONShape) -> JSONValue {
    switch (value, shape) {
    case (_, .whole), (.number, _), (.bool, _), (.null, _): return value
    case (.string, _): return .string("")
    case (.array, _): return .array([])
    case (.object(let object), .members(let named)):
      var kept = JSONObject()
      for (key, member) in object.members { if let shape = named[key] { kept.members[key] = projected(member, shape) } }
      return .object(kept)
    case (.object(let object), .everyMember(let shape)):
      var kept = JSONObject()
      for (key, member) in object.members { kept.members[key] = projected(member, shape) }
      return .object(kept)
    case (.object, .kindOnly): return .object(JSONObject())
    }
  }

  /// Whether two values are the same, member by member.
  static func same(_ one: JSONValue, _ other: JSONValue) -> Bool {
    switch (one, other) {
    case (.object(let one), .object(let other)):
      one.members.count == other.members.count
        && one.members.allSatisfy { key, value in other.members[key].map { same(value, $0) } ?? false }
    case (.array(let one), .array(let other)): one.count == other.count && zip(one, other).allSatisfy(same)
    case (.string(let one), .string(let other)): one == other
    case (.number(let one), .number(let other)): one == other
    case (.bool(let one), .bool(let other)): one == other
    case (.null, .null): true
    default: false
    }
  }

  // MARK: A look into the code that stops once it has its answers

  /// An app folder with `A.swift` (a request and twenty calls under a beta name), then `B.swift`, whose
  /// Info.plist has the tracking purpose string or not.
  static func appWithCode(purposeString: Bool) throws -> String {
    let beta = String(
      repeating: "ATTrackingManager.requestTrackingAuthorization(usingExpandedInterface: true)\n", count: 20)
    return try makeApp([
      "Info.plist": infoPlist(purposeString ? ["NSUserTrackingUsageDescription": "Track?"] : ["CFBundleName": "Code"]),
      "A.swift": "ATTrackingManager.requestTrackingAuthorization { _ in }\n" + beta,
      "B.swift": "ATTrackingManager.requestTrackingAuthorization(usingExpandedInterface: false)\n",
      "Podfile": "pod 'AppTrackingTransparency'\n",
    ])
  }

  @Test func theLookStopsOnceTheFirstRequestAndTwentyBetaCallsAreFound() throws {
    let root = try Self.appWithCode(purposeString: false)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let app = try load(root)
    let scan = app.scanCode(askingWhetherItTracks: true)
    #expect(scan.tracking == .asks("A.swift:1 calls requestTrackingAuthorization", scan.requests.first))
    #expect(scan.betaCalls.count == 20 && scan.betaCalls.allSatisfy { $0.file == root + "/A.swift" })
    #expect(app.inputs.values.contains(root + "/A.swift"))
    #expect(!app.inputs.values.contains(root + "/B.swift") && !app.inputs.values.contains(root + "/Podfile"))
  }

  @Test func anAppWithThePurposeStringIsNotAskedWhetherItTracks() throws {
    let root = try Self.appWithCode(purposeString: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let app = try load(root)
    let scan = app.scanCode(askingWhetherItTracks: false)
    #expect(scan.requests.isEmpty && scan.plugin == nil && scan.betaCalls.count == 20)
    #expect(app.inputs.values.contains(root + "/A.swift"))
    #expect(!app.inputs.values.contains(root + "/B.swift") && !app.inputs.values.contains(root + "/Podfile"))
    // A built app's binaries tell only whether it asks: they are not read.
    let built = try AppResources.load(FilePath(Self.fixtures.appendingPathComponent("Built").path)).get()
    let binaries = built.scanCode(askingWhetherItTracks: false)
    #expect(binaries.filesRead == 0 && binaries.binary == nil && binaries.tracking == .unknown)
  }
}
