/// Breaks text into lines of at most a number of terminal columns: at spaces between words, anywhere
/// between Chinese and Japanese characters (but never before closing punctuation such as 。 or 」), and
/// inside a word only when the word alone is wider than the line. Explicit line breaks are kept; other
/// control characters are measured as the visible escapes the screen shows for them (`\u{202C}`).
public enum TextWrapper {
  /// The lines of `text` at `width` columns (at least 1).
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = Swift.max(1, width)
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lines += wrapParagraph(Array(String(paragraph).escapingControlCharacters), width: width)
    }
    return lines
  }

  private static func wrapParagraph(_ characters: [Character], width: Int) -> [String] {
    var lines: [String] = []
    var line: [Character] = []
    var lineWidth = 0
    var index = 0
    while index < characters.count {
      let unit = nextUnit(characters, from: index)
      index = unit.end
      if unit.isSpace {
        if !line.isEmpty && lineWidth + unit.width <= width {
          line += unit.characters
          lineWidth += unit.width
        } else if !line.isEmpty {
          lines.append(String(line))
          line = []
          lineWidth = 0
        }
        continue
      }
      if lineWidth + unit.width <= width {
        line += unit.characters
        lineWidth += unit.width
        continue
      }
      if !line.isEmpty {
        lines.append(trimmedTrailingSpaces(line))
        line = []
        lineWidth = 0
      }
      // A unit wider than a whole line is cut where it must be.
      for character in unit.characters {
        let characterWidth = TerminalWidth.of(character)
        if lineWidth + characterWidth > width && !line.isEmpty {
          lines.append(String(line))
          line = []
          lineWidth = 0
        }
        line.append(character)
        lineWidth += characterWidth
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(trimmedTrailingSpaces(line)) }
    return lines
  }

  /// The next piece that must stay on one line: a run of spaces, a word, or one CJK character with the
  /// closing punctuation that follows it.
  private static func nextUnit(_ characters: [Character], from start: Int) -> (
    characters: [Character], width: Int, end: Int, isSpace: Bool
  ) {
    var end = start
    if characters[start] == " " {
      while end < characters.count && characters[end] == " " { end += 1 }
      return (Array(characters[start..<end]), end - start, end, true)
    }
    if breaksAnywhere(characters[start]) {
      end += 1
      while end < characters.count && isClosingPunctuation(characters[end]) { end += 1 }
    } else {
      while end < characters.count && characters[end] != " " && !breaksAnywhere(characters[end]) { end += 1 }
      while end < characters.count && isClosingPunctuation(characters[end]) { end += 1 }
    }
    let piece = Array(characters[start..<end])
    return (piece, piece.reduce(0) { $0 + TerminalWidth.of($1) }, end, false)
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

  /// Punctuation that must not start a line (kinsoku).
  static func isClosingPunctuation(_ character: Character) -> Bool {
    closingPunctuation.contains(character)
  }

  private static let closingPunctuation = Set("、。，．・：；？！ー）」』】〕〉》’”,.;:?!)")

  private static func trimmedTrailingSpaces(_ line: [Character]) -> String {
    var end = line.count
    while end > 0 && line[end - 1] == " " { end -= 1 }
    return String(line[..<end])
  }
}
