import Platform

/// Searching bytes for bytes with memchr(3) and memcmp(3), where much is read (app code, built binaries, XML
/// property lists): the standard library's generic `firstRange(of:)` took 10 to 270 times as long (D77).
public enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `bytes` at or after `from`; nil for an empty needle.
  public static func offset(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
    bytes.withUnsafeBytes { offset(of: needle, in: $0, from: from) }
  }

  /// The offset of the first occurrence of `needle` in the memory `haystack` at or after `from`.
  public static func offset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
    guard !needle.isEmpty, from >= 0, from <= haystack.count, haystack.count - from >= needle.count,
      let base = haystack.baseAddress
    else { return nil }
    return needle.withUnsafeBytes { pattern -> Int? in
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
