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
