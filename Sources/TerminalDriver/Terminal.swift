import CNcurses
import ConsentUI
import Platform
import Synchronization

/// What the terminal reports.
public enum TerminalInput: Hashable, Sendable {
  /// A key.
  case key(KeyPress)
  /// A left click at a cell.
  case click(row: Int, column: Int)
  /// The user asked for a full repaint (Ctrl-L).
  case redraw
  /// The terminal went away (its input hung up).
  case hangup
}

/// A real terminal through wide-character ncurses, the only type that touches it: hands `ScreenBuffer`s' cells
/// to ncurses (`CursesCell`), which sends the terminal what changed, and reads keys and clicks.
public final class Terminal {
  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  /// The colours the terminal is drawn in: 0 without colours (none in its entry, or `NO_COLOR`).
  private let colorCount: Int
  private var pairs: ColorPairs
  /// A row of cells as ncurses takes it, kept from frame to frame.
  private var row: [cchar_t] = []
  /// The terminal's output file descriptor, asked for the window size and written to around ncurses (bidi
  /// mode, the clear on exit).
  private let outputDescriptor: Int32
  /// The terminal's input file descriptor, watched for keys (`Platform.waitUntilReady`) and hang-ups.
  public let input: Int32
  /// Whether the locale's character set is UTF-8; when it is not, every cell is drawn in ASCII.
  public let isUTF8: Bool

  /// Takes over the terminal on `input` and `output` as type `type` (default: `$TERM`), in colour unless
  /// `noColor`. With `reordersRightToLeft`, BDSM's explicit mode tells a terminal that reorders (VTE, by the
  /// terminal working group's bidi recommendation) not to reorder the text again.
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
    let name = type ?? getenv("TERM").map { String(cString: $0) } ?? ""
    let created = type.map { newterm($0, outputFile, inputFile) } ?? newterm(nil, outputFile, inputFile)
    guard let screen = created, let window = attsim_stdscr() else {
      throw TerminalError(message: "the terminal type '\(name)' is unknown to ncurses")
    }
    set_term(screen)
    guard attsim_string_capability("clear") != nil, attsim_string_capability("cup") != nil else {
      endwin()
      delscreen(screen)
      throw TerminalError(message: "the terminal type '\(name)' cannot clear its screen or place its cursor")
    }
    self.screen = screen
    self.window = window
    outputDescriptor = output
    self.input = input
    var hasDefaultColors = false
    if !noColor && has_colors() && start_color() == OK {
      colorCount = Int(attsim_colors())
      hasDefaultColors = use_default_colors() == OK
    } else {
      colorCount = 0
    }
    pairs = ColorPairs(hasDefaultColors: hasDefaultColors)
    // ncurses sets the terminal's modes with TCSADRAIN, which waits until the terminal has read everything
    // written before (in tmux, until its server gets round to the pane): the modes are set before anything
    // is written (the alternate screen, the hidden cursor and the mouse go out as they are asked for). Keypad
    // mode waits until after the first frame (`startReadingKeys`).
    raw()
    noecho()
    nonl()
    curs_set(0)
    // The cursor is hidden: ncurses may leave it wherever an update ends.
    leaveok(window, true)
    set_escdelay(25)
    mousemask(attsim_button1_press(), nil)
    mouseinterval(0)
    setsExplicitBidi = reordersRightToLeft
    if reordersRightToLeft { Self.write(Self.explicitBidi, to: output) }
  }

  /// Whether the session switched the terminal to explicit bidi mode, to be switched back on stop.
  private let setsExplicitBidi: Bool
  /// Whether `stop` ran: the terminal is given back once, however many times it is asked.
  private var stopped = false
  /// BDSM: explicit mode (`CSI 8 l`: the application orders the text) and implicit, the default (`CSI 8 h`);
  /// terminfo has no name for them, so they go straight to the terminal between ncurses' updates.
  static let explicitBidi = Array("\u{1B}[8l".utf8)
  static let implicitBidi = Array("\u{1B}[8h".utf8)

  /// Bytes straight to the terminal on `descriptor`, around ncurses, however many writes it takes; a terminal
  /// that has gone away takes nothing more.
  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    _ = bytes.withUnsafeBytes { Platform.writeAll($0, to: descriptor) }
  }

  /// Where `sendCapability`'s bytes go (tputs' output function takes no context).
  private static let capabilityOutput = Atomic<Int32>(-1)

  /// Sends the terminal its entry's string capability `name` through tputs(3), which applies the entry's
  /// padding, straight to the terminal: for after `endwin`, when ncurses no longer writes.
  private func sendCapability(_ name: String) {
    guard let value = attsim_string_capability(name) else { return }
    Self.capabilityOutput.store(outputDescriptor, ordering: .relaxed)
    tputs(value, 1) { character in
      Terminal.write([UInt8(truncatingIfNeeded: character)], to: Terminal.capabilityOutput.load(ordering: .relaxed))
      return character
    }
  }

  /// Gives the terminal back as it was, once; one without an alternate screen (vt100, the Linux console) is
  /// cleared (its `clear` homes the cursor too), so the shell does not write over the UI's last frame.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    let keepsFrame = attsim_string_capability("smcup") == nil
    suspend()
    if keepsFrame { sendCapability("clear") }
    delscreen(screen)
  }

  /// Gives the terminal back (for a while, when the process is about to be stopped): ncurses' modes, the
  /// alternate screen, keypad mode, cursor and mouse are undone, and bidi mode is implicit again.
  public func suspend() {
    endwin()
    if setsExplicitBidi { Self.write(Self.implicitBidi, to: outputDescriptor) }
  }

  /// Takes the terminal again after `suspend`: bidi mode is explicit again, and the next frame's update sets
  /// ncurses' modes, alternate screen, keypad, cursor and mouse again and draws the screen whole.
  public func resume() {
    if setsExplicitBidi { Self.write(Self.explicitBidi, to: outputDescriptor) }
    repaint()
  }

  /// Whether the user's locale writes UTF-8, asked once (its character type only: the other categories cost a
  /// third of a millisecond to load, before the first frame); when it does not, every cell is drawn in ASCII.
  public static let localeIsUTF8: Bool = {
    setlocale(LC_CTYPE, "")
    return String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
  }()

  /// The window's size in cells.
  public var size: (width: Int, height: Int) {
    (Int(getmaxx(window)), Int(getmaxy(window)))
  }

  /// Takes the window's new size from the terminal (after SIGWINCH); the next frame repaints every cell.
  public func adoptWindowSize() {
    if let size = Platform.windowSize(of: outputDescriptor) { resize_term(Int32(size.height), Int32(size.width)) }
    repaint()
  }

  /// Makes the next frame's update clear the terminal and draw every cell, whatever is on it now (after a
  /// resize the terminal may have moved or kept old text; after Ctrl-L something else may have written over it).
  public func repaint() {
    clearok(attsim_curscr(), true)
  }

  /// Shows `buffer`: hands ncurses every row's cells, then has it update the terminal once (it sends only the
  /// cells that differ from what the terminal shows, all of them after a resize or a repaint).
  public func draw(_ buffer: ScreenBuffer) {
    if row.count < buffer.width { row = Array(repeating: cchar_t(), count: buffer.width) }
    for line in 0..<buffer.height {
      var count = 0
      var last: Cell?
      for column in 0..<buffer.width {
        let cell = buffer[line, column]
        // ncurses fills a wide character's right half itself; in ASCII it is a blank of its own.
        if cell.isContinuation && isUTF8 { continue }
        if cell != last {
          let style = CursesStyle(cell.style, colors: colorCount)
          let pair = pairs.pair(foreground: style.foreground, background: style.background)
          row[count] = CursesCell.make(cell, isUTF8: isUTF8, attributes: style.attributes, pair: pair)
          last = cell
        } else {
          row[count] = row[count - 1]
        }
        count += 1
      }
      mvwadd_wchnstr(window, Int32(line), 0, row, Int32(count))
    }
    wnoutrefresh(window)
    doupdate()
  }

  /// Whether keypad mode is on (`startReadingKeys`).
  private var readsKeys = false

  /// Puts the terminal in keypad mode (arrows send what its entry lists), where ncurses builds its tree of key
  /// sequences: a tenth of a millisecond, spent after the first frame and before the first key is read.
  public func startReadingKeys() {
    guard !readsKeys else { return }
    readsKeys = true
    keypad(window, true)
  }

  /// The next input, waiting at most `milliseconds` (nil when nothing came). Resizes come as SIGWINCH to the
  /// session's loop (`adoptWindowSize`), not from here.
  public func read(timeout milliseconds: Int32) -> TerminalInput? {
    startReadingKeys()
    wtimeout(window, milliseconds)
    var code: wint_t = 0
    let result = wget_wch(window, &code)
    if result == ERR { return Platform.hasHungUp(input) ? .hangup : nil }
    if result == KEY_CODE_YES {
      guard Int32(code) == KEY_MOUSE else { return Self.functionKeys[Int32(code)].map(TerminalInput.key) }
      var event = MEVENT()
      guard getmouse(&event) == OK else { return nil }
      return .click(row: Int(event.y), column: Int(event.x))
    }
    if let input = Self.controlKeys[code] { return input }
    guard let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)), code >= 0x20 else { return nil }
    return .key(.character(Character(scalar)))
  }

  /// The keys keypad mode reports by ncurses' codes.
  private static let functionKeys: [Int32: KeyPress] = [
    KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right, KEY_BTAB: .backTab, KEY_ENTER: .enter,
    KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
  ]

  /// The control characters that are keys: Ctrl-C, Ctrl-L (repaint), Tab, Enter (LF or CR) and Escape.
  private static let controlKeys: [wint_t: TerminalInput] = [
    3: .key(.interrupt), 12: .redraw, 9: .key(.tab), 10: .key(.enter), 13: .key(.enter), 27: .key(.escape),
  ]
}

/// Why the terminal could not be used.
public struct TerminalError: Error, Sendable {
  public var message: String
}
