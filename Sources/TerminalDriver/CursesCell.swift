import CNcurses
import ConsentUI

/// A `ScreenBuffer` cell as ncurses takes it: a `cchar_t` with the cell's characters, its video attributes and
/// its colour pair.
///
/// A `cchar_t` holds one spacing character and at most `CCHARW_MAX - 1` (four with Debian 12's ncurses)
/// zero-width characters, and a cell can hold more (a letter with a pile of marks keeps up to 31, D74). The
/// terminal is sent the spacing character and the first four zero-width characters after it; the rest are left
/// out there only: `render`, casts and exports keep the cell whole. An emoji sequence joined by zero-width
/// joiners never shares a cell: it reaches the buffer as its first emoji already (D49), in every output alike.
/// Where the locale is not UTF-8 a cell is one ASCII look-alike, and the right half of a wide character a blank,
/// so every row keeps the renderer's columns.
enum CursesCell {
  /// The most zero-width characters a cell is sent with after its spacing one.
  static let zeroWidthLimit = Int(CCHARW_MAX) - 1

  /// The wide characters ncurses is given for a cell showing `text` (nil: the right half of a wide character,
  /// given only where the locale is not UTF-8), ending in a NUL, as `setcchar` takes them.
  static func characters(of text: String?, isUTF8: Bool) -> [wchar_t] {
    guard isUTF8 else { return [wchar_t(ASCIIFallback.character(text ?? " ").unicodeScalars.first!.value), 0] }
    var characters: [wchar_t] = []
    for scalar in (text ?? " ").unicodeScalars.prefix(zeroWidthLimit + 1) {
      characters.append(wchar_t(bitPattern: scalar.value))
    }
    return characters + [0]
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

  /// `style` on a terminal with `colors` colours (0 where colours are not used: the terminal has none, or
  /// `NO_COLOR` is set). Gray is bright black where the terminal has sixteen colours, white where it has eight,
  /// and dim without colours. Attributes the terminal cannot show, or cannot show with colours (its `ncv`),
  /// ncurses leaves out.
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
