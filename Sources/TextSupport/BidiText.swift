import CFriBidi

/// Right-to-left text in the order a terminal that does not reorder must show it: the Unicode bidirectional
/// algorithm (GNU FriBidi) on one line at a time, brackets mirrored, marks kept after their letters, Arabic in
/// its joined forms. Most terminals (tmux, xterm, iTerm2, Windows Terminal, Alacritty, kitty) print cells
/// left to right as they come, so attsim hands them the visual order.
public enum BidiText {
  /// The direction of a paragraph, when the caller knows it (the locale's), or found from its first strong
  /// character.
  public enum Direction: Sendable {
    case leftToRight, rightToLeft, automatic
  }

  /// Whether `text` holds a character of a right-to-left script, so that its order on screen differs from
  /// the order it is stored in. A quick scan: text without one is drawn as it is.
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
    var scalars = line.unicodeScalars.map { FriBidiChar($0.value) }
    _ = reorder(&scalars, direction: direction)
    return String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
  }

  /// For text drawn in several styles: the visual order of `line`'s Unicode scalars, as indices into them
  /// (`result[visual] == logical`), with the scalars as shown (mirrored, joined).
  public static func visualScalars(_ line: String, direction: Direction) -> [(scalar: Unicode.Scalar, logical: Int)] {
    var scalars = line.unicodeScalars.map { FriBidiChar($0.value) }
    guard needsReordering(line) else {
      return line.unicodeScalars.enumerated().map { ($0.element, $0.offset) }
    }
    let map = reorder(&scalars, direction: direction)
    return zip(scalars, map).compactMap { value, logical in
      Unicode.Scalar(value).map { ($0, Int(logical)) }
    }
  }

  /// FriBidi's steps for one line: types, brackets, embedding levels, Arabic joining, shaping (mirroring and
  /// joined forms), then reordering. Returns, for each visual position, the logical one.
  private static func reorder(_ scalars: inout [FriBidiChar], direction: Direction) -> [FriBidiStrIndex] {
    let count = FriBidiStrIndex(scalars.count)
    var map = Array(FriBidiStrIndex(0)..<count)
    guard count > 0 else { return map }
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
    var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
    var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
    var joining = [FriBidiArabicProp](repeating: 0, count: scalars.count)
    var base: FriBidiParType =
      switch direction {
      case .leftToRight: attsim_fribidi_ltr()
      case .rightToLeft: attsim_fribidi_rtl()
      case .automatic: attsim_fribidi_auto()
      }
    let flags = attsim_fribidi_flags()
    fribidi_get_bidi_types(scalars, count, &types)
    fribidi_get_bracket_types(scalars, count, types, &brackets)
    guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &levels) != 0 else { return map }
    fribidi_get_joining_types(scalars, count, &joining)
    fribidi_join_arabic(types, count, levels, &joining)
    fribidi_shape(flags, levels, count, &joining, &scalars)
    _ = fribidi_reorder_line(flags, types, count, 0, base, &levels, &scalars, &map)
    return map
  }
}
