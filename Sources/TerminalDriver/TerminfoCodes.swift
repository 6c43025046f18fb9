import CNcurses
import ConsentUI
import Glibc

/// The current terminal's own codes, from its terminfo entry through ncurses: how it clears its screen, places
/// its cursor and sets each style attsim draws (bold, dim, reverse, italic, eight or sixteen colours), and what
/// it is sent for a cell (ASCII look-alikes where the locale is not UTF-8). A style's codes are worked out the
/// first time it is drawn. Padding (`$<5>`) is left out, as ncurses leaves it out for terminals at a pty's
/// speed or with XON/XOFF flow control: every terminal attsim runs in.
struct TerminfoCodes: TerminalCodes {
  private let clear: [UInt8]
  /// `cup`, still holding its parameters; nil where it is ANSI's CUP (`\E[%i%p1%d;%p2%dH`, as in every entry
  /// attsim is tested with), which is written out directly: ncurses' interpreter takes 2,400 instructions a
  /// move, and a first frame has a hundred.
  private let cursorAddress: [CChar]?
  private let reset: [UInt8]
  /// `op`: the terminal's own foreground and background again (sgr0 need not reset colours).
  private let defaultColors: [UInt8]
  private let bold: [UInt8]
  private let dim: [UInt8]
  private let reverse: [UInt8]
  private let italic: [UInt8]
  /// `setaf` and `setab`, holding their parameter; nil without colours (or with NO_COLOR).
  private let setForeground: [CChar]?
  private let setBackground: [CChar]?
  private let colorCount: Int
  /// `ncv`: the attributes the terminal cannot show together with colours (terminfo's bits).
  private let attributesNotWithColor: Int
  private let isUTF8: Bool
  /// The codes of each style drawn so far, from the plain style.
  private var styles: [Style: [UInt8]] = [:]
  let writesLastCell: Bool
  var drawsWideCharacters: Bool { isUTF8 }

  /// The codes of the terminal ncurses has set up. Colours are used when `useColor` and the entry has them;
  /// `isUTF8` says whether cells may be sent as they are or only as ASCII. Nil when the terminal cannot clear
  /// its screen or place its cursor, which a full-screen UI needs.
  init?(useColor: Bool, isUTF8: Bool) {
    guard let clear = Self.string("clear"), let cursorAddress = Self.parameterized("cup") else { return nil }
    self.clear = clear
    var withoutPadding: [UInt8] = []
    cursorAddress.withUnsafeBufferPointer { Self.appendWithoutPadding($0.baseAddress!, to: &withoutPadding) }
    self.cursorAddress = withoutPadding == Array("\u{1B}[%i%p1%d;%p2%dH".utf8) ? nil : cursorAddress
    reset = Self.string("sgr0") ?? []
    bold = Self.string("bold") ?? []
    dim = Self.string("dim") ?? []
    reverse = Self.string("rev") ?? []
    italic = Self.string("sitm") ?? []
    colorCount = max(0, Int(tigetnum("colors")))
    let hasColors = useColor && colorCount >= 8
    setForeground = hasColors ? Self.parameterized("setaf") : nil
    setBackground = hasColors ? Self.parameterized("setab") : nil
    defaultColors = Self.string("op") ?? []
    attributesNotWithColor = max(0, Int(tigetnum("ncv")))
    self.isUTF8 = isUTF8
    // A terminal that wraps at once after its last column (automatic margins without the xenl delay) would
    // scroll when the bottom-right cell is written.
    writesLastCell = tigetflag("am") != 1 || tigetflag("xenl") == 1
  }

  func clearScreen(into bytes: inout [UInt8]) {
    bytes.append(contentsOf: reset)
    if setForeground != nil || setBackground != nil { bytes.append(contentsOf: defaultColors) }
    bytes.append(contentsOf: clear)
  }

  func moveCursor(row: Int, column: Int, into bytes: inout [UInt8]) {
    guard let cursorAddress else { return ANSICodes.cursorPosition(row: row, column: column, into: &bytes) }
    guard let code = attsim_tiparm2(cursorAddress, Int32(row), Int32(column)) else { return }
    Self.appendWithoutPadding(code, to: &bytes)
  }

  mutating func setStyle(_ style: Style, from previous: Style, into bytes: inout [UInt8]) {
    if previous != .plain {
      bytes.append(contentsOf: reset)
      if usesColor(previous) { bytes.append(contentsOf: defaultColors) }
    }
    if let known = styles[style] {
      bytes.append(contentsOf: known)
    } else {
      let made = codes(for: style)
      styles[style] = made
      bytes.append(contentsOf: made)
    }
  }

  func text(of cell: Cell) -> String? {
    // Without UTF-8 every cell gets one ASCII character (the right half of a wide one a space).
    isUTF8 ? cell.text : cell.text.map(ASCIIFallback.character) ?? " "
  }

  /// Whether the terminal is sent a colour for `style`.
  private func usesColor(_ style: Style) -> Bool {
    (style.foreground != nil && setForeground != nil) || (style.background != nil && setBackground != nil)
  }

  /// The codes that set `style` from the plain style. Gray without colours is dim; an attribute the terminal
  /// cannot show with colours (`ncv`) is left out where the style has a colour, as ncurses leaves it out.
  private func codes(for style: Style) -> [UInt8] {
    let colored = usesColor(style)
    var bytes: [UInt8] = []
    // terminfo's ncv bits: reverse 4, dim 16, bold 32, italic 32768.
    for (isSet, codes, ncvBit) in [
      (style.bold, bold, 32), (style.dim || (setForeground == nil && style.foreground == .gray), dim, 16),
      (style.reverse, reverse, 4), (style.italic, italic, 32768),
    ] where isSet && !(colored && attributesNotWithColor & ncvBit != 0) {
      bytes.append(contentsOf: codes)
    }
    for (color, capability) in [(style.foreground, setForeground), (style.background, setBackground)] {
      guard let color, let capability, let code = attsim_tiparm1(capability, number(of: color)) else { continue }
      Self.appendWithoutPadding(code, to: &bytes)
    }
    return bytes
  }

  /// The terminal's number for `color`: the eight ANSI colours, and gray as bright black where the terminal has
  /// sixteen colours (else white).
  private func number(of color: Color) -> Int32 {
    color == .gray ? (colorCount >= 16 ? 8 : 7) : Int32(color.rawValue)
  }

  /// The string capability `name` without its padding, or nil when the entry has none.
  private static func string(_ name: String) -> [UInt8]? {
    guard let value = attsim_string_capability(name) else { return nil }
    var bytes: [UInt8] = []
    appendWithoutPadding(value, to: &bytes)
    return bytes
  }

  /// The string capability `name` as it is, parameters and all, for tiparm; nil when the entry has none.
  private static func parameterized(_ name: String) -> [CChar]? {
    guard let value = attsim_string_capability(name) else { return nil }
    return Array(UnsafeBufferPointer(start: value, count: strlen(value) + 1))
  }

  /// Appends a capability's bytes, leaving out its padding: `$<` up to the next `>`.
  static func appendWithoutPadding(_ code: UnsafePointer<CChar>, to bytes: inout [UInt8]) {
    var index = 0
    while code[index] != 0 {
      if code[index] == 0x24, code[index + 1] == 0x3C {  // "$<"
        var end = index + 2
        while code[end] != 0, code[end] != 0x3E { end += 1 }  // ">"
        if code[end] == 0x3E {
          index = end + 1
          continue
        }
      }
      bytes.append(UInt8(bitPattern: code[index]))
      index += 1
    }
  }
}
