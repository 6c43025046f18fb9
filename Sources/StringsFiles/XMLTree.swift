import Diagnostics
import FileAccess
import TextSupport

/// An XML document that is not a property list (Xcode's shared schemes, .NET projects, XLIFF): its elements
/// with their attributes, text and places. Read as the property lists are (UTF-8, UTF-16 or a declared
/// ISO-8859-1; the five named entities, `&#…;` references and CDATA), with no DTD and no external entity: a
/// `<!DOCTYPE>` with declarations (`[…]`) is refused. Comments and processing instructions are skipped;
/// namespace prefixes stay as written (`xsi:type`). Bounded: elements nest at most `maximumDepth` deep, and a
/// document holds at most `maximumNodes` elements and attributes.
public struct XMLTree: Sendable {
  /// The top element.
  public var root: Element

  /// One element.
  public struct Element: Sendable {
    /// The name as written, prefix included.
    public var name: String
    /// The attributes in the order written, their values' entities resolved.
    public var attributes: [(name: String, value: String)] = []
    /// The elements inside it, in order.
    public var children: [Element] = []
    /// Its own text (not its children's), entities and CDATA resolved, every line end as LF.
    public var text = ""
    /// Where its tag's `<` stands.
    public var location: SourceLocation

    /// The value of the attribute `name`, when the element has it.
    public func attribute(_ name: String) -> String? {
      attributes.first { $0.name == name }?.value
    }

    /// The children named `name`, in order.
    public func children(named name: String) -> [Element] {
      children.filter { $0.name == name }
    }
  }

  /// How deep elements may nest.
  public static let maximumDepth = 256
  /// How many elements and attributes a document may hold (some 100 bytes of memory each).
  public static let maximumNodes = 1_000_000

  /// Reads the XML file at `file` through `files` (confined to a project, within its limits).
  public static func read(_ file: FilePath, from files: InputFiles) -> Result<XMLTree, ReadProblem> {
    ReadProblem.bytes(of: file, from: files).flatMap { read(bytes: $0, path: file.string) }
  }

  /// The document `bytes` hold, read from `path`, or where and why they hold none.
  public static func read(bytes: [UInt8], path: String) -> Result<XMLTree, ReadProblem> {
    guard !bytes.isEmpty else { return .failure(ReadProblem(file: path, "the file is empty")) }
    let text: [UInt8]
    switch PropertyListReader.text(of: bytes, file: path, kind: "XML") {
    case .failure(let problem): return .failure(ReadProblem(file: path, problem.message, location: problem.location))
    case .success(let read): text = read
    }
    let lines = LineMap(bytes: text)
    return text.withUnsafeBufferPointer { buffer in
      var reader = XMLTreeReader(bytes: buffer, lines: lines)
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
      do throws(XMLProblem) {
        return .success(XMLTree(root: try reader.document()))
      } catch {
        return .failure(ReadProblem(file: path, error.message, location: lines.location(of: error.offset)))
      }
    }
  }
}

/// Reads an `XMLTree` from UTF-8 text.
private struct XMLTreeReader: XMLScanning {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// Places elements in the text.
  let lines: LineMap
  /// Elements and attributes read so far.
  var nodes = 0
  static let topElement = "the top element"
  static let reader = "attsim"

  init(bytes: UnsafeBufferPointer<UInt8>, lines: LineMap) {
    self.bytes = bytes
    self.lines = lines
  }

  /// The prolog, the top element, then only space, comments and processing instructions.
  mutating func document() throws(XMLProblem) -> XMLTree.Element {
    var root: XMLTree.Element?
    while true {
      skipSpace()
      guard index < bytes.count else {
        guard let root else { throw problem("the file ends before its top element") }
        return root
      }
      guard bytes[index] == UInt8(ascii: "<") else {
        throw problem("unexpected \(describe(index)) \(root == nil ? "before" : "after") the top element")
      }
      if try skipMarkup(inContent: root != nil) { continue }
      guard root == nil else {
        throw problem(
          matches("</") ? "this closing tag closes no element" : "a second top element: an XML document has one")
      }
      root = try element(depth: 0)
    }
  }

  /// The element whose tag starts at `index`, read up to and including its closing tag.
  mutating func element(depth: Int) throws(XMLProblem) -> XMLTree.Element {
    let start = index
    guard depth < XMLTree.maximumDepth else {
      throw problem("elements nest more than \(XMLTree.maximumDepth) deep")
    }
    try count()
    index += 1
    var element = XMLTree.Element(name: try name(inTagAt: start), location: lines.location(of: start))
    var names = Set<String>()
    while true {
      let separated = index
      skipSpace()
      guard index < bytes.count else { throw problem("the file ends inside this tag", at: start) }
      if matches("/>") {
        index += 2
        return element
      }
      if bytes[index] == UInt8(ascii: ">") { break }
      guard index > separated else { throw problem("unexpected \(describe(index)) in the tag \(shown(element.name))") }
      let attribute = try self.attribute(inTagAt: start)
      guard names.insert(attribute.name).inserted else {
        throw problem(
          "\(shown(element.name)) has the attribute \(attribute.name.forMessage(limit: 60)) twice", at: start)
      }
      element.attributes.append(attribute)
    }
    index += 1
    var text: [UInt8] = []
    var runStart = index
    while true {
      guard let stop = nextSpecial(from: index) else {
        throw problem("\(shown(element.name)) is never closed", at: start)
      }
      try appendLiteral(runStart..<stop, to: &text)
      index = stop
      if bytes[stop] == UInt8(ascii: "&") {
        try appendReference(to: &text)
      } else if matches("<![CDATA[") {
        guard let end = find("]]>", from: index + 9) else { throw problem("this CDATA is never closed") }
        try appendLiteral((index + 9)..<end, to: &text)
        index = end + 3
      } else if matches("</") {
        try closeTag(element.name, openedAt: start)
        element.text = String(decoding: text, as: UTF8.self)
        return element
      } else if try !skipMarkup(inContent: true) {
        element.children.append(try self.element(depth: depth + 1))
      }
      runStart = index
    }
  }

  /// One `name="value"` (or `'value'`) in the tag at `tag`.
  mutating func attribute(inTagAt tag: Int) throws(XMLProblem) -> (name: String, value: String) {
    try count()
    let name = try self.name(inTagAt: tag)
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
      throw problem("the attribute \(name.forMessage(limit: 60)) has no '=' and value")
    }
    index += 1
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
      throw problem("the value of the attribute \(name.forMessage(limit: 60)) is not in quotes")
    }
    let quote = bytes[index]
    index += 1
    var value: [UInt8] = []
    var runStart = index
    while index < bytes.count {
      switch bytes[index] {
      case quote:
        try appendLiteral(runStart..<index, to: &value, inAttribute: true)
        index += 1
        return (name, String(decoding: value, as: UTF8.self))
      case UInt8(ascii: "&"):
        try appendLiteral(runStart..<index, to: &value, inAttribute: true)
        try appendReference(to: &value)
        runStart = index
      case UInt8(ascii: "<"):
        throw problem("'<' in the value of the attribute \(name.forMessage(limit: 60)) (write &lt;)")
      default: index += 1
      }
    }
    throw problem("the file ends inside this tag", at: tag)
  }

  /// The element's or attribute's name at `index`: the bytes up to space, `/`, `>`, `=`, `<`, `&` or a quote.
  mutating func name(inTagAt tag: Int) throws(XMLProblem) -> String {
    let start = index
    while index < bytes.count, !Self.isSpace(bytes[index]), !"/>=<&\"'".utf8.contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { throw problem("the file ends inside this tag", at: tag) }
    guard index > start else {
      throw problem(start == tag + 1 ? "a tag without a name" : "unexpected \(describe(index)) in this tag")
    }
    var name: [UInt8] = []
    try appendText(start..<index, to: &name)
    return String(decoding: name, as: UTF8.self)
  }

  /// Appends literal text as XML reads it: a line end (CRLF or CR) as LF, and in an attribute's value every
  /// tab and line end as a space.
  func appendLiteral(_ range: Range<Int>, to text: inout [UInt8], inAttribute: Bool = false) throws(XMLProblem) {
    let start = text.count
    try appendText(range, to: &text)
    guard text[start...].contains(where: { $0 == 0x0D || (inAttribute && Self.isSpace($0)) }) else { return }
    var normalized: [UInt8] = []
    var previous: UInt8 = 0
    for byte in text[start...] {
      defer { previous = byte }
      if byte == 0x0A && previous == 0x0D { continue }
      let lineEnd: UInt8 = byte == 0x0D ? 0x0A : byte
      normalized.append(inAttribute && Self.isSpace(lineEnd) ? 0x20 : lineEnd)
    }
    text.replaceSubrange(start..., with: normalized)
  }

  /// Counts one more element or attribute, refusing one past the limit.
  mutating func count() throws(XMLProblem) {
    nodes += 1
    guard nodes <= XMLTree.maximumNodes else {
      throw problem("the file holds more than \(XMLTree.maximumNodes) elements and attributes")
    }
  }

  /// An element's name for a message: `<name>`, shortened.
  func shown(_ name: String) -> String { "<\(name.forMessage(limit: 60))>" }
}
