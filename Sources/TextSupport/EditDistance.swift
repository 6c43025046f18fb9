/// Near-miss detection for "did you mean …?" suggestions.
public enum EditDistance {
  /// The edit distance between two strings, counted in Unicode scalars: insertions, deletions,
  /// substitutions, and swaps of two neighbours (optimal string alignment), each costing one.
  public static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
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
