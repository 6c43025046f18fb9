import Diagnostics
import FileAccess
import TextSupport

/// A YAML value with where it stands: a scalar, a list or a mapping (its entries in the order written).
public struct YAMLNode: Sendable {
  public enum Value: Sendable {
    case scalar(String)
    case list([YAMLNode])
    case map([YAMLEntry])
  }

  public var value: Value
  /// The file it is written in, and where.
  public var file: String
  public var location: SourceLocation
  /// Whether a scalar was written without quotes: only a plain `yes` is a Boolean, only a plain `~` is null.
  public var isPlain = true
  /// The nodes this one holds, itself included, aliases counted at their full size.
  var weight = 1

  /// The scalar's text.
  public var string: String? {
    if case .scalar(let text) = value { return text }
    return nil
  }

  /// The list's items.
  public var list: [YAMLNode]? {
    if case .list(let items) = value { return items }
    return nil
  }

  /// The mapping's entries.
  public var entries: [YAMLEntry]? {
    if case .map(let entries) = value { return entries }
    return nil
  }

  /// The value of `key` in a mapping.
  public subscript(key: String) -> YAMLNode? { entries?.last { $0.key == key }?.value }

  /// A plain scalar's Boolean, as YAML 1.1 (and so XcodeGen's reader) spells it: `true`, `yes`, `on`, ….
  public var bool: Bool? {
    guard isPlain, let text = string?.lowercased() else { return nil }
    return ["true", "yes", "on"].contains(text) ? true : ["false", "no", "off"].contains(text) ? false : nil
  }

  /// Whether this is null: nothing written, or a plain `~` or `null`.
  public var isNull: Bool { isPlain && ["", "~", "null", "Null", "NULL"].contains(string ?? "-") }
}

/// One key of a mapping, where the key stands, and its value.
public struct YAMLEntry: Sendable {
  public var key: String
  public var location: SourceLocation
  public var value: YAMLNode
}

/// Reads the YAML that project specs (XcodeGen's `project.yml`) and JSON files are written in: one document
/// of block mappings and sequences (a sequence may stand at its key's indentation), flow collections (`[a, b]`,
/// `{a: b}`, over several lines: JSON is one), plain scalars on one line, single- and double-quoted ones (every
/// escape, line folding), literal `|` and folded `>` block scalars (chomping and indentation indicators),
/// comments, anchors, aliases and `<<` merges (the mapping's own keys win, then the merged ones in order).
/// Scalars stay text: the reader of a spec decides what `yes` or `15.0` means.
///
/// Not read, each a `Diagnostic` at its line and column: tags (`!!str`), `?` keys, directives, a second
/// document, plain scalars continued on the next line, tabs that indent. A repeated key keeps the last value.
/// Bounded whatever the input: the caller limits the bytes, nodes nest at most `maximumDepth` deep, and a
/// document holds at most `maximumNodes` nodes with every alias counted at its full size, so a "billion
/// laughs" of aliases of aliases stops at the limit rather than being walked.
public enum YAMLReader {
  /// How deep collections may nest.
  public static let maximumDepth = 64
  /// The most nodes a document may hold, aliases expanded.
  public static let maximumNodes = 200_000

  /// The largest spec read, in bytes.
  public static let maximumSize = 4 << 20

  /// The document in the file at `path`, read through `files` (at most `maximumSize` bytes).
  public static func read(_ path: FilePath, from files: InputFiles) -> Result<YAMLNode, Diagnostic> {
    switch files.read(path, limit: maximumSize) {
    case .failure(let failure): .failure(Diagnostic(file: path.string, severity: .error, message: failure.reason))
    case .success(let bytes): parse(bytes, file: path.string)
    }
  }

  /// The document in `bytes` (UTF-8) read from `file`, or the first problem in it.
  public static func parse(_ bytes: [UInt8], file: String) -> Result<YAMLNode, Diagnostic> {
    var parser = YAMLParser(bytes: bytes, file: file)
    do {
      return .success(try parser.document())
    } catch {
      return .failure(error)
    }
  }
}

private struct YAMLParser {
  let bytes: [UInt8]
  let file: String
  let lines: LineMap
  var index = 0
  var anchors: [String: YAMLNode] = [:]
  var nodes = 0

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    lines = LineMap(bytes: bytes)
  }

  func failure(_ message: String, at offset: Int? = nil) -> Diagnostic {
    Diagnostic(file: file, location: lines.location(of: offset ?? index), severity: .error, message: message)
  }

  func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
  var current: UInt8? { byte(index) }
  func isBreak(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
  func isBlank(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
  /// Whether the byte at `offset` ends a token: a space, a line break or the end.
  func endsToken(_ offset: Int) -> Bool { byte(offset) == nil || isBlank(byte(offset)) || isBreak(byte(offset)) }
  func isFlowIndicator(_ byte: UInt8?) -> Bool { byte.map { Array(",[]{}".utf8).contains($0) } ?? false }

  /// The column (in bytes, from 0) of `offset` on its line.
  func column(_ offset: Int) -> Int {
    var start = offset
    while start > 0, !isBreak(bytes[start - 1]) { start -= 1 }
    return offset - start
  }

  /// Whether a `---` or `...` line starts at `index`.
  var atDocumentMarker: Bool {
    column(index) == 0 && index + 3 <= bytes.count && endsToken(index + 3)
      && (bytes[index..<index + 3].elementsEqual("---".utf8) || bytes[index..<index + 3].elementsEqual("...".utf8))
  }

  mutating func skipSpaces() { while isBlank(current) { index += 1 } }

  /// Skips spaces, comments and line breaks; in block context a tab that indents content is refused.
  mutating func skipTrivia(inFlow: Bool = false) throws(Diagnostic) {
    while let byte = current {
      if isBlank(byte) || isBreak(byte) {
        index += 1
      } else if byte == UInt8(ascii: "#") {
        while let next = current, !isBreak(next) { index += 1 }
      } else {
        break
      }
    }
    if !inFlow, current != nil {
      var start = index
      while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
      if bytes[start..<index].contains(UInt8(ascii: "\t")) && (start == 0 || isBreak(bytes[start - 1])) {
        throw failure("a tab indents this line: YAML indents with spaces")
      }
    }
  }

  /// After a value on a line: only spaces and a comment may follow.
  mutating func endOfLine() throws(Diagnostic) {
    skipSpaces()
    if current == UInt8(ascii: "#") || isBreak(current) || current == nil { return }
    throw failure("unexpected text after the value (a plain scalar goes on one line; quote a longer one)")
  }

  mutating func make(_ value: YAMLNode.Value, at offset: Int, plain: Bool = true) throws(Diagnostic) -> YAMLNode {
    var node = YAMLNode(value: value, file: file, location: lines.location(of: offset), isPlain: plain)
    switch value {
    case .scalar: break
    case .list(let items): node.weight += items.reduce(0) { $0 + $1.weight }
    case .map(let entries): node.weight += entries.reduce(0) { $0 + $1.value.weight }
    }
    try count(1)
    return node
  }

  mutating func count(_ added: Int) throws(Diagnostic) {
    nodes += added
    guard nodes <= YAMLReader.maximumNodes else {
      throw failure("the document holds more than \(YAMLReader.maximumNodes) nodes once its aliases are expanded")
    }
  }

  mutating func document() throws(Diagnostic) -> YAMLNode {
    if let invalid = TextDecoder.firstInvalidUTF8(bytes) { throw failure("this byte is not UTF-8", at: invalid) }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    try skipTrivia()
    if current == UInt8(ascii: "%") { throw failure("YAML directives are not read") }
    if atDocumentMarker, bytes[index] == UInt8(ascii: "-") {
      index += 3
      try endOfLine()
      try skipTrivia()
    }
    let root =
      current == nil || atDocumentMarker
      ? try make(.scalar(""), at: index) : try block(parentIndent: -1, depth: 0, onKeyLine: false)
    try skipTrivia()
    if atDocumentMarker, bytes[index] == UInt8(ascii: ".") {
      index += 3
      try skipTrivia()
    }
    guard current == nil else {
      throw failure(atDocumentMarker ? "a second YAML document: attsim reads one" : "this line is not part of the value above")
    }
    return root
  }

  /// The node at `index` in block context, inside a parent indented `parentIndent`; `onKeyLine` when it
  /// follows its key on the same line (where a mapping or a sequence cannot start).
  mutating func block(parentIndent: Int, depth: Int, onKeyLine: Bool) throws(Diagnostic) -> YAMLNode {
    guard depth < YAMLReader.maximumDepth else { throw failure("nested more than \(YAMLReader.maximumDepth) deep") }
    let start = index
    let indent = column(start)
    switch current {
    case UInt8(ascii: "-") where endsToken(index + 1):
      if onKeyLine { throw failure("a sequence cannot start on its key's line") }
      return try sequence(indent: indent, depth: depth)
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      let node = try flow(depth: depth)
      try endOfLine()
      return node
    case UInt8(ascii: "|"), UInt8(ascii: ">"):
      return try blockScalar(parentIndent: parentIndent)
    case UInt8(ascii: "*"):
      let node = try alias()
      try endOfLine()
      return node
    case UInt8(ascii: "&"):
      let name = anchorName()
      skipSpaces()
      if current == UInt8(ascii: "#") || isBreak(current) || current == nil {
        try skipTrivia()
        guard column(index) > parentIndent, current != nil else { return try anchor(name, try make(.scalar(""), at: start)) }
        return try anchor(name, try block(parentIndent: parentIndent, depth: depth + 1, onKeyLine: false))
      }
      return try anchor(name, try block(parentIndent: parentIndent, depth: depth + 1, onKeyLine: onKeyLine))
    default:
      let key = try scalar(inFlow: false)
      skipSpaces()
      if current == UInt8(ascii: ":"), endsToken(index + 1) {
        if onKeyLine { throw failure("a mapping cannot start on its key's line", at: start) }
        return try mapping(indent: indent, firstKey: key, depth: depth)
      }
      try endOfLine()
      return key
    }
  }

  mutating func sequence(indent: Int, depth: Int) throws(Diagnostic) -> YAMLNode {
    let start = index
    var items: [YAMLNode] = []
    while current == UInt8(ascii: "-"), endsToken(index + 1), column(index) == indent, !atDocumentMarker {
      index += 1
      items.append(try value(after: indent, depth: depth, ofKey: false))
      try skipTrivia()
    }
    return try make(.list(items), at: start)
  }

  mutating func mapping(indent: Int, firstKey: YAMLNode, depth: Int) throws(Diagnostic) -> YAMLNode {
    var own: [YAMLEntry] = []
    var merged: [YAMLEntry] = []
    var key = firstKey
    while true {
      index += 1  // the ':'
      let value = try value(after: indent, depth: depth, ofKey: true)
      if key.isPlain, key.string == "<<" {
        for source in value.list ?? [value] {
          guard let entries = source.entries else { throw failure("'<<' merges mappings only", at: offset(of: source)) }
          merged += entries.filter { entry in !merged.contains { $0.key == entry.key } }
        }
      } else {
        own.removeAll { $0.key == key.string }
        own.append(YAMLEntry(key: key.string ?? "", location: key.location, value: value))
      }
      try skipTrivia()
      guard current != nil, !atDocumentMarker, column(index) >= indent else { break }
      guard column(index) == indent else { throw failure("this line is indented more than the key above it") }
      if current == UInt8(ascii: "-"), endsToken(index + 1) { throw failure("a sequence item where a key was expected") }
      key = try scalar(inFlow: false)
      skipSpaces()
      guard current == UInt8(ascii: ":"), endsToken(index + 1) else { throw failure("expected ':' after the key") }
    }
    let entries = own + merged.filter { entry in !own.contains { $0.key == entry.key } }
    var node = YAMLNode(value: .map(entries), file: file, location: firstKey.location)
    node.weight = 1 + entries.reduce(0) { $0 + $1.value.weight }
    try count(1)
    return node
  }

  /// The value after a `:` or `-` whose line is indented `indent`: on the same line, on the lines below
  /// (indented more, or for a key's value a sequence at the same indentation), or nothing (null).
  mutating func value(after indent: Int, depth: Int, ofKey: Bool) throws(Diagnostic) -> YAMLNode {
    let start = index
    skipSpaces()
    if current == UInt8(ascii: "#") || isBreak(current) || current == nil {
      try skipTrivia()
      let column = column(index)
      let sequence = ofKey && current == UInt8(ascii: "-") && endsToken(index + 1)
      guard current != nil, !atDocumentMarker, column > indent || (column == indent && sequence) else {
        return try make(.scalar(""), at: start)
      }
      return try block(parentIndent: indent, depth: depth + 1, onKeyLine: false)
    }
    return try block(parentIndent: indent, depth: depth + 1, onKeyLine: ofKey)
  }

  mutating func anchorName() -> String {
    index += 1
    let start = index
    while let byte = current, !endsToken(index), !isFlowIndicator(byte) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  mutating func anchor(_ name: String, _ node: YAMLNode) throws(Diagnostic) -> YAMLNode {
    anchors[name] = node
    return node
  }

  mutating func alias() throws(Diagnostic) -> YAMLNode {
    let start = index
    let name = anchorName()
    guard var node = anchors[name] else { throw failure("no anchor '&\(name.forMessage(limit: 60))' above", at: start) }
    try count(node.weight)
    node.location = lines.location(of: start)
    return node
  }

  func offset(of node: YAMLNode) -> Int { lines.startOffset(ofLine: node.location.line) + node.location.column - 1 }

  /// A plain or quoted scalar.
  mutating func scalar(inFlow: Bool) throws(Diagnostic) -> YAMLNode {
    let start = index
    switch current {
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return try make(.scalar(quoted()), at: start, plain: false)
    case .some(let byte) where Array("!?%@`".utf8).contains(byte):
      throw failure("'\(Character(Unicode.Scalar(byte)))' starts a YAML feature attsim does not read (tags, '?' keys)")
    case .some(let byte) where Array("|>&*,[]{}".utf8).contains(byte) && !inFlow:
      throw failure("'\(Character(Unicode.Scalar(byte)))' cannot start a plain scalar here: quote it")
    default: break
    }
    var end = index
    while let byte = current, !isBreak(byte) {
      if byte == UInt8(ascii: ":") && (endsToken(index + 1) || (inFlow && isFlowIndicator(self.byte(index + 1)))) { break }
      if byte == UInt8(ascii: "#") && index > start && isBlank(bytes[index - 1]) { break }
      if inFlow && isFlowIndicator(byte) { break }
      index += 1
      if !isBlank(byte) { end = index }
    }
    return try make(.scalar(String(decoding: bytes[start..<end], as: UTF8.self)), at: start)
  }

  /// A single- or double-quoted scalar's text: escapes read, line breaks folded.
  mutating func quoted() throws(Diagnostic) -> String {
    let start = index
    let quote = bytes[index]
    index += 1
    var out: [UInt8] = []
    while true {
      guard let byte = current else { throw failure("a quoted string that does not end", at: start) }
      index += 1
      if byte == quote {
        guard quote == UInt8(ascii: "'"), current == quote else { break }
        index += 1
        out.append(quote)
      } else if isBreak(byte) {
        while let last = out.last, isBlank(last) { out.removeLast() }
        if byte == UInt8(ascii: "\r"), current == UInt8(ascii: "\n") { index += 1 }
        var breaks = 0
        while true {
          skipSpaces()
          guard isBreak(current) else { break }
          if current == UInt8(ascii: "\r"), self.byte(index + 1) == UInt8(ascii: "\n") { index += 1 }
          index += 1
          breaks += 1
        }
        out += breaks == 0 ? [UInt8(ascii: " ")] : Array(repeating: UInt8(ascii: "\n"), count: breaks)
      } else if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
        try escape(into: &out)
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// One escape of a double-quoted scalar, after its backslash.
  mutating func escape(into out: inout [UInt8]) throws(Diagnostic) {
    let start = index - 1
    guard let byte = current else { throw failure("a quoted string that does not end", at: start) }
    index += 1
    let simple: [UInt8: String] = [
      0x30: "\0", 0x61: "\u{07}", 0x62: "\u{08}", 0x74: "\t", 0x09: "\t", 0x6E: "\n", 0x76: "\u{0B}",
      0x66: "\u{0C}", 0x72: "\r", 0x65: "\u{1B}", 0x20: " ", 0x22: "\"", 0x2F: "/", 0x5C: "\\",
      0x4E: "\u{85}", 0x5F: "\u{A0}", 0x4C: "\u{2028}", 0x50: "\u{2029}",
    ]
    if let text = simple[byte] {
      out += Array(text.utf8)
    } else if isBreak(byte) {
      if byte == UInt8(ascii: "\r"), current == UInt8(ascii: "\n") { index += 1 }
      skipSpaces()
    } else if let digits = [UInt8(ascii: "x"): 2, UInt8(ascii: "u"): 4, UInt8(ascii: "U"): 8][byte] {
      let hex = index + digits <= bytes.count ? String(decoding: bytes[index..<index + digits], as: UTF8.self) : ""
      guard hex.utf8.count == digits, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
        throw failure("a \\\(Character(Unicode.Scalar(byte))) escape needs \(digits) hex digits of a character", at: start)
      }
      index += digits
      out += Array(String(Character(scalar)).utf8)
    } else {
      throw failure("'\\\(Character(Unicode.Scalar(byte)))' is not a YAML escape", at: start)
    }
  }

  /// A literal (`|`) or folded (`>`) block scalar, its header at `index`.
  mutating func blockScalar(parentIndent: Int) throws(Diagnostic) -> YAMLNode {
    let start = index
    let folded = bytes[index] == UInt8(ascii: ">")
    index += 1
    var chomping: UInt8?
    var explicit: Int?
    while let byte = current, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || (0x31...0x39).contains(byte) {
      if (0x31...0x39).contains(byte) { explicit = Int(byte - 0x30) } else { chomping = byte }
      index += 1
    }
    try endOfLine()
    while let byte = current, !isBreak(byte) { index += 1 }
    var lines: [ArraySlice<UInt8>] = []
    var indent = explicit.map { max(parentIndent, 0) + $0 }
    while current != nil {
      if isBreak(current) {
        if current == UInt8(ascii: "\r"), byte(index + 1) == UInt8(ascii: "\n") { index += 1 }
        index += 1
      }
      let lineStart = index
      while current == UInt8(ascii: " ") { index += 1 }
      let spaces = index - lineStart
      if isBreak(current) || current == nil {
        lines.append([])
        continue
      }
      if indent == nil, spaces > parentIndent { indent = spaces }
      guard let indent, spaces >= indent else {
        index = lineStart
        break
      }
      let textStart = lineStart + indent
      while let byte = current, !isBreak(byte) { index += 1 }
      lines.append(bytes[textStart..<index])
    }
    if let last = lines.indices.last, current == nil, lines[last].isEmpty { lines.removeLast() }
    var trailing = 0
    while let last = lines.last, last.isEmpty {
      lines.removeLast()
      trailing += 1
    }
    var out: [UInt8] = []
    var pending = 0
    var previous: ArraySlice<UInt8>?
    for line in lines {
      guard !line.isEmpty else {
        pending += 1
        continue
      }
      if let previous {
        let literal = !folded || isBlank(previous.first) || isBlank(line.first)
        out += literal || pending > 0 ? Array(repeating: 0x0A, count: pending + (literal ? 1 : 0)) : [0x20]
      } else {
        out += Array(repeating: 0x0A, count: pending)
      }
      out += line
      pending = 0
      previous = line
    }
    if chomping != UInt8(ascii: "-"), !lines.isEmpty { out.append(0x0A) }
    if chomping == UInt8(ascii: "+") { out += Array(repeating: 0x0A, count: trailing) }
    return try make(.scalar(String(decoding: out, as: UTF8.self)), at: start, plain: false)
  }

  /// A flow collection or scalar (`[a, {b: c}]`, as JSON is written), over as many lines as it takes.
  mutating func flow(depth: Int) throws(Diagnostic) -> YAMLNode {
    guard depth < YAMLReader.maximumDepth else { throw failure("nested more than \(YAMLReader.maximumDepth) deep") }
    try skipTrivia(inFlow: true)
    let start = index
    switch current {
    case UInt8(ascii: "*"): return try alias()
    case UInt8(ascii: "&"):
      let name = anchorName()
      return try anchor(name, try flow(depth: depth + 1))
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      let isList = current == UInt8(ascii: "[")
      let close = UInt8(ascii: isList ? "]" : "}")
      index += 1
      var items: [YAMLNode] = []
      var entries: [YAMLEntry] = []
      while true {
        try skipTrivia(inFlow: true)
        if current == close { break }
        let item = try flow(depth: depth + 1)
        try skipTrivia(inFlow: true)
        if isList {
          items.append(item)
        } else {
          guard let key = item.string else { throw failure("a mapping's key must be a scalar", at: offset(of: item)) }
          var value = try make(.scalar(""), at: index)
          if current == UInt8(ascii: ":") {
            index += 1
            try skipTrivia(inFlow: true)
            if current != UInt8(ascii: ","), current != close { value = try flow(depth: depth + 1) }
            try skipTrivia(inFlow: true)
          }
          entries.removeAll { $0.key == key }
          entries.append(YAMLEntry(key: key, location: item.location, value: value))
        }
        if current == close { break }
        guard current == UInt8(ascii: ",") else {
          throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))'", at: current == nil ? start : index)
        }
        index += 1
      }
      index += 1
      return try make(isList ? .list(items) : .map(entries), at: start)
    case nil: throw failure("the document ends inside a flow collection")
    default: return try scalar(inFlow: true)
    }
  }
}
