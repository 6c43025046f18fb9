import Testing

@testable import TextSupport

/// Right-to-left lines in visual order, by FriBidi and by attsim's own algorithm (for machines without
/// FriBidi), and the scripts that break at dictionary words (ICU).
@Suite struct BidiTextTests {
  static let algorithms: [BidiText.Algorithm] = [.fribidi, .builtIn]

  @Test(arguments: algorithms) func hebrewComesOutRightToLeft(algorithm: BidiText.Algorithm) {
    #expect(BidiText.visual("שלום עולם", direction: .rightToLeft, algorithm: algorithm) == "םלוע םולש")
  }

  @Test(arguments: algorithms) func leftToRightTextIsLeftAsItIs(algorithm: BidiText.Algorithm) {
    let text = "Allow “Lumen” to track you? (yes)"
    #expect(!BidiText.needsReordering(text))
    #expect(BidiText.visual(text, direction: .rightToLeft, algorithm: algorithm) == text)
  }

  /// A Latin name inside a right-to-left sentence stays readable; brackets around it are mirrored.
  @Test(arguments: algorithms) func embeddedLatinAndBracketsAreOrderedAndMirrored(algorithm: BidiText.Algorithm) {
    #expect(BidiText.visual("שלום (Lumen) עולם", direction: .rightToLeft, algorithm: algorithm) == "םלוע (Lumen) םולש")
    #expect(BidiText.visual("אבג (דה)", direction: .rightToLeft, algorithm: algorithm) == "(הד) גבא")
  }

  /// The paragraph's direction decides where neutral characters go: a sentence that starts with a Latin
  /// word in a right-to-left locale still ends at the left.
  @Test(arguments: algorithms) func theLocalesDirectionDecidesWhereTheSentenceEnds(algorithm: BidiText.Algorithm) {
    #expect(BidiText.visual("Lumen שלום?", direction: .rightToLeft, algorithm: algorithm) == "?םולש Lumen")
    #expect(BidiText.visual("Lumen שלום?", direction: .leftToRight, algorithm: algorithm) == "Lumen םולש?")
    #expect(BidiText.visual("Lumen שלום?", direction: .automatic, algorithm: algorithm) == "Lumen םולש?")
    #expect(BidiText.visual("שלום Lumen?", direction: .automatic, algorithm: algorithm) == "?Lumen םולש")
  }

  /// Numbers keep their digits' order inside right-to-left text, with their signs and separators.
  @Test(arguments: algorithms) func numbersReadLeftToRight(algorithm: BidiText.Algorithm) {
    #expect(BidiText.visual("מחיר 12.50 ש״ח", direction: .rightToLeft, algorithm: algorithm) == "ח״ש 12.50 ריחמ")
    #expect(BidiText.visual("הנחה 25% היום", direction: .rightToLeft, algorithm: algorithm) == "םויה 25% החנה")
    #expect(BidiText.visual("טל 03-1234567", direction: .rightToLeft, algorithm: algorithm) == "03-1234567 לט")
  }

  /// Marks stay after the letter they sit on (a cell holds a letter and its marks).
  @Test(arguments: algorithms) func marksStayAfterTheirLetters(algorithm: BidiText.Algorithm) {
    let withNiqqud = "שָׁלוֹם"
    let visual = BidiText.visual(withNiqqud, direction: .rightToLeft, algorithm: algorithm)
    #expect(visual.count == withNiqqud.count)
    #expect(Array(visual) == Array(withNiqqud).reversed())
  }

  /// FriBidi puts Arabic in its joined forms, one per letter, so a terminal that does not shape shows it
  /// joined; attsim's own algorithm orders it and leaves the letters as they are.
  @Test func arabicIsJoinedByFriBidiAndLeftByTheBuiltInAlgorithm() {
    let visual = BidiText.visual("سلام", direction: .rightToLeft)
    #expect(visual.unicodeScalars.count == 4)
    #expect(visual.unicodeScalars.allSatisfy { (0xFE70...0xFEFF).contains($0.value) })
    #expect(BidiText.visual("سلام", direction: .rightToLeft, algorithm: .builtIn) == "مالس")
  }

  /// Styled runs keep their styles through the reordering: each scalar says where it came from.
  @Test(arguments: algorithms) func visualScalarsMapBackToTheirPlaces(algorithm: BidiText.Algorithm) {
    let map = BidiText.visualScalars("אב c", direction: .rightToLeft, algorithm: algorithm)
    #expect(map.map(\.logical) == [3, 2, 1, 0])
  }
}

@Suite struct DictionaryBreakTests {
  /// Thai breaks between words, never inside one: "ความสนใจ" (interest) stays whole.
  @Test func thaiBreaksAtWordsFromTheDictionary() {
    let text = "เราใช้ข้อมูลของคุณเพื่อแสดงโฆษณาที่ตรงกับความสนใจของคุณ"
    let lines = TextWrapper.wrap(text, width: 16)
    #expect(lines.joined() == text)
    #expect(lines.count > 2)
    #expect(lines.contains { $0.contains("ความสนใจ") } || lines.allSatisfy { !$0.hasSuffix("ค") })
    for line in lines { #expect(TerminalWidth.of(line) <= 16, "\(lines)") }
    // Every break falls where the dictionary allows one.
    let breaks = DictionaryBreaks.opportunities(in: Array(text))
    var offset = 0
    for line in lines.dropLast() {
      offset += line.count
      #expect(breaks.contains(offset), "a break inside a word at \(offset): \(lines)")
    }
  }

  @Test(arguments: [
    "ພວກເຮົາໃຊ້ຂໍ້ມູນຂອງທ່ານເພື່ອສະແດງໂຄສະນາ",  // Lao
    "យើងប្រើទិន្នន័យរបស់អ្នកដើម្បីបង្ហាញការផ្សាយពាណិជ្ជកម្ម",  // Khmer
    "ကျွန်ုပ်တို့သည်သင်၏ဒေတာကိုအသုံးပြုသည်",  // Burmese
  ])
  func laoKhmerAndBurmeseBreakAtWordsToo(text: String) {
    let breaks = DictionaryBreaks.opportunities(in: Array(text))
    #expect(breaks.count >= 3)
    #expect(TextWrapper.wrap(text, width: 12).joined() == text)
  }

  /// Text of other scripts never asks the dictionary (and keeps its own rules: spaces, CJK).
  @Test func otherTextIsNotBrokenByTheDictionary() {
    #expect(DictionaryBreaks.opportunities(in: Array("well-known words")).isEmpty)
    #expect(TextWrapper.wrap("well-known words", width: 12) == ["well-known", "words"])
  }
}
