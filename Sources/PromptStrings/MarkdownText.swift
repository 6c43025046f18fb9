import TextSupport

/// A purpose string in the Markdown the iOS 27.2 EU sheet draws: paragraphs, lists, bold and italic, links as
/// their text, the rest as written. Emphasis looks ahead, so callers pass at most `DialogMetrics.longestMessage`.
public struct MarkdownText: Hashable, Sendable {
  /// How a piece of text is emphasized.
  public struct Emphasis: Hashable, Sendable {
    public var bold = false
    public var italic = false

    /// Plain text.
    public static let none = Emphasis()
  }

  /// A run of text with one emphasis.
  public struct Span: Hashable, Sendable {
    public var text: String
    public var emphasis: Emphasis

    /// `text` with `emphasis`.
    public init(text: String, emphasis: Emphasis) {
      self.text = text
      self.emphasis = emphasis
    }
  }

  /// A paragraph, or one item of a list with its marker (`•`, or `1.` for a numbered list).
  public struct Block: Hashable, Sendable {
    /// `nil` for a paragraph; the marker drawn before a list item.
    public var marker: String?
    public var spans: [Span]
  }

  /// The blocks, in order.
  public let blocks: [Block]

  /// Parses `source`. Lines of one paragraph or item are joined with a space, as Markdown's soft breaks.
  public init(parsing source: String) {
    var blocks: [Block] = []
    var marker: String?
    var lines: [Substring] = []
    func finish() {
      guard !lines.isEmpty else { return }
      blocks.append(Block(marker: marker, spans: Self.inline(lines.joined(separator: " "))))
      lines = []
      marker = nil
    }
    for line in source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty {
        finish()
      } else if let (itemMarker, rest) = Self.listItem(trimmed) {
        finish()
        marker = itemMarker
        lines = [rest]
      } else {
        lines.append(trimmed)
      }
    }
    finish()
    self.blocks = blocks
  }

  /// The lines the text takes at `width` columns: a blank line between paragraphs, list items indented.
  public func lines(width: Int) -> [[Span]] {
    var result: [[Span]] = []
    for (index, block) in blocks.enumerated() {
      if index > 0 && !continuesList(at: index) { result.append([]) }
      let indent = block.marker.map { TerminalWidth.of($0) + 1 } ?? 0
      let runs = block.spans.map { (text: $0.text, style: $0.emphasis) }
      for (offset, line) in TextWrapper.wrap(runs, width: max(1, width - indent)).enumerated() {
        var spans = line.map { Span(text: $0.text, emphasis: $0.style) }
        if let marker = block.marker {
          let lead = offset == 0 ? marker + " " : String(repeating: " ", count: indent)
          spans.insert(Span(text: lead, emphasis: .none), at: 0)
        }
        result.append(spans)
      }
    }
    return result
  }

  // MARK: Lists

  /// Whether the block at `index` is the next item of the list before it: both bulleted, or both numbered.
  private func continuesList(at index: Int) -> Bool {
    guard let marker = blocks[index].marker, let previous = blocks[index - 1].marker else { return false }
    return (marker == "•") == (previous == "•")
  }

  /// `- item`, `* item`, `+ item` or `1. item`: the marker to draw and the item's text.
  private static func listItem(_ line: Substring) -> (String, Substring)? {
    guard let first = line.first else { return nil }
    if "-*+".contains(first), line.dropFirst().first == " " {
      return ("•", line.dropFirst(2).drop { $0 == " " })
    }
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    guard (1...9).contains(digits.count) else { return nil }
    let rest = line.dropFirst(digits.count)
    guard let dot = rest.first, dot == "." || dot == ")", rest.dropFirst().first == " " else { return nil }
    return (digits + ".", rest.dropFirst(2).drop { $0 == " " })
  }

  // MARK: Inline syntax

  /// The spans of one paragraph's text.
  static func inline(_ text: String) -> [Span] {
    var parser = InlineParser(characters: Array(text))
    parser.parse(emphasis: .none)
    return parser.spans
  }

  /// The first piece of inline Markdown in `text` that iOS would draw differently from its characters
  /// (`**bold**`, `*italic*`, `[text](link)`), or nil: what `markdown-in-plain` looks for.
  public static func firstMarkup(in text: String) -> String? {
    var parser = InlineParser(characters: Array(text))
    parser.parse(emphasis: .none)
    return parser.firstMarkup
  }

  /// The first attempt at underlining (`<u>…`, `<ins>…`, `++text++`), which the sheet does not support.
  public static func firstUnderline(in text: String) -> String? {
    let lowered = text.lowercased()
    for tag in ["<u>", "<ins>"] where lowered.contains(tag) { return tag }
    let characters = Array(text)
    for index in characters.indices.dropLast(4) {
      if characters[index] == "+", characters[index + 1] == "+", characters[index + 2] != " ",
        characters[index + 2] != "+",
        let close = (index + 3..<characters.count - 1).first(where: {
          characters[$0] == "+" && characters[$0 + 1] == "+" && characters[$0 - 1] != " "
        })
      {
        return String(characters[index...close + 1])
      }
    }
    return nil
  }
}

/// A left-to-right reader of emphasis, code spans, links and escapes, with CommonMark's flanking rules simplified:
/// a delimiter opens before a non-space and closes after one; `_` never works inside a word (`snake_case`).
private struct InlineParser {
  let characters: [Character]
  var index = 0
  var spans: [MarkdownText.Span] = []
  var firstMarkup: String?

  /// Reads every character, adding spans with `emphasis` (and what nested delimiters add to it).
  mutating func parse(emphasis: MarkdownText.Emphasis) {
    while index < characters.count {
      let character = characters[index]
      if character == "\\", index + 1 < characters.count,
        characters[index + 1].isPunctuation
          || characters[index + 1].isSymbol
      {
        append(String(characters[index + 1]), emphasis)
        index += 2
      } else if character == "*" || character == "_" {
        emphasize(at: index, emphasis: emphasis)
      } else if character == "`", let end = characters[(index + 1)...].firstIndex(of: "`"), end > index + 1 {
        noteMarkup(from: index, to: end)
        append(String(characters[index + 1..<end]), emphasis)
        index = end + 1
      } else if character == "[", let link = link(at: index) {
        noteMarkup(from: index, to: link.end - 1)
        append(link.text, emphasis)
        index = link.end
      } else {
        append(String(character), emphasis)
        index += 1
      }
    }
  }

  /// A run of `*` or `_` at `start`: emphasis when a matching closing run follows, else literal.
  private mutating func emphasize(at start: Int, emphasis: MarkdownText.Emphasis) {
    let delimiter = characters[start]
    var run = 0
    while start + run < characters.count && characters[start + run] == delimiter { run += 1 }
    let length = min(run, 3)
    let closing = Array(repeating: delimiter, count: length)
    // The closing run comes after the whole opening run (whose extra delimiters are literal).
    guard opens(at: start, length: length), let end = findClosing(closing, from: start + run - 1), end >= start + run
    else {
      append(String(repeating: delimiter, count: run), emphasis)
      index = start + run
      return
    }
    noteMarkup(from: start, to: end + length - 1)
    var inner = emphasis
    if length >= 2 { inner.bold = true }
    if length != 2 { inner.italic = true }
    // Delimiters beyond three are literal.
    if run > length { append(String(repeating: delimiter, count: run - length), emphasis) }
    var nested = InlineParser(characters: Array(characters[start + run..<end]))
    nested.parse(emphasis: inner)
    for span in nested.spans { append(span.text, span.emphasis) }
    index = end + length
  }

  /// Whether a delimiter run at `start` can open: a non-space follows, and `_` is not inside a word.
  private func opens(at start: Int, length: Int) -> Bool {
    let after = start + length
    guard after < characters.count, !characters[after].isWhitespace else { return false }
    if characters[start] == "_", start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber {
      return false
    }
    return true
  }

  /// Whether `closing` ends emphasis at `position`: a non-space before, and `_` not followed by a letter.
  private func closes(_ closing: [Character], at position: Int) -> Bool {
    guard position + closing.count <= characters.count,
      Array(characters[position..<position + closing.count]) == closing,
      position > 0, !characters[position - 1].isWhitespace
    else { return false }
    let after = position + closing.count
    if after < characters.count, characters[after] == closing[0] { return false }
    if closing[0] == "_", after < characters.count, characters[after].isLetter || characters[after].isNumber {
      return false
    }
    return true
  }

  private func findClosing(_ closing: [Character], from start: Int) -> Int? {
    var position = start + 1
    while position < characters.count {
      if characters[position] == "\\" {
        position += 2
        continue
      }
      if closes(closing, at: position) { return position }
      position += 1
    }
    return nil
  }

  /// `[text](destination)` at `start`: the text and the index after the closing parenthesis.
  private func link(at start: Int) -> (text: String, end: Int)? {
    guard let close = characters[(start + 1)...].firstIndex(of: "]"), close + 1 < characters.count,
      characters[close + 1] == "(",
      let end = characters[(close + 2)...].firstIndex(of: ")"), close > start + 1
    else { return nil }
    return (String(characters[start + 1..<close]), end + 1)
  }

  private mutating func noteMarkup(from start: Int, to end: Int) {
    if firstMarkup == nil { firstMarkup = String(characters[start...end]) }
  }

  private mutating func append(_ text: String, _ emphasis: MarkdownText.Emphasis) {
    if let last = spans.last, last.emphasis == emphasis {
      spans[spans.count - 1].text += text
    } else {
      spans.append(MarkdownText.Span(text: text, emphasis: emphasis))
    }
  }
}
