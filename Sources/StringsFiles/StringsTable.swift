/// One `key = value;` of a strings file, with where it stands.
public struct StringsEntry: Sendable {
  /// The key.
  public var key: String
  /// The value (a string, unless the file uses the old-style plist forms).
  public var value: PlistValue
  /// Byte offset of the key in the UTF-8 text.
  public var keyOffset: Int
  /// Byte offset where the value starts.
  public var valueOffset: Int
}

/// A syntax error in a strings file, and what iOS does about it.
public struct StringsSyntaxError: Sendable, Hashable {
  /// What iOS makes of the file.
  public enum Effect: Sendable, Hashable {
    /// iOS cannot read the file at all: every key in it falls back.
    case fileIgnored
    /// iOS silently stops here: the entries before count, everything after is ignored.
    case restIgnored
  }

  /// Byte offset in the UTF-8 text.
  public var offset: Int
  /// What is wrong, for a person.
  public var message: String
  /// What iOS does.
  public var effect: Effect
}

/// A strings file as read: its entries, and whatever is wrong with it.
public struct StringsTable: Sendable {
  /// The file's encoding.
  public var encoding: TextEncoding
  /// The text as UTF-8 (empty for binary property lists).
  public var text: [UInt8]
  /// Every entry parsed, in file order, duplicates included (up to a syntax error).
  public var entries: [StringsEntry]
  /// The syntax error, if any.
  public var syntaxError: StringsSyntaxError?
  /// Encoding flaws iOS reads past, at byte offsets into the original file.
  public var encodingFlaws: [EncodingProblem] = []

  /// Whether iOS reads any of the file.
  public var isReadByIOS: Bool { syntaxError?.effect != .fileIgnored }

  /// What iOS sees: key to value, the last of duplicate keys winning; empty when iOS ignores the file.
  public var values: [String: PlistValue] {
    guard isReadByIOS else { return [:] }
    var result: [String: PlistValue] = [:]
    result.reserveCapacity(entries.count)
    for entry in entries { result[entry.key] = entry.value }
    return result
  }

  /// The last entry for `key` (the one iOS uses), if any.
  public func entry(for key: String) -> StringsEntry? {
    entries.last { $0.key == key }
  }

  /// Line and column lookup for this file's text.
  public var lineMap: LineMap { LineMap(bytes: text) }
}
