import FileAccess
import Foundation
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

  /// Every language that has at least one translation.
  public var languages: [String] {
    Set(translations.values.flatMap(\.keys)).sorted()
  }

  /// Reads a catalog, or says why it cannot.
  public static func read(_ path: String) -> Result<StringCatalog, ReadProblem> {
    let bytes: [UInt8]
    switch ReadProblem.bytes(of: path) {
    case .failure(let failure): return .failure(failure)
    case .success(let read): bytes = read
    }
    guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      return .failure(ReadProblem("not a JSON String Catalog"))
    }
    guard let strings = root["strings"] as? [String: Any] else {
      return .failure(ReadProblem("a String Catalog needs a \"strings\" object"))
    }
    let locator = JSONLocator(bytes: bytes)
    var translations: [String: [String: Translation]] = [:]
    var stale = Set<String>()
    var keyLocations: [String: SourceLocation] = [:]
    var malformed: [(SourceLocation?, String)] = []
    for (key, entry) in strings {
      let keyOffset = locator.offset(ofKey: key, after: locator.offset(ofKey: "strings", after: 0) ?? 0)
      let keyLocation = keyOffset.map(locator.map.location(of:))
      if let keyLocation { keyLocations[key] = keyLocation }
      let shownKey = "\"\(key.forMessage(limit: 60))\""
      guard let entry = entry as? [String: Any] else {
        malformed.append((keyLocation, "the entry for \(shownKey) is not an object"))
        continue
      }
      if entry["extractionState"] as? String == "stale" { stale.insert(key) }
      let localizations = entry["localizations"] ?? [String: Any]()
      guard let byLanguage = localizations as? [String: Any] else {
        malformed.append((keyLocation, "\"localizations\" of \(shownKey) is not an object"))
        continue
      }
      var perLanguage: [String: Translation] = [:]
      for (language, localization) in byLanguage {
        let languageLocation = keyOffset.flatMap { locator.offset(ofKey: language, after: $0) }.map(
          locator.map.location(of:))
        let what = "the \(language.forMessage(limit: 20)) localization of \(shownKey)"
        guard let localization = localization as? [String: Any] else {
          malformed.append((languageLocation ?? keyLocation, "\(what) is not an object"))
          continue
        }
        // Plural and device variations carry no stringUnit of their own; they are not purpose strings.
        guard let unitObject = localization["stringUnit"] else { continue }
        guard let unit = unitObject as? [String: Any] else {
          malformed.append((languageLocation ?? keyLocation, "\(what) has a \"stringUnit\" that is not an object"))
          continue
        }
        guard let value = unit["value"] as? String else {
          malformed.append((languageLocation ?? keyLocation, "\(what) has a \"value\" that is not a string"))
          continue
        }
        if let state = unit["state"], !(state is String) {
          malformed.append((languageLocation ?? keyLocation, "\(what) has a \"state\" that is not a string"))
        }
        perLanguage[language] = Translation(state: unit["state"] as? String, value: value, location: languageLocation)
      }
      translations[key] = perLanguage
    }
    let name = FilePath(path).stem
    return .success(
      StringCatalog(
        path: path, tableName: name, sourceLanguage: root["sourceLanguage"] as? String ?? "en",
        translations: translations, staleKeys: stale, keyLocations: keyLocations,
        malformed: malformed.sorted { ($0.0?.line ?? 0, $0.1) < ($1.0?.line ?? 0, $1.1) }))
  }
}

/// Finds where object keys stand in JSON text, to point findings at a line (JSONSerialization gives none).
struct JSONLocator {
  let bytes: [UInt8]
  let map: LineMap

  init(bytes: [UInt8]) {
    self.bytes = bytes
    map = LineMap(bytes: bytes)
  }

  /// The offset of the first `"key"` followed by `:` at or after `start`.
  func offset(ofKey key: String, after start: Int) -> Int? {
    let needle = Array(("\"" + escaped(key) + "\"").utf8)
    var from = start
    while let range = bytes.firstRange(of: needle, from: from) {
      var next = range.upperBound
      while next < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
      if next < bytes.count && bytes[next] == UInt8(ascii: ":") { return range.lowerBound }
      from = range.upperBound
    }
    return nil
  }

  private func escaped(_ key: String) -> String {
    key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }
}
