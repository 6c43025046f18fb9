/// Near-miss detection for "did you mean …?" suggestions.
public enum EditDistance {
  /// The edit distance between two strings in Unicode scalars, neighbours' swaps included (optimal alignment).
  public static func between(_ a: String, _ b: String) -> Int {
    within(Int.max, Array(a.unicodeScalars), Array(b.unicodeScalars))!
  }

  /// The edit distance between `a` and `b` when it is at most `limit`, else nil: only cells within `limit` of the
  /// diagonal are worked out, and it stops once two rows in a row exceed `limit`.
  public static func within(_ limit: Int, _ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return a.count + b.count }
    let beyond = limit == Int.max ? limit : limit + 1
    let width = b.count + 1
    // Three rows on the stack (a table of 600,000 keys asks for each): before previous, previous, current.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows -> Int? in
      var (beforePrevious, previous, current) = (0, width, 2 * width)
      for j in 0...b.count { rows[previous + j] = j }
      var previousExceeds = false
      for i in 1...a.count {
        let low = Swift.max(1, i - limit)
        let high = limit >= b.count ? b.count : Swift.min(b.count, i + limit)
        // The cells just outside the band stand for "more than limit".
        rows[current + low - 1] = low == 1 ? i : beyond
        if high < b.count { rows[current + high + 1] = beyond }
        var rowMinimum = rows[current + low - 1]
        for j in low...high {
          let substitution = rows[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
          var cell = Swift.min(rows[previous + j] + 1, rows[current + j - 1] + 1, substitution)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            cell = Swift.min(cell, rows[beforePrevious + j - 2] + 1)
          }
          rows[current + j] = cell
          rowMinimum = Swift.min(rowMinimum, cell)
        }
        let exceeds = rowMinimum > limit
        if exceeds && previousExceeds { return nil }
        previousExceeds = exceeds
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
      }
      let distance = rows[previous + b.count]
      return distance <= limit ? distance : nil
    }
  }

  /// The candidate nearest to `word` in lower case, at most `limit` edits away; ties go to the first in order.
  public static func nearest(to word: String, among candidates: some Sequence<String>, within limit: Int = .max)
    -> String?
  {
    let lowered = Array(word.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      guard let distance = within(limit, lowered, Array(candidate.lowercased().unicodeScalars)),
        best.map({ (distance, candidate) < ($0.distance, $0.candidate) }) ?? true
      else { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }

  /// The candidate closest to `word` when it is a plausible typo (within a third of its length, at least 1,
  /// at most 3 edits); ties go to the candidate sharing the longer prefix. nil when nothing is close.
  public static func suggestion(for word: String, among candidates: [String]) -> String? {
    let limit = Swift.min(3, Swift.max(1, word.unicodeScalars.count / 3))
    let lowered = word.lowercased()
    let scored = candidates.map { candidate in
      let other = candidate.lowercased()
      let prefix = zip(lowered.unicodeScalars, other.unicodeScalars).prefix { $0 == $1 }.count
      return (candidate: candidate, distance: between(lowered, other), prefix: prefix)
    }
    let best = scored.min { ($0.distance, -$0.prefix) < ($1.distance, -$1.prefix) }
    guard let best, best.distance <= limit else { return nil }
    return best.candidate
  }
}

/// What to say about a word that is not one of the words allowed.
public enum Suggestion: Hashable, Sendable {
  /// The word reads as an allowed one but has a look-alike character: the sentence says which and where.
  case lookAlike(String)
  /// A near miss of this allowed word.
  case nearMiss(String)

  /// The suggestion for `word` among `candidates`, if any: a look-alike first, then a near miss.
  public static func `for`(_ word: String, among candidates: [String]) -> Suggestion? {
    if let intended = LookAlike.intended(word, among: candidates),
      let explanation = LookAlike.explanation(word, intended: intended)
    {
      return .lookAlike(explanation)
    }
    return EditDistance.suggestion(for: word, among: candidates).map(Suggestion.nearMiss)
  }

  /// `; did you mean "x"?` or `; "rеquest" is not "request": …`, with the given quote mark around words.
  public func clause(quote: String = "\"") -> String {
    switch self {
    case .lookAlike(let explanation): "; " + explanation
    case .nearMiss(let word): "; did you mean \(quote)\(word)\(quote)?"
    }
  }
}
