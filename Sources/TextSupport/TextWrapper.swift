/// Breaks text into lines of at most a number of terminal columns: at spaces, between CJK characters (never
/// before 。 or 」), at Thai, Lao, Khmer and Burmese dictionary breaks, inside a word only when it alone is wider.
public enum TextWrapper {
  /// The lines of `text` at `width` columns (at least 1), each character cut to `ClusterBound.maxScalars` scalars.
  public static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in paragraphs(text.boundingClusters) {
      let escaped = String(paragraph).escapingControlCharacters
      // Lines are cut from the text between their characters' indices; in ASCII each byte is a character.
      let isASCII = escaped.utf8.allSatisfy { $0 < 0x80 }
      var indices = isASCII ? Array(escaped.utf8.indices) : Array(escaped.indices)
      indices.append(escaped.endIndex)
      let ranges: [Range<Int>]
      if isASCII {
        ranges = lineRanges(Array(escaped.utf8), width: width, dictionaryBreaks: [])
      } else {
        let characters = indices.dropLast().map { escaped[$0] }
        ranges = lineRanges(characters, width: width, dictionaryBreaks: DictionaryBreaks.opportunities(in: characters))
      }
      lines += ranges.map { String(escaped[indices[$0.lowerBound]..<indices[$0.upperBound]]) }
    }
    return lines
  }

  /// The paragraphs of `text`, between its line breaks; text without a byte of one (CR to LF, NEL, LS, PS) is
  /// told to be one paragraph without asking each character whether it is a newline.
  private static func paragraphs(_ text: String) -> [Substring] {
    guard text.utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }) else {
      return [text[...]]
    }
    return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  }

  /// The lines of styled text (runs of text, each with its style) at `width` columns, broken as `wrap` breaks
  /// plain text: each line a list of runs, neighbouring runs of one style merged.
  public static func wrap<Style: Equatable>(_ runs: [(text: String, style: Style)], width: Int) -> [[(
    text: String, style: Style
  )]] {
    var lines: [[(text: String, style: Style)]] = []
    var characters: [Character] = []
    var styles: [Style] = []
    func flush() {
      let dictionaryBreaks = DictionaryBreaks.opportunities(in: characters)
      for range in lineRanges(characters, width: width, dictionaryBreaks: dictionaryBreaks) {
        var line: [(text: String, style: Style)] = []
        for index in range {
          if let last = line.last, last.style == styles[index] {
            line[line.count - 1].text.append(characters[index])
          } else {
            line.append((String(characters[index]), styles[index]))
          }
        }
        lines.append(line)
      }
      characters = []
      styles = []
    }
    for run in runs {
      for (offset, piece) in paragraphs(run.text.boundingClusters).enumerated() {
        if offset > 0 { flush() }
        let escaped = Array(String(piece).escapingControlCharacters)
        characters += escaped
        styles += Array(repeating: run.style, count: escaped.count)
      }
    }
    flush()
    return lines
  }

  /// Where each line of one paragraph starts and ends in `characters` (spaces at the breaks left out).
  private static func lineRanges<Unit: WrappingUnit>(_ characters: [Unit], width: Int, dictionaryBreaks: Set<Int>)
    -> [Range<Int>]
  {
    let width = Swift.max(1, width)
    var lines: [Range<Int>] = []
    var lineStart = 0
    var lineEnd = 0
    var lineWidth = 0
    var index = 0
    func endLine() {
      var end = lineEnd
      while end > lineStart && characters[end - 1].isSpace { end -= 1 }
      lines.append(lineStart..<end)
      lineWidth = 0
    }
    while index < characters.count {
      let unit = nextUnit(characters, from: index, dictionaryBreaks: dictionaryBreaks)
      defer { index = unit.end }
      if unit.isSpace {
        if lineEnd > lineStart && lineWidth + unit.width <= width {
          lineEnd = unit.end
          lineWidth += unit.width
        } else {
          if lineEnd > lineStart { endLine() }
          lineStart = unit.end
          lineEnd = unit.end
        }
        continue
      }
      if lineWidth + unit.width <= width {
        if lineEnd == lineStart { lineStart = index }
        lineEnd = unit.end
        lineWidth += unit.width
        continue
      }
      if lineEnd > lineStart {
        endLine()
      }
      lineStart = index
      lineEnd = index
      // A unit wider than a whole line is cut where it must be.
      for position in index..<unit.end {
        let characterWidth = characters[position].columns
        if lineWidth + characterWidth > width && lineEnd > lineStart {
          lines.append(lineStart..<lineEnd)
          lineStart = position
          lineWidth = 0
        }
        lineEnd = position + 1
        lineWidth += characterWidth
      }
    }
    if lineEnd > lineStart || lines.isEmpty { endLine() }
    return lines
  }

  /// The next piece that must stay on one line: spaces, a word (up to a dictionary break), or a CJK character
  /// with the closing punctuation after it; opening brackets stay with what follows them.
  private static func nextUnit<Unit: WrappingUnit>(_ characters: [Unit], from start: Int, dictionaryBreaks: Set<Int>)
    -> (width: Int, end: Int, isSpace: Bool)
  {
    func width(to end: Int) -> Int { characters[start..<end].reduce(0) { $0 + $1.columns } }
    var end = start
    while end < characters.count && characters[end].isOpeningPunctuation { end += 1 }
    if end > start && end < characters.count && !characters[end].isSpace {
      let rest = nextUnit(characters, from: end, dictionaryBreaks: dictionaryBreaks)
      return (width(to: rest.end), rest.end, false)
    }
    end = start
    if characters[start].isSpace {
      while end < characters.count && characters[end].isSpace { end += 1 }
      return (end - start, end, true)
    }
    if characters[start].breaksAnywhere {
      end += 1
      while end < characters.count && characters[end].isClosingPunctuation { end += 1 }
    } else {
      while end < characters.count && !characters[end].isSpace && !characters[end].breaksAnywhere {
        end += 1
        if dictionaryBreaks.contains(end) { break }
      }
      while end < characters.count && characters[end].isClosingPunctuation { end += 1 }
    }
    return (width(to: end), end, false)
  }

  /// Chinese and Japanese text may break between any two characters.
  static func breaksAnywhere(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFD, 0x31F0...0x31FF,
      0xFF66...0xFF9F:
      return true
    default: return false
    }
  }

  /// Punctuation that must not start a line (kinsoku); ASCII, what is asked most, is looked up by its byte.
  static func isClosingPunctuation(_ character: Character) -> Bool {
    character.asciiValue.map { closingASCII.contains($0) } ?? closingPunctuation.contains(character)
  }

  /// Kinsoku: opening brackets never end a line.
  static func isOpeningPunctuation(_ character: Character) -> Bool {
    character.asciiValue.map { openingASCII.contains($0) } ?? openingPunctuation.contains(character)
  }

  private static let openingText = "「『（【〔〈《“‘"
  /// Kinsoku: closing punctuation, the prolonged sound mark, iteration marks and small kana never start a line.
  private static let closingText =
    "、。，．・：；？！ー）」』】〕〉》’”,.;:?!)ゝゞヽヾ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
  fileprivate static let openingASCII = openingText.utf8.filter { $0 < 0x80 }
  fileprivate static let closingASCII = closingText.utf8.filter { $0 < 0x80 }
  private static let openingPunctuation = Set(openingText)
  private static let closingPunctuation = Set(closingText)
}

/// What the wrapper asks of each piece of a paragraph: a character, or a byte of an all-ASCII paragraph (no
/// grapheme breaking, width table or dictionary: a text a frame wraps is mostly English).
private protocol WrappingUnit {
  /// A space: breaks go there, and are left out of the lines.
  var isSpace: Bool { get }
  /// A Chinese or Japanese character, after which a line may break.
  var breaksAnywhere: Bool { get }
  /// Must not start a line (kinsoku).
  var isClosingPunctuation: Bool { get }
  /// Must not end a line (kinsoku).
  var isOpeningPunctuation: Bool { get }
  /// Terminal columns.
  var columns: Int { get }
}

extension Character: WrappingUnit {
  fileprivate var isSpace: Bool { self == " " }
  fileprivate var breaksAnywhere: Bool { TextWrapper.breaksAnywhere(self) }
  fileprivate var isClosingPunctuation: Bool { TextWrapper.isClosingPunctuation(self) }
  fileprivate var isOpeningPunctuation: Bool { TextWrapper.isOpeningPunctuation(self) }
  fileprivate var columns: Int { TerminalWidth.of(self) }
}

/// A byte of printable ASCII: control characters were escaped before the text is wrapped.
extension UInt8: WrappingUnit {
  fileprivate var isSpace: Bool { self == UInt8(ascii: " ") }
  fileprivate var breaksAnywhere: Bool { false }
  fileprivate var isClosingPunctuation: Bool { TextWrapper.closingASCII.contains(self) }
  fileprivate var isOpeningPunctuation: Bool { TextWrapper.openingASCII.contains(self) }
  fileprivate var columns: Int { 1 }
}
