import ConsentUI
import TextSupport

/// Just enough of a terminal to play ANSI screens for tests: casts' frames (cursor placement (CUP), clearing
/// (ED)), and screens printed a row a line (`render --format ansi`, `tmux capture-pane -e`); SGR (bold, dim,
/// italic, reverse, the eight colours and bright black, default colours), character set designation and
/// private modes (ignored), and text laid out by the same column widths the terminals attsim is tested in
/// use. What it holds is compared with the `ScreenBuffer` that was drawn, or with another screen.
public struct TerminalModel {
  /// Each cell's text ("" for the right half of a wide character) and style.
  public private(set) var cells: [[(text: String, style: Style)]]
  public private(set) var row = 0
  public private(set) var column = 0
  private var style = Style.plain

  public init(width: Int, height: Int) {
    cells = Array(repeating: Array(repeating: (" ", .plain), count: width), count: height)
  }

  /// Plays `data`.
  public mutating func feed(_ data: String) {
    var scalars = Array(data.unicodeScalars)[...]
    var text = ""
    func flush() {
      for character in text {
        for cell in TerminalWidth.cells(of: character) where row < cells.count && column < cells[row].count {
          cells[row][column] = (cell.text, style)
          if cell.width == 2 && column + 1 < cells[row].count { cells[row][column + 1] = ("", style) }
          column += cell.width
        }
      }
      text = ""
    }
    while let scalar = scalars.popFirst() {
      if scalar.value < 0x20 && scalar != "\u{1B}" { continue }  // SI, SO and the like
      guard scalar == "\u{1B}" else {
        text.unicodeScalars.append(scalar)
        continue
      }
      flush()
      switch scalars.popFirst() {
      case "[": break
      case "(", ")":
        _ = scalars.popFirst()  // a character set: ESC ( B
        continue
      default: continue  // ESC = and ESC >: keypad modes
      }
      var parameters = ""
      while let next = scalars.popFirst() {
        if ("0"..."9").contains(next) || next == ";" || next == "?" {
          parameters.unicodeScalars.append(next)
          continue
        }
        guard !parameters.hasPrefix("?") else { break }  // private modes
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch next {
        case "H":
          row = max(1, numbers.first ?? 1) - 1
          column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case "J":
          cells = cells.map { $0.map { _ in (" ", style) } }
        case "m":
          applySGR(numbers.isEmpty ? [0] : numbers)
        default: break
        }
        break
      }
    }
    flush()
  }

  /// Plays `text` whose lines are the screen's rows from the top, each with the SGR codes of its cells, as
  /// `render --format ansi` and `tmux capture-pane -e` print a screen.
  public mutating func feedRows(_ text: String) {
    for (row, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where row < cells.count {
      feed("\u{1B}[\(row + 1);1H" + line)
    }
  }

  private mutating func applySGR(_ numbers: [Int]) {
    var numbers = numbers[...]
    while let number = numbers.popFirst() {
      switch number {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 3: style.italic = true
      case 7: style.reverse = true
      case 30...37: style.foreground = Color(rawValue: number - 30)
      case 40...47: style.background = Color(rawValue: number - 40)
      case 90: style.foreground = .gray
      case 100: style.background = .gray
      case 39: style.foreground = nil
      case 49: style.background = nil
      case 38, 48:
        // 38;5;N: the 256-colour palette, whose first sixteen are the ones above.
        guard numbers.popFirst() == 5, let index = numbers.popFirst() else { continue }
        let color = index == 8 ? Color.gray : Color(rawValue: index)
        if number == 38 { style.foreground = color } else { style.background = color }
      default: break
      }
    }
  }

  /// The screen as `render` prints it: each row without trailing spaces.
  public var text: String {
    cells.map { row in
      var line = row.map(\.text).joined()
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n") + "\n"
  }

  /// Where the screen differs from `expected` in text or style, a line for each cell (at most `limit`);
  /// `adjust` changes each of `expected`'s styles first (into what a terminal can show of it).
  public func differences(
    from expected: TerminalModel, adjusting adjust: (Style) -> Style = { $0 }, limit: Int = 10
  ) -> [String] {
    var found: [String] = []
    for row in 0..<min(cells.count, expected.cells.count) {
      for column in 0..<min(cells[row].count, expected.cells[row].count) where found.count < limit {
        let wanted = (text: expected.cells[row][column].text, style: adjust(expected.cells[row][column].style))
        let shown = cells[row][column]
        guard shown.text != wanted.text || shown.style != wanted.style else { continue }
        found.append("(\(row), \(column)): \(shown) instead of \(wanted)")
      }
    }
    return found
  }

  /// Where the screen differs from `buffer` in text or style, a line for each cell (at most `limit`).
  public func differences(from buffer: ScreenBuffer, limit: Int = 10) -> [String] {
    var found: [String] = []
    for row in 0..<min(cells.count, buffer.height) {
      for column in 0..<min(cells[row].count, buffer.width) where found.count < limit {
        let expected = buffer[row, column]
        let shown = cells[row][column]
        guard shown.text != (expected.text ?? "") || shown.style != expected.style else { continue }
        found.append("(\(row), \(column)): \(shown) instead of \(expected)")
      }
    }
    return found
  }
}
