import CFriBidi

/// Right-to-left text in the order a terminal that does not reorder must show it: the Unicode bidirectional
/// algorithm on one line at a time (GNU FriBidi, or attsim's own where FriBidi is missing), brackets
/// mirrored, marks kept after their letters, Arabic in its joined forms (FriBidi's). Most terminals (tmux,
/// xterm, iTerm2, Windows Terminal, Alacritty, kitty) print cells left to right as they come, so attsim hands
/// them the visual order.
public enum BidiText {
  /// The direction of a paragraph, when the caller knows it (the locale's), or found from its first strong
  /// character.
  public enum Direction: Sendable {
    case leftToRight, rightToLeft, automatic
  }

  /// Who puts a line in visual order.
  public enum Algorithm: Hashable, Sendable {
    /// GNU FriBidi, linked in or loaded from libfribidi.so.0; attsim's own algorithm where it is missing.
    case fribidi
    /// attsim's own algorithm, as on a machine without FriBidi: FriBidi's order, Arabic unjoined.
    case builtIn

    /// The algorithm that really runs: FriBidi's place is taken by attsim's own where FriBidi is missing
    /// (asking loads it, once).
    public var inUse: Algorithm { self == .fribidi && FriBidiLibrary.current == .missing ? .builtIn : self }
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
  public static func visual(_ line: String, direction: Direction, algorithm: Algorithm = .fribidi) -> String {
    guard needsReordering(line) else { return line }
    return String(String.UnicodeScalarView(reorder(line, direction: direction, algorithm: algorithm).scalars))
  }

  /// For text drawn in several styles: the visual order of `line`'s Unicode scalars, as indices into them
  /// (`result[visual] == logical`), with the scalars as shown (mirrored, joined).
  public static func visualScalars(_ line: String, direction: Direction, algorithm: Algorithm = .fribidi) -> [(
    scalar: Unicode.Scalar, logical: Int
  )] {
    guard needsReordering(line) else {
      return line.unicodeScalars.enumerated().map { ($0.element, $0.offset) }
    }
    let visual = reorder(line, direction: direction, algorithm: algorithm)
    return zip(visual.scalars, visual.visualToLogical).map { (scalar: $0, logical: $1) }
  }

  /// The line's scalars in visual order and, for each visual position, the logical one: FriBidi's when the
  /// algorithm is FriBidi and it can be used, otherwise attsim's own.
  private static func reorder(_ line: String, direction: Direction, algorithm: Algorithm) -> (
    scalars: [Unicode.Scalar], visualToLogical: [Int]
  ) {
    if algorithm.inUse == .fribidi {
      var scalars = line.unicodeScalars.map(\.value)
      var map = [Int32](repeating: 0, count: scalars.count)
      let paragraph =
        switch direction {
        case .leftToRight: attsim_fribidi_left_to_right
        case .rightToLeft: attsim_fribidi_right_to_left
        case .automatic: attsim_fribidi_automatic
        }
      if attsim_fribidi_reorder(&scalars, Int32(scalars.count), paragraph, &map) {
        return (scalars.compactMap(Unicode.Scalar.init), map.map(Int.init))
      }
    }
    return BuiltInBidi.reorder(Array(line.unicodeScalars), direction: direction)
  }
}
