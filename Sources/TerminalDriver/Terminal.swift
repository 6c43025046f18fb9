import CNcurses
import ConsentUI
import Glibc
import TextSupport

/// What the terminal reports.
public enum TerminalInput: Hashable, Sendable {
  /// A key.
  case key(KeyPress)
  /// A left click at a cell.
  case click(row: Int, column: Int)
  /// The window changed size.
  case resize
  /// The user asked for a full repaint (Ctrl-L).
  case redraw
  /// The terminal went away (its input hung up).
  case hangup
}

/// A real terminal through wide-character ncurses: shows `ScreenBuffer`s, writing only the cells that
/// changed, and reads keys, clicks and resizes. Only this type touches ncurses.
public final class Terminal {
  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private var shown: ScreenBuffer?
  private var colorPairs: [ColorKey: Int16] = [:]
  /// The attributes and colour pair of the style last written: a row's cells mostly share one, and a
  /// frame has two thousand cells to look up.
  private var lastRendition: (style: Style, attributes: attr_t, pair: Int16)?
  private let useColor: Bool
  /// The terminal's output file descriptor, asked for the window size on SIGWINCH.
  private let outputDescriptor: Int32
  /// The terminal's input file descriptor, watched for hang-ups.
  private let inputDescriptor: Int32
  /// Whether the locale's character set is UTF-8; when it is not, every cell is drawn in ASCII.
  public let isUTF8: Bool

  private struct ColorKey: Hashable {
    var foreground: Color?
    var background: Color?
  }

  /// Takes over the terminal of file descriptors `input` and `output` (default: standard input and
  /// output) as terminal type `type` (default: `$TERM`). Colours are used when the terminal has them and
  /// `noColor` (`NO_COLOR`) is false. When attsim puts right-to-left text in visual order itself
  /// (`reordersRightToLeft`), a terminal that reorders (VTE, by the terminal working group's bidi
  /// recommendation) is told so with BDSM's explicit mode, so that the text is not reordered twice.
  public init(
    input: Int32 = 0, output: Int32 = 1, type: String? = nil, noColor: Bool, reordersRightToLeft: Bool = true
  ) throws(TerminalError) {
    isUTF8 = Self.localeIsUTF8
    TerminalRescue.prepare(output: output)
    // The size comes from the terminal itself (the window-size ioctl), not from LINES and COLUMNS a parent
    // may have left behind, nor from the terminfo entry (the Linux console's has no size at all).
    use_env(false)
    use_tioctl(true)
    guard let outputFile = fdopen(dup(output), "w"), let inputFile = fdopen(dup(input), "r") else {
      throw TerminalError(message: "cannot open the terminal's input and output")
    }
    let created = type.map { newterm($0, outputFile, inputFile) } ?? newterm(nil, outputFile, inputFile)
    guard let screen = created, let window = attsim_stdscr() else {
      let name = type ?? ProcessInfoLite.environment("TERM") ?? ""
      throw TerminalError(message: "the terminal type '\(name)' is unknown to ncurses")
    }
    self.screen = screen
    self.window = window
    outputDescriptor = output
    inputDescriptor = input
    set_term(screen)
    // ncurses sets the terminal's modes with TCSADRAIN, which waits until the terminal has read everything
    // written before (in tmux, until its server gets round to the pane: 1–3 ms each time). So what writes
    // to the terminal goes out first, in one batch with newterm's own start, and only one mode change (the
    // suspension's) waits; the modes set after it and the resumption find nothing left to wait for.
    keypad(window, true)
    curs_set(0)
    set_escdelay(25)
    mousemask(attsim_button1_press(), nil)
    mouseinterval(0)
    setsExplicitBidi = reordersRightToLeft
    if reordersRightToLeft { Self.write(Self.explicitBidi, to: output) }
    // Until its screen has been suspended and resumed once, ncurses 6 takes itself to be driven by a
    // low-level terminfo program and flushes its output at every cursor move: each frame reached the
    // terminal in about forty writes, the first one's words half a millisecond late. Suspending it here,
    // before anything is drawn, lets the first `doupdate` resume it (keys, cursor and mouse as set above),
    // and every frame then goes out whole.
    endwin()
    raw()
    noecho()
    nonl()
    useColor = !noColor && has_colors()
    if useColor {
      start_color()
      use_default_colors()
    }
  }

  /// Whether the session switched the terminal to explicit bidi mode, to be switched back on stop.
  private let setsExplicitBidi: Bool
  /// Whether `stop` ran: the terminal is given back once, however many times it is asked.
  private var stopped = false
  /// BDSM: explicit mode (`CSI 8 l`: the application orders the text) and implicit, the default (`CSI 8 h`).
  static let explicitBidi = "\u{1B}[8l"
  static let implicitBidi = "\u{1B}[8h"

  /// Bytes straight to the terminal on `descriptor`, around ncurses (which has no word for these modes).
  private static func write(_ text: String, to descriptor: Int32) {
    _ = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
  }

  /// Gives the terminal back as it was. A terminal without an alternate screen (vt100, the Linux console)
  /// keeps what was drawn on it: there the screen is cleared and the cursor parked at its top, so the shell
  /// does not write over the UI's last frame. Only the first call does anything.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    let keepsFrame = !attsim_has_string_capability("smcup")
    endwin()
    delscreen(screen)
    if keepsFrame { Self.write("\u{1B}[H\u{1B}[J", to: outputDescriptor) }
    if setsExplicitBidi { Self.write(Self.implicitBidi, to: outputDescriptor) }
  }

  /// Whether the user's locale writes UTF-8, asked once (its character type only: the other categories cost a
  /// third of a millisecond to load, before the first frame); when it does not, every cell is drawn in ASCII.
  public static let localeIsUTF8: Bool = {
    setlocale(LC_CTYPE, "")
    return String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
  }()

  /// The size in cells of the terminal on `descriptor`, from the window-size ioctl, as ncurses will take it;
  /// nil when it has none (not a terminal, or one that does not say).
  public static func windowSize(of descriptor: Int32 = 1) -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// The window's size in cells.
  public var size: (width: Int, height: Int) {
    (Int(getmaxx(window)), Int(getmaxy(window)))
  }

  /// Whether the input has hung up (the terminal closed), so reading would fail at once forever.
  private func inputHungUp() -> Bool {
    var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) >= 0 else { return false }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// Takes the window's new size from the terminal (after SIGWINCH); the next frame repaints every cell.
  public func adoptWindowSize() {
    if let size = Self.windowSize(of: outputDescriptor) { resize_term(Int32(size.height), Int32(size.width)) }
    repaint()
  }

  /// Makes the next frame clear the terminal and draw every cell, whatever ncurses believes is on it (after a
  /// resize the terminal may have moved or kept old text).
  public func repaint() {
    shown = nil
    clearok(attsim_curscr(), true)
  }

  /// The terminal's input, for poll(2).
  public var input: Int32 { inputDescriptor }

  /// Shows `buffer`, writing only cells that differ from the last frame (all of them after a resize).
  public func draw(_ buffer: ScreenBuffer) {
    if shown?.width != buffer.width || shown?.height != buffer.height { shown = nil }
    // Drawing on an erased window, blank cells are already there: only the others are written.
    if shown == nil { werase(window) }
    // The cells are walked as the array they are (a frame has two thousand; a call and a copy each through
    // the buffer's subscript were a tenth of the draw).
    let blank = Cell.blank
    let previous = shown?.cells ?? []
    buffer.cells.withUnsafeBufferPointer { cells in
      for index in cells.indices {
        if previous.isEmpty ? cells[index] == blank : previous[index] == cells[index] { continue }
        let (row, column) = index.quotientAndRemainder(dividingBy: buffer.width)
        if isUTF8 {
          guard let text = cells[index].text else { continue }
          write(text, style: cells[index].style, row: row, column: column)
        } else {
          // Without UTF-8 every cell gets one ASCII character (the right half of a wide one a space).
          let text = cells[index].text.map(ASCIIFallback.character) ?? " "
          write(text, style: cells[index].style, row: row, column: column)
        }
      }
    }
    shown = buffer
    wnoutrefresh(window)
    doupdate()
  }

  /// The next input, waiting at most `milliseconds` (nil when nothing came).
  public func read(timeout milliseconds: Int32) -> TerminalInput? {
    wtimeout(window, milliseconds)
    var code: wint_t = 0
    let result = wget_wch(window, &code)
    if result == ERR { return inputHungUp() ? .hangup : nil }
    if result == KEY_CODE_YES {
      switch Int32(code) {
      case KEY_UP: return .key(.up)
      case KEY_DOWN: return .key(.down)
      case KEY_LEFT: return .key(.left)
      case KEY_RIGHT: return .key(.right)
      case KEY_BTAB: return .key(.backTab)
      case KEY_ENTER: return .key(.enter)
      case KEY_PPAGE: return .key(.pageUp)
      case KEY_NPAGE: return .key(.pageDown)
      case KEY_RESIZE: return .resize
      case KEY_MOUSE:
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        return .click(row: Int(event.y), column: Int(event.x))
      default: return nil
      }
    }
    switch code {
    case 3: return .key(.interrupt)
    case 12: return .redraw
    case 9: return .key(.tab)
    case 10, 13: return .key(.enter)
    case 27: return .key(.escape)
    default:
      guard let scalar = Unicode.Scalar(code), code >= 0x20 else { return nil }
      return .key(.character(Character(scalar)))
    }
  }

  /// What ncurses holds for a row now: the characters of its virtual screen (for tests).
  func shownText(row: Int) -> String {
    var text = ""
    var column = 0
    while column < size.width, let cell = shownCell(row: row, column: column) {
      text += cell.text
      // A wide character's right half reads back as the character again: skip it.
      column += cell.text.first.map { TerminalWidth.of($0) == 2 ? 2 : 1 } ?? 1
    }
    return text
  }

  /// What ncurses holds for one cell now: its characters, attributes and colour pair (for tests).
  func shownCell(row: Int, column: Int) -> (text: String, attributes: attr_t, pair: Int16)? {
    var cell = cchar_t()
    guard mvwin_wch(window, Int32(row), Int32(column), &cell) == OK else { return nil }
    var characters = [wchar_t](repeating: 0, count: 8)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    getcchar(&cell, &characters, &attributes, &pair, nil)
    var text = ""
    for value in characters.prefix(while: { $0 != 0 }) {
      if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { text.unicodeScalars.append(scalar) }
    }
    return (text, attributes, pair)
  }

  /// One cell: its character and the zero-width ones after it go to ncurses together, in one `cchar_t` (which
  /// holds five; a longer emoji sequence keeps its first emoji, which takes the same two columns).
  private func write(_ text: String, style: Style, row: Int, column: Int) {
    // A cell holds at most CCHARW_MAX characters (a base and its marks); past that, only the base is kept.
    let limit = Int(CCHARW_MAX)
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: limit + 1) { characters in
      var count = 0
      for scalar in text.unicodeScalars {
        guard count < limit else {
          count = 1
          break
        }
        characters[count] = wchar_t(bitPattern: scalar.value)
        count += 1
      }
      characters[count] = 0
      let rendition = rendition(of: style)
      var cell = cchar_t()
      setcchar(&cell, characters.baseAddress, rendition.attributes, rendition.pair, nil)
      mvwadd_wch(window, Int32(row), Int32(column), &cell)
    }
  }

  /// The attributes and colour pair that draw `style`.
  private func rendition(of style: Style) -> (attributes: attr_t, pair: Int16) {
    if let last = lastRendition, last.style == style { return (last.attributes, last.pair) }
    let made = (attributes: attributes(style), pair: pair(for: style))
    lastRendition = (style, made.attributes, made.pair)
    return made
  }

  private func attributes(_ style: Style) -> attr_t {
    var attributes = attsim_a_normal()
    if style.bold { attributes |= attsim_a_bold() }
    if style.dim || (!useColor && style.foreground == .gray) { attributes |= attsim_a_dim() }
    if style.reverse { attributes |= attsim_a_reverse() }
    if style.italic { attributes |= attsim_a_italic() }
    return attributes
  }

  /// A colour pair for the style's colours, made on first use (0: the terminal's defaults).
  private func pair(for style: Style) -> Int16 {
    guard useColor, style.foreground != nil || style.background != nil else { return 0 }
    let key = ColorKey(foreground: style.foreground, background: style.background)
    if let existing = colorPairs[key] { return existing }
    guard colorPairs.count + 1 < Int(attsim_color_pairs()) else { return 0 }
    let number = Int16(colorPairs.count + 1)
    init_pair(number, cursesColor(style.foreground), cursesColor(style.background))
    colorPairs[key] = number
    return number
  }

  private func cursesColor(_ color: Color?) -> Int16 {
    switch color {
    case nil: -1
    case .black: Int16(COLOR_BLACK)
    case .red: Int16(COLOR_RED)
    case .green: Int16(COLOR_GREEN)
    case .yellow: Int16(COLOR_YELLOW)
    case .blue: Int16(COLOR_BLUE)
    case .magenta: Int16(COLOR_MAGENTA)
    case .cyan: Int16(COLOR_CYAN)
    case .white: Int16(COLOR_WHITE)
    case .gray: attsim_colors() >= 16 ? 8 : Int16(COLOR_WHITE)
    }
  }
}

/// Environment lookups without Foundation.
enum ProcessInfoLite {
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

/// Why the terminal could not be used.
public struct TerminalError: Error, Sendable {
  public var message: String
}
