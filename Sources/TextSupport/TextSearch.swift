/// Finding, replacing and splitting at text within text. The standard library's own versions of these
/// (`contains(_:)`, `firstRange(of:)`, `replacing(_:with:)` and `split(separator:)` with a string) live in its
/// string-processing module, which brings the regex parser with it: linking the two put about 450 more
/// protocol conformances in the binary, and the Swift runtime scans every conformance each time a process
/// first asks whether a type conforms to a protocol (DECISIONS D61).
///
/// The search is on UTF-8 bytes (memchr and memcmp), and a match counts only where it begins and ends on
/// character boundaries, so `"e"` is not found in `"e\u{301}"`, as with whole characters. Unlike a comparison
/// of characters, a different normalisation of the same text is not a match (`"é"` precomposed against `e` and
/// a combining accent): the patterns attsim looks for are its own ASCII words and marks. The functions are
/// inlinable, so that each caller's String or Substring is searched by code made for it rather than through
/// the protocol's witnesses.
extension StringProtocol {
  /// The range of the first occurrence of `pattern`, or nil; an empty pattern occurs at the start.
  @inlinable public func firstRange(ofText pattern: some StringProtocol) -> Range<Index>? {
    let needle = Array(pattern.utf8)
    return needle.isEmpty ? startIndex..<startIndex : occurrences(of: needle, limit: 1).first
  }

  /// Whether `pattern` occurs in the text.
  @inlinable public func containsText(_ pattern: some StringProtocol) -> Bool {
    firstRange(ofText: pattern) != nil
  }

  /// The text with every occurrence of `pattern` replaced by `replacement`, from the start, occurrences not
  /// overlapping; the text itself when `pattern` is empty.
  @inlinable
  public func replacingText(_ pattern: some StringProtocol, with replacement: some StringProtocol) -> String {
    // Built from bytes: appending a generic piece to a string goes through the standard library's unspecialised
    // `append(contentsOf:)` (see `joinedText`).
    var result: [UInt8] = []
    var rest = startIndex
    for found in occurrences(of: Array(pattern.utf8)) {
      result += self[rest..<found.lowerBound].utf8
      result += replacement.utf8
      rest = found.upperBound
    }
    result += self[rest...].utf8
    return String(decoding: result, as: UTF8.self)
  }

  /// The pieces of the text between occurrences of `separator`, empty pieces left out (as `split` does).
  @inlinable public func pieces(separatedBy separator: some StringProtocol) -> [SubSequence] {
    var pieces: [SubSequence] = []
    var rest = startIndex
    for found in occurrences(of: Array(separator.utf8)) + [endIndex..<endIndex] {
      if rest < found.lowerBound { pieces.append(self[rest..<found.lowerBound]) }
      rest = found.upperBound
    }
    return pieces
  }

  /// The first `limit` occurrences of the UTF-8 bytes `needle` (not empty; none when it is), from the start
  /// and not overlapping, each beginning and ending on character boundaries.
  @usableFromInline func occurrences(of needle: [UInt8], limit: Int = .max) -> [Range<Index>] {
    guard !needle.isEmpty else { return [] }
    let bytes = utf8
    func search(_ haystack: UnsafeRawBufferPointer) -> [Range<Index>] {
      var found: [Range<Index>] = []
      var from = 0
      while found.count < limit, let offset = ByteSearch.offset(of: needle, in: haystack, from: from) {
        let lower = bytes.index(bytes.startIndex, offsetBy: offset)
        let upper = bytes.index(lower, offsetBy: needle.count)
        if String.Index(lower, within: self) != nil && String.Index(upper, within: self) != nil {
          found.append(lower..<upper)
          from = offset + needle.count
        } else {
          from = offset + 1
        }
      }
      return found
    }
    // Native strings are stored as UTF-8 in one piece; anything else is copied once.
    return bytes.withContiguousStorageIfAvailable { search(UnsafeRawBufferPointer($0)) }
      ?? Array(bytes).withUnsafeBytes(search)
  }
}

extension Sequence where Element: StringProtocol {
  /// The texts one after another, `separator` between each two: what `joined(separator:)` gives. The standard
  /// library's `joined` is generic code that is not specialised for the caller, and its first call in a process
  /// makes the runtime look its associated types up by their mangled names: about 100,000 instructions for
  /// each of its versions, a thirtieth of a millisecond apiece before the UI's first frame. This one is
  /// inlinable: each caller gets code made for its own sequence.
  @inlinable public func joinedText(separator: String = "") -> String {
    var bytes: [UInt8] = []
    var isFirst = true
    for text in self {
      if !isFirst { bytes += separator.utf8 }
      bytes += text.utf8
      isFirst = false
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// `text` `count` times over (empty when `count` is not positive): what `String(repeating:count:)` gives,
  /// without its generic code, which is not specialised for the caller (13,000 instructions a call; a frame
  /// draws a dozen lines of `─`).
  @inlinable public init(repeatingText text: String, count: Int) {
    self = repeatElement(text, count: Swift.max(0, count)).joinedText()
  }
}
