import Testing

@testable import TextSupport

/// Right-to-left lines in visual order (ICU's bidirectional algorithm and Arabic shaping), and the scripts
/// that break at dictionary words (ICU).
@Suite struct BidiTextTests {
  @Test func hebrewComesOutRightToLeft() {
    #expect(BidiText.visual("שלום עולם", direction: .rightToLeft) == "םלוע םולש")
  }

  @Test func leftToRightTextIsLeftAsItIs() {
    let text = "Allow “Lumen” to track you? (yes)"
    #expect(!BidiText.needsReordering(text))
    #expect(BidiText.visual(text, direction: .rightToLeft) == text)
  }

  /// A Latin name inside a right-to-left sentence stays readable; brackets around it are mirrored.
  @Test func embeddedLatinAndBracketsAreOrderedAndMirrored() {
    #expect(BidiText.visual("שלום (Lumen) עולם", direction: .rightToLeft) == "םלוע (Lumen) םולש")
    #expect(BidiText.visual("אבג (דה)", direction: .rightToLeft) == "(הד) גבא")
  }

  /// The paragraph's direction decides where neutral characters go: a sentence that starts with a Latin
  /// word in a right-to-left locale still ends at the left.
  @Test func theLocalesDirectionDecidesWhereTheSentenceEnds() {
    #expect(BidiText.visual("Lumen שלום?", direction: .rightToLeft) == "?םולש Lumen")
    #expect(BidiText.visual("Lumen שלום?", direction: .leftToRight) == "Lumen םולש?")
    #expect(BidiText.visual("Lumen שלום?", direction: .automatic) == "Lumen םולש?")
    #expect(BidiText.visual("שלום Lumen?", direction: .automatic) == "?Lumen םולש")
  }

  /// Numbers keep their digits' order inside right-to-left text, with their signs and separators.
  @Test func numbersReadLeftToRight() {
    #expect(BidiText.visual("מחיר 12.50 ש״ח", direction: .rightToLeft) == "ח״ש 12.50 ריחמ")
    #expect(BidiText.visual("הנחה 25% היום", direction: .rightToLeft) == "םויה 25% החנה")
    #expect(BidiText.visual("טל 03-1234567", direction: .rightToLeft) == "03-1234567 לט")
  }

  /// Marks stay after the letter they sit on (a cell holds a letter and its marks).
  @Test func marksStayAfterTheirLetters() {
    let withNiqqud = "שָׁלוֹם"
    let visual = BidiText.visual(withNiqqud, direction: .rightToLeft)
    #expect(visual.count == withNiqqud.count)
    #expect(Array(visual) == Array(withNiqqud).reversed())
  }

  /// Arabic comes out in its joined forms, one per letter, so a terminal that does not shape shows it joined:
  /// seen initial, lam medial and alef final (a lam and an alef stay two letters, not ICU's ligature), meem
  /// isolated.
  @Test func arabicIsJoinedOneFormPerLetter() {
    #expect(BidiText.visual("سلام", direction: .rightToLeft) == "\u{FEE1}\u{FE8E}\u{FEE0}\u{FEB3}")
  }

  /// Styled runs keep their styles through the reordering: each scalar says where it came from.
  @Test func visualScalarsMapBackToTheirPlaces() {
    let map = BidiText.visualScalars("אב c", direction: .rightToLeft)
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
