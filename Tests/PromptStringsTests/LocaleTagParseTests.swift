import PromptStrings
import TestApps
import Testing
import TextSupport

/// `LocaleTag`'s byte-level parse against the character-level one it replaced (below), on generated text:
/// tags, near-tags, separators doubled or trailing, letters beyond ASCII, combining marks, CR LF.
@Suite struct LocaleTagParseTests {
  /// The parse by characters, as `LocaleTag.init?` was written before it read bytes.
  static func characterParse(_ text: String) -> String? {
    let legacy = [
      "English": "en", "Japanese": "ja", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it",
      "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Norwegian": "nb", "Danish": "da", "Finnish": "fi",
      "Korean": "ko", "Russian": "ru", "Polish": "pl", "Chinese": "zh-Hans",
    ]
    if let name = legacy[text] { return characterParse(name) }
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }.map(String.init)
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    var script: String?
    var region: String?
    for part in parts.dropFirst() {
      let ascii = part.allSatisfy(\.isASCII)
      if ascii && part.count == 4 && part.allSatisfy(\.isLetter) && script == nil && region == nil {
        script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
      } else if ascii && part.count == 2 && part.allSatisfy(\.isLetter) && region == nil {
        region = part.uppercased()
      } else if ascii && part.count == 3 && part.allSatisfy(\.isNumber) && region == nil {
        region = part
      } else {
        return nil
      }
    }
    return [first.lowercased(), script, region].compactMap { $0 }.joined(separator: "-")
  }

  @Test func theByteParseAgreesWithTheCharacterParse() {
    let pieces = [
      "en", "EN", "pt", "zh", "yue", "Hant", "hans", "LATN", "BR", "us", "419", "001", "4l9", "e", "abcd", "abcde",
      "", "-", "_", "é", "e\u{301}", "\r\n", "١٢٣", "Ⅻ", "ｅｎ", "English", "Chinese", "Base", "mul", " ", "@", "[",
      "`", "{", "x",
    ]
    var random = SeededRandom(seed: 0x10CA1E)
    var compared = 0
    var parsed = 0
    for _ in 0..<5_000 {
      var text = ""
      for index in 0..<Int.random(in: 1...4, using: &random) {
        if index > 0 { text += Bool.random(using: &random) ? "-" : "_" }
        text += pieces.randomElement(using: &random)!
      }
      let expected = Self.characterParse(text)
      #expect(LocaleTag(text)?.description == expected, "\(text.debugDescription)")
      compared += 1
      if expected != nil { parsed += 1 }
    }
    // The generated texts are tags often enough for the comparison to mean something.
    #expect(compared == 5_000 && parsed > 500)
  }
}
