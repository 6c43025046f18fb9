extension String {
  /// The text for a one-line message: controls escaped, cut with "…" past `limit` columns or `4 × limit`
  /// scalars (a first character longer than that inside it), looking at no more than `4 × limit + 1` scalars.
  public func forMessage(limit: Int = 200) -> String {
    let scalarLimit = 4 * limit
    let end = unicodeScalars.index(unicodeScalars.startIndex, offsetBy: scalarLimit + 1, limitedBy: endIndex)
    let window = end.map { String(unicodeScalars[..<$0]) } ?? self
    var shown = ""
    var (columns, scalars) = (0, 0)
    for character in window {
      let escaped = String(character).escapingControlCharacters
      columns += TerminalWidth.of(escaped)
      scalars += escaped.unicodeScalars.count
      guard columns <= limit, scalars <= scalarLimit else {
        if shown.isEmpty { shown.unicodeScalars += escaped.unicodeScalars.prefix(scalarLimit) }
        return shown + "…"
      }
      shown += escaped
    }
    return shown
  }

  /// The first `limit` characters, each cut to `ClusterBound.maxScalars` scalars, and whether anything was cut.
  public func prefixForDisplay(_ limit: Int) -> (text: String, isCut: Bool) {
    guard utf8.count > limit else { return (self, false) }
    let window = String(String.UnicodeScalarView(unicodeScalars.prefix(ClusterBound.maxScalars * limit + 1)))
    let head = String(window.boundingClusters.prefix(limit))
    return head.utf8.count == utf8.count ? (self, false) : (head, true)
  }
}

/// Lists of names in one-line messages.
public enum MessageList {
  /// `a, b, c`; with more than `limit` names, the first `limit` and `and 99,995 more`, each cut to 60 columns.
  public static func of(_ names: [String], limit: Int = 8) -> String {
    let shown = names.prefix(limit).map { $0.forMessage(limit: 60) }.joined(separator: ", ")
    guard names.count > limit else { return shown }
    return shown + " and \(grouped(names.count - limit)) more"
  }

  /// `5454540` as `5,454,540`.
  public static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 && digit != "-" { out += "," }
      out.append(digit)
    }
    return out
  }
}

/// Where two values part, for a failed expectation (issue 41): a window of each, at most `limit` columns and
/// `4 × limit` scalars, from up to a third of them before the first difference, and the caret's column.
public struct DifferenceWindow: Hashable, Sendable {
  public var expected: String, actual: String, caret: Int

  /// nil when the two are the same.
  public init?(_ expected: String, _ actual: String, limit: Int = 60) {
    var (e, a) = (expected.startIndex, actual.startIndex)
    while e < expected.endIndex, a < actual.endIndex, expected[e] == actual[a] {
      (e, a) = (expected.index(after: e), actual.index(after: a))
    }
    guard e < expected.endIndex || a < actual.endIndex else { return nil }
    var before = 0
    while e > expected.startIndex, before + Self.width(expected[expected.index(before: e)]) <= limit / 3 {
      before += Self.width(expected[expected.index(before: e)])
      (e, a) = (expected.index(before: e), actual.index(before: a))
    }
    (caret, self.expected, self.actual) =
      ((e > expected.startIndex ? 1 : 0) + before, Self.window(expected, e, limit), Self.window(actual, a, limit))
  }

  private static func shown(_ character: Character) -> String {
    String(String.UnicodeScalarView(character.unicodeScalars.prefix(ClusterBound.maxScalars))).escapingControlCharacters
  }

  private static func width(_ character: Character) -> Int { TerminalWidth.of(shown(character)) }

  /// `text` from `start`, cut with `…` to `limit` columns (the last character may take the `…`'s column).
  private static func window(_ text: String, _ start: String.Index, _ limit: Int) -> String {
    var (shown, index) = (start > text.startIndex ? "…" : "", start)
    var (columns, scalars) = (shown.count, 0)
    while index < text.endIndex {
      let (piece, next) = (Self.shown(text[index]), text.index(after: index))
      (columns, scalars) = (columns + TerminalWidth.of(piece), scalars + piece.unicodeScalars.count)
      guard columns <= (next == text.endIndex ? limit : limit - 1), scalars <= 4 * limit else { return shown + "…" }
      (shown, index) = (shown + piece, next)
    }
    return shown
  }
}
