extension String {
  /// The text for a one-line message: control characters escaped, and cut with "…" after `limit`
  /// characters, so a hostile megabyte-long token never fills an error line.
  public func forMessage(limit: Int = 200) -> String {
    let cut = count > limit ? String(prefix(limit)) + "…" : self
    return cut.escapingControlCharacters
  }
}
