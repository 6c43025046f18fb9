import TextSupport

/// The old-style property-list grammar of strings files, read the way CoreFoundation reads it, with
/// messages a person understands. Works on valid UTF-8 bytes.
///
/// CoreFoundation's quirks are kept on purpose, because they decide what iOS shows:
/// - after a complete `key = value;`, anything that cannot start a key (a stray character, an unclosed
///   quote, a NUL byte) silently ends the file: the entries before it count, the rest is ignored;
/// - every other error makes iOS ignore the whole file.
struct OldStyleParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private(set) var entries: [StringsEntry] = []
  /// Every key of a nested dictionary, in file order, when asked for (`recordsNestedKeys`): a project file's
  /// objects and their settings, to point findings at a line without searching the text again.
  private(set) var nestedKeys: [NestedKey] = []
  private let recordsNestedKeys: Bool

  /// A parse that ended with a syntax error.
  struct Stop: Error {
    var error: StringsSyntaxError
  }

  init(bytes: UnsafeBufferPointer<UInt8>, recordsNestedKeys: Bool = false) {
    self.bytes = bytes
    self.recordsNestedKeys = recordsNestedKeys
  }

  /// Parses the whole text; returns the syntax error that ended it, if any (entries are kept either way).
  mutating func parseFile() -> StringsSyntaxError? {
    do throws(Stop) {
      skipSpace()
      guard index < bytes.count else { return nil }
      let first = bytes[index]
      if first == UInt8(ascii: "{") {
        let open = index
        index += 1
        _ = try parseDictionaryContent(.braces)
        try expectClosing(UInt8(ascii: "}"), openedAt: open, what: "dictionary")
        skipSpace()
        if index < bytes.count {
          throw stop("unexpected \(describe(index)) after the closing '}'", .fileIgnored)
        }
        return nil
      }
      if first == UInt8(ascii: "(") || first == UInt8(ascii: "<") {
        let value = try parseObject(required: true)
        throw Stop(
          error: StringsSyntaxError(
            offset: 0, message: "a strings file holds \"key\" = \"value\"; pairs, not \(value?.kindName ?? "a value")",
            effect: .fileIgnored))
      }
      guard startsString(first) else {
        throw stop(
          "unexpected \(describe(index)): a strings file starts with a \"key\" = \"value\"; pair", .fileIgnored)
      }
      _ = try parseDictionaryContent(.stringsFile)
      return nil
    } catch {
      return error.error
    }
  }

  // MARK: Dictionaries

  /// Where a run of `key = value;` pairs stands.
  private enum Mode {
    /// The file itself, without braces: after the first pair, anything that cannot start a key ends the
    /// file silently.
    case stringsFile
    /// The file's outer `{ }`: the pairs are entries, and the caller expects the `}`.
    case braces
    /// A dictionary value: the pairs are returned, and the caller expects the `}`.
    case nested
  }

  /// Reads `key = value;` pairs until something that cannot start a key. Outside `.nested` the pairs
  /// become entries; inside they are returned.
  private mutating func parseDictionaryContent(_ mode: Mode, depth: Int = 0) throws(Stop) -> [String: PlistValue] {
    var dictionary: [String: PlistValue] = [:]
    var isFirstKey = mode == .stringsFile
    while true {
      skipSpace()
      guard index < bytes.count else { return dictionary }
      let keyOffset = index
      let truncates = mode == .stringsFile && !isFirstKey
      guard startsString(bytes[index]) else {
        if truncates {
          throw stop(
            "unexpected \(describe(index)) where a key should start: iOS stops reading here and ignores the rest of the file",
            .restIgnored)
        }
        return dictionary
      }
      let key: String
      do throws(Stop) {
        key = try parseString()
      } catch {
        // Inside braces a key that fails to parse ends the pairs, as in CoreFoundation: the `}` check decides.
        if mode != .stringsFile { return dictionary }
        var error = error
        if truncates {
          error.error.effect = .restIgnored
          error.error.message += ": iOS stops reading here and ignores the rest of the file"
        }
        throw error
      }
      isFirstKey = false
      if mode == .nested && recordsNestedKeys {
        nestedKeys.append(NestedKey(key: key, offset: keyOffset, depth: depth))
      }
      let afterKey = index
      skipSpace()
      guard index < bytes.count else {
        throw stop("missing ';' after the key \(quoted(key))", .fileIgnored, at: afterKey)
      }
      let value: PlistValue
      let valueOffset: Int
      if bytes[index] == UInt8(ascii: ";") {
        value = .string(key)
        valueOffset = keyOffset
      } else if bytes[index] == UInt8(ascii: "=") {
        index += 1
        skipSpace()
        valueOffset = index
        guard index < bytes.count, let parsed = try parseObject(required: false, depth: depth + 1) else {
          let found = index < bytes.count ? "found \(describe(index))" : "the file ends"
          throw stop("missing value after '=' for \(quoted(key)); \(found)", .fileIgnored)
        }
        value = parsed
      } else {
        throw stop("expected '=' or ';' after the key \(quoted(key)), found \(describe(index))", .fileIgnored)
      }
      let afterValue = index
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
        throw stop("missing ';' after the value of \(quoted(key))", .fileIgnored, at: afterValue)
      }
      index += 1
      if mode == .nested {
        dictionary[key] = value
      } else {
        entries.append(StringsEntry(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
      }
    }
  }

  // MARK: Values

  /// CoreFoundation reads values nested at most this deep (the file's own pairs are at depth 1).
  static let maximumDepth = 512
  /// How the message about values nested too deep begins.
  static let tooDeep = "values are nested more than"

  /// A value: string, `{ dictionary }`, `( array )` or `<data>`, nested `depth` levels deep. nil (without
  /// error) when the current character cannot start one and `required` is false.
  private mutating func parseObject(required: Bool, depth: Int = 1) throws(Stop) -> PlistValue? {
    skipSpace()
    guard index < bytes.count else { return nil }
    let open = index
    let first = bytes[index]
    if depth > Self.maximumDepth && (startsString(first) || "{(<".utf8.contains(first)) {
      throw stop("\(Self.tooDeep) \(Self.maximumDepth) levels deep", .fileIgnored)
    }
    switch first {
    case UInt8(ascii: "{"):
      index += 1
      let dictionary = try parseDictionaryContent(.nested, depth: depth)
      try expectClosing(UInt8(ascii: "}"), openedAt: open, what: "dictionary")
      return .dictionary(dictionary)
    case UInt8(ascii: "("):
      index += 1
      var elements: [PlistValue] = []
      while true {
        // Like CoreFoundation, an element that fails to parse just ends the array; the ')' check decides.
        let parsed: PlistValue?
        do throws(Stop) {
          parsed = try parseObject(required: false, depth: depth + 1)
        } catch {
          // Too deep is too deep, whatever encloses it: say so, not that a ')' is missing.
          if error.error.message.hasPrefix(Self.tooDeep) { throw error }
          break
        }
        guard let element = parsed else { break }
        elements.append(element)
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
        index += 1
      }
      try expectClosing(UInt8(ascii: ")"), openedAt: open, what: "array")
      return .array(elements)
    case UInt8(ascii: "<"):
      return .data(try parseData())
    case let byte where startsString(byte):
      return .string(try parseString())
    default:
      if required { throw stop("unexpected \(describe(index))", .fileIgnored) }
      return nil
    }
  }

  private mutating func expectClosing(_ closing: UInt8, openedAt open: Int, what: String) throws(Stop) {
    skipSpace()
    guard index < bytes.count, bytes[index] == closing else {
      let found = index < bytes.count ? "found \(describe(index))" : "the file ends"
      throw Stop(
        error: StringsSyntaxError(
          offset: index,
          message:
            "missing '\(Character(Unicode.Scalar(closing)))' to close the \(what) opened at \(LineMap(bytes: Array(bytes)).location(of: open)); \(found)",
          effect: .fileIgnored))
    }
    index += 1
  }

  /// `<0fab 12>`: pairs of hex digits, with spaces, tabs, line breaks, U+2028 and U+2029 between them
  /// (not comments, vertical tabs or form feeds: CoreFoundation refuses those here).
  private mutating func parseData() throws(Stop) -> [UInt8] {
    let open = index
    index += 1
    var data: [UInt8] = []
    while true {
      skipDataSpace()
      guard index < bytes.count else { break }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        return data
      }
      guard let high = hexDigit(bytes[index]) else { break }
      index += 1
      guard index < bytes.count, let low = hexDigit(bytes[index]) else { break }
      data.append(high << 4 | low)
      index += 1
    }
    throw Stop(
      error: StringsSyntaxError(
        offset: open, message: "data must be pairs of hex digits between '<' and '>'", effect: .fileIgnored))
  }

  // MARK: Strings

  private func startsString(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isUnquoted(byte)
  }

  private mutating func parseString() throws(Stop) -> String {
    let first = bytes[index]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try parseQuoted(first) }
    let start = index
    while index < bytes.count && isUnquoted(bytes[index]) { index += 1 }
    return string(start..<index)
  }

  private mutating func parseQuoted(_ quote: UInt8) throws(Stop) -> String {
    let open = index
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return string(start..<(index - 1))
      }
      if byte == UInt8(ascii: "\\") { return try parseEscapedQuoted(quote, open: open, start: start) }
      index += 1
    }
    throw unterminatedString(openedAt: open)
  }

  /// The slow path: a quoted string with backslash escapes.
  private mutating func parseEscapedQuoted(_ quote: UInt8, open: Int, start: Int) throws(Stop) -> String {
    var output = Array(bytes[start..<index])
    var pendingHighSurrogate = false
    var highSurrogate: UInt32 = 0
    func flushSurrogate(_ output: inout [UInt8]) {
      if pendingHighSurrogate {
        appendUTF8("\u{FFFD}", to: &output)
        pendingHighSurrogate = false
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        flushSurrogate(&output)
        index += 1
        return String(decoding: output, as: UTF8.self)
      }
      guard byte == UInt8(ascii: "\\") else {
        flushSurrogate(&output)
        output.append(byte)
        index += 1
        continue
      }
      let backslash = index
      index += 1
      guard index < bytes.count else {
        throw Stop(
          error: StringsSyntaxError(
            offset: backslash, message: "the file ends inside an escape sequence", effect: .fileIgnored))
      }
      let escaped = bytes[index]
      index += 1
      if escaped == UInt8(ascii: "U") {
        var unit: UInt32 = 0
        var digits = 0
        while digits < 4, index < bytes.count, let digit = hexDigit(bytes[index]) {
          unit = unit << 4 | UInt32(digit)
          digits += 1
          index += 1
        }
        switch unit {
        case 0xD800...0xDBFF:
          flushSurrogate(&output)
          pendingHighSurrogate = true
          highSurrogate = unit
        case 0xDC00...0xDFFF:
          if pendingHighSurrogate {
            let scalar = 0x10000 + ((highSurrogate - 0xD800) << 10) + (unit - 0xDC00)
            appendUTF8(Unicode.Scalar(scalar)!, to: &output)
            pendingHighSurrogate = false
          } else {
            appendUTF8("\u{FFFD}", to: &output)
          }
        default:
          flushSurrogate(&output)
          appendUTF8(Unicode.Scalar(unit)!, to: &output)
        }
        continue
      }
      flushSurrogate(&output)
      switch escaped {
      case UInt8(ascii: "a"): output.append(0x07)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "v"): output.append(0x0B)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
          value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
          digits += 1
          index += 1
        }
        appendUTF8(NeXTSTEPEncoding.scalar(for: UInt8(truncatingIfNeeded: value)), to: &output)
      default:
        output.append(escaped)
      }
    }
    throw unterminatedString(openedAt: open)
  }

  /// An unclosed quote. Like CoreFoundation, the cursor goes back to just after the quote, so an enclosing
  /// `}` or `)` inside the would-be string can still close its dictionary or array.
  private mutating func unterminatedString(openedAt open: Int) -> Stop {
    index = open + 1
    return Stop(
      error: StringsSyntaxError(offset: open, message: "this string has no closing quote", effect: .fileIgnored))
  }

  // MARK: Characters

  /// Skips whitespace (ASCII, U+2028, U+2029), `/* … */` and `// …` comments.
  private mutating func skipSpace() {
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if isSpace(byte) {
        index += 1
      } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 {
        index += 3
      } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
        index += 2
        while index + 1 < count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
          index += 1
        }
        index = Swift.min(count, index + 2)
      } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
        index += 2
        while index < count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
      } else {
        return
      }
    }
  }

  private mutating func skipDataSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x09, 0x0A, 0x0D, 0x20: index += 1
      case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFE == 0xA8: index += 3
      default: return
      }
    }
  }

  private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

  /// Characters allowed in an unquoted string: letters, digits and `_ $ / : . -`.
  private func isUnquoted(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
      UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The character at `offset`, named for a message: `'+'`, `a NUL byte`, `'\u{7}'`.
  private func describe(_ offset: Int) -> String {
    let byte = bytes[offset]
    if byte == 0 { return "a NUL byte" }
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + string(offset..<end).escapingControlCharacters + "'"
  }

  private func quoted(_ key: String) -> String {
    "\"" + (key.count > 60 ? String(key.prefix(57)) + "…" : key).escapingControlCharacters + "\""
  }

  private func stop(_ message: String, _ effect: StringsSyntaxError.Effect, at offset: Int? = nil) -> Stop {
    Stop(error: StringsSyntaxError(offset: offset ?? index, message: message, effect: effect))
  }
}
