import ConsentCore
import PromptStrings
import TextSupport

/// Draws a `UIState` into a `Frame`: title bar, phone, side panel and key help. Pure: the same state and
/// size always give the same cells.
public struct Renderer {
  /// The state to draw.
  let state: UIState
  /// The current locale's texts, looked up once per frame.
  let texts: ScreenTexts
  let width: Int
  let height: Int
  var buffer: ScreenBuffer
  var hotspots: [ButtonID: Rect] = [:]

  /// Renders `state` at `width` × `height`.
  public static func render(_ state: UIState, width: Int, height: Int) -> Frame {
    var buffer = ScreenBuffer(width: width, height: height)
    buffer.reordersRightToLeft = state.session.bidi == .visual
    var renderer = Renderer(state: state, texts: state.texts, width: width, height: height, buffer: buffer)
    renderer.draw()
    return Frame(buffer: renderer.buffer, hotspots: renderer.hotspots)
  }

  /// The phone's outer width: wide enough for the fixed-width ATT alert.
  var phoneWidth: Int { PromptLayout.phoneWidth(terminalWidth: width) }

  private mutating func draw() {
    guard width >= MinimumSize.width && height >= MinimumSize.height else {
      drawTooSmall()
      return
    }
    drawTitleBar()
    drawPhone(Rect(row: 1, column: 0, width: phoneWidth, height: height - 2))
    drawPanel(Rect(row: 1, column: phoneWidth + 1, width: width - phoneWidth - 1, height: height - 2))
    drawKeyHelp()
    switch state.overlay {
    case .help(let page): drawHelp(page: page)
    case .setup(let field): drawSetup(selected: field)
    case .picker(let index): drawPicker(selected: index)
    case .details(let section, let scroll): drawDetails(section, scroll: scroll)
    case nil: break
    }
  }

  private mutating func drawTooSmall() {
    let lines = [
      "attsim needs at least \(MinimumSize.width)×\(MinimumSize.height)",
      "this window is \(width)×\(height)", "enlarge it, or press q to quit",
    ]
    let top = max(0, (height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      buffer.put(line, row: top + offset, column: 0, width: width, alignment: .center, style: Style(bold: offset == 0))
    }
  }

  private mutating func drawTitleBar() {
    let bar = Style(reverse: true)
    buffer.fill(Rect(row: 0, column: 0, width: width, height: 1), style: bar)
    let consent = state.consent
    let kind =
      switch consent.device.kind {
      case .device: "iPhone"
      case .simulator: "Simulator"
      case .mac: "Mac"
      case .vision: "Vision Pro"
      }
    let appName = consent.app.kind == .appClip ? "\(texts.appName) (App Clip)" : texts.appName
    let parts = [
      "attsim", appName, state.locale, "iOS \(consent.device.iOS)", kind, state.launchOptions.integration.rawValue,
    ]
    let notUTF8 = state.session.terminalIsASCII ? "not UTF-8: run with LANG=C.UTF-8   " : ""
    let mark = "● REC"
    let right = notUTF8 + (state.session.isRecording ? mark + "   " : "") + "? help "
    // A long app name ends in … before the right-hand part, rather than being cut by it.
    buffer.put(
      " " + parts.joined(separator: " · "), row: 0, column: 0, style: Style(bold: true, reverse: true),
      limit: width - TerminalWidth.of(right) - 1)
    buffer.put(right, row: 0, column: 0, width: width, alignment: .trailing, style: bar)
    if state.session.isRecording {
      let column = width - TerminalWidth.of(right)
      buffer.put(mark, row: 0, column: column, style: Style(foreground: .red, bold: true, reverse: true))
    }
  }

  private mutating func drawKeyHelp() {
    if let autoplay = state.autoplay, let guide = state.guide, state.overlay == nil {
      drawCaption(autoplay, guide)
      return
    }
    let keys = state.overlay == nil ? bottomLineKeys : bottomLine(in: state.keyContexts[0])
    var column = 1
    for key in keys {
      let columns = TerminalWidth.of(key)
      guard column + columns < width else { break }
      let space = key.firstIndex(of: " ") ?? key.endIndex
      buffer.put(String(key[..<space]), row: height - 1, column: column, style: Style(bold: true))
      buffer.put(String(key[space...]), row: height - 1, column: column + TerminalWidth.of(key[..<space]))
      column += columns + 2
    }
  }

  /// The main screen's bottom line from the key map: what applies on this screen, as many as fit, always
  /// ending in help and quit.
  private var bottomLineKeys: [String] {
    let offered = bottomLine(in: .main)
    let reserved = KeyMap.alwaysShown.reduce(0) { $0 + TerminalWidth.of($1) + 2 }
    var keys: [String] = []
    var column = 1
    for words in offered {
      let columns = TerminalWidth.of(words) + 2
      guard column + columns + reserved <= width else { break }
      keys.append(words)
      column += columns
    }
    return keys + KeyMap.alwaysShown
  }

  /// The key map's words for the bottom line in `context` (spelled out on an ASCII terminal).
  private func bottomLine(in context: KeyContext) -> [String] {
    let words = KeyMap.bottomLine(in: context, on: state.phoneScreen, holds: state.holds)
    return state.session.terminalIsASCII ? words.map(KeyMap.asciiWords) : words
  }

  /// Presenter mode's bottom line: the walk's progress and the presenter's keys at the right, always whole;
  /// the step about to play in words and its key before them, cut to the room left.
  private mutating func drawCaption(_ autoplay: UIState.Autoplay, _ guide: Guide) {
    let steps = guide.scenario.script.steps
    let keys =
      "  \(min(guide.cursor, steps.count))/\(steps.count)  \(bottomLine(in: .presenter).joined(separator: "  ")) "
    let caption =
      guide.nextStep.map { "\(autoplay.paused ? "⏸" : "▶") \(Guide.caption(for: $0))" }
      ?? "■ \(guide.summary)"
    let keysColumn = max(0, width - TerminalWidth.of(keys))
    buffer.put(" " + caption, row: height - 1, column: 0, style: Style(bold: true), limit: keysColumn)
    buffer.put(keys, row: height - 1, column: keysColumn, style: Renderer.dim)
  }

  // MARK: Styles

  static let iosBlue = Style(foreground: .blue)
  static let dim = Style(dim: true)
  static let warning = Style(foreground: .yellow)
  static let error = Style(foreground: .red, bold: true)
  static let good = Style(foreground: .green)
}
