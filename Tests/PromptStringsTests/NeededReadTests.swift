import Foundation
import Testing

@testable import StringsFiles

/// Reading only what a command needs (issue 38, item 4) gives what reading everything gives: a catalog read
/// for its languages, and a JSON document built to a shape.
@Suite struct NeededReadTests {
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
}
