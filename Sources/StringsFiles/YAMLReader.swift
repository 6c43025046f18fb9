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
  /// Whether a scalar was written without quotes: only a plain `yes` is a Boolean.
  public var isPlain = true

  /// The scalar's text, the list's items, the mapping's entries.
  public var string: String? { if case .scalar(let text) = value { text } else { nil } }
  public var list: [YAMLNode]? { if case .list(let items) = value { items } else { nil } }
  public var entries: [YAMLEntry]? { if case .map(let entries) = value { entries } else { nil } }

  /// The value of `key` in a mapping.
  public subscript(key: String) -> YAMLNode? { entries?.last { $0.key == key }?.value }

  /// A plain scalar's Boolean as YAML 1.1 (and so XcodeGen's reader) spells it: `true`, `yes`, `on`, ….
  public var bool: Bool? {
    guard isPlain, let text = string?.lowercased() else { return nil }
    return ["true", "yes", "on"].contains(text) ? true : ["false", "no", "off"].contains(text) ? false : nil
  }
}

/// One key of a mapping, where the key stands, and its value.
public struct YAMLEntry: Sendable {
  public var key: String
  public var location: SourceLocation
  public var value: YAMLNode
}

/// Reads the YAML project specs are written in (XcodeGen's `project.yml`; JSON too, which is YAML's flow
/// style): one document of block mappings and sequences (a sequence may stand at its key's indentation), flow
/// collections over any number of lines, plain scalars on one line, single- and double-quoted ones (every
/// escape, line folding), literal `|` and folded `>` block scalars (chomping and indentation indicators),
/// comments, anchors, aliases and `<<` merges (the mapping's own keys win, then the merged ones in order).
/// Scalars stay text: the spec's reader decides what `yes` or `15.0` means. A repeated key keeps its last value.
///
/// Not read, each a `Diagnostic` at its line and column (columns count characters): tags, `?` keys,
/// directives, a second document, a plain scalar continued on the next line, tabs that indent, bytes that are
/// not UTF-8. Bounded whatever the input: at most `maximumSize` bytes, nodes nested at most `maximumDepth`
/// deep, and at most `maximumNodes` nodes with every alias counted at its full size, so that a "billion
/// laughs" of aliases of aliases stops at the limit rather than being walked.
public enum YAMLReader {
  /// The largest file read, in bytes.
  public static let maximumSize = 4 << 20
  /// How deep collections may nest.
  public static let maximumDepth = 64
  /// The most nodes a document may hold, aliases expanded.
  public static let maximumNodes = 200_000

  /// The document in the file at `path`, read through `files`.
  public static func read(_ path: FilePath, from files: InputFiles) -> Result<YAMLNode, Diagnostic> {
    switch files.read(path, limit: maximumSize) {
    case .failure(let failure): .failure(Diagnostic(file: path.string, severity: .error, message: failure.reason))
    case .success(let bytes): parse(bytes, file: path.string)
    }
  }

  /// The document in `bytes` (UTF-8) read from `file`, or the first problem in it.
  public static func parse(_ bytes: [UInt8], file: String) -> Result<YAMLNode, Diagnostic> {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let location = LineMap(bytes: bytes).location(of: TextDecoder.firstInvalidUTF8(bytes) ?? 0)
      return .failure(Diagnostic(file: file, location: location, severity: .error, message: "this byte is not UTF-8"))
    }
    var parser = YAMLParser(Array(text.unicodeScalars), file: file)
    do {
      return .success(try parser.document())
    } catch {
      return .failure(error)
    }
  }
}

private struct YAMLParser {
  let text: [Unicode.Scalar]
  let file: String
  var lineStarts = [0]
  var index = 0
  /// Each anchor's node and how many nodes it holds (an alias of it counts them all again).
  var anchors: [String: (node: YAMLNode, nodes: Int)] = [:]
  var nodes = 0

  init(_ text: [Unicode.Scalar], file: String) {
    (self.text, self.file) = (text, file)
    for (offset, character) in text.enumerated() where character == "\n" { lineStarts.append(offset + 1) }
  }

  func location(_ offset: Int) -> SourceLocation {
    var (low, high) = (0, lineStarts.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      (low, high) = lineStarts[middle] <= offset ? (middle, high) : (low, middle - 1)
    }
    return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
  }

  func column(_ offset: Int) -> Int { location(offset).column - 1 }
  func failure(_ message: String, at offset: Int? = nil) -> Diagnostic {
    Diagnostic(file: file, location: location(offset ?? index), severity: .error, message: message)
  }
  func at(_ offset: Int) -> Unicode.Scalar? { offset >= 0 && offset < text.count ? text[offset] : nil }
  var current: Unicode.Scalar? { at(index) }
  func isBlank(_ character: Unicode.Scalar?) -> Bool { character == " " || character == "\t" || character == "\r" }
  func isFlow(_ character: Unicode.Scalar?) -> Bool { character.map { ",[]{}".unicodeScalars.contains($0) } ?? false }
  /// Whether a space, a line break or the end is at `offset`.
  func endsToken(_ offset: Int) -> Bool { at(offset) == nil || at(offset) == "\n" || isBlank(at(offset)) }
  var atLineEnd: Bool { current == nil || current == "\n" || current == "#" }
  /// Whether a `---` or `...` line starts at `index`.
  var atMarker: Bool {
    column(index) == 0 && endsToken(index + 3)
      && ["---", "..."].contains { text[index..<min(index + 3, text.count)].elementsEqual($0.unicodeScalars) }
  }
  func string(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(text[range])) }

  mutating func skipSpaces() { while isBlank(current) { index += 1 } }

  /// Skips spaces, comments and line breaks; in block context, a tab that indents what follows is refused.
  mutating func skipTrivia(inFlow: Bool = false) throws(Diagnostic) {
    while let character = current, isBlank(character) || character == "\n" || character == "#" {
      if character == "#" {
        while let next = current, next != "\n" { index += 1 }
      } else {
        index += 1
      }
    }
    let indentation = text[index - column(index)..<index]
    if !inFlow, current != nil, indentation.contains("\t"), indentation.allSatisfy(isBlank) {
      throw failure("a tab indents this line: YAML indents with spaces")
    }
  }

  /// After a value on a line only spaces and a comment may follow.
  mutating func endOfLine() throws(Diagnostic) {
    skipSpaces()
    guard atLineEnd else {
      throw failure("unexpected text after the value (a plain scalar goes on one line: quote a longer one)")
    }
  }

  mutating func make(_ value: YAMLNode.Value, at offset: Int, plain: Bool = true) throws(Diagnostic) -> YAMLNode {
    try count(1)
    return YAMLNode(value: value, file: file, location: location(offset), isPlain: plain)
  }

  mutating func count(_ added: Int) throws(Diagnostic) {
    nodes += added
    guard nodes <= YAMLReader.maximumNodes else {
      throw failure("the document holds more than \(YAMLReader.maximumNodes) nodes once its aliases are expanded")
    }
  }

  mutating func document() throws(Diagnostic) -> YAMLNode {
    if current == "\u{FEFF}" { index += 1 }
    try skipTrivia()
    if current == "%" { throw failure("YAML directives are not read") }
    if atMarker, current == "-" {
      index += 3
      try endOfLine()
      try skipTrivia()
    }
    let root =
      current == nil || atMarker
      ? try make(.scalar(""), at: index) : try block(parent: -1, depth: 0, onKeyLine: false)
    try skipTrivia()
    if atMarker, current == "." {
      index += 3
      try skipTrivia()
    }
    guard current == nil else {
      throw failure(atMarker ? "a second YAML document: attsim reads one" : "this line does not fit the lines above")
    }
    return root
  }

  /// The node at `index` in block context, inside a parent indented `parent`; `onKeyLine` when it follows its
  /// key on the same line, where a mapping or a sequence cannot start.
  mutating func block(parent: Int, depth: Int, onKeyLine: Bool) throws(Diagnostic) -> YAMLNode {
    guard depth < YAMLReader.maximumDepth else { throw failure("nested more than \(YAMLReader.maximumDepth) deep") }
    let start = index
    switch current {
    case "-" where endsToken(index + 1):
      if onKeyLine { throw failure("a sequence cannot start on its key's line") }
      return try sequence(depth: depth)
    case "[", "{", "*":
      let node = try flow(depth: depth)
      try endOfLine()
      return node
    case "|", ">":
      return try blockScalar(parent: parent)
    case "&":
      let (name, before) = (anchorName(), nodes)
      skipSpaces()
      let node: YAMLNode
      if atLineEnd {
        try skipTrivia()
        node =
          current == nil || column(index) <= parent
          ? try make(.scalar(""), at: start) : try block(parent: parent, depth: depth + 1, onKeyLine: false)
      } else {
        node = try block(parent: parent, depth: depth + 1, onKeyLine: onKeyLine)
      }
      anchors[name] = (node, nodes - before)
      return node
    default:
      let key = try scalar(inFlow: false)
      skipSpaces()
      guard current == ":", endsToken(index + 1) else {
        try endOfLine()
        return key
      }
      if onKeyLine { throw failure("a mapping cannot start on its key's line", at: start) }
      return try mapping(firstKey: key, at: start, depth: depth)
    }
  }

  mutating func sequence(depth: Int) throws(Diagnostic) -> YAMLNode {
    let (start, indent) = (index, column(index))
    var items: [YAMLNode] = []
    repeat {
      index += 1
      items.append(try value(after: indent, depth: depth, ofKey: false))
      try skipTrivia()
    } while current == "-" && endsToken(index + 1) && column(index) == indent && !atMarker
    return try make(.list(items), at: start)
  }

  mutating func mapping(firstKey: YAMLNode, at start: Int, depth: Int) throws(Diagnostic) -> YAMLNode {
    let indent = column(start)
    var (own, merged, key) = (Entries(), Entries(), firstKey)
    while true {
      index += 1
      let value = try value(after: indent, depth: depth, ofKey: true)
      if key.isPlain, key.string == "<<" {
        for source in value.list ?? [value] {
          guard let entries = source.entries else { throw failure("'<<' merges mappings only", at: start) }
          for entry in entries where merged.positions[entry.key] == nil { merged.add(entry) }
        }
      } else {
        own.add(YAMLEntry(key: key.string ?? "", location: key.location, value: value))
      }
      try skipTrivia()
      guard current != nil, !atMarker, column(index) >= indent else { break }
      guard column(index) == indent, current != "-" || !endsToken(index + 1) else {
        throw failure("this line does not fit the lines above")
      }
      key = try scalar(inFlow: false)
      skipSpaces()
      guard current == ":", endsToken(index + 1) else { throw failure("expected ':' after the key") }
    }
    return try make(.map(own.list + merged.list.filter { own.positions[$0.key] == nil }), at: start)
  }

  /// A mapping's entries as they are read: a repeated key keeps its first place and its last value.
  struct Entries {
    var list: [YAMLEntry] = []
    var positions: [String: Int] = [:]

    mutating func add(_ entry: YAMLEntry) {
      if let position = positions[entry.key] {
        list[position] = entry
      } else {
        positions[entry.key] = list.count
        list.append(entry)
      }
    }
  }

  /// The value after a `:` or `-` on a line indented `indent`: on the same line, on the lines below
  /// (indented more, or for a key's value a sequence at the same indentation), or nothing.
  mutating func value(after indent: Int, depth: Int, ofKey: Bool) throws(Diagnostic) -> YAMLNode {
    let start = index
    skipSpaces()
    guard atLineEnd else { return try block(parent: indent, depth: depth + 1, onKeyLine: ofKey) }
    try skipTrivia()
    let sequence = ofKey && current == "-" && endsToken(index + 1)
    guard current != nil, !atMarker, column(index) > indent || (sequence && column(index) == indent) else {
      return try make(.scalar(""), at: start)
    }
    return try block(parent: indent, depth: depth + 1, onKeyLine: false)
  }

  mutating func anchorName() -> String {
    let start = index + 1
    index = start
    while !endsToken(index), !isFlow(current) { index += 1 }
    return string(start..<index)
  }

  /// A plain or quoted scalar.
  mutating func scalar(inFlow: Bool) throws(Diagnostic) -> YAMLNode {
    let start = index
    if current == "\"" || current == "'" { return try make(.scalar(quoted()), at: start, plain: false) }
    if let first = current,
      "!?%@`".unicodeScalars.contains(first) || (!inFlow && "|>&*,]}".unicodeScalars.contains(first))
    {
      throw failure("'\(first)' starts what attsim does not read here (a tag, a '?' key): quote a value that starts so")
    }
    var end = index
    while let character = current, character != "\n",
      !(character == ":" && (endsToken(index + 1) || (inFlow && isFlow(at(index + 1))))),
      !(character == "#" && isBlank(at(index - 1))), !(inFlow && isFlow(character))
    {
      index += 1
      if !isBlank(character) { end = index }
    }
    return try make(.scalar(string(start..<end)), at: start)
  }

  /// A single- or double-quoted scalar's text: escapes read, line breaks folded.
  mutating func quoted() throws(Diagnostic) -> String {
    let (start, quote) = (index, text[index])
    index += 1
    var out = String.UnicodeScalarView()
    while true {
      guard let character = current else { throw failure("a quoted string that does not end", at: start) }
      index += 1
      if character == quote {
        guard quote == "'", current == "'" else { break }
        index += 1
        out.append("'")
      } else if character == "\n" {
        while isBlank(out.last) { out.removeLast() }
        var breaks = 0
        while true {
          skipSpaces()
          guard current == "\n" else { break }
          index += 1
          breaks += 1
        }
        out += breaks == 0 ? [" "] : Array(repeating: "\n", count: breaks)
      } else if character == "\\", quote == "\"" {
        try escape(into: &out)
      } else {
        out.append(character)
      }
    }
    return String(out)
  }

  /// One escape of a double-quoted scalar, after its backslash.
  mutating func escape(into out: inout String.UnicodeScalarView) throws(Diagnostic) {
    let start = index - 1
    guard let character = current else { throw failure("a quoted string that does not end", at: start) }
    index += 1
    let simple: [Unicode.Scalar: Unicode.Scalar] = [
      "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}",
      "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
      "L": "\u{2028}", "P": "\u{2029}",
    ]
    if let plain = simple[character] {
      out.append(plain)
    } else if character == "\n" || character == "\r" {
      while isBlank(current) || current == "\n" { index += 1 }
    } else if let digits = ["x": 2, "u": 4, "U": 8][character] {
      let hex = string(index..<min(index + digits, text.count))
      guard hex.unicodeScalars.count == digits, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code)
      else { throw failure("a \\\(character) escape needs \(digits) hex digits of a character", at: start) }
      index += digits
      out.append(scalar)
    } else {
      throw failure("'\\\(character)' is not a YAML escape", at: start)
    }
  }

  /// A literal (`|`) or folded (`>`) block scalar, its header at `index`.
  mutating func blockScalar(parent: Int) throws(Diagnostic) -> YAMLNode {
    let (start, folded) = (index, current == ">")
    var (chomping, indent): (Unicode.Scalar?, Int?) = (nil, nil)
    index += 1
    while let character = current, character == "+" || character == "-" || ("1"..."9").contains(character) {
      if ("1"..."9").contains(character) {
        indent = max(parent, 0) + Int(character.value) - 48
      } else {
        chomping = character
      }
      index += 1
    }
    try endOfLine()
    var lines: [ArraySlice<Unicode.Scalar>] = []
    index = (text[index...].firstIndex(of: "\n") ?? text.count) + 1
    while index < text.count {
      let end = text[index...].firstIndex(of: "\n") ?? text.count
      var line = text[index..<end]
      while line.last == "\r" { line.removeLast() }
      let spaces = line.prefix { $0 == " " }.count
      if spaces == line.count {
        lines.append([])
      } else {
        if indent == nil, spaces > parent { indent = spaces }
        guard let indent, spaces >= indent else { break }
        lines.append(line.dropFirst(indent))
      }
      index = end + 1
    }
    index = min(index, text.count)
    var trailing = 0
    while lines.last?.isEmpty == true {
      lines.removeLast()
      trailing += 1
    }
    var out = String.UnicodeScalarView()
    var (pending, previous): (Int, ArraySlice<Unicode.Scalar>?) = (0, nil)
    for line in lines {
      guard !line.isEmpty else {
        pending += 1
        continue
      }
      // Folding joins two lines of text with a space; a blank line, or a more indented line, keeps its break.
      let kept = previous == nil || !folded || isBlank(previous?.first) || isBlank(line.first)
      let breaks = previous == nil ? pending : pending + (kept ? 1 : 0)
      out += breaks == 0 && previous != nil ? [" "] : Array(repeating: "\n", count: breaks)
      out += line
      (pending, previous) = (0, line)
    }
    if chomping != "-", !lines.isEmpty { out.append("\n") }
    if chomping == "+" { out += Array(repeating: "\n", count: trailing) }
    return try make(.scalar(String(out)), at: start, plain: false)
  }

  /// A flow collection, alias or scalar (`[a, {b: c}]`, as JSON is written), over as many lines as it takes.
  mutating func flow(depth: Int) throws(Diagnostic) -> YAMLNode {
    guard depth < YAMLReader.maximumDepth else { throw failure("nested more than \(YAMLReader.maximumDepth) deep") }
    try skipTrivia(inFlow: true)
    let start = index
    switch current {
    case "*":
      let name = anchorName()
      guard let anchor = anchors[name] else {
        throw failure("no anchor '&\(name.forMessage(limit: 60))' above", at: start)
      }
      try count(anchor.nodes)
      var node = anchor.node
      node.location = location(start)
      return node
    case "&":
      let (name, before) = (anchorName(), nodes)
      let node = try flow(depth: depth + 1)
      anchors[name] = (node, nodes - before)
      return node
    case "[", "{":
      let close: Unicode.Scalar = current == "[" ? "]" : "}"
      index += 1
      var (items, entries) = ([YAMLNode](), Entries())
      while true {
        try skipTrivia(inFlow: true)
        if current == close { break }
        let item = try flow(depth: depth + 1)
        try skipTrivia(inFlow: true)
        if close == "]" {
          items.append(item)
        } else {
          guard let key = item.string else { throw failure("a mapping's key must be a scalar", at: start) }
          var value = try make(.scalar(""), at: index)
          if current == ":" {
            index += 1
            try skipTrivia(inFlow: true)
            if current != ",", current != close { value = try flow(depth: depth + 1) }
            try skipTrivia(inFlow: true)
          }
          entries.add(YAMLEntry(key: key, location: item.location, value: value))
        }
        if current == close { break }
        guard current == "," else {
          throw failure(current == nil ? "the document ends inside a flow collection" : "expected ',' or '\(close)'")
        }
        index += 1
      }
      index += 1
      return try make(close == "]" ? .list(items) : .map(entries.list), at: start)
    case nil: throw failure("the document ends inside a flow collection")
    default: return try scalar(inFlow: true)
    }
  }
}
