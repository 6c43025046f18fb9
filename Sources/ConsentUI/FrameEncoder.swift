/// How a terminal is told to clear its screen, move its cursor, change the style and show a cell's text: ANSI's
/// codes for casts (`ANSICodes`), the terminal's terminfo entry for the UI on a real terminal (TerminalDriver).
public protocol TerminalCodes {
  /// Appends what clears the screen to blanks in the plain style.
  mutating func clearScreen(into bytes: inout [UInt8])
  /// Appends what moves the cursor to `row`, `column` (from 0), from wherever it is.
  mutating func moveCursor(row: Int, column: Int, into bytes: inout [UInt8])
  /// Appends what changes the style from `previous` to exactly `style`.
  mutating func setStyle(_ style: Style, from previous: Style, into bytes: inout [UInt8])
  /// What the terminal is sent for a cell: its text, or nil to send nothing (the right half of a wide
  /// character, which the left half's text fills).
  func text(of cell: Cell) -> String?
  /// Whether a wide character's text takes two columns on the terminal (false where every cell is sent one
  /// character, as in ASCII).
  var drawsWideCharacters: Bool { get }
  /// Whether the bottom-right cell can be written without the terminal scrolling (false on a terminal that
  /// wraps the cursor to a new line at once after the last column).
  var writesLastCell: Bool { get }
}

/// The bytes that bring a terminal from showing one frame to showing the next: only the cells that differ,
/// each run placed with a cursor move and styled only where the style changes; from scratch (the screen
/// cleared, then every cell that is not blank) when there is no previous frame of the same size. Every frame
/// ends in the plain style, where the next one starts.
public enum FrameEncoder {
  @inlinable public static func bytes<Codes: TerminalCodes>(
    drawing buffer: ScreenBuffer, over previous: ScreenBuffer?, codes: inout Codes
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(buffer.width * buffer.height * 2)
    let before = previous.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0.cells : nil }
    if before == nil { codes.clearScreen(into: &bytes) }
    var current = Style.plain
    let blank = Cell.blank
    let cells = buffer.cells
    let previous = before ?? []
    let drawsWideCharacters = codes.drawsWideCharacters
    let lastCell = codes.writesLastCell ? nil : buffer.width * buffer.height - 1
    for row in 0..<buffer.height {
      let rowStart = row * buffer.width
      // Where the cursor is on this row, when it is known to be there.
      var cursor: Int?
      var column = 0
      while column < buffer.width {
        let index = rowStart + column
        let unchanged = previous.isEmpty ? cells[index] == blank : previous[index] == cells[index]
        guard !unchanged, index != lastCell, let text = codes.text(of: cells[index]) else {
          column += 1
          continue
        }
        if cursor != column { codes.moveCursor(row: row, column: column, into: &bytes) }
        let style = cells[index].style
        if style != current {
          codes.setStyle(style, from: current, into: &bytes)
          current = style
        }
        bytes.append(utf8Of: text)
        let isWide = drawsWideCharacters && column + 1 < buffer.width && cells[index + 1].isContinuation
        column += isWide ? 2 : 1
        cursor = column
      }
    }
    if current != .plain { codes.setStyle(.plain, from: current, into: &bytes) }
    return bytes
  }
}

/// ANSI's codes (ECMA-48: CUP, ED, SGR), as asciinema and every terminal emulator take them: a cast's frames.
/// Without `colors` only bold, dim, italic and reverse are used (NO_COLOR).
public struct ANSICodes: TerminalCodes {
  public var colors: Bool

  public init(colors: Bool = true) {
    self.colors = colors
  }

  public func clearScreen(into bytes: inout [UInt8]) {
    bytes.append(utf8Of: "\u{1B}[0m\u{1B}[2J")
  }

  public func moveCursor(row: Int, column: Int, into bytes: inout [UInt8]) {
    Self.cursorPosition(row: row, column: column, into: &bytes)
  }

  /// CUP, `ESC [ row ; column H`, counting from 1.
  public static func cursorPosition(row: Int, column: Int, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: [0x1B, 0x5B])
    bytes.append(decimal: row + 1)
    bytes.append(0x3B)
    bytes.append(decimal: column + 1)
    bytes.append(0x48)
  }

  public func setStyle(_ style: Style, from previous: Style, into bytes: inout [UInt8]) {
    bytes.append(utf8Of: FrameExport.sgr(style, colors: colors))
  }

  public func text(of cell: Cell) -> String? { cell.text }
  public var drawsWideCharacters: Bool { true }
  public var writesLastCell: Bool { true }
}

extension Array where Element == UInt8 {
  /// Appends the UTF-8 bytes of `text`.
  @inlinable public mutating func append(utf8Of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends `number` (not negative) in decimal ASCII digits.
  @inlinable public mutating func append(decimal number: Int) {
    if number >= 10 { append(decimal: number / 10) }
    append(UInt8(0x30 + number % 10))
  }
}
