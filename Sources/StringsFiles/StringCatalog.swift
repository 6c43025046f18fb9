import Diagnostics
import FileAccess
import TextSupport

/// An Xcode String Catalog (`.xcstrings`): per key and language, a value and its translation state.
public struct StringCatalog: Sendable {
  /// One language's translation of a key.
  public struct Translation: Hashable, Sendable {
    /// `translated`, `new`, `needs_review`, `stale`, … as Xcode writes it.
    public var state: String?
    /// The text.
    public var value: String
    /// Where the language's entry starts in the file, when found.
    public var location: SourceLocation?
    /// Whether the text is the source's, standing for a translation the file lacks (an XLIFF unit without a
    /// target): what ships, but no translation to judge.
    public var isSourceText = false
  }

  /// The file's path.
  public var path: String
  /// The table it compiles to (the file name without `.xcstrings`, for example `InfoPlist`).
  public var tableName: String
  /// The language the keys are written in.
  public var sourceLanguage: String
  /// Key → language → translation.
  public var translations: [String: [String: Translation]]
  /// Keys Xcode marked `"extractionState": "stale"` (no longer in the code).
  public var staleKeys: Set<String>
  /// Where each key starts in the file.
  public var keyLocations: [String: SourceLocation]
  /// Entries Xcode cannot compile (a value that is not a string, a localization that is not an object), with
  /// where they are: iOS never sees them.
  public var malformed: [(location: SourceLocation?, message: String)] = []

  /// Every language that has at least one translation, sorted.
  public let languages: [String]
  /// The same, to look one up at once.
  public let languageSet: Set<String>

  /// Reads a catalog, or says why it cannot. Without `entries`, only what makes it part of an app is kept:
  /// that it is a catalog, its source language and its languages; its translations, stale keys, key
  /// locations and malformed entries are left empty, and are built not at all.
  public static func read(_ file: FilePath, from files: InputFiles = InputFiles(), entries: Bool = true) -> Result<
    StringCatalog, ReadProblem
  > {
    ReadProblem.bytes(of: file, from: files).flatMap { read(bytes: $0, path: file.string, entries: entries) }
  }

  /// The catalog `bytes` hold, read from `path` (see `read(_:from:entries:)`).
  static func read(bytes: [UInt8], path: String, entries: Bool) -> Result<StringCatalog, ReadProblem> {
    let root: JSONObject
    switch JSONReader.parse(bytes, shape: entries ? .whole : languagesOnly) {
    case .failure(let problem):
      return .failure(
        ReadProblem(
          file: path, "not a JSON String Catalog: \(problem.message)",
          location: LineMap(bytes: bytes).location(of: problem.offset)))
    case .success(let value):
      guard let object = value.object else { return .failure(ReadProblem(file: path, "not a JSON String Catalog")) }
      root = object
    }
    guard let strings = root["strings"]?.object else {
      return .failure(ReadProblem(file: path, "a String Catalog needs a \"strings\" object"))
    }
    let map = entries ? LineMap(bytes: bytes) : nil
    var translations: [String: [String: Translation]] = [:]
    var languages = Set<String>()
    var stale = Set<String>()
    var keyLocations: [String: SourceLocation] = [:]
    var malformed: [(SourceLocation?, String)] = []
    for (key, entry) in strings.members {
      let keyLocation = map.flatMap { map in strings.offsets[key].map(map.location(of:)) }
      if let keyLocation { keyLocations[key] = keyLocation }
      // Only a malformed entry's message names its key: most catalogs never need it.
      var shownKey: String { "\"\(key.forMessage(limit: 60))\"" }
      guard let entry = entry.object else {
        malformed.append((keyLocation, "the entry for \(shownKey) is not an object"))
        continue
      }
      if entries && entry["extractionState"]?.string == "stale" { stale.insert(key) }
      let localizations = entry["localizations"] ?? .object(JSONObject())
      guard let byLanguage = localizations.object else {
        malformed.append((keyLocation, "\"localizations\" of \(shownKey) is not an object"))
        continue
      }
      var perLanguage: [String: Translation] = [:]
      for (language, localization) in byLanguage.members {
        let languageLocation = map.flatMap { map in byLanguage.offsets[language].map(map.location(of:)) }
        var what: String { "the \(language.forMessage(limit: 20)) localization of \(shownKey)" }
        guard let localization = localization.object else {
          malformed.append((languageLocation ?? keyLocation, "\(what) is not an object"))
          continue
        }
        // Plural and device variations carry no stringUnit of their own; they are not purpose strings.
        guard let unitValue = localization["stringUnit"] else { continue }
        guard let unit = unitValue.object else {
          malformed.append((languageLocation ?? keyLocation, "\(what) has a \"stringUnit\" that is not an object"))
          continue
        }
        guard let value = unit["value"]?.string else {
          malformed.append((languageLocation ?? keyLocation, "\(what) has a \"value\" that is not a string"))
          continue
        }
        languages.insert(language)
        guard entries else { continue }
        if let state = unit["state"], state.string == nil {
          malformed.append((languageLocation ?? keyLocation, "\(what) has a \"state\" that is not a string"))
        }
        perLanguage[language] = Translation(state: unit["state"]?.string, value: value, location: languageLocation)
      }
      if entries { translations[key] = perLanguage }
    }
    let name = FilePath(path).stem
    return .success(
      StringCatalog(
        path: path, tableName: name, sourceLanguage: root["sourceLanguage"]?.string ?? "en",
        translations: translations, staleKeys: stale, keyLocations: keyLocations,
        malformed: entries ? malformed.sorted { ($0.0?.line ?? 0, $0.1) < ($1.0?.line ?? 0, $1.1) } : [],
        languages: languages.sorted(), languageSet: languages))
  }

  /// What a read without entries builds: the source language, and of each entry's localizations only
  /// whether each has a string value.
  private static let languagesOnly = JSONShape.members([
    "sourceLanguage": .whole,
    "strings": .everyMember(
      .members(["localizations": .everyMember(.members(["stringUnit": .members(["value": .kindOnly])]))])),
  ])
}
