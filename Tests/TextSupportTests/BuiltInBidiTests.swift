import FileAccess
import Testing

@testable import TextSupport

/// attsim's own bidi algorithm, the one a machine without FriBidi uses, against FriBidi itself.
@Suite struct BuiltInBidiTests {
  /// Mixed lines of the kinds apps' texts have: numbers with signs and separators, Arabic-Indic digits,
  /// prices, percentages, phone numbers, addresses, brackets of several kinds, quotation marks, marks,
  /// emoji sequences, tabs and trailing spaces.
  static let mixedLines = [
    "שלום 123 עולם", "السعر 45.5% اليوم", "מחיר: $5.99 (מבצע)", "Version 2.0 של Lumen", "גרסה 2.0 של Lumen",
    "عنوان https://example.com/path?x=1 هنا", "١٢٣ و 456", "الرقم ٣٫٥ و 7,5", "👍 מעולה", "“Lumen Demo” ـل",
    "[אבג] (def) {גהו}", "a (ב) c", "א (b) ג", "1+2=3 שווה", "מ-5 עד 10", "#1 במקום", "שָׁלוֹם עֲלֵיכֶם",
    "مَرْحَبًا بِكَ", "👨‍👩‍👧 משפחה", "abc\tאבג", "100% אחוז", "A-B ג-ד", "אבג  ", "abc (אבג) def",
    "abc (אבג def) ghi", "אבג (abc) דהו", "אבג (abc דהו) זחט", "(abc) אבג", "אבג (123)", "a) אבג (b",
    "«שלום» <b>", "x ≤ y אם", "תאריך 12/05/2026", "שעה 10:30", "Lumen's app “הדגמה” v1.2-beta",
    "‏Lumen", "‎שלום", "صفحة ١ من ٢", "پیام 12 برای شما", "اردو ۱۲۳ میں", "ሰላም אבג", "日本語 אבג 한국어",
    "नमस्ते שלום", "אבג ‍ דהו", "", " ", "-5 שקל", "+972 3 123 4567 טלפון",
  ]

  /// The mixed lines, in each paragraph direction: the two agree on every scalar's place and on every scalar
  /// shown, except Arabic letters, which FriBidi joins and attsim's algorithm leaves.
  @Test func givesFriBidisOrderOnMixedLines() throws {
    try #require(FriBidiLibrary.current != .missing, "FriBidi (libfribidi.so.0) is what the test compares with")
    for line in Self.mixedLines { Self.expectFriBidisOrder(line) }
  }

  /// Every line of the assets' and fixtures' right-to-left strings files (keys, quotes and comments
  /// included: mixed text), as above.
  @Test func givesFriBidisOrderOnTheAssets() throws {
    try #require(FriBidiLibrary.current != .missing, "FriBidi (libfribidi.so.0) is what the test compares with")
    let root = FilePath(#filePath).parent.parent.parent
    let folders = [
      "Assets/System/he.lproj", "Assets/System/ar.lproj", "Assets/System/ur.lproj", "Assets/DemoApp/he.lproj",
      "Assets/DemoApp/ar.lproj", "Tests/Fixtures/WorldScripts/he.lproj", "Tests/Fixtures/WorldScripts/ar.lproj",
    ]
    var lines: [String] = []
    for folder in folders.map(root.appending) {
      let names = FolderListing.names(in: folder)
      #expect(!names.isEmpty, "\(folder)")
      for name in names {
        let bytes = try InputFiles().read(folder.appending(name)).get()
        lines += String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
          .filter { BidiText.needsReordering($0) }
      }
    }
    #expect(lines.count > 40)
    for line in lines { Self.expectFriBidisOrder(line) }
  }

  /// Expects attsim's algorithm to put `line` in FriBidi's order, in each paragraph direction.
  static func expectFriBidisOrder(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for direction in [BidiText.Direction.rightToLeft, .leftToRight, .automatic] {
      let fribidi = BidiText.visualScalars(line, direction: direction, algorithm: .fribidi)
      let builtIn = BidiText.visualScalars(line, direction: direction, algorithm: .builtIn)
      #expect(
        builtIn.map(\.logical) == fribidi.map(\.logical), "\(direction): \(line.debugDescription)",
        sourceLocation: sourceLocation)
      for (ours, theirs) in zip(builtIn, fribidi) where ours.scalar != theirs.scalar {
        #expect(
          isArabicLetter(ours.scalar) && isPresentationForm(theirs.scalar),
          "\(direction): \(line.debugDescription) shows U+\(hex(theirs.scalar)) as U+\(hex(ours.scalar))",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Random lines over two alphabets of every class the algorithm tells apart: one without brackets, one
  /// without marks (FriBidi 1.0.8 orders a mark right after a bracket in ways UAX #9 does not give; D69).
  @Test(arguments: [
    "aבجd 5٣۴ـ،؛٪٫·…–—'\"“”&@_=*^~|\\\u{A0}\u{202F}€°±‰-+%$,.:/<>«»!?\t\u{064B}\u{05B8}\u{200D}\u{200F}\u{200E}日👍#",
    "ab אבגس ()[]{}「」5٣-%,.!«»\u{200D}👍 ",
  ])
  func givesFriBidisOrderOnRandomLines(alphabet: String) throws {
    try #require(FriBidiLibrary.current != .missing, "FriBidi (libfribidi.so.0) is what the test compares with")
    let scalars = Array(alphabet.unicodeScalars)
    var random = SeededRandom(seed: 69)
    for _ in 0..<4000 {
      let length = Int.random(in: 1...14, using: &random)
      let line = String(String.UnicodeScalarView((0..<length).map { _ in scalars.randomElement(using: &random)! }))
      for direction in [BidiText.Direction.rightToLeft, .leftToRight, .automatic] {
        let fribidi = BidiText.visualScalars(line, direction: direction, algorithm: .fribidi).map(\.logical)
        let builtIn = BidiText.visualScalars(line, direction: direction, algorithm: .builtIn).map(\.logical)
        #expect(builtIn == fribidi, "\(direction): \(line.unicodeScalars.map(Self.hex))")
      }
    }
  }

  static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool { (0x0600...0x06FF).contains(scalar.value) }
  static func isPresentationForm(_ scalar: Unicode.Scalar) -> Bool {
    (0xFB50...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFF).contains(scalar.value)
  }
  static func hex(_ scalar: Unicode.Scalar) -> String { String(scalar.value, radix: 16, uppercase: true) }

  /// The classes the rules hinge on, told from blocks and general categories.
  @Test(
    arguments: [
      ("a", BuiltInBidi.BidiClass.leftToRight), ("א", .rightToLeft), ("ب", .arabicLetter), ("5", .europeanNumber),
      ("٥", .arabicNumber), ("۵", .europeanNumber), ("-", .europeanSeparator), ("%", .europeanTerminator),
      ("€", .europeanTerminator), (",", .commonSeparator), ("\u{05B8}", .nonspacingMark),
      ("\u{064B}", .nonspacingMark), ("\u{200D}", .boundaryNeutral), ("\u{202B}", .boundaryNeutral),
      (" ", .whitespace), ("\t", .segmentSeparator), ("!", .otherNeutral), ("👍", .otherNeutral),
      ("\u{200F}", .rightToLeft), ("\u{093F}", .leftToRight), ("日", .leftToRight), ("؟", .arabicLetter),
      ("״", .rightToLeft),
    ] as [(Unicode.Scalar, BuiltInBidi.BidiClass)])
  func classesComeFromBlocksAndCategories(scalar: Unicode.Scalar, expected: BuiltInBidi.BidiClass) {
    #expect(BuiltInBidi.bidiClass(of: scalar) == expected)
  }

  /// Brackets pair by BD16: the nearest opener of the same kind, unmatched closers ignored.
  @Test func bracketsPairWithTheNearestOpenerOfTheirKind() {
    let text = Array("a(b[c)d]e)".unicodeScalars)
    #expect(
      BuiltInBidi.bracketPairs(text, types: text.map(BuiltInBidi.bidiClass(of:))).map { [$0.0, $0.1] } == [[1, 5]])
  }

  /// Separators and whitespace at the line's end, and tabs, sit at the paragraph's level (L1).
  @Test func trailingWhitespaceTakesTheParagraphsLevel() {
    let text = Array("abc  ".unicodeScalars)
    let levels = BuiltInBidi.resolvedLevels(
      text, classes: text.map(BuiltInBidi.bidiClass(of:)), direction: .rightToLeft)
    #expect(levels == [2, 2, 2, 1, 1])
  }
}

/// FriBidi as the process found it, and what `attsim --version` says of it.
@Suite struct FriBidiLibraryTests {
  /// The tests link no FriBidi: they load libfribidi.so.0, once, and take its version from it.
  @Test func theTestsLoadTheRuntimeLibrary() throws {
    guard case .loaded(let version) = FriBidiLibrary.current else {
      Issue.record("FriBidi is \(FriBidiLibrary.current), not loaded from libfribidi.so.0")
      return
    }
    #expect(version.split(separator: ".").count >= 2 && version.allSatisfy { $0.isNumber || $0 == "." })
  }

  @Test(arguments: [
    ("(GNU FriBidi) 1.0.8\ninterface version 4,\nUnicode Character Database version 12.1.0,", "1.0.8"),
    ("(GNU FriBidi) 1.0.16", "1.0.16"), ("GNU FriBidi \u{1B}[31m1.0\u{1B}[0m", "?"), ("", "?"),
  ])
  func theVersionIsTheFirstLinesNumber(info: String, expected: String) {
    #expect(FriBidiLibrary.versionNumber(info) == expected)
  }

  @Test func eachSourceIsSaidInOneLine() {
    #expect(FriBidiLibrary.linked(version: "1.0.8").summary == "FriBidi 1.0.8, linked in")
    #expect(FriBidiLibrary.loaded(version: "1.0.8").summary == "FriBidi 1.0.8, loaded from libfribidi.so.0")
    #expect(
      FriBidiLibrary.missing.summary
        == "FriBidi missing (no libfribidi.so.0): right-to-left lines in attsim's own order, Arabic unjoined")
    #expect(BidiText.Algorithm.builtIn.inUse == .builtIn && BidiText.Algorithm.fribidi.inUse == .fribidi)
  }
}
