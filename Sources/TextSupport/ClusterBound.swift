/// Bounds on one character (grapheme cluster), which may carry any number of marks: attsim measures, wraps and
/// draws its first `maxScalars` scalars and reports one past the limits (`combining-marks`).
public enum ClusterBound {
  /// The most non-starters in a row that Unicode's Stream-Safe Text Format allows (UAX #15).
  public static let streamSafeNonStarters = 30

  /// The most scalars of one character attsim keeps for widths, wrapping and drawing: a base, the stream-safe
  /// 30 marks and one more (a ZWJ family of four is 7, a flag of tags 7, a kiss with skin tones 10).
  public static let maxScalars = 32

  /// A character past the limits: more than 30 non-starters in a row, or more than `maxScalars` scalars.
  public struct Overlong: Hashable, Sendable {
    /// Its scalars, every one counted.
    public var scalarCount: Int
    /// The longest run of non-starters in it.
    public var nonStarterRun: Int
    /// The first scalar after its base (the first mark, joiner or selector), to name in a message.
    public var example: Unicode.Scalar

    /// The character of `scalars`, when it is past the limits.
    init?(counting scalars: Substring.UnicodeScalarView) {
      var count = 0
      var run = 0
      var longest = 0
      for scalar in scalars {
        count += 1
        run = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
        longest = max(longest, run)
      }
      guard count > ClusterBound.maxScalars || longest > ClusterBound.streamSafeNonStarters,
        let example = scalars.dropFirst().first
      else { return nil }
      scalarCount = count
      nonStarterRun = longest
      self.example = example
    }
  }

  /// `text` with every character cut to its first `maxScalars` scalars, and its first one past the limits.
  public static func bounded(_ text: String) -> (text: String, overlong: Overlong?) {
    guard mayHaveLongCluster(text) else { return (text, nil) }
    var overlong: Overlong?
    var result = ""
    var copied = text.startIndex
    var start = text.startIndex
    while start < text.endIndex {
      let end = text.index(after: start)
      if text.utf8.distance(from: start, to: end) > maxScalars {
        let scalars = text.unicodeScalars[start..<end]
        if overlong == nil { overlong = Overlong(counting: scalars) }
        if let cut = scalars.index(scalars.startIndex, offsetBy: maxScalars, limitedBy: end), cut < end {
          result += text[copied..<start]
          result.unicodeScalars.append(contentsOf: scalars[..<cut])
          copied = end
        }
      }
      start = end
    }
    guard copied > text.startIndex else { return (text, overlong) }
    result += text[copied...]
    return (result, overlong)
  }

  /// Whether `text` could hold a character past the limits: only scalars from U+0300 on (UTF-8 lead bytes from
  /// 0xCC) are non-starters or extend a character beyond CR LF, so it needs a run of more than 30 of them.
  static func mayHaveLongCluster(_ text: some StringProtocol) -> Bool {
    var run = 0
    for byte in text.utf8 where byte & 0xC0 != 0x80 {
      run = byte >= 0xCC ? run + 1 : 0
      if run > streamSafeNonStarters { return true }
    }
    return false
  }
}

extension String {
  /// The text with every character (grapheme cluster) cut to its first `ClusterBound.maxScalars` scalars.
  public var boundingClusters: String { ClusterBound.bounded(self).text }
}
