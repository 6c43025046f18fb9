extension String {
  /// The text for HTML or XML: `& < > " '` as entities, controls as visible escapes, U+FFFE and U+FFFF (which
  /// XML forbids) as U+FFFD, line breaks kept or as `&#10;` (inside attributes).
  public func escapingForMarkup(encodingLineBreaks: Bool = false) -> String {
    var out = ""
    out.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\n": out += encodingLineBreaks ? "&#10;" : "\n"
      case _ where scalar.isUnsafeForTerminal: out += scalar.visibleEscape
      case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
