import TextSupport

/// A terminal colour, by name; the driver maps it to the terminal's palette.
public enum Color: Int, CaseIterable, Hashable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white, gray
}

/// How a cell looks.
public struct Style: Hashable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var bold = false
  public var dim = false
  public var reverse = false
  /// Italic, where the terminal has it (the EU sheet's Markdown emphasis).
  public var italic = false

  /// A style; the default is the terminal's plain text.
  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false,
    italic: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.italic = italic
  }

  /// The terminal's plain text.
  public static let plain = Style()
}

/// One terminal cell: a character (a whole grapheme cluster) and its style. A wide character fills its
/// cell and marks the next one as its continuation.
public struct Cell: Hashable, Sendable {
  /// What the cell shows; empty for the right half of a wide character.
  public var character: Character?
  /// How it looks.
  public var style: Style

  /// A blank cell.
  public static let blank = Cell(character: " ", style: .plain)

  /// Whether this cell is the right half of the wide character to its left.
  public var isContinuation: Bool { character == nil }
}

/// A grid of cells that screens draw into; the driver shows it, `render` prints it, tests compare it.
public struct ScreenBuffer: Hashable, Sendable {
  /// Width in columns.
  public let width: Int
  /// Height in rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]

  /// A blank buffer.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at a row and column.
  public subscript(row: Int, column: Int) -> Cell {
    cells[row * width + column]
  }

  /// Writes `text` from (`row`, `column`), cutting at `limit` columns (default: the buffer's edge).
  /// Control characters are written as visible escapes. Returns the number of columns written.
  @discardableResult
  public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let end = min(width, column + (limit ?? width))
    var position = column
    for character in text.escapingControlCharacters {
      let columns = TerminalWidth.of(character)
      if columns == 0 { continue }
      guard position + columns <= end else { break }
      if position >= 0 {
        clearWideCharacter(row: row, column: position)
        cells[row * width + position] = Cell(character: character, style: style)
        if columns == 2 {
          clearWideCharacter(row: row, column: position + 1)
          cells[row * width + position + 1] = Cell(character: nil, style: style)
        }
      }
      position += columns
    }
    return position - column
  }

  /// Fills a rectangle with one character and style.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    for row in max(0, rect.row)..<min(height, rect.row + rect.height) {
      for column in max(0, rect.column)..<min(width, rect.column + rect.width) {
        clearWideCharacter(row: row, column: column)
        cells[row * width + column] = Cell(character: character, style: style)
      }
    }
  }

  /// Restyles a rectangle, keeping its characters.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    for row in max(0, rect.row)..<min(height, rect.row + rect.height) {
      for column in max(0, rect.column)..<min(width, rect.column + rect.width) {
        change(&cells[row * width + column].style)
      }
    }
  }

  /// Overwriting half of a wide character blanks its other half.
  private mutating func clearWideCharacter(row: Int, column: Int) {
    let index = row * width + column
    if cells[index].isContinuation, column > 0 {
      cells[index - 1].character = " "
    } else if column + 1 < width, cells[index + 1].isContinuation, TerminalWidth.of(cells[index].character ?? " ") == 2
    {
      cells[index + 1].character = " "
    }
  }

  /// Each row as plain text, trailing spaces removed.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width {
        if let character = self[row, column].character { line.append(character) }
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The whole buffer as plain text, one line per row.
  public var text: String { lines.joined(separator: "\n") + "\n" }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
  public var row: Int
  public var column: Int
  public var width: Int
  public var height: Int

  /// A rectangle.
  public init(row: Int, column: Int, width: Int, height: Int) {
    self.row = row
    self.column = column
    self.width = width
    self.height = height
  }

  /// Whether the cell at (`row`, `column`) is inside.
  public func contains(row: Int, column: Int) -> Bool {
    row >= self.row && row < self.row + height && column >= self.column && column < self.column + width
  }
}
