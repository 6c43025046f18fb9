import TextSupport

/// Reads XML property lists (UTF-8) as CoreFoundation does, with a line and column for every
/// problem. CoreFoundation's reader is not a general XML parser, and its ways are kept because they decide
/// what iOS reads:
/// - before the top element only whitespace, `<?…?>`, comments and a `<!DOCTYPE …>` without an internal
///   subset may stand; after it, anything (CoreFoundation stops reading there);
/// - a tag's attributes end at the first `>`, quoted or not, and are ignored;
/// - text holds the five named entities and `&#…;` references (an empty one is U+0000), and CDATA;
/// - `<key>` outside a `<dict>` is a string; a repeated key's last value wins;
/// - `<integer>` is decimal or `0x` hex, signed, from −2⁶³ to 2⁶⁴−1 (spaces only before the digits);
///   `<real>` is a decimal number, `nan` or `inf(inity)`; `<date>` is `YYYY-MM-DDTHH:MM:SSZ` (fields may overflow);
///   `<data>` is base64, characters outside the alphabet skipped.
struct XMLPropertyList: XMLScanning {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  static let topElement = "<plist>"
  static let reader = "iOS"

  /// How deep arrays and dictionaries may nest.
  static let maximumDepth = 512

  /// The object `text` holds, or where and why it holds none.
  static func read(_ text: [UInt8]) -> Result<PlistObject, XMLProblem> {
    text.withUnsafeBufferPointer { buffer in
      var reader = XMLPropertyList(bytes: buffer)
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
      do throws(XMLProblem) {
        return .success(try reader.document())
      } catch {
        return .failure(error)
      }
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: The document

  /// The prolog, then the top element: `<plist>` with one object in it, or an object on its own.
  private mutating func document() throws(XMLProblem) -> PlistObject {
    while true {
      skipSpace()
      guard index < bytes.count else { throw problem("the file ends before its <plist> element") }
      guard bytes[index] == UInt8(ascii: "<") else { throw problem("unexpected \(describe(index)) before <plist>") }
      if try skipMarkup(inContent: false) { continue }
      let tag = try openTag()
      return try object(tag, depth: 0)
    }
  }

  /// The one object a `<plist>` holds (CoreFoundation reads one anywhere, as a wrapper).
  private mutating func plist(_ tag: Tag, depth: Int) throws(XMLProblem) -> PlistObject {
    if tag.isEmpty { throw problem("<plist> is empty: it holds one object", at: tag.offset) }
    guard let content = try nextElement(closing: "plist") else {
      throw problem("<plist> is empty: it holds one object", at: tag.offset)
    }
    let object = try object(content, depth: depth)
    if let extra = try nextElement(closing: "plist") {
      throw problem("<plist> holds one object; <\(extra.name)> is a second one", at: extra.offset)
    }
    return object
  }

  // MARK: Tags

  /// An opening tag: its name, whether it closes itself (`<true/>`), and where it starts.
  private struct Tag {
    var name: String
    var isEmpty: Bool
    var offset: Int
  }

  /// The opening tag at `index` (a `<`); its attributes, up to the first `>`, are skipped.
  private mutating func openTag() throws(XMLProblem) -> Tag {
    let start = index
    index += 1
    let nameStart = index
    while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
    var nameEnd = index
    guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
      throw problem("the file ends inside this tag", at: start)
    }
    // `<true/>`: the slash ends the name; `<true/ >` is a tag named `true/`, as CoreFoundation reads it.
    let isEmpty = bytes[close - 1] == UInt8(ascii: "/")
    if nameEnd == close, isEmpty { nameEnd -= 1 }
    guard nameEnd > nameStart else { throw problem("a tag without a name", at: start) }
    index = close + 1
    return Tag(name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), isEmpty: isEmpty, offset: start)
  }

  /// The next element inside `closing`, skipping space, comments and processing instructions; nil at its
  /// closing tag (which is consumed).
  private mutating func nextElement(closing container: String) throws(XMLProblem) -> Tag? {
    while true {
      skipSpace()
      guard index < bytes.count else { throw problem("the file ends inside <\(container)>") }
      guard bytes[index] == UInt8(ascii: "<") else {
        throw problem("unexpected \(describe(index)) inside <\(container)>, where only elements stand")
      }
      if matches("</") {
        try closeTag(container, openedAt: index)
        return nil
      }
      if try skipMarkup(inContent: true) { continue }
      return try openTag()
    }
  }

  // MARK: Objects

  /// The object `tag` opens, read up to and including its closing tag.
  private mutating func object(_ tag: Tag, depth: Int) throws(XMLProblem) -> PlistObject {
    switch tag.name {
    case "dict": return try dictionary(tag, depth: depth)
    case "array": return try array(tag, depth: depth)
    case "string", "key": return .string(try text(of: tag))
    case "true", "false":
      if !tag.isEmpty { try closeTag(tag.name, openedAt: tag.offset) }
      return .boolean(tag.name == "true")
    case "integer": return .integer(try integer(try rawText(of: tag), at: tag.offset))
    case "real":
      guard !tag.isEmpty else { throw problem("<real> is empty", at: tag.offset) }
      return .real(try real(Array(try text(of: tag).utf8), at: tag.offset))
    case "date": return .date(try date(try rawText(of: tag), at: tag.offset))
    case "data":
      guard !tag.isEmpty else { throw problem("<data> is empty", at: tag.offset) }
      return .data(Self.base64(try rawText(of: tag)))
    case "plist": return try plist(tag, depth: depth)
    default: throw problem("<\(tag.name)> is not a property-list element", at: tag.offset)
    }
  }

  private mutating func dictionary(_ tag: Tag, depth: Int) throws(XMLProblem) -> PlistObject {
    guard !tag.isEmpty else { return .dictionary([:]) }
    try checkDepth(depth, of: tag)
    var members: [String: PlistObject] = [:]
    while let keyTag = try nextElement(closing: "dict") {
      guard keyTag.name == "key" else {
        throw problem("<\(keyTag.name)> where <dict> needs a <key>", at: keyTag.offset)
      }
      let key = try text(of: keyTag)
      guard let valueTag = try nextElement(closing: "dict") else {
        throw problem("the key \"\(key.forMessage(limit: 60))\" has no value", at: keyTag.offset)
      }
      members[key] = try object(valueTag, depth: depth + 1)
    }
    // A keyed archiver's reference, as CoreFoundation reads one.
    if members.count == 1, case .integer(let reference) = members["CF$UID"] {
      return .uid(UInt64(UInt32(truncatingIfNeeded: reference)))
    }
    return .dictionary(members)
  }

  private mutating func array(_ tag: Tag, depth: Int) throws(XMLProblem) -> PlistObject {
    guard !tag.isEmpty else { return .array([]) }
    try checkDepth(depth, of: tag)
    var items: [PlistObject] = []
    while let itemTag = try nextElement(closing: "array") {
      items.append(try object(itemTag, depth: depth + 1))
    }
    return .array(items)
  }

  /// Refuses an array or dictionary `depth` containers deep when that is past the limit.
  private func checkDepth(_ depth: Int, of tag: Tag) throws(XMLProblem) {
    guard depth < Self.maximumDepth else {
      throw problem("arrays and dictionaries nest more than \(Self.maximumDepth) deep", at: tag.offset)
    }
  }

  /// The text of a `<string>` or `<key>`, entities and CDATA resolved, up to its closing tag.
  private mutating func text(of tag: Tag) throws(XMLProblem) -> String {
    guard !tag.isEmpty else { return "" }
    var text: [UInt8] = []
    var runStart = index
    while true {
      guard let stop = nextSpecial(from: index) else { throw problem("<\(tag.name)> is never closed", at: tag.offset) }
      try appendText(runStart..<stop, to: &text)
      index = stop
      if bytes[stop] == UInt8(ascii: "&") {
        try appendReference(to: &text)
      } else if matches("<![CDATA[") {
        let start = index
        guard let end = find("]]>", from: index + 9) else { throw problem("this CDATA is never closed", at: start) }
        try appendText((index + 9)..<end, to: &text)
        index = end + 3
      } else if matches("<!") {
        throw problem("only CDATA may stand inside <\(tag.name)>", at: stop)
      } else {
        try closeTag(tag.name, openedAt: tag.offset)
        return String(decoding: text, as: UTF8.self)
      }
      runStart = index
    }
  }

  /// The bytes of an `<integer>`, `<date>` or `<data>` up to its closing tag, as they stand (but UTF-8):
  /// CoreFoundation resolves no entity or CDATA in them.
  private mutating func rawText(of tag: Tag) throws(XMLProblem) -> ArraySlice<UInt8> {
    guard !tag.isEmpty else { throw problem("<\(tag.name)> is empty", at: tag.offset) }
    guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else {
      throw problem("<\(tag.name)> is never closed", at: tag.offset)
    }
    var text: [UInt8] = []
    try appendText(index..<end, to: &text)
    index = end
    try closeTag(tag.name, openedAt: tag.offset)
    return text[...]
  }

  // MARK: Numbers, dates, data

  /// An `<integer>`: decimal or `0x` hex with an optional sign (spaces may stand before the sign and after
  /// it, not after the digits), from −2⁶³ to 2⁶⁴−1.
  private func integer(_ text: ArraySlice<UInt8>, at offset: Int) throws(XMLProblem) -> Int128 {
    var rest = text.drop(while: Self.isSpace)
    guard !rest.isEmpty else { throw problem("<integer> is empty", at: offset) }
    let negative = rest.first == UInt8(ascii: "-")
    if negative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst().drop(while: Self.isSpace) }
    var isHex = false
    if rest.count >= 2, rest.first == UInt8(ascii: "0"), rest.dropFirst().first! | 0x20 == UInt8(ascii: "x") {
      isHex = true
      rest = rest.dropFirst(2)
    }
    guard !rest.isEmpty else { throw problem("<integer> has no digits", at: offset) }
    var magnitude: Int128 = 0
    for byte in rest {
      guard let digit = Self.digit(byte, hex: true) else {
        throw problem("<integer> holds \(Self.describe(byte)), not a digit", at: offset)
      }
      guard isHex || digit < 10 else { throw problem("<integer> holds a hex digit but no 0x", at: offset) }
      magnitude = magnitude * (isHex ? 16 : 10) + Int128(digit)
      guard magnitude <= Int128(UInt64.max) else { throw problem("<integer> is above 2^64 - 1", at: offset) }
      guard !negative || magnitude <= Int128(Int64.max) + 1 else {
        throw problem("<integer> is below -2^63", at: offset)
      }
    }
    return negative ? -magnitude : magnitude
  }

  /// A `<real>`: a decimal number (`1.5e3`, `.5`, `1.`, spaces before it), or `nan`, `inf`, `infinity`
  /// in any case (`+` or `-` before the last two).
  private func real(_ text: [UInt8], at offset: Int) throws(XMLProblem) -> Double {
    let word = String(decoding: text, as: UTF8.self).lowercased()
    if word == "nan" { return .nan }
    if ["inf", "infinity", "+inf", "+infinity"].contains(word) { return .infinity }
    if ["-inf", "-infinity"].contains(word) { return -.infinity }
    let number = Array(text.drop(while: Self.isSpace))
    guard Self.isDecimal(number), let value = Double(String(decoding: number, as: UTF8.self)) else {
      throw problem("<real> is not a number", at: offset)
    }
    return value
  }

  /// Whether `text` is `[+-]digits[.digits][e[+-]digits]` with a digit somewhere before the exponent.
  private static func isDecimal(_ text: [UInt8]) -> Bool {
    var position = 0
    func digits() -> Int {
      let start = position
      while position < text.count, (0x30...0x39).contains(text[position]) { position += 1 }
      return position - start
    }
    if position < text.count, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
      position += 1
    }
    var mantissa = digits()
    if position < text.count, text[position] == UInt8(ascii: ".") {
      position += 1
      mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if position < text.count, text[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < text.count, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard digits() > 0 else { return false }
    }
    return position == text.count
  }

  /// A `<date>`: `YYYY-MM-DDTHH:MM:SSZ` (a year of up to 12 digits, none included, which may be negative).
  private func date(_ slice: ArraySlice<UInt8>, at offset: Int) throws(XMLProblem) -> Double {
    let text = Array(slice)
    var position = 0
    /// Digits from `position`: exactly `width` of them, or (for the year) up to 12.
    func number(_ width: Int? = nil) -> Int64? {
      let start = position
      while position < text.count, position - start < (width ?? 12), (0x30...0x39).contains(text[position]) {
        position += 1
      }
      if let width, position - start != width { return nil }
      return text[start..<position].reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }
    func expect(_ character: Character) -> Bool {
      guard position < text.count, text[position] == character.asciiValue else { return false }
      position += 1
      return true
    }
    let negative = expect("-")
    guard let year = number(), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
      let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2), expect("Z"),
      position == text.count
    else { throw problem("<date> is not YYYY-MM-DDTHH:MM:SSZ", at: offset) }
    return CalendarDate.secondsSince2001(
      year: negative ? -year : year, month: month, day: day, hour: hour, minute: minute, second: second)
  }

  /// The bytes of base64 text, as CoreFoundation decodes it: characters outside the alphabet are skipped;
  /// each four letters (`=` among them) give one byte, a second unless two `=` end them, a third unless one
  /// does; an unfinished group gives none.
  static func base64(_ text: ArraySlice<UInt8>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 4 * 3)
    var accumulator: UInt32 = 0
    var count = 0
    var padding = 0
    for character in text {
      if character == UInt8(ascii: "=") {
        padding += 1
      } else if !(character == 0x20 || (0x09...0x0D).contains(character)) {
        padding = 0
      }
      guard let value = character == UInt8(ascii: "=") ? 0 : base64Value(character) else { continue }
      accumulator = accumulator << 6 | UInt32(value)
      count += 1
      guard count % 4 == 0 else { continue }
      bytes.append(UInt8(truncatingIfNeeded: accumulator >> 16))
      if padding < 2 { bytes.append(UInt8(truncatingIfNeeded: accumulator >> 8)) }
      if padding < 1 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
    }
    return bytes
  }

  private static func base64Value(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
