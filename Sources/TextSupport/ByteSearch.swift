import Glibc

/// Searching bytes for bytes with memchr(3) and memcmp(3): used by the readers that point findings at a line (Info.plist
/// keys, catalog keys, project settings), by the look into an app's code and its files, and by `TextSearch`.
public enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `bytes` at or after `from`, or nil.
  public static func offset(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
    bytes.withUnsafeBytes { offset(of: needle, in: $0, from: from) }
  }

  /// The offset of the first occurrence of `needle` in `haystack` at or after `from`, or nil.
  public static func offset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from: Int) -> Int? {
    guard !needle.isEmpty, from >= 0, from <= haystack.count, haystack.count - from >= needle.count else {
      return nil
    }
    return needle.withUnsafeBytes { pattern -> Int? in
      let base = haystack.baseAddress!
      let last = haystack.count - pattern.count
      var start = from
      // memchr finds each candidate first byte at C speed; memcmp checks the rest.
      while start <= last {
        guard let hit = memchr(base + start, Int32(pattern[0]), last - start + 1) else { return nil }
        let offset = base.distance(to: UnsafeRawPointer(hit))
        if memcmp(base + offset, pattern.baseAddress!, pattern.count) == 0 { return offset }
        start = offset + 1
      }
      return nil
    }
  }
}

extension Array where Element == UInt8 {
  /// The first occurrence of `needle` at or after `from`.
  public func firstRange(of needle: [UInt8], from: Int) -> Range<Int>? {
    ByteSearch.offset(of: needle, in: self, from: from).map { $0..<($0 + needle.count) }
  }
}
