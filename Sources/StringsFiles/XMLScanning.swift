import TextSupport

/// Why XML text cannot be read, at a byte offset.
struct XMLProblem: Error {
  var offset: Int
  var message: String
}

/// What the XML readers (`XMLPropertyList`, `XMLTree`) share: a position in UTF-8 bytes; comments,
/// processing instructions and document types skipped; text checked as UTF-8; the five named entities and
/// `&#…;` references decoded; closing tags matched; every problem at a byte offset. No DTD is read.
protocol XMLScanning {
  /// The text (UTF-8, though a reader may let other bytes stand in markup).
  var bytes: UnsafeBufferPointer<UInt8> { get }
  /// Where reading stands.
  var index: Int { get set }
  /// The top element as messages name it (`<plist>`).
  static var topElement: String { get }
  /// Who refuses a document type with declarations (`iOS`).
  static var reader: String { get }
}

private let namedEntities: [(StaticString, UInt8)] = [
  ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
  ("&apos;", UInt8(ascii: "'")), ("&quot;", UInt8(ascii: "\"")),
]

extension XMLScanning {
  /// Skips a comment, a processing instruction or (outside content) a document type at `index`; false
  /// when a tag starts there.
  mutating func skipMarkup(inContent: Bool) throws(XMLProblem) -> Bool {
    let start = index
    if matches("<!--") {
      guard let end = find("-->", from: index + 4) else { throw problem("this comment is never closed", at: start) }
      index = end + 3
      return true
    }
    if matches("<?") {
      guard let end = find("?>", from: index + 2) else {
        throw problem("this processing instruction is never closed", at: start)
      }
      index = end + 2
      return true
    }
    if !inContent && matches("<!") {
      // CoreFoundation skips to the first `>`, quoted or not, and reads no declarations.
      guard matches("<!DOCTYPE") else { throw problem("unexpected <!…> before \(Self.topElement)", at: start) }
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ">") { return true }
        if byte == UInt8(ascii: "[") {
          throw problem("a document type with declarations ([…]) is not read by \(Self.reader)", at: index - 1)
        }
      }
      throw problem("this <!DOCTYPE> is never closed", at: start)
    }
    if matches("<!") { throw problem("unexpected <!…> where an element belongs", at: start) }
    return false
  }

  /// Expects `</name>` at `index` (spaces may come before the `>`).
  mutating func closeTag(_ name: String, openedAt open: Int) throws(XMLProblem) {
    let start = index
    let shown = name.forMessage(limit: 60)
    guard matches("</") else { throw problem("<\(shown)> is never closed", at: open) }
    index += 2
    for byte in name.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        throw problem("this closing tag does not close <\(shown)>", at: start)
      }
      index += 1
    }
    skipSpace()
    guard index < bytes.count else { throw problem("the file ends inside this closing tag", at: start) }
    guard bytes[index] == UInt8(ascii: ">") else {
      throw problem("unexpected \(describe(index)) in the closing tag of <\(shown)>", at: index)
    }
    index += 1
  }

  /// Appends the text at `range`, which must be UTF-8 (CoreFoundation converts only text to a string, so
  /// other bytes may stand in markup it skips); a stray 0xA9 reads as U+FFFD, as CoreFoundation reads it here.
  func appendText(_ range: Range<Int>, to text: inout [UInt8]) throws(XMLProblem) {
    let run = bytes[range]
    guard run.contains(where: { $0 >= 0x80 }) else {
      text.append(contentsOf: run)
      return
    }
    // Only the bad byte's offset is used: the problem is placed in the file by the caller's `LineMap`.
    switch TextDecoder.utf8(Array(run), from: 0, as: .utf8, file: "") {
    case .success(let decoded): text.append(contentsOf: decoded.utf8)
    case .failure(let problem):
      let byte = String(bytes[range.lowerBound + problem.byteOffset], radix: 16, uppercase: true)
      throw self.problem("byte 0x\(byte) is not UTF-8", at: range.lowerBound + problem.byteOffset)
    }
  }

  /// Where the next `&` or `<` is, from `start`.
  func nextSpecial(from start: Int) -> Int? {
    let bytes = bytes
    var position = start
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") { return position }
      position += 1
    }
    return nil
  }

  /// Appends the character an entity or character reference at `index` stands for.
  mutating func appendReference(to text: inout [UInt8]) throws(XMLProblem) {
    let start = index
    for (name, character) in namedEntities where matches(name) {
      text.append(character)
      index += name.utf8CodeUnitCount
      return
    }
    guard matches("&#") else { throw problem("an unknown entity (&amp; &lt; &gt; &apos; &quot; or &#…;)", at: start) }
    index += 2
    let isHex = index < bytes.count && bytes[index] == UInt8(ascii: "x")
    if isHex { index += 1 }
    var value: UInt32 = 0
    while true {
      guard index < bytes.count else { throw problem("the file ends inside this character reference", at: start) }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: ";") { break }
      guard let digit = Self.digit(byte, hex: isHex) else {
        throw problem("unexpected \(describe(index - 1)) in a character reference", at: index - 1)
      }
      value = value > 0x10FFFF ? value : value * (isHex ? 16 : 10) + digit
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw problem("&#…; names no character (U+\(String(value, radix: 16, uppercase: true)))", at: start)
    }
    text.append(contentsOf: String(Character(scalar)).utf8)
  }

  static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  mutating func skipSpace() {
    let bytes = bytes
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
  }

  /// Whether `literal` stands at `index`.
  func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let start = literal.utf8Start
    for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
    return true
  }

  /// Where `literal` next stands from `start`: a byte search, since a property list may be 64 MB (a 10.8 MB
  /// string took twice as long to check with the standard library's generic `firstRange(of:)`).
  func find(_ literal: String, from start: Int) -> Int? {
    ByteSearch.offset(of: Array(literal.utf8), in: UnsafeRawBufferPointer(bytes), from: start)
  }

  func describe(_ offset: Int) -> String { Self.describe(bytes[offset]) }

  /// A byte for a message: `'x'`, or its code when it is not a printable ASCII character.
  static func describe(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }

  func problem(_ message: String, at offset: Int? = nil) -> XMLProblem {
    XMLProblem(offset: offset ?? index, message: message)
  }
}
