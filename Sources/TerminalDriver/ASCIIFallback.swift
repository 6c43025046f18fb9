/// What a cell shows on a terminal whose locale is not UTF-8: ASCII only, with line-drawing and the UI's own
/// signs replaced by look-alikes, and any other character by `?`.
enum ASCIIFallback {
  /// The ASCII character for a cell's text.
  static func character(_ text: String) -> String {
    guard let first = text.unicodeScalars.first else { return " " }
    if first.isASCII { return first.value >= 0x20 && first.value < 0x7F ? String(first) : "?" }
    return replacements[first] ?? "?"
  }

  private static let replacements: [Unicode.Scalar: String] = {
    var table: [Unicode.Scalar: String] = [:]
    for (characters, replacement) in [
      ("─━═┄┈", "-"), ("│┃║┆┊", "|"), ("╭╮╰╯├┤┬┴┼┌┐└┘", "+"), ("…·•", "."), ("▸›→»", ">"), ("◂‹←«", "<"),
      ("●◉", "*"), ("○◌", "o"), ("✓", "v"), ("✗", "x"), ("⚠", "!"), ("▲", "^"), ("▼", "v"), ("“”„«»", "\""),
      ("‘’", "'"), ("–—", "-"), ("↶↺", "@"), ("▂▄▆▮", "#"), ("⊘", "0"), ("⏎", "E"), ("×", "x"), ("↑", "^"),
      ("↓", "v"),
    ] {
      for scalar in characters.unicodeScalars { table[scalar] = replacement }
    }
    return table
  }()
}
