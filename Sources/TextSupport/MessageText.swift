extension String {
  /// The text for a one-line message: control characters escaped, and cut with "…" after `limit`
  /// characters, so a hostile megabyte-long token never fills an error line.
  public func forMessage(limit: Int = 200) -> String {
    let cut = count > limit ? String(prefix(limit)) + "…" : self
    return cut.escapingControlCharacters
  }
}

extension String {
  /// The first `limit` characters and whether anything was cut. The UTF-8 length decides first, so a string
  /// of many megabytes is never walked to its end.
  public func prefixForDisplay(_ limit: Int) -> (text: String, isCut: Bool) {
    guard utf8.count > limit else { return (self, false) }
    let head = String(prefix(limit))
    return head.utf8.count == utf8.count ? (self, false) : (head, true)
  }
}

/// Lists of names in one-line messages.
public enum MessageList {
  /// `a, b, c`; with more than `limit` names, the first `limit` and `and 99,995 more`. Each name is cut to 60
  /// characters and escaped, so a list from a hostile file stays one short line.
  public static func of(_ names: [String], limit: Int = 8) -> String {
    let shown = names.prefix(limit).map { $0.forMessage(limit: 60) }.joinedText(separator: ", ")
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
