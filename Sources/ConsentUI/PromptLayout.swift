import PromptStrings
import TextSupport

/// How the ATT alert and the EU sheet lay their text out at a screen size: the renderer draws from it, and
/// the update function bounds scrolling with it, so both always agree.
struct PromptLayout {
  /// The title's lines.
  var title: [String]
  /// The buttons, in order, with their label lines.
  var buttons: [(button: ButtonID, label: String, lines: [String])]
  /// The message lines (the sheet's styled by Markdown).
  var message: [[MarkdownText.Span]]
  /// How many message lines show at once.
  var visible: Int
  /// Whether the message needs scrolling.
  var scrolls: Bool { message.count > visible }
  /// The furthest the message scrolls: its first line shown then.
  var maxScroll: Int { max(0, message.count - visible) }

  /// The phone's outer width in a terminal `width` columns wide: wide enough for the fixed-width alert.
  static func phoneWidth(terminalWidth width: Int) -> Int { width >= 100 ? 42 : 38 }

  /// The phone screen's rows in a terminal `height` rows high: less the title bar and key help, the phone's
  /// frame and its status bar.
  static func screenRows(terminalHeight height: Int) -> Int { height - 2 - 2 - 1 }

  /// The alert in a phone screen of `screenRows` rows: a long message keeps its last row to say where it is.
  static func alert(_ texts: ScreenTexts, screenRows: Int) -> PromptLayout {
    let width = DialogMetrics.messageWidth
    let title = Renderer.wrappedLines(texts.dialogTitle, width: width, maxLines: 4)
    let buttons = [(ButtonID.askNotToTrack, texts.askNotToTrack), (.allow, texts.allow)].map { button, label in
      (button: button, label: label, lines: Renderer.buttonLines(label, width: width, maxLines: 3))
    }
    let message = TextWrapper.wrap(texts.usageDescription?.value ?? "", width: width).map {
      [MarkdownText.Span(text: $0, emphasis: .none)]
    }
    let buttonRows = buttons.reduce(0) { $0 + 1 + $1.lines.count }
    let room = DialogMetrics.messageRows(screenRows: screenRows, titleLines: title.count, buttonRows: buttonRows)
    let visible = message.count > room ? max(1, room - 1) : message.count
    return PromptLayout(title: title, buttons: buttons, message: message, visible: visible)
  }

  /// The EU sheet in a phone screen of `screenRows` rows and `width` text columns; `additionalInformation`
  /// when the app passed an action for its third button.
  static func sheet(_ texts: ScreenTexts, screenRows: Int, width: Int, additionalInformation: Bool) -> PromptLayout {
    let title = Renderer.wrappedLines(texts.dialogTitle, width: width, maxLines: 4)
    var labels = [(ButtonID.allow, texts.allow), (.askNotToTrack, texts.askNotToTrack)]
    if additionalInformation { labels.append((.additionalInformation, texts.additionalInformation)) }
    let buttons = labels.map { button, label in
      (button: button, label: label, lines: Renderer.buttonLines(label, width: width))
    }
    let message = MarkdownText(parsing: texts.sheetText?.value ?? "").lines(width: width)
    let room = SheetMetrics.messageRows(
      screenRows: screenRows, titleLines: title.count, buttonRows: buttons.reduce(0) { $0 + $1.lines.count })
    return PromptLayout(title: title, buttons: buttons, message: message, visible: room)
  }
}
