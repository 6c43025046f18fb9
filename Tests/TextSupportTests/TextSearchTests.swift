import Testing

@testable import TextSupport

/// attsim's own search, replace and split of text within text, against the standard library's
/// string-processing versions (which the tests may link; the binary does not).
@Suite struct TextSearchTests {
  @Test func findsReplacesAndSplitsPlainText() {
    #expect("a//b//c".containsText("//"))
    #expect(!"a/b".containsText("//"))
    #expect("Allow %@ to track".replacingText("%@", with: "Lumen") == "Allow Lumen to track")
    #expect("aaaa".replacingText("aa", with: "b") == "bb")
    #expect("abc".replacingText("", with: "x") == "abc")
    #expect("left, right,, up".pieces(separatedBy: ", ").map(String.init) == ["left", "right,", "up"])
    #expect(", a, , b, ".pieces(separatedBy: ", ").map(String.init) == ["a", "b"])
    let text = "https://collect.example/path"
    #expect(text.firstRange(ofText: "://").map { String(text[..<$0.lowerBound]) } == "https")
  }

  /// A match must be whole characters: a letter that carries an accent, or half of a CR LF, is not found.
  @Test func matchesOnlyWholeCharacters() {
    #expect(!"cafe\u{301}".containsText("e"))
    #expect("cafe\u{301}".containsText("e\u{301}"))
    #expect(!"a\r\nb".containsText("\n"))
    #expect(!"👍🏽".containsText("👍"))
    #expect("x👍🏽y".replacingText("👍🏽", with: "+") == "x+y")
  }

  /// The same text from a substring: indices are the substring's own, within its bounds.
  @Test func searchesSubstringsWithinTheirBounds() {
    let line = "key = value // note"
    let tail = line.dropFirst(6)
    let found = tail.firstRange(ofText: "//")
    #expect(found.map { String(tail[..<$0.lowerBound]) } == "value ")
    #expect(!line.dropLast(7).containsText("//"))
  }

  /// Seeded random texts from an alphabet without two spellings of the same text (one combining mark, no
  /// precomposed letters): attsim's answers equal the standard library's, character for character.
  @Test func agreesWithTheStandardLibraryOnRandomTexts() {
    let alphabet = ["a", "b", "/", " ", "e", "\u{301}", "👍", "🏽", "\r", "\n", "é"]
    var random = SeededRandom(seed: 20_261_201)
    func text(_ length: Int) -> String {
      (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
    }
    for _ in 0..<3_000 {
      let haystack = text(Int(random.next() % 24))
      let needle = text(1 + Int(random.next() % 3))
      // A precomposed é and an e with its accent are one text to the standard library, two to attsim.
      guard !(haystack + needle).containsText("é") || !(haystack + needle).containsText("e\u{301}") else {
        continue
      }
      #expect(haystack.containsText(needle) == haystack.contains(needle), "\(haystack.debugDescription)")
      #expect(haystack.firstRange(ofText: needle) == haystack.firstRange(of: needle))
      #expect(haystack.replacingText(needle, with: "_") == haystack.replacing(needle, with: "_"))
      #expect(haystack.pieces(separatedBy: needle) == haystack.split(separator: needle))
      let pieces = haystack.split(separator: "/", omittingEmptySubsequences: false)
      #expect(pieces.joinedText(separator: needle) == pieces.joined(separator: needle))
      #expect(pieces.map(String.init).joinedText() == pieces.joined())
    }
    #expect([String]().joinedText(separator: ", ") == "" && ["one"].joinedText(separator: ", ") == "one")
  }

  @Test func findsBytesWithinBytes() {
    let bytes = Array("<key>a</key><key>b</key>".utf8)
    #expect(ByteSearch.offset(of: Array("<key>".utf8), in: bytes) == 0)
    #expect(ByteSearch.offset(of: Array("<key>".utf8), in: bytes, from: 1) == 12)
    #expect(ByteSearch.offset(of: Array("<dict>".utf8), in: bytes) == nil)
    #expect(bytes.firstRange(of: Array("</key>".utf8), from: 13) == 18..<24)
  }

  @Test func repeatsTextAsTheStandardLibraryDoes() {
    for piece in ["", "0", "─", "---|", "e\u{301}", "👍🏽", "\r\n"] {
      for count in 0...5 {
        #expect(String(repeatingText: piece, count: count) == String(repeating: piece, count: count))
      }
    }
    #expect(String(repeatingText: "x", count: -3).isEmpty)
  }
}
