/// How many terminal columns text takes, as glibc's `wcwidth` under a UTF-8 locale counts them (tmux, xterm and
/// the Linux console use it; a test compares the two for every code point).
public enum TerminalWidth {
  /// The columns a character (grapheme cluster) takes: the sum of its cells (`cells(of:)`).
  public static func of(_ character: Character) -> Int {
    var scalars = character.unicodeScalars.makeIterator()
    if let only = scalars.next(), scalars.next() == nil { return of(only) }
    return cells(of: character).reduce(0) { $0 + $1.width }
  }

  /// How a terminal lays a character out: a cell per spacing scalar, carrying the zero-width ones after it; a ZWJ
  /// emoji sequence shows as its first emoji (curses passes one spacing character per cell).
  public static func cells(of character: Character) -> [TerminalCell] {
    var cells: [TerminalCell] = []
    var afterJoiner = false
    for scalar in character.unicodeScalars.prefix(ClusterBound.maxScalars) {
      let width = of(scalar)
      if afterJoiner && width > 0 && scalar.properties.isEmoji {
        // A ZWJ sequence shows as its first emoji (two columns, as tmux draws the whole sequence).
        cells[cells.count - 1].text.unicodeScalars.removeLast()
        break
      }
      if width > 0 {
        cells.append(TerminalCell(text: String(scalar), width: width))
      } else if !cells.isEmpty {
        cells[cells.count - 1].text.unicodeScalars.append(scalar)
      } else if [.nonspacingMark, .enclosingMark].contains(scalar.properties.generalCategory) {
        // A mark with nothing to sit on is drawn on a dotted circle; an invisible joiner is just dropped.
        cells.append(TerminalCell(text: "\u{25CC}" + String(scalar), width: 1))
      }
      afterJoiner = scalar.value == 0x200D
    }
    return cells
  }

  /// The columns a single scalar takes (glibc 2.36's `wcwidth`, with 0 for what it calls unprintable).
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    // Fast paths for what the UI draws most: Latin letters, punctuation, box drawing and blocks.
    if value < 0x300 { return 1 }
    if (0x2010...0x2027).contains(value) || (0x2500...0x25FC).contains(value) { return 1 }
    // Format characters that join what follows (Arabic number signs, Kaithi's number sign) are drawn.
    if isDrawnFormatCharacter(value) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    // Hangul medial vowels and final consonants join the syllable before them; so does Ahom's medial la.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || value == 0x1171E { return 0 }
    if (0x1F1E6...0x1F1FF).contains(value) { return 1 }  // regional indicators: a flag is two of them
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Prepended concatenation marks: format characters that terminals draw as one column. (A switch, not a
  /// set: a set's first use costs the UI's first frame a runtime type lookup.)
  static func isDrawnFormatCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x600...0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD: true
    default: false
    }
  }

  /// The columns a string takes (inlinable: not counted through the protocol's witnesses).
  @inlinable public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
      0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
      0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
      0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
      0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4DC0...0x4DFF,
      0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CFF,
      0x18D00...0x18D08, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B2FF,
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
      0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
      0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E,
      0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A,
      0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2,
      0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0,
      0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      true
    default: false
    }
  }
}

/// What one terminal cell shows: a character of width one or two and the zero-width characters after it.
public struct TerminalCell: Hashable, Sendable {
  /// The scalars the terminal gets for this cell, together.
  public var text: String
  /// 1, or 2 for a wide character.
  public var width: Int
}
