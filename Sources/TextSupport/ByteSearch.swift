import Platform

/// Searching bytes for bytes with memchr(3) and memcmp(3), where much is read: the check's look into an app's
/// code (`CodeScan`: up to 32 MB of sources), into a built app's binaries (`InputFiles.firstMatch`: up to 256 MB
/// each), and the XML property-list reader's search for the end of a value (up to 64 MB). The standard library's `firstRange(of:)` on `[UInt8]` is generic code that is not
/// specialised for bytes: with it, `attsim check` of Home Assistant's iOS repository (1,622 Swift files, 10 MB
/// of code) took 3.19 s instead of 0.34 s (release build, medians of 31 runs) and stopped at the check's
/// 3-second budget, and a built app with 74 MB of binaries took 16.2 s instead of 0.06 s (DECISIONS D77). The
/// other readers (Info.plist keys, privacy manifests) search short texts with the standard library.
public enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `bytes` at or after `from`, or nil (nil for an empty
  /// needle).
  public static func offset(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
    bytes.withUnsafeBytes { offset(of: needle, in: $0, from: from) }
  }

  /// The offset of the first occurrence of `needle` in the memory `haystack` at or after `from`, or nil (nil
  /// for an empty needle).
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
