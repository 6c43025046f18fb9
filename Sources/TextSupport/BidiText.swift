import CICU

/// Right-to-left text in visual order, for terminals (tmux, xterm, iTerm2, kitty…) that neither reorder nor
/// shape: ICU's bidirectional algorithm a line at a time, brackets mirrored, Arabic in its joined forms.
public enum BidiText {
  /// The direction of a paragraph, when the caller knows it (the locale's), or found from its first strong one.
  public enum Direction: Sendable {
    case leftToRight, rightToLeft, automatic
  }

  /// One line in visual order.
  struct Line: Equatable {
    /// The scalars as shown from left to right: mirrored where they run right to left, Arabic letters joined.
    var scalars: [Unicode.Scalar]
    /// For each visual position, the logical one.
    var visualToLogical: [Int]
    /// Each scalar's resolved embedding level, in logical order (odd: right to left).
    var levels: [Int]
    /// The paragraph's embedding level: 0 left to right, 1 right to left.
    var paragraphLevel: Int
  }

  /// Whether `text` holds a character of a right-to-left script (a quick scan: text without one is drawn as is).
  public static func needsReordering(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
      default: false
      }
    }
  }

  /// The characters of one line, as they are to be shown from left to right.
  public static func visual(_ line: String, direction: Direction) -> String {
    guard needsReordering(line) else { return line }
    return String(String.UnicodeScalarView(visualScalars(line, direction: direction).map(\.scalar)))
  }

  /// For styled text: `line`'s scalars as shown (mirrored, joined) in visual order, each with its logical index.
  public static func visualScalars(_ line: String, direction: Direction) -> [(scalar: Unicode.Scalar, logical: Int)] {
    guard needsReordering(line), let visual = reorder(Array(line.unicodeScalars), direction: direction) else {
      return line.unicodeScalars.enumerated().map { ($0.element, $0.offset) }
    }
    return zip(visual.scalars, visual.visualToLogical).map { (scalar: $0, logical: $1) }
  }

  /// `scalars` as one line in visual order: Arabic shaped first (its forms keep their letters' bidi classes), then
  /// rules to L2, marks after their letters (L3) when `marksAfterLetters`, brackets mirrored (L4). Nil if ICU fails.
  static func reorder(_ scalars: [Unicode.Scalar], direction: Direction, marksAfterLetters: Bool = true) -> Line? {
    guard !scalars.isEmpty, scalars.count <= Int(Int32.max / 2) else { return nil }
    var values = scalars.map(\.value)
    let count = Int32(values.count)
    guard attsim_arabic_shape(&values, count) else { return nil }
    var levels = [UInt8](repeating: 0, count: values.count)
    var map = [Int32](repeating: 0, count: values.count)
    let paragraph =
      switch direction {
      case .leftToRight: attsim_bidi_left_to_right
      case .rightToLeft: attsim_bidi_right_to_left
      case .automatic: attsim_bidi_automatic
      }
    let paragraphLevel = attsim_bidi_reorder(&values, count, paragraph, marksAfterLetters, &levels, &map)
    guard paragraphLevel >= 0 else { return nil }
    return Line(
      scalars: values.map { Unicode.Scalar($0) ?? "\u{FFFD}" }, visualToLogical: map.map(Int.init),
      levels: levels.map(Int.init), paragraphLevel: Int(paragraphLevel))
  }
}
