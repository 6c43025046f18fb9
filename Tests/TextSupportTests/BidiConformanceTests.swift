import FileAccess
import Glibc
import Testing

@testable import TextSupport

/// attsim's reordering (ICU's bidirectional algorithm) against Unicode's own conformance test, and on prompt
/// lines of the kinds real apps show.
@Suite struct BidiConformanceTests {
  /// Unicode's BidiCharacterTest.txt, where Debian's unicode-data package puts it.
  static let characterTest = "/usr/share/unicode/BidiCharacterTest.txt"

  /// Every line of BidiCharacterTest.txt (91,707 in Unicode 15.0): the paragraph's level, each character's
  /// level and the visual order, characters that rule X9 removes left out of both as the file says. The file
  /// covers UAX #9 through rule L2, so the line is reordered without L3's marks kept after their letters;
  /// mirroring (L4) changes no order. Two allowances, both ICU's own conformance test's:
  /// - where the text runs in one direction only, ICU gives every character the paragraph's level (an even
  ///   level for an even one): the levels are then not compared, the order still is;
  /// - the sections in `departures` test clarifications Unicode 8.0 made, which ICU 72 does not follow (ICU's
  ///   issue ICU-23513 is about two of them): their lines are run and their differences counted, but not
  ///   failed (30 of their 37 lines differ with ICU 72).
  @Test(
    .enabled(
      if: access(characterTest, R_OK) == 0,
      "needs /usr/share/unicode/BidiCharacterTest.txt (Debian's unicode-data package, which .ci/run installs)"))
  func everyLineOfUnicodesBidiCharacterTest() throws {
    let bytes = try InputFiles().read(FilePath(Self.characterTest)).get()
    var cases = 0
    var departed = 0
    var failures: [String] = []
    // The heading of the section a line is in: the first comment line after a blank one.
    var section = ""
    var afterBlank = true
    for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      guard let first = line.first else {
        afterBlank = true
        continue
      }
      defer { afterBlank = false }
      if first == UInt8(ascii: "#") {
        if afterBlank { section = String(decoding: line, as: UTF8.self) }
        continue
      }
      let fields = line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
      // Each character's level, nil for one that X9 removes ("x").
      let levels = fields.count == 5 ? fields[3].split(separator: " ").map { Int($0) } : []
      guard fields.count == 5, scalars.count == fields[0].split(separator: " ").count, levels.count == scalars.count
      else {
        failures.append("line \(number + 1) does not read as five fields of code points and levels")
        continue
      }
      let direction: BidiText.Direction = ["0": .leftToRight, "1": .rightToLeft][fields[1]] ?? .automatic
      let order = fields[4].split(separator: " ").compactMap { Int($0) }
      cases += 1
      guard let reordered = BidiText.reorder(scalars, direction: direction, marksAfterLetters: false) else {
        failures.append("line \(number + 1): not reordered")
        continue
      }
      let kept = reordered.visualToLogical.filter { levels[$0] != nil }
      var keptLevels = zip(reordered.levels, levels).map { $1 == nil ? nil : $0 }
      let parities = Set(levels.compactMap { $0.map { $0 % 2 } })
      if parities.count == 1, Set(reordered.levels.map { $0 % 2 }) == parities { keptLevels = levels }
      guard String(reordered.paragraphLevel) != fields[2] || keptLevels != levels || kept != order else { continue }
      if Self.departures.contains(where: section.hasPrefix) {
        departed += 1
      } else {
        failures.append(
          "line \(number + 1) \(fields[0]);\(fields[1]): paragraph \(reordered.paragraphLevel), levels "
            + "\(keptLevels.map { $0.map(String.init) ?? "x" }), order \(kept); the file says \(fields[2]), "
            + "\(fields[3]), \(fields[4])")
      }
    }
    #expect(cases > 90_000, "\(cases) cases read")
    #expect(
      failures.isEmpty,
      """
      \(failures.count) of \(cases) lines differ (\(ICULibrary.summary); \(departed) more in the departures):
      \(failures.prefix(10).joined(separator: "\n"))
      """)
  }

  /// The sections of BidiCharacterTest.txt (by their headings' start) whose cases test what Unicode 8.0
  /// clarified and ICU does not follow: an override applies to the isolate initiator and PDI it surrounds
  /// (X5a–X5c, X6a); a bracket whose type an override changed pairs with nothing (BD14–BD16); marks after a
  /// bracket that N0 resolves take its direction (N0); bracket pairing stops when 63 openers are pending (BD16).
  /// Apps' prompts do not use overrides, and attsim shows a mark after a bracket with the bracket (L3).
  static let departures = [
    "# Explicit directional overrides applied to isolates", "# Explicit directional overrides applied to paired",
    "# Nonspacing marks applied to paired brackets", "# Nested bracket pairs that reach and exceed",
  ]

  /// Prompt lines as real apps write them: a Latin app name, a version, a price, a percentage, an address,
  /// brackets and quotes inside a Hebrew or Arabic sentence. Each visual order is worked out by hand from
  /// UAX #9: Latin and numbers read left to right inside the sentence (level 2), a hyphen or quote between a
  /// Hebrew letter and a Latin one takes the paragraph's direction (N2), brackets around right-to-left text
  /// take it too and are mirrored (N0, L4), brackets around a Latin name that follows a Latin word join it
  /// (N0), a European number after Arabic letters is an Arabic number (W2), and a mark stays after its letter.
  /// Arabic letters are compared in their stored forms (`storedLetters`).
  @Test(arguments: [
    (
      "לאפשר ל-“Lumen” לעקוב אחר הפעילות שלך?", BidiText.Direction.rightToLeft, "?ךלש תוליעפה רחא בוקעל ”Lumen“-ל רשפאל"
    ),
    ("גרסה 14.5 של iOS דורשת אישור (ATT) לפני מעקב.", .rightToLeft, ".בקעמ ינפל (ATT) רושיא תשרוד iOS לש 14.5 הסרג"),
    (
      "השתמשו ב-Lumen Pro בחינם למשך 30 יום (חיסכון של 50%)!", .rightToLeft,
      "!(50% לש ןוכסיח) םוי 30 ךשמל םניחב Lumen Pro-ב ושמתשה"
    ),
    ("Lumen Pro (iOS 17) מבקשת לעקוב", .rightToLeft, "בוקעל תשקבמ Lumen Pro (iOS 17)"),
    ("לפרטים: privacy@lumen.app", .rightToLeft, "privacy@lumen.app :םיטרפל"),
    ("Lumen: מדיניות הפרטיות (v2.1)", .automatic, "Lumen: תויטרפה תוינידמ (v2.1)"),
    (
      "يستخدم Lumen بياناتك لعرض إعلانات مخصصة (٣ شركاء).", .rightToLeft,
      ".(ءاكرش ٣) ةصصخم تانالعإ ضرعل كتانايب Lumen مدختسي"
    ),
    ("الإصدار 2.0 من Lumen", .rightToLeft, "Lumen نم 2.0 رادصإلا"),
    ("مرحبًا بك في Lumen!", .rightToLeft, "!Lumen يف كب ابًحرم"),
  ])
  func promptLinesAsRealAppsWriteThem(line: String, direction: BidiText.Direction, expected: String) {
    let shown = BidiText.visualScalars(line, direction: direction)
    #expect(Self.storedLetters(shown, of: line) == expected)
    // Every Arabic letter that joins is shown in a presentation form (hamza, which joins nothing, and the
    // tatweel stay as stored); marks keep their own code points.
    let stored = Array(line.unicodeScalars)
    let joining = Set<UInt32>(0x0622...0x063A).union(0x0641...0x064A)
    for (scalar, logical) in shown where joining.contains(stored[logical].value) {
      #expect((0xFE80...0xFEFC).contains(scalar.value), "U+\(String(stored[logical].value, radix: 16)) in \(line)")
    }
    #expect(shown.allSatisfy { !(0xFE70...0xFE7F).contains($0.scalar.value) })
  }

  /// The line as shown, each presentation form put back to the letter stored at its place.
  static func storedLetters(_ shown: [(scalar: Unicode.Scalar, logical: Int)], of line: String) -> String {
    let stored = Array(line.unicodeScalars)
    let letters = shown.map { (0xFB50...0xFEFF).contains($0.scalar.value) ? stored[$0.logical] : $0.scalar }
    return String(String.UnicodeScalarView(letters))
  }

  /// The levels and the paragraph's level come out as UAX #9 resolves them: a number after a Latin word is
  /// Latin (W7), and the space between them too (N1).
  @Test func levelsAreResolvedPerScalar() throws {
    let mixed = try #require(BidiText.reorder(Array("אבג abc 123".unicodeScalars), direction: .rightToLeft))
    #expect(mixed.paragraphLevel == 1)
    #expect(mixed.levels == [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2])
    let automatic = try #require(BidiText.reorder(Array("abc אבג".unicodeScalars), direction: .automatic))
    #expect(automatic.paragraphLevel == 0)
    #expect(automatic.levels == [0, 0, 0, 0, 1, 1, 1])
  }

  /// L2 alone puts a mark before its letter in a right-to-left run; attsim keeps it after (L3), so the
  /// terminal's cell holds the letter with its mark.
  @Test func marksFollowTheirLettersOnlyWhenAsked() throws {
    let text = Array("אָב".unicodeScalars)
    let ruleL2 = try #require(BidiText.reorder(text, direction: .rightToLeft, marksAfterLetters: false))
    #expect(ruleL2.visualToLogical == [2, 1, 0])
    let forTerminal = try #require(BidiText.reorder(text, direction: .rightToLeft))
    #expect(forTerminal.visualToLogical == [2, 0, 1])
  }

  /// Text already in presentation forms is left as stored.
  @Test func presentationFormsAreLeftAsStored() throws {
    // Isolated forms, which joined letters would not take.
    let stored = Array("\u{FEB1}\u{FEDD}\u{FE8D}\u{FEE1} abc".unicodeScalars)
    let shown = try #require(BidiText.reorder(stored, direction: .rightToLeft))
    #expect(shown.scalars == Array("abc \u{FEE1}\u{FE8D}\u{FEDD}\u{FEB1}".unicodeScalars))
  }

  /// ICU's own versions, as the library says them: numbers and dots.
  @Test func theVersionsAreNumbers() {
    for version in [ICULibrary.versions.icu, ICULibrary.versions.unicode] {
      #expect(version.split(separator: ".").count >= 2 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(version)")
    }
    #expect(ICULibrary.summary == "ICU \(ICULibrary.versions.icu) (Unicode \(ICULibrary.versions.unicode))")
  }
}
