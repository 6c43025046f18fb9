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

  /// Inlinable, as `Cell`'s: the terminal's draw compares two thousand cells a frame.
  @inlinable public static func == (first: Style, second: Style) -> Bool {
    first.foreground == second.foreground && first.background == second.background && first.bold == second.bold
      && first.dim == second.dim && first.reverse == second.reverse && first.italic == second.italic
  }
}

/// One terminal cell, as terminals store text: a character of width one or two with the zero-width characters
/// after it (`TerminalCell`), and its style; a wide character marks the next cell as its continuation.
public struct Cell: Hashable, Sendable {
  /// What the cell shows; nil for the right half of a wide character.
  public var text: String?
  /// How it looks.
  public var style: Style

  /// A blank cell.
  public static let blank = Cell(text: " ", style: .plain)

  /// Whether this cell is the right half of the wide character to its left.
  public var isContinuation: Bool { text == nil }

  /// Inlinable: the terminal's draw compares two thousand cells a frame (the style first, the cheaper test).
  @inlinable public static func == (first: Cell, second: Cell) -> Bool {
    first.style == second.style && first.text == second.text
  }
}

/// A grid of cells that screens draw into; the driver shows it, `render` prints it, tests compare it.
public struct ScreenBuffer: Hashable, Sendable {
  /// Width in columns.
  public let width: Int
  /// Height in rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Whether right-to-left text is put in visual order (the default: most terminals do not reorder); false
  /// for `--bidi terminal`, where the terminal reorders what it is given in logical order.
  public var reordersRightToLeft = true
  /// The direction of the paragraphs being drawn, when a caller knows it (the phone's, in its locale's);
  /// otherwise each line's first strong character decides.
  public var paragraphDirection = BidiText.Direction.automatic

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

  /// Writes `text` from (`row`, `column`) within `limit` columns (default: to the edge), cut between clusters
  /// with "…" where it ends; controls escaped, right-to-left text in visual order (unless `inVisualOrder`
  /// already) in a `paragraphDirection` paragraph. Returns the number of columns written.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil, inVisualOrder: Bool = false
  ) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let room = min(width, column + (limit ?? width)) - column
    guard room > 0 else { return 0 }
    if let written = putOneCellText(text, row: row, column: column, style: style, room: room) { return written }
    let (fitted, isCut) = Self.fitting(text.escapingControlCharacters, in: room)
    let logical = String(fitted) + (isCut ? "…" : "")
    let shown =
      reordersRightToLeft && !inVisualOrder
      ? BidiText.visual(logical, direction: paragraphDirection)
      : logical
    var position = column
    for character in shown {
      for cell in TerminalWidth.cells(of: character) {
        write(cell, row: row, column: position, style: style)
        position += cell.width
      }
    }
    return position - column
  }

  /// `put` for text whose every scalar is a character of one cell on its own (most of what the UI writes), one
  /// cell per scalar without asking clusters and widths, as the general way gives it; nil for any other text.
  private mutating func putOneCellText(_ text: String, row: Int, column: Int, style: Style, room: Int) -> Int? {
    let scalars = text.unicodeScalars
    guard scalars.allSatisfy(Self.isOneCellAlone) else { return nil }
    let count = scalars.count
    let isCut = count > room
    let shown = isCut ? room - 1 : count
    let written = shown + (isCut ? 1 : 0)
    // The columns inside the buffer; a wide character is cut only at the two ends of the run, since the
    // text's own cells overwrite whatever half of one lies inside it.
    let first = max(column, 0)
    let end = min(column + written, width)
    guard first < end else { return written }
    clearWideCharacter(row: row, column: first)
    clearWideCharacter(row: row, column: end - 1)
    let rowStart = row * width
    let ascii = Self.printableASCII
    cells.withUnsafeMutableBufferPointer { cells in
      var position = column
      // Printable ASCII's texts come from a table made once (a frame has about a thousand such cells).
      for scalar in scalars {
        guard position - column < shown else { break }
        if position >= first && position < end {
          let value = Int(scalar.value)
          let text = (0x20..<0x7F).contains(value) ? ascii[value - 0x20] : String(scalar)
          cells[rowStart + position] = Cell(text: text, style: style)
        }
        position += 1
      }
      if isCut && position >= first && position < end { cells[rowStart + position] = Cell(text: "…", style: style) }
    }
    return written
  }

  private static let printableASCII = (0x20..<0x7F).map { String(Unicode.Scalar(UInt8($0))) }

  /// Whether `scalar` is one character of one column whatever surrounds it (printable ASCII, Latin letters but
  /// the soft hyphen, dashes, quotes, box drawing, shapes): never a control, mark, joiner, wide or right to left.
  static func isOneCellAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20..<0x7F, 0xA0...0xAC, 0xAE..<0x300, 0x2010...0x2027, 0x2500...0x25FC: true
    default: false
    }
  }

  /// The clusters of `text` that fit in `room` columns, and whether some were left out (then one column is
  /// kept free for the "…").
  static func fitting(_ text: String, in room: Int) -> (Substring, isCut: Bool) {
    var used = 0
    var fitsWithEllipsis = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let columns = TerminalWidth.of(text[index])
      if used + columns > room { return (text[..<fitsWithEllipsis], true) }
      used += columns
      index = text.index(after: index)
      if used <= room - 1 { fitsWithEllipsis = index }
    }
    return (text[...], false)
  }

  /// One cell's text at (`row`, `column`), and the continuation after a wide one.
  private mutating func write(_ cell: TerminalCell, row: Int, column: Int, style: Style) {
    guard column >= 0, column + cell.width <= width else { return }
    clearWideCharacter(row: row, column: column)
    cells[row * width + column] = Cell(text: cell.text, style: style)
    if cell.width == 2 {
      clearWideCharacter(row: row, column: column + 1)
      cells[row * width + column + 1] = Cell(text: nil, style: style)
    }
  }

  /// Fills a rectangle with one character (of one column) and style. A wide character is cut only at the two
  /// ends of each row: the fill's own cells overwrite whatever half of one lies inside it.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    let first = max(0, rect.column)
    let end = min(width, rect.column + rect.width)
    guard first < end else { return }
    let cell = Cell(text: String(character), style: style)
    for row in max(0, rect.row)..<min(height, rect.row + rect.height) {
      clearWideCharacter(row: row, column: first)
      clearWideCharacter(row: row, column: end - 1)
      let rowStart = row * width
      cells.withUnsafeMutableBufferPointer { cells in
        for column in first..<end { cells[rowStart + column] = cell }
      }
    }
  }

  /// Overwriting half of a wide character blanks its other half.
  private mutating func clearWideCharacter(row: Int, column: Int) {
    let index = row * width + column
    if cells[index].isContinuation, column > 0 {
      cells[index - 1].text = " "
    } else if column + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1].text = " "
    }
  }

  /// Each row as plain text, trailing spaces removed.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width {
        if let text = self[row, column].text { line += text }
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

  /// Whether the cell at (`row`, `column`) is inside.
  public func contains(row: Int, column: Int) -> Bool {
    row >= self.row && row < self.row + height && column >= self.column && column < self.column + width
  }
}
