import Glibc
import TestApps
import Testing
import TextSupport

@Suite struct WidthAndWrapTests {
  @Test(arguments: [
    ("abc", 3), ("日本語", 6), ("한국어", 6), ("ｶﾀｶﾅ", 4), ("Ａ", 2), ("é", 1), ("e\u{301}", 1), ("👍", 2), ("👍🏽", 4),
    ("👨‍👩‍👧", 2), ("❤️", 1), ("☺", 1), ("עברית", 5), ("العربية", 7), ("क्षि", 3), ("🇯🇵", 2), ("1️⃣", 1), ("\u{200B}", 0),
    ("a\u{0}b", 2), ("", 0),
  ])
  func measuresTerminalColumns(text: String, columns: Int) {
    #expect(TerminalWidth.of(text) == columns)
  }

  @Test(arguments: [
    ("Allow tracking to show ads", 10, ["Allow", "tracking", "to show", "ads"]),
    ("Allow tracking", 20, ["Allow tracking"]),
    ("Supercalifragilistic", 8, ["Supercal", "ifragili", "stic"]),
    ("日本語のテキストです", 6, ["日本語", "のテキ", "ストで", "す"]),
    ("広告を表示します。", 8, ["広告を表", "示しま", "す。"]),
    ("Lumen は広告を表示", 10, ["Lumen は広", "告を表示"]),
    ("line one\nline two", 20, ["line one", "line two"]),
    ("trailing   ", 8, ["trailing"]),
    ("", 10, [""]),
    ("a b", 1, ["a", "b"]),
    // Kinsoku: no line starts with small kana or closing punctuation, none ends with an opening bracket.
    ("あいうちょっと", 6, ["あいう", "ちょっ", "と"]),
    ("あいうえ「設定」で", 10, ["あいうえ", "「設定」で"]),
    ("あいう!えお", 6, ["あい", "う!え", "お"]),
  ])
  func wrapsAtWordsOrCJKCharacters(text: String, width: Int, lines: [String]) {
    #expect(TextWrapper.wrap(text, width: width) == lines)
  }

  @Test func wrappedLinesNeverExceedTheWidth() {
    let texts = [
      "Lumen は、あなたの興味に合った広告を表示し、その効果を測定するためにデータを使用します。",
      "Lumen uses your data to show you ads that fit your interests and to measure how well they work.",
      "يستخدم Lumen بياناتك لعرض إعلانات تناسب اهتماماتك ولقياس مدى فعاليتها.",
    ]
    for text in texts {
      for width in 4...40 {
        for line in TextWrapper.wrap(text, width: width) {
          #expect(TerminalWidth.of(line) <= width, "\(width): \(line)")
        }
      }
    }
  }

  /// ASCII text takes a shorter way to its characters and paragraphs: it must break as any other text does.
  /// The same texts with every `e` spelled `é` (one column, a letter, not ASCII) go the general way; with the
  /// lines read back with `e`, the two agree, at every width.
  @Test func asciiTextBreaksAsAnyOtherTextDoes() {
    var random = SeededRandom(seed: 0xA5C11)
    // Every printable ASCII character, in words of a few.
    let printable = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }.joined()
    let pieces =
      [
        "word", "e", "tracking", " ", "  ", ",", ".", "!", "(", ")", "\n", "\r\n", "\t", "long-hyphenated", "x",
        "\u{7F}",
      ] + stride(from: 0, to: printable.utf8.count, by: 7).map { String(printable.dropFirst($0).prefix(7)) }
    for _ in 0..<300 {
      let text = (0..<Int(random.next() % 16)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      let width = 1 + Int(random.next() % 20)
      let general = TextWrapper.wrap(text.replacing("e", with: "é"), width: width).map {
        $0.replacing("é", with: "e")
      }
      #expect(TextWrapper.wrap(text, width: width) == general, "\(text.debugDescription) at \(width)")
    }
  }

  @Test func closingPunctuationNeverStartsALine() {
    // From four columns a character and its closing mark fit on a line together.
    for width in 4...12 {
      for line in TextWrapper.wrap("これは、テスト。です」と言った。", width: width) {
        #expect(!(line.first.map { "、。」".contains($0) } ?? false), "\(width): \(line)")
      }
    }
  }
}

/// attsim's widths are the terminal's: glibc's `wcwidth` under a UTF-8 locale, which tmux, xterm and the
/// Linux console use.
@Suite struct WidthMatchesWcwidthTests {
  @Test func everyCodePointHasWcwidthsWidth() throws {
    // wcwidth answers for the calling thread's locale: a UTF-8 one for this thread only.
    let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
    let previous = uselocale(utf8)
    defer {
      uselocale(previous)
      freelocale(utf8)
    }
    var differences: [String] = []
    var compared = 0
    for value in UInt32(0x20)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let theirs = systemWidth(wchar_t(bitPattern: value))
      // wcwidth says -1 for what it cannot print (unassigned, controls); attsim escapes or skips those.
      guard theirs >= 0 else { continue }
      compared += 1
      if TerminalWidth.of(scalar) != Int(theirs), differences.count < 20 {
        differences.append(
          "U+\(String(value, radix: 16, uppercase: true)): attsim \(TerminalWidth.of(scalar)), wcwidth \(theirs)")
      }
    }
    #expect(compared > 250_000)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
  }

  @Test(arguments: [
    ("नि", ["न", "ि"]), ("क्षि", ["क्", "ष", "ि"]), ("e\u{301}", ["e\u{301}"]),
    ("ก่", ["ก่"]), ("بِ", ["بِ"]), ("👍🏽", ["👍", "🏽"]), ("👨‍👩‍👧", ["👨"]), ("\u{301}", ["\u{25CC}\u{301}"]), ("\u{200B}", []),
  ])
  func aCellHoldsOneSpacingCharacterAndTheMarksAfterIt(text: String, cells: [String]) {
    #expect(TerminalWidth.cells(of: Character(text)).map(\.text) == cells)
  }
}

/// glibc's wcwidth (not imported by the Glibc module, whose headers hide it without _XOPEN_SOURCE).
@_silgen_name("wcwidth") private func systemWidth(_ character: wchar_t) -> Int32
