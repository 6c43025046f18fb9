import CNcurses
import ConsentUI

/// A `ScreenBuffer` cell as ncurses takes it: a `cchar_t` with the cell's characters, attributes and colour pair.
///
/// A `cchar_t` holds a spacing character and `CCHARW_MAX - 1` (four with Debian 12's ncurses) zero-width ones; a
/// cell keeps up to 31 (D74): the terminal gets the first four, `render`, casts and exports all (a ZWJ emoji
/// sequence is its first emoji already, D49). Without UTF-8 a cell is one ASCII look-alike, and the right half
/// of a wide character a blank, so rows keep the renderer's columns.
enum CursesCell {
  /// The most zero-width characters a cell is sent with after its spacing one.
  static let zeroWidthLimit = Int(CCHARW_MAX) - 1

  /// The wide characters ncurses is given for a cell showing `text` (nil: the right half of a wide character,
  /// given only where the locale is not UTF-8), ending in a NUL, as `setcchar` takes them.
  static func characters(of text: String?, isUTF8: Bool) -> [wchar_t] {
    guard isUTF8 else { return [wchar_t(ASCIIFallback.character(text ?? " ").unicodeScalars.first!.value), 0] }
    return (text ?? " ").unicodeScalars.prefix(zeroWidthLimit + 1).map { wchar_t(bitPattern: $0.value) } + [0]
  }

  /// The `cchar_t` for `cell`, drawn with `attributes` in colour pair `pair`.
  static func make(_ cell: Cell, isUTF8: Bool, attributes: attr_t, pair: Int16) -> cchar_t {
    var made = cchar_t()
    setcchar(&made, characters(of: cell.text, isUTF8: isUTF8), attributes, pair, nil)
    return made
  }
}

/// A style as ncurses draws it: video attributes, and the numbers of the foreground and background colours
/// (-1: the terminal's own).
struct CursesStyle: Hashable {
  var attributes: attr_t
  var foreground: Int16
  var background: Int16

  /// `style` on a terminal with `colors` colours (0: none, or `NO_COLOR`): gray is bright black with sixteen,
  /// white with eight, dim with none. ncurses leaves out attributes the terminal cannot show (its `ncv`).
  init(_ style: Style, colors: Int) {
    var attributes: attr_t = 0
    if style.bold { attributes |= attsim_bold() }
    if style.dim || (colors < 8 && style.foreground == .gray) { attributes |= attsim_dim() }
    if style.reverse { attributes |= attsim_reverse() }
    if style.italic { attributes |= attsim_italic() }
    self.attributes = attributes
    func number(_ color: Color?) -> Int16 {
      guard let color, colors >= 8 else { return -1 }
      return color == .gray ? (colors >= 16 ? 8 : 7) : Int16(color.rawValue)
    }
    foreground = number(style.foreground)
    background = number(style.background)
  }
}

/// The colour pairs of a session: one for each foreground and background drawn so far, set up the first time
/// it is drawn (ncurses draws a cell's colours as a numbered pair).
struct ColorPairs {
  /// Each pair's number, by its foreground and background.
  private var numbers: [Int32: Int16] = [:]
  /// How many pairs the terminal has; pair 0 is the terminal's own colours.
  private let limit: Int
  /// Whether -1 means the terminal's own colour (`use_default_colors`); otherwise it is white on black.
  private let hasDefaultColors: Bool

  /// The pairs of the terminal ncurses has set up, after `start_color` (and `use_default_colors`, when it
  /// succeeded: `hasDefaultColors`).
  init(hasDefaultColors: Bool) {
    limit = Int(attsim_color_pairs())
    self.hasDefaultColors = hasDefaultColors
  }

  /// The pair for `foreground` on `background` (-1: the terminal's own). When the terminal has no pair left
  /// (the Linux console has 64; the UI draws six), the cell is drawn in the terminal's own colours.
  mutating func pair(foreground: Int16, background: Int16) -> Int16 {
    guard foreground >= 0 || background >= 0 else { return 0 }
    let key = Int32(foreground) << 16 | Int32(UInt16(bitPattern: background))
    if let known = numbers[key] { return known }
    let number = Int16(clamping: numbers.count + 1)
    guard Int(number) < limit else { return 0 }
    let colors =
      hasDefaultColors
      ? (foreground, background) : (foreground < 0 ? Int16(COLOR_WHITE) : foreground, max(background, 0))
    guard init_pair(number, colors.0, colors.1) == OK else { return 0 }
    numbers[key] = number
    return number
  }
}
