import TextSupport

/// Drawing helpers: aligned text, lines and boxes.
extension ScreenBuffer {
  /// How a line sits within its column range.
  public enum Alignment: Sendable {
    case leading, center, trailing
  }

  /// Writes `text` aligned within `width` columns starting at `column` (cut to fit).
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, width: Int, alignment: Alignment, style: Style = .plain
  ) -> Rect {
    let columns = min(TerminalWidth.of(text.escapingControlCharacters), width)
    let offset: Int
    switch alignment {
    case .leading: offset = 0
    case .center: offset = (width - columns) / 2
    case .trailing: offset = width - columns
    }
    put(text, row: row, column: column + offset, style: style, limit: width - offset)
    return Rect(row: row, column: column + offset, width: columns, height: 1)
  }

  /// Writes runs of styled text as one line, aligned within `width` columns (cut to fit).
  public mutating func putSpans(
    _ spans: [(text: String, style: Style)], row: Int, column: Int, width: Int, alignment: Alignment
  ) {
    let columns = min(spans.reduce(0) { $0 + TerminalWidth.of($1.text.escapingControlCharacters) }, width)
    var position =
      switch alignment {
      case .leading: column
      case .center: column + (width - columns) / 2
      case .trailing: column + width - columns
      }
    for span in spans {
      let left = column + width - position
      guard left > 0 else { break }
      position += put(span.text, row: row, column: position, style: span.style, limit: left)
    }
  }

  /// A horizontal line of `character`.
  public mutating func horizontalLine(
    row: Int, column: Int, width: Int, character: Character = "─", style: Style = .plain
  ) {
    guard width > 0 else { return }
    put(String(repeating: character, count: width), row: row, column: column, style: style)
  }

  /// A box outline with rounded corners.
  public mutating func roundedBox(_ rect: Rect, style: Style = .plain) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let inner = rect.width - 2
    put("╭" + String(repeating: "─", count: inner) + "╮", row: rect.row, column: rect.column, style: style)
    for row in (rect.row + 1)..<(rect.row + rect.height - 1) {
      put("│", row: row, column: rect.column, style: style)
      put("│", row: row, column: rect.column + rect.width - 1, style: style)
    }
    put(
      "╰" + String(repeating: "─", count: inner) + "╯", row: rect.row + rect.height - 1, column: rect.column,
      style: style)
  }

  /// A section header spanning `width`: `─ Title ─────`.
  public mutating func sectionHeader(_ title: String, row: Int, column: Int, width: Int, style: Style = .plain) {
    horizontalLine(row: row, column: column, width: width, style: Style(dim: true))
    put(" \(title) ", row: row, column: column + 1, style: style, limit: width - 2)
  }
}
