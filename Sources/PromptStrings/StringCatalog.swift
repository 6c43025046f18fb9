import FileAccess
import Foundation

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
    for (key, entry) in strings {
      let entry = entry as? [String: Any] ?? [:]
      let keyOffset = locator.offset(ofKey: key, after: locator.offset(ofKey: "strings", after: 0) ?? 0)
      if let keyOffset { keyLocations[key] = locator.map.location(of: keyOffset) }
      if entry["extractionState"] as? String == "stale" { stale.insert(key) }
      var perLanguage: [String: Translation] = [:]
      for (language, localization) in entry["localizations"] as? [String: Any] ?? [:] {
        guard let unit = (localization as? [String: Any])?["stringUnit"] as? [String: Any],
          let value = unit["value"] as? String
        else { continue }
        let languageOffset = keyOffset.flatMap { locator.offset(ofKey: language, after: $0) }
        perLanguage[language] = Translation(
          state: unit["state"] as? String, value: value, location: languageOffset.map(locator.map.location(of:)))
      }
      translations[key] = perLanguage
    }
    let name = FilePath(path).stem
    return .success(
      StringCatalog(
        path: path, tableName: name, sourceLanguage: root["sourceLanguage"] as? String ?? "en",
        translations: translations, staleKeys: stale, keyLocations: keyLocations))
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
