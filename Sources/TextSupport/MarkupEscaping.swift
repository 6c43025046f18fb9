extension String {
  /// The text for HTML or XML: `& < > " '` as entities, control characters (which XML 1.0 forbids and a
  /// terminal must never get) as visible escapes, U+FFFE and U+FFFF (which XML forbids) as U+FFFD, and line
  /// breaks kept, or as `&#10;` (inside attributes).
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
      // XML forbids the two noncharacters of the BMP's end: the replacement character stands for them.
      case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
