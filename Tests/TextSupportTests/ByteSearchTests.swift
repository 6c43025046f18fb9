import TestApps
import Testing

@testable import TextSupport

/// The byte search of the check's looks into code and binaries.
@Suite struct ByteSearchTests {
  @Test func findsTheFirstOccurrenceFromAnOffset() {
    let bytes = Array("<key>a</key><key>b</key>".utf8)
    #expect(ByteSearch.offset(of: Array("<key>".utf8), in: bytes) == 0)
    #expect(ByteSearch.offset(of: Array("<key>".utf8), in: bytes, from: 1) == 12)
    #expect(ByteSearch.offset(of: Array("</key>".utf8), in: bytes, from: 13) == 18)
    #expect(ByteSearch.offset(of: Array("<dict>".utf8), in: bytes) == nil)
  }

  @Test func findsNothingForAnEmptyNeedleOrPastTheEnd() {
    let bytes = Array("abc".utf8)
    #expect(ByteSearch.offset(of: [], in: bytes) == nil)
    #expect(ByteSearch.offset(of: Array("abcd".utf8), in: bytes) == nil)
    #expect(ByteSearch.offset(of: Array("c".utf8), in: bytes, from: 3) == nil)
    #expect(ByteSearch.offset(of: Array("c".utf8), in: bytes, from: 4) == nil)
    #expect(ByteSearch.offset(of: Array("c".utf8), in: [], from: 0) == nil)
  }

  /// Seeded random bytes from a small alphabet, so that needles occur often and partly: the same offsets as
  /// the standard library's search.
  @Test func agreesWithTheStandardLibraryOnRandomBytes() {
    var random = SeededRandom(seed: 20_261_203)
    func bytes(_ length: Int) -> [UInt8] { (0..<length).map { _ in UInt8(random.next() % 3) } }
    for _ in 0..<3_000 {
      let haystack = bytes(Int(random.next() % 40))
      let needle = bytes(1 + Int(random.next() % 4))
      let from = Int(random.next() % UInt64(haystack.count + 1))
      #expect(
        ByteSearch.offset(of: needle, in: haystack, from: from) == haystack[from...].firstRange(of: needle)?.lowerBound,
        "\(haystack) \(needle) from \(from)")
    }
  }
}
