/// The ANSI escape sequences (ECMA-48: CUP, ED, SGR, as asciinema and every terminal emulator take them) that
/// bring a screen from one frame to the next, for casts: only the cells that differ, each run placed with a
/// cursor move and styled only where the style changes; from scratch (the screen cleared, then every cell
/// that is not blank) when there is no previous frame of the same size. Every frame ends in the plain style,
/// where the next one starts. The terminal UI hands its cells to ncurses instead (TerminalDriver).
public enum FrameEncoder {
  /// The bytes that draw `buffer` over `previous` (nil: a cleared screen). Without `colors` only bold, dim,
  /// italic and reverse are used (NO_COLOR).
  public static func bytes(drawing buffer: ScreenBuffer, over previous: ScreenBuffer?, colors: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(buffer.width * buffer.height * 2)
    let before = previous.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0.cells : nil }
    if before == nil { bytes.append(utf8Of: "\u{1B}[0m\u{1B}[2J") }
    var current = Style.plain
    let blank = Cell.blank
    let cells = buffer.cells
    let previous = before ?? []
    for row in 0..<buffer.height {
      let rowStart = row * buffer.width
      // Where the cursor is on this row, when it is known to be there.
      var cursor: Int?
      var column = 0
      while column < buffer.width {
        let index = rowStart + column
        let unchanged = previous.isEmpty ? cells[index] == blank : previous[index] == cells[index]
        // The right half of a wide character has no text: the left half's fills it.
        guard !unchanged, let text = cells[index].text else {
          column += 1
          continue
        }
        if cursor != column { cursorPosition(row: row, column: column, into: &bytes) }
        let style = cells[index].style
        if style != current {
          bytes.append(utf8Of: FrameExport.sgr(style, colors: colors))
          current = style
        }
        bytes.append(utf8Of: text)
        let isWide = column + 1 < buffer.width && cells[index + 1].isContinuation
        column += isWide ? 2 : 1
        cursor = column
      }
    }
    if current != .plain { bytes.append(utf8Of: FrameExport.sgr(.plain, colors: colors)) }
    return bytes
  }

  /// CUP, `ESC [ row ; column H`, counting from 1.
  private static func cursorPosition(row: Int, column: Int, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: [0x1B, 0x5B])
    bytes.append(decimal: row + 1)
    bytes.append(0x3B)
    bytes.append(decimal: column + 1)
    bytes.append(0x48)
  }
}

extension Array where Element == UInt8 {
  /// Appends the UTF-8 bytes of `text`.
  fileprivate mutating func append(utf8Of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends `number` (not negative) in decimal ASCII digits.
  fileprivate mutating func append(decimal number: Int) {
    if number >= 10 { append(decimal: number / 10) }
    append(UInt8(0x30 + number % 10))
  }
}
