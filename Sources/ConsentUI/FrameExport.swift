import TextSupport

/// A screen as other programs take it: ANSI escape sequences for a terminal, a standalone SVG image, an HTML
/// `<pre>`. Each is drawn from the same cells and styles the terminal UI shows.
public enum FrameExport {
  // MARK: ANSI

  /// The escape sequences (ECMA-48: CUP, ED, SGR) that bring a terminal showing `previous` to `buffer`, for
  /// casts: only the cells that differ, each run placed with a cursor move and styled where the style changes;
  /// from scratch (the screen cleared, then every cell that is not blank) when `previous` is nil or of another
  /// size. Every frame ends in the plain style. Without `colors` only bold, dim, italic and reverse are used.
  public static func ansi(_ buffer: ScreenBuffer, from previous: ScreenBuffer? = nil, colors: Bool = true) -> String {
    let before = previous.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0.cells : nil }
    var out = before == nil ? "\u{1B}[0m\u{1B}[2J" : ""
    var current = Style.plain
    let cells = buffer.cells
    for row in 0..<buffer.height {
      let rowStart = row * buffer.width
      // Where the cursor is on this row, when it is known to be there.
      var cursor: Int?
      var column = 0
      while column < buffer.width {
        let index = rowStart + column
        let unchanged = before.map { $0[index] == cells[index] } ?? (cells[index] == .blank)
        // The right half of a wide character has no text: the left half's fills it.
        guard !unchanged, let text = cells[index].text else {
          column += 1
          continue
        }
        // CUP, `ESC [ row ; column H`, counting from 1.
        if cursor != column { out += "\u{1B}[\(row + 1);\(column + 1)H" }
        if cells[index].style != current {
          current = cells[index].style
          out += sgr(current, colors: colors)
        }
        out += text
        column += column + 1 < buffer.width && cells[index + 1].isContinuation ? 2 : 1
        cursor = column
      }
    }
    return current == .plain ? out : out + sgr(.plain, colors: colors)
  }

  /// The whole frame as lines with SGR colours, for pasting into a terminal (`render --format ansi`).
  public static func ansiLines(_ buffer: ScreenBuffer, colors: Bool = true) -> String {
    var out = ""
    for row in 0..<buffer.height {
      var current = Style.plain
      var line = ""
      for column in 0..<buffer.width {
        let cell = buffer[row, column]
        guard let text = cell.text else { continue }
        if cell.style != current {
          line += "\u{1B}[0m" + (cell.style == .plain ? "" : sgr(cell.style, colors: colors))
          current = cell.style
        }
        line += text
      }
      out += line + "\u{1B}[0m\n"
    }
    return out
  }

  /// SGR for `style`, starting from a reset.
  static func sgr(_ style: Style, colors: Bool) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.italic { codes.append("3") }
    if style.reverse { codes.append("7") }
    if colors, let foreground = style.foreground { codes.append(String(ansiCode(foreground, base: 30))) }
    if colors, let background = style.background { codes.append(String(ansiCode(background, base: 40))) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func ansiCode(_ color: Color, base: Int) -> Int {
    color == .gray ? base + 60 : base + color.rawValue
  }

  // MARK: SVG and HTML

  /// The palette the pictures use: a light terminal, the UI's colours.
  static func hex(_ color: Color) -> String { palette[color.rawValue] }

  /// Black, red, green, yellow, blue, magenta, cyan, white and gray, in `Color`'s order.
  private static let palette = [
    "#1c1c1e", "#c41e3a", "#1b7f3b", "#a05a00", "#0a60d0", "#9a2fa8", "#0b7c8c", "#f2f2f7", "#6e6e73",
  ]

  static let paper = "#ffffff"
  static let ink = "#1c1c1e"

  /// The colours a cell is drawn in: foreground and background, reverse video applied.
  static func colors(_ style: Style) -> (foreground: String, background: String?) {
    let foreground = style.foreground.map(hex) ?? ink
    let background = style.background.map(hex)
    return style.reverse ? (background ?? paper, foreground) : (foreground, background)
  }

  /// A standalone SVG image of `buffer`: every run of one style a `<text>` stretched to its cells (a wide
  /// character takes two), backgrounds as rectangles; the text stays searchable and copyable.
  public static func svg(_ buffer: ScreenBuffer, title: String) -> String {
    let cellWidth = 9.0
    let cellHeight = 19.0
    let width = Double(buffer.width) * cellWidth + 16
    let height = Double(buffer.height) * cellHeight + 16
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="DejaVu Sans Mono, Menlo, Consolas, Noto Sans Mono CJK JP, monospace" font-size="15">
      <title>\(title.escapingForMarkup())</title>
      <rect width="100%" height="100%" rx="8" fill="\(paper)"/>

      """
    for run in runs(buffer) {
      let x = 8 + Double(run.column) * cellWidth
      let y = 8 + Double(run.row) * cellHeight
      let runWidth = Double(run.cells) * cellWidth
      let (foreground, background) = colors(run.style)
      if let background {
        out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(runWidth)\" height=\"\(cellHeight)\" fill=\"\(background)\"/>\n"
      }
      guard run.text.contains(where: { $0 != " " }) else { continue }
      var attributes = "x=\"\(x)\" y=\"\(y + 14.5)\" fill=\"\(foreground)\""
      attributes += " textLength=\"\(runWidth)\" lengthAdjust=\"spacingAndGlyphs\""
      if run.style.bold { attributes += " font-weight=\"bold\"" }
      if run.style.italic { attributes += " font-style=\"italic\"" }
      if run.style.dim { attributes += " opacity=\"0.6\"" }
      out += "<text \(attributes) xml:space=\"preserve\">\(run.text.escapingForMarkup())</text>\n"
    }
    return out + "</svg>\n"
  }

  /// The screen as an HTML `<pre>` with styled spans (self-contained, for docs and bug reports).
  public static func html(_ buffer: ScreenBuffer, title: String) -> String {
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(title.escapingForMarkup())</title></head>
      <body style="margin:16px;background:#f2f2f7">
      <pre style="display:inline-block;margin:0;padding:8px;border-radius:8px;background:\(paper);color:\(ink);font:15px/19px 'DejaVu Sans Mono',Menlo,Consolas,monospace">
      """
    var row = 0
    for run in runs(buffer) {
      while row < run.row {
        out += "\n"
        row += 1
      }
      let (foreground, background) = colors(run.style)
      var css = foreground == ink ? "" : "color:\(foreground);"
      if let background { css += "background:\(background);" }
      if run.style.bold { css += "font-weight:bold;" }
      if run.style.italic { css += "font-style:italic;" }
      if run.style.dim { css += "opacity:0.6;" }
      let text = run.text.escapingForMarkup()
      out += css.isEmpty ? text : "<span style=\"\(css)\">\(text)</span>"
    }
    return out + "\n</pre>\n</body></html>\n"
  }

  /// A run of cells of one style on one row: its text, where it starts and how many cells it takes.
  struct Run {
    var row: Int
    var column: Int
    var cells: Int
    var text: String
    var style: Style
  }

  /// The buffer's runs, row by row; a run breaks at a style change.
  static func runs(_ buffer: ScreenBuffer) -> [Run] {
    var runs: [Run] = []
    for row in 0..<buffer.height {
      var current: Run?
      for column in 0..<buffer.width {
        let cell = buffer[row, column]
        guard let text = cell.text else {
          current?.cells += 1
          continue
        }
        if current?.style == cell.style {
          current?.text += text
          current?.cells += 1
        } else {
          if let current { runs.append(current) }
          current = Run(row: row, column: column, cells: 1, text: text, style: cell.style)
        }
      }
      if let current { runs.append(current) }
    }
    return runs
  }
}
