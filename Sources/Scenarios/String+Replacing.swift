extension String {
  /// The string with every `target` replaced (this module does without Foundation).
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

extension Substring {
  /// The text without leading and trailing spaces.
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
