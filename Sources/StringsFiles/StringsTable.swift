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

/// A key of a dictionary nested in the file's values, and where it stands.
public struct NestedKey: Sendable {
  public var key: String
  /// Byte offset of the key in the UTF-8 text.
  public var offset: Int
  /// How deep its dictionary is nested (a value of the file's own pairs is at 1).
  public var depth: Int
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
  /// The keys of nested dictionaries, when the parse was asked for them.
  public var nestedKeys: [NestedKey] = []
  /// Line and column lookup for this file's text.
  public let lineMap: LineMap
  /// The index in `entries` of each key's last entry.
  private let lastEntry: [String: Int]

  /// A table of `entries` read from `text` in `encoding`, ended by `syntaxError` if any.
  init(encoding: TextEncoding, text: [UInt8], entries: [StringsEntry], syntaxError: StringsSyntaxError?) {
    self.encoding = encoding
    self.text = text
    self.entries = entries
    self.syntaxError = syntaxError
    lineMap = LineMap(bytes: text)
    var last: [String: Int] = [:]
    last.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() { last[entry.key] = index }
    lastEntry = last
  }

  /// Whether iOS reads any of the file.
  public var isReadByIOS: Bool { syntaxError?.effect != .fileIgnored }

  /// What iOS sees: key to value, the last of duplicate keys winning; empty when iOS ignores the file.
  public var values: [String: PlistValue] {
    guard isReadByIOS else { return [:] }
    return lastEntry.mapValues { entries[$0].value }
  }

  /// The keys iOS sees, each once.
  public var keys: Dictionary<String, Int>.Keys { lastEntry.keys }

  /// The last entry for `key` (the one iOS uses), if any.
  public func entry(for key: String) -> StringsEntry? {
    lastEntry[key].map { entries[$0] }
  }
}
