import TextSupport

/// Drawing helpers: aligned text, lines and boxes.
extension ScreenBuffer {
  /// How a line sits within its column range.
  public enum Alignment: Sendable {
    case leading, center, trailing

    /// Where a line `columns` wide starts within `width` columns.
    func offset(of columns: Int, in width: Int) -> Int {
      switch self {
      case .leading: 0
      case .center: (width - columns) / 2
      case .trailing: width - columns
      }
    }
  }

  /// Writes `text` aligned within `width` columns starting at `column` (cut to fit).
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, width: Int, alignment: Alignment, style: Style = .plain
  ) -> Rect {
    let columns = min(TerminalWidth.of(text.escapingControlCharacters), width)
    let offset = alignment.offset(of: columns, in: width)
    put(text, row: row, column: column + offset, style: style, limit: width - offset)
    return Rect(row: row, column: column + offset, width: columns, height: 1)
  }

  /// Writes `lines` one to a row from `row`, each as `put(_:row:column:width:alignment:style:)` does; returns
  /// the row after the last.
  @discardableResult
  public mutating func put(
    lines: some Sequence<String>, row: Int, column: Int, width: Int, alignment: Alignment = .leading,
    style: Style = .plain
  ) -> Int {
    var row = row
    for line in lines {
      put(line, row: row, column: column, width: width, alignment: alignment, style: style)
      row += 1
    }
    return row
  }

  /// Writes runs of styled text as one line, aligned within `width` columns (cut to fit); a line with
  /// right-to-left text is reordered as a whole, each character keeping its run's style.
  public mutating func putSpans(
    _ spans: [(text: String, style: Style)], row: Int, column: Int, width: Int, alignment: Alignment
  ) {
    let columns = min(spans.reduce(0) { $0 + TerminalWidth.of($1.text.escapingControlCharacters) }, width)
    var position = column + alignment.offset(of: columns, in: width)
    // Reordered as a whole here, so no run is reordered again on its own.
    let spans = reordersRightToLeft ? Self.visualSpans(spans, direction: paragraphDirection) : spans
    for span in spans {
      let left = column + width - position
      guard left > 0 else { break }
      position += put(span.text, row: row, column: position, style: span.style, limit: left, inVisualOrder: true)
    }
  }

  /// Styled runs in visual order: the line reordered as one, then cut back into runs of one style. Runs
  /// without right-to-left text come back as they are.
  static func visualSpans(_ spans: [(text: String, style: Style)], direction: BidiText.Direction) -> [(
    text: String, style: Style
  )] {
    let escaped = spans.map { (text: $0.text.escapingControlCharacters, style: $0.style) }
    guard escaped.contains(where: { BidiText.needsReordering($0.text) }) else { return escaped }
    var styleOfScalar: [Style] = []
    for span in escaped { styleOfScalar += Array(repeating: span.style, count: span.text.unicodeScalars.count) }
    let visual = BidiText.visualScalars(escaped.map(\.text).joined(), direction: direction)
    var result: [(text: String, style: Style)] = []
    var scalars = visual.makeIterator()
    let line = String(String.UnicodeScalarView(visual.map(\.scalar)))
    // Each character takes the style of its first scalar's place in the logical line.
    for character in line {
      var first: Int?
      for _ in character.unicodeScalars {
        let next = scalars.next()
        if first == nil { first = next?.logical }
      }
      let style = styleOfScalar[first ?? 0]
      if let last = result.last, last.style == style {
        result[result.count - 1].text.append(character)
      } else {
        result.append((String(character), style))
      }
    }
    return result
  }

  /// A horizontal line of `character` (one column wide), `width` columns long, between `ends` when given
  /// (`├`, `┤`); one that runs past the buffer's edge is cut as `put` cuts text, with "…".
  public mutating func horizontalLine(
    row: Int, column: Int, width: Int, character: Character = "─", ends: (Character, Character)? = nil,
    style: Style = .plain
  ) {
    guard width > 0 else { return }
    guard row >= 0, row < height, column >= 0, column + width <= self.width, ends == nil || width >= 2 else {
      let inner = String(repeating: String(character), count: max(0, width - (ends == nil ? 0 : 2)))
      put(ends.map { String($0.0) + inner + String($0.1) } ?? inner, row: row, column: column, style: style)
      return
    }
    fill(Rect(row: row, column: column, width: width, height: 1), with: character, style: style)
    if let ends {
      put(String(ends.0), row: row, column: column, style: style)
      put(String(ends.1), row: row, column: column + width - 1, style: style)
    }
  }

  /// A box outline with rounded corners.
  public mutating func roundedBox(_ rect: Rect, style: Style = .plain) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    horizontalLine(row: rect.row, column: rect.column, width: rect.width, ends: ("╭", "╮"), style: style)
    for row in (rect.row + 1)..<(rect.row + rect.height - 1) {
      put("│", row: row, column: rect.column, style: style)
      put("│", row: row, column: rect.column + rect.width - 1, style: style)
    }
    horizontalLine(
      row: rect.row + rect.height - 1, column: rect.column, width: rect.width, ends: ("╰", "╯"), style: style)
  }

  /// On a box around a list that scrolls: how many entries are above (on the top border, `▲ 3 more`) and
  /// below (on the bottom border, `▼ 16 more`) what it shows.
  public mutating func listMarks(_ rect: Rect, above: Int, below: Int) {
    for (count, sign, row) in [(above, "▲", rect.row), (below, "▼", rect.row + rect.height - 1)] where count > 0 {
      let mark = " \(sign) \(count) more "
      put(mark, row: row, column: rect.column + rect.width - 2 - TerminalWidth.of(mark), style: Style(dim: true))
    }
  }

  /// A section header spanning `width`: `─ Title ─────`.
  public mutating func sectionHeader(_ title: String, row: Int, column: Int, width: Int, style: Style = .plain) {
    horizontalLine(row: row, column: column, width: width, style: Style(dim: true))
    put(" \(title) ", row: row, column: column + 1, style: style, limit: width - 2)
  }
}
