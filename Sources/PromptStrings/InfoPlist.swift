import Foundation

/// An app's Info.plist (XML or binary), with where its keys stand in the XML form.
public struct InfoPlist: Sendable {
  /// The file's path.
  public var path: String
  /// Top-level string values by key (non-string values are left out).
  public var strings: [String: String]
  /// Every top-level key.
  public var keys: [String]
  /// Positions of `<key>…</key>` elements in the XML form; empty for binary plists.
  public var keyLocations: [String: SourceLocation]

  /// The key whose absence crashes an app that requests tracking.
  public static let usageDescriptionKey = "NSUserTrackingUsageDescription"

  /// Reads an Info.plist, or says why it cannot.
  public static func read(_ path: String) -> Result<InfoPlist, ReadProblem> {
    let bytes: [UInt8]
    switch ReadProblem.bytes(of: path) {
    case .failure(let failure): return .failure(failure)
    case .success(let read): bytes = read
    }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    } catch {
      return .failure(ReadProblem("not a property list (\(StringsReader.reason(error)))"))
    }
    guard let dictionary = object as? [String: Any] else {
      return .failure(ReadProblem("not a dictionary property list"))
    }
    var strings: [String: String] = [:]
    for (key, value) in dictionary { if let text = value as? String { strings[key] = text } }
    let locations = bytes.starts(with: Array("bplist".utf8)) ? [:] : Self.keyLocations(in: bytes)
    return .success(
      InfoPlist(path: path, strings: strings, keys: dictionary.keys.sorted(), keyLocations: locations))
  }

  /// The name iOS shows for the app: `CFBundleDisplayName`, else `CFBundleName`.
  public var appName: String? { strings["CFBundleDisplayName"] ?? strings["CFBundleName"] }

  /// `CFBundleDevelopmentRegion`, the language the app falls back to.
  public var developmentRegion: String? { strings["CFBundleDevelopmentRegion"] }

  /// The purpose string iOS shows when no localization overrides it.
  public var usageDescription: String? { strings[Self.usageDescriptionKey] }

  /// Where each `<key>name</key>` starts in XML text.
  static func keyLocations(in bytes: [UInt8]) -> [String: SourceLocation] {
    let map = LineMap(bytes: bytes)
    let open = Array("<key>".utf8)
    let close = Array("</key>".utf8)
    var result: [String: SourceLocation] = [:]
    var index = 0
    while let start = bytes.firstRange(of: open, from: index) {
      guard let end = bytes.firstRange(of: close, from: start.upperBound) else { break }
      let name = String(decoding: bytes[start.upperBound..<end.lowerBound], as: UTF8.self)
      if result[name] == nil { result[name] = map.location(of: start.lowerBound) }
      index = end.upperBound
    }
    return result
  }
}

extension Array where Element == UInt8 {
  /// The first occurrence of `needle` at or after `from`.
  func firstRange(of needle: [UInt8], from: Int) -> Range<Int>? {
    guard !needle.isEmpty, count >= needle.count else { return nil }
    var index = from
    let last = count - needle.count
    while index <= last {
      if self[index] == needle[0] && self[index..<(index + needle.count)].elementsEqual(needle) {
        return index..<(index + needle.count)
      }
      index += 1
    }
    return nil
  }
}
