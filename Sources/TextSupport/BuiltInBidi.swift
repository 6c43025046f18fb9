/// attsim's own ordering of right-to-left lines, for a machine where GNU FriBidi is neither linked in nor
/// loadable: the Unicode bidirectional algorithm (UAX #9) for one line of one paragraph, with bracket pairs,
/// mirroring and marks kept after their letters, over bidi classes told from each scalar's block and general
/// category rather than from the Unicode database. On the right-to-left strings of the assets and on mixed
/// lines it gives FriBidi's order (a test compares the two). What it leaves out: Arabic joining (letters come
/// out in their base forms, which a terminal that does not shape shows unjoined), explicit embeddings,
/// overrides and isolates (their controls are ignored), and the exact class of rarely used scalars.
enum BuiltInBidi {
  /// The bidirectional character types of UAX #9 (table 4) that the algorithm tells apart; the explicit
  /// formatting characters count as boundary neutrals.
  enum BidiClass: Equatable {
    case leftToRight, rightToLeft, arabicLetter
    case europeanNumber, europeanSeparator, europeanTerminator, arabicNumber, commonSeparator
    case nonspacingMark, boundaryNeutral
    case paragraphSeparator, segmentSeparator, whitespace, otherNeutral

    /// The strong direction the class counts as when neutrals and brackets are resolved (numbers count as
    /// right-to-left), or nil for a neutral.
    var strongDirection: BidiClass? {
      switch self {
      case .leftToRight: .leftToRight
      case .rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber: .rightToLeft
      default: nil
      }
    }

    /// Whether the class is a neutral or a separator, resolved from its neighbours (N1, N2).
    var isNeutral: Bool {
      switch self {
      case .paragraphSeparator, .segmentSeparator, .whitespace, .otherNeutral: true
      default: false
      }
    }
  }

  /// The line in visual order: its scalars as shown (mirrored where they run right to left) and, for each
  /// visual position, the logical one.
  static func reorder(_ scalars: [Unicode.Scalar], direction: BidiText.Direction) -> (
    scalars: [Unicode.Scalar], visualToLogical: [Int]
  ) {
    let classes = scalars.map(bidiClass(of:))
    let levels = resolvedLevels(scalars, classes: classes, direction: direction)
    var order = Array(scalars.indices)
    keepMarksAfterTheirLetters(&order, classes: classes, levels: levels)
    reverseRuns(&order, levels: levels)
    let shown = order.map { levels[$0] % 2 == 1 ? mirrored(scalars[$0]) : scalars[$0] }
    return (shown, order)
  }

  // MARK: - Levels

  /// Each scalar's embedding level: the paragraph's (P2, P3), then the weak types (W1–W7), bracket pairs
  /// (N0), neutrals (N1, N2), the implicit levels (I1, I2) and the line's trailing whitespace (L1). Boundary
  /// neutrals take no part (X9) and get the level before them.
  static func resolvedLevels(_ scalars: [Unicode.Scalar], classes: [BidiClass], direction: BidiText.Direction)
    -> [UInt8]
  {
    let paragraph: UInt8 =
      switch direction {
      case .leftToRight: 0
      case .rightToLeft: 1
      case .automatic:
        classes.first { $0 == .leftToRight || $0 == .rightToLeft || $0 == .arabicLetter }.map {
          $0 == .leftToRight ? 0 : 1
        } ?? 0
      }
    let embedding: BidiClass = paragraph == 1 ? .rightToLeft : .leftToRight
    let kept = classes.indices.filter { classes[$0] != .boundaryNeutral }
    let original = kept.map { classes[$0] }
    var types = original
    resolveWeakTypes(&types, start: embedding)
    resolveBracketPairs(&types, scalars: kept.map { scalars[$0] }, original: original, embedding: embedding)
    resolveNeutrals(&types, embedding: embedding)
    var levels = [UInt8](repeating: paragraph, count: classes.count)
    for (position, index) in kept.enumerated() {
      let type = types[position]
      levels[index] =
        paragraph % 2 == 0
        ? paragraph + (type == .rightToLeft ? 1 : type == .leftToRight ? 0 : 2)
        : paragraph + (type == .rightToLeft ? 0 : 1)
    }
    for index in classes.indices where classes[index] == .boundaryNeutral {
      levels[index] = index == 0 ? paragraph : levels[index - 1]
    }
    // L1: separators, and the whitespace before them and at the line's end, at the paragraph's level.
    var trailing = true
    for index in classes.indices.reversed() {
      switch classes[index] {
      case .paragraphSeparator, .segmentSeparator:
        levels[index] = paragraph
        trailing = true
      case .whitespace, .boundaryNeutral:
        if trailing { levels[index] = paragraph }
      default:
        trailing = false
      }
    }
    return levels
  }

  /// W1–W7: marks take their letter's type, numbers after Arabic letters are Arabic numbers, separators
  /// and terminators join the numbers around them (or become neutral), and European numbers after
  /// left-to-right text count as it.
  static func resolveWeakTypes(_ types: inout [BidiClass], start: BidiClass) {
    for index in types.indices where types[index] == .nonspacingMark {
      types[index] = index == 0 ? start : types[index - 1]
    }
    var lastStrong = start
    for index in types.indices {
      switch types[index] {
      case .leftToRight, .rightToLeft, .arabicLetter: lastStrong = types[index]
      case .europeanNumber where lastStrong == .arabicLetter: types[index] = .arabicNumber
      default: break
      }
    }
    for index in types.indices where types[index] == .arabicLetter { types[index] = .rightToLeft }
    for index in types.indices.dropFirst().dropLast() {
      let (before, after) = (types[index - 1], types[index + 1])
      guard before == after else { continue }
      if types[index] == .europeanSeparator && before == .europeanNumber
        || types[index] == .commonSeparator && (before == .europeanNumber || before == .arabicNumber)
      {
        types[index] = before
      }
    }
    for run in runs(count: types.count, where: { types[$0] == .europeanTerminator }) {
      let before = run.lowerBound > 0 ? types[run.lowerBound - 1] : nil
      let after = run.upperBound < types.count ? types[run.upperBound] : nil
      if before == .europeanNumber || after == .europeanNumber {
        for terminator in run { types[terminator] = .europeanNumber }
      }
    }
    for index in types.indices {
      switch types[index] {
      case .europeanSeparator, .europeanTerminator, .commonSeparator: types[index] = .otherNeutral
      default: break
      }
    }
    lastStrong = start
    for index in types.indices {
      switch types[index] {
      case .leftToRight, .rightToLeft: lastStrong = types[index]
      case .europeanNumber where lastStrong == .leftToRight: types[index] = .leftToRight
      default: break
      }
    }
  }

  /// N0: a pair of brackets takes the embedding direction when the text inside has it, else the direction
  /// inside when the text before has it too, and marks after a bracket follow it.
  static func resolveBracketPairs(
    _ types: inout [BidiClass], scalars: [Unicode.Scalar], original: [BidiClass], embedding: BidiClass
  ) {
    let opposite: BidiClass = embedding == .leftToRight ? .rightToLeft : .leftToRight
    for (opening, closing) in bracketPairs(scalars, types: types) {
      let inside = types[(opening + 1)..<closing].compactMap(\.strongDirection)
      let resolved: BidiClass
      if inside.contains(embedding) {
        resolved = embedding
      } else if inside.contains(opposite) {
        let before = types[..<opening].reversed().lazy.compactMap(\.strongDirection).first ?? embedding
        resolved = before == opposite ? opposite : embedding
      } else {
        continue
      }
      for bracket in [opening, closing] {
        types[bracket] = resolved
        var mark = bracket + 1
        while mark < types.count && original[mark] == .nonspacingMark {
          types[mark] = resolved
          mark += 1
        }
      }
    }
  }

  /// BD16: the bracket pairs of a line, by their opening brackets' order; at most 63 open at once.
  static func bracketPairs(_ scalars: [Unicode.Scalar], types: [BidiClass]) -> [(Int, Int)] {
    var open: [(closing: Unicode.Scalar, index: Int)] = []
    var pairs: [(Int, Int)] = []
    for (index, scalar) in scalars.enumerated() where types[index] == .otherNeutral {
      if let closing = closingBracket[scalar] {
        guard open.count < 63 else { break }
        open.append((closing, index))
      } else if let match = open.lastIndex(where: { $0.closing == scalar }) {
        pairs.append((open[match].index, index))
        open.removeSubrange(match...)
      }
    }
    return pairs.sorted { $0.0 < $1.0 }
  }

  /// N1, N2: a run of neutrals between text of one direction takes it; any other takes the embedding
  /// direction. The line's ends count as the embedding direction.
  static func resolveNeutrals(_ types: inout [BidiClass], embedding: BidiClass) {
    for run in runs(count: types.count, where: { types[$0].isNeutral }) {
      let before = run.lowerBound == 0 ? embedding : types[run.lowerBound - 1].strongDirection ?? embedding
      let after = run.upperBound == types.count ? embedding : types[run.upperBound].strongDirection ?? embedding
      for neutral in run { types[neutral] = before == after ? before : embedding }
    }
  }

  // MARK: - Order

  /// L3, as FriBidi's REORDER_NSM: in right-to-left runs, a letter and the marks after it are reversed in
  /// place, so that the line's reversal leaves the marks after their letter (a cell holds a letter and its
  /// marks).
  static func keepMarksAfterTheirLetters(_ order: inout [Int], classes: [BidiClass], levels: [UInt8]) {
    var end = order.count - 1
    while end > 0 {
      guard levels[end] % 2 == 1 && classes[end] == .nonspacingMark else {
        end -= 1
        continue
      }
      // The marks (and boundary neutrals among them) back to the letter they sit on, at the same level.
      var start = end
      while start > 0 && levels[start - 1] == levels[end]
        && (classes[start - 1] == .nonspacingMark || classes[start - 1] == .boundaryNeutral)
      {
        start -= 1
      }
      if start > 0 && levels[start - 1] == levels[end] { start -= 1 }
      order[start...end].reverse()
      end = start - 1
    }
  }

  /// L2: from the highest level down to the lowest odd one, each run at that level or above is reversed.
  static func reverseRuns(_ order: inout [Int], levels: [UInt8]) {
    guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return }
    for level in stride(from: highest, through: lowestOdd, by: -1) {
      for run in runs(count: order.count, where: { levels[$0] >= level }) { order[run].reverse() }
    }
  }

  /// The maximal runs of the positions `0..<count` for which `belongs` holds, in order.
  static func runs(count: Int, where belongs: (Int) -> Bool) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    for index in 0..<count {
      if belongs(index) {
        if start == nil { start = index }
      } else if let first = start {
        runs.append(first..<index)
        start = nil
      }
    }
    if let first = start { runs.append(first..<count) }
    return runs
  }

  // MARK: - Character data

  /// The scalar's bidi class: a few lists of numbers, separators, terminators and neutrals, then marks,
  /// formatting and spaces by general category, then the right-to-left blocks, then letters and digits as
  /// left to right and everything else as neutral.
  static func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
    switch scalar.value {
    case 0x09, 0x0B, 0x1F: return .segmentSeparator
    case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: return .paragraphSeparator
    case 0x0C, 0x20, 0x2028: return .whitespace
    case 0x30...0x39, 0xB2, 0xB3, 0xB9, 0x06F0...0x06F9, 0x2070, 0x2074...0x2079, 0x2080...0x2089, 0xFF10...0xFF19:
      return .europeanNumber
    case 0x0600...0x0605, 0x0660...0x0669, 0x066B, 0x066C, 0x06DD, 0x08E2, 0x10E60...0x10E7E: return .arabicNumber
    case 0x2B, 0x2D, 0x207A, 0x207B, 0x208A, 0x208B, 0x2212, 0xFB29, 0xFE62, 0xFE63, 0xFF0B, 0xFF0D:
      return .europeanSeparator
    case 0x23...0x25, 0xA2...0xA5, 0xB0, 0xB1, 0x0609, 0x060A, 0x066A, 0x2030...0x2034, 0x20A0...0x20CF, 0x212E,
      0x2213, 0xFE5F, 0xFE69, 0xFE6A, 0xFF03...0xFF05, 0xFFE0, 0xFFE1, 0xFFE5, 0xFFE6:
      return .europeanTerminator
    case 0x2C, 0x2E, 0x2F, 0x3A, 0xA0, 0x060C, 0x202F, 0x2044, 0xFE50, 0xFE52, 0xFE55, 0xFF0C, 0xFF0E, 0xFF0F, 0xFF1A:
      return .commonSeparator
    case 0x200E: return .leftToRight
    case 0x200F: return .rightToLeft
    case 0x061C: return .arabicLetter
    case 0x0606, 0x0607, 0x060E, 0x060F, 0x06DE, 0x06E9, 0xFD3E, 0xFD3F, 0xFDFD: return .otherNeutral
    default: break
    }
    let category = scalar.properties.generalCategory
    switch category {
    case .nonspacingMark, .enclosingMark: return .nonspacingMark
    case .format, .control: return .boundaryNeutral
    case .spaceSeparator, .lineSeparator: return .whitespace
    case .paragraphSeparator: return .paragraphSeparator
    default: break
    }
    switch scalar.value {
    case 0x0590...0x05FF, 0x07C0...0x085F, 0xFB1D...0xFB4F, 0x10800...0x10CFF, 0x10D40...0x10EBF,
      0x10F00...0x10F2F, 0x10F70...0x10FFF, 0x1E800...0x1EC6F, 0x1ECC0...0x1ECFF, 0x1ED50...0x1EDFF,
      0x1EF00...0x1EFFF:
      return .rightToLeft
    case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x10D00...0x10D3F, 0x10EC0...0x10EFF,
      0x10F30...0x10F6F, 0x1EC70...0x1ECBF, 0x1ED00...0x1ED4F, 0x1EE00...0x1EEFF:
      return .arabicLetter
    default: break
    }
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
      .decimalNumber, .letterNumber, .privateUse:
      return .leftToRight
    default:
      return .otherNeutral
    }
  }

  /// The brackets that open a pair (Bidi_Paired_Bracket_Type Open), each with the one that closes it.
  static let closingBracket: [Unicode.Scalar: Unicode.Scalar] = [
    "(": ")", "[": "]", "{": "}", "\u{2045}": "\u{2046}", "\u{207D}": "\u{207E}", "\u{208D}": "\u{208E}",
    "\u{2308}": "\u{2309}", "\u{230A}": "\u{230B}", "\u{2329}": "\u{232A}", "\u{27E6}": "\u{27E7}",
    "\u{27E8}": "\u{27E9}", "\u{3008}": "\u{3009}", "\u{300A}": "\u{300B}", "\u{300C}": "\u{300D}",
    "\u{300E}": "\u{300F}", "\u{3010}": "\u{3011}", "\u{3014}": "\u{3015}", "\u{3016}": "\u{3017}",
    "\u{3018}": "\u{3019}", "\u{301A}": "\u{301B}", "\u{FF08}": "\u{FF09}", "\u{FF3B}": "\u{FF3D}",
    "\u{FF5B}": "\u{FF5D}", "\u{FF5F}": "\u{FF60}", "\u{FF62}": "\u{FF63}",
  ]

  /// The glyph a mirrored character is shown with in right-to-left text (Bidi_Mirroring_Glyph), for the
  /// brackets, quotation marks and comparison signs text uses.
  static let mirrorPairs: [Unicode.Scalar: Unicode.Scalar] = {
    var pairs: [Unicode.Scalar: Unicode.Scalar] = [
      "<": ">", "\u{AB}": "\u{BB}", "\u{2039}": "\u{203A}", "\u{2264}": "\u{2265}", "\u{2266}": "\u{2267}",
      "\u{2282}": "\u{2283}", "\u{2286}": "\u{2287}", "\u{2208}": "\u{220B}", "\u{FF1C}": "\u{FF1E}",
    ]
    pairs.merge(closingBracket) { first, _ in first }
    for (left, right) in pairs { pairs[right] = left }
    return pairs
  }()

  /// `scalar` as shown in right-to-left text: its mirror image where it has one.
  static func mirrored(_ scalar: Unicode.Scalar) -> Unicode.Scalar { mirrorPairs[scalar] ?? scalar }
}
