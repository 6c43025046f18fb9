import ConsentCore
import TextSupport

/// The phone: frame, status bar, and the screen the app or the system shows.
extension Renderer {
  /// The ATT alert's outer width, fixed like iOS's (270 points): 30 columns of text inside.
  static let alertWidth = DialogMetrics.messageWidth + 4

  mutating func drawPhone(_ rect: Rect) {
    buffer.roundedBox(rect, style: Renderer.dim)
    let inner = Rect(row: rect.row + 1, column: rect.column + 1, width: rect.width - 2, height: rect.height - 2)
    buffer.put(" 9:41", row: inner.row, column: inner.column, style: Style(bold: true))
    buffer.put("▂▄▆  ▮▮ ", row: inner.row, column: inner.column, width: inner.width, alignment: .trailing)
    let screen = Rect(row: inner.row + 1, column: inner.column, width: inner.width, height: inner.height - 1)
    switch state.phoneScreen {
    case .home: drawHome(screen)
    case .prePermission: drawPrePermission(screen)
    case .attDialog:
      drawHome(screen, dimmed: true)
      drawAlert(screen)
    case .attSheet: drawSheet(screen)
    case .crashed: drawCrash(screen)
    case .settings, .globalOffChoice: drawSettings(screen)
    }
  }

  // MARK: App screens

  private mutating func drawHome(_ screen: Rect, dimmed: Bool = false) {

    let alignment: ScreenBuffer.Alignment = texts.isRightToLeft ? .trailing : .leading
    let column = screen.column + 2
    let textWidth = screen.width - 4
    var row = screen.row + 1
    buffer.put(
      texts.homeTitle, row: row, column: column, width: textWidth, alignment: alignment,
      style: Style(bold: !dimmed, dim: dimmed))
    row += 2
    for line in TextWrapper.wrap(texts.homeBody, width: textWidth).prefix(3) {
      buffer.put(
        line, row: row, column: column, width: textWidth, alignment: alignment, style: dimmed ? Renderer.dim : .plain)
      row += 1
    }
    guard !dimmed else { return }
    let labels: [(ButtonID, String)] = [
      (.request, "Request tracking"), (.showPrePermission, "Pre-permission screen"), (.trackEvent, "Track an event"),
    ]
    var buttonRow = screen.row + screen.height - labels.count * 2
    buffer.put(
      "simulator controls", row: buttonRow - 1, column: column, width: textWidth, alignment: .center,
      style: Renderer.dim)
    for (button, label) in labels {
      drawButton(button, label: label, row: buttonRow, column: column, width: textWidth, style: Renderer.iosBlue)
      buttonRow += 2
    }
  }

  private mutating func drawPrePermission(_ screen: Rect) {

    let alignment: ScreenBuffer.Alignment = texts.isRightToLeft ? .trailing : .leading
    let column = screen.column + 2
    let textWidth = screen.width - 4
    var row = screen.row + 2
    for line in TextWrapper.wrap(texts.prePermissionTitle, width: textWidth).prefix(3) {
      buffer.put(line, row: row, column: column, width: textWidth, alignment: .center, style: Style(bold: true))
      row += 1
    }
    row += 1
    let bottom = screen.row + screen.height - 4
    for line in TextWrapper.wrap(texts.prePermissionBody, width: textWidth) where row < bottom - 1 {
      buffer.put(line, row: row, column: column, width: textWidth, alignment: alignment)
      row += 1
    }
    drawButton(
      .continuePrePermission, label: texts.continueLabel, row: bottom, column: column, width: textWidth,
      style: Style(foreground: .white, background: .blue, bold: true), filled: true)
    drawButton(
      .notNow, label: texts.notNowLabel, row: bottom + 2, column: column, width: textWidth, style: Renderer.iosBlue)
  }

  private mutating func drawCrash(_ screen: Rect) {
    let column = screen.column + 2
    let textWidth = screen.width - 4
    var row = screen.row + 2
    buffer.put("The app crashed", row: row, column: column, width: textWidth, alignment: .center, style: Renderer.error)
    row += 2
    buffer.put("iOS log:", row: row, column: column, width: textWidth, alignment: .leading, style: Style(bold: true))
    row += 1
    for line in TextWrapper.wrap(ConsentState.crashLogLine, width: textWidth) where row < screen.row + screen.height - 3
    {
      buffer.put(line, row: row, column: column, width: textWidth, alignment: .leading, style: Renderer.dim)
      row += 1
    }
    drawButton(
      .relaunch, label: "Relaunch", row: screen.row + screen.height - 2, column: column, width: textWidth,
      style: Renderer.iosBlue)
  }

  // MARK: The ATT alert

  /// The system alert, as iOS draws it: title, purpose string, then the two stacked buttons.
  private mutating func drawAlert(_ screen: Rect) {

    let textWidth = DialogMetrics.messageWidth
    let boxWidth = Renderer.alertWidth
    let title = TextWrapper.wrap(texts.dialogTitle, width: textWidth)
    var message = TextWrapper.wrap(texts.usageDescription?.value ?? "", width: textWidth)
    let buttons = [(ButtonID.askNotToTrack, texts.askNotToTrack), (.allow, texts.allow)].map { button, label in
      (button, label, Renderer.wrappedLines(label, width: textWidth, maxLines: 2))
    }
    let buttonRows = buttons.reduce(0) { $0 + 1 + $1.2.count }
    let fixedRows = 2 + title.count + 1 + buttonRows
    let room = max(1, screen.height - fixedRows)
    if message.count > room {
      message = Array(message.prefix(room))
      message[room - 1] = String(message[room - 1].prefix(max(0, message[room - 1].count - 1))) + "…"
    }
    let boxHeight = fixedRows + message.count
    let box = Rect(
      row: screen.row + max(0, (screen.height - boxHeight) / 2), column: screen.column + (screen.width - boxWidth) / 2,
      width: boxWidth, height: boxHeight)
    buffer.fill(Rect(row: box.row, column: box.column, width: box.width, height: box.height))
    buffer.roundedBox(box)
    var row = box.row + 1
    for line in title {
      buffer.put(line, row: row, column: box.column + 2, width: textWidth, alignment: .center, style: Style(bold: true))
      row += 1
    }
    row += 1
    for line in message {
      buffer.put(line, row: row, column: box.column + 2, width: textWidth, alignment: .center)
      row += 1
    }
    for (button, label, _) in buttons {
      buffer.put("├" + String(repeating: "─", count: boxWidth - 2) + "┤", row: row, column: box.column)
      row += 1
      row += drawButton(
        button, label: label, row: row, column: box.column + 2, width: textWidth, style: Renderer.iosBlue, maxLines: 2)
    }
  }

  // MARK: The EU sheet

  /// iOS 27.2's full-page sheet in the EU: the app's name, the question, the Markdown purpose string
  /// (scrolling when it does not fit), the two answers with equal weight, and Additional Information when
  /// the app passed an action for it.
  private mutating func drawSheet(_ screen: Rect) {
    buffer.fill(screen)
    let column = screen.column + 2
    let textWidth = screen.width - 4
    let alignment: ScreenBuffer.Alignment = texts.isRightToLeft ? .trailing : .leading
    var row = screen.row
    buffer.put(texts.appName, row: row, column: column, width: textWidth, alignment: .center, style: Style(bold: true))
    row += 1
    for line in Renderer.wrappedLines(texts.dialogTitle, width: textWidth, maxLines: 4) {
      buffer.put(line, row: row, column: column, width: textWidth, alignment: .center, style: Style(bold: true))
      row += 1
    }
    row += 1
    var buttons = [(ButtonID.allow, texts.allow), (.askNotToTrack, texts.askNotToTrack)]
    if state.buttons.contains(.additionalInformation) {
      buttons.append((.additionalInformation, texts.additionalInformation))
    }
    let buttonRows = buttons.reduce(0) { $0 + Renderer.wrappedLines($1.1, width: textWidth, maxLines: 2).count }
    let bottom = screen.row + screen.height - buttonRows
    let room = max(1, bottom - 1 - row)
    let lines = MarkdownText(parsing: texts.sheetText?.value ?? "").lines(width: textWidth)
    let first = min(state.sheetScroll, max(0, lines.count - room))
    for line in lines.dropFirst(first).prefix(room) {
      let spans = line.map { span in
        (span.text, Style(bold: span.emphasis.bold, italic: span.emphasis.italic))
      }
      buffer.putSpans(spans, row: row, column: column, width: textWidth, alignment: alignment)
      row += 1
    }
    let above = first > 0
    let below = first + room < lines.count
    if above || below {
      let hint = (above ? "▲ PgUp" : "") + (above && below ? "  " : "") + (below ? "▼ PgDn: more" : "")
      buffer.put(hint, row: bottom - 1, column: column, width: textWidth, alignment: .center, style: Renderer.dim)
    }
    var buttonRow = bottom
    for (button, label) in buttons {
      let style = button == .additionalInformation ? Style(foreground: .blue, dim: true) : Renderer.iosBlue
      buttonRow += drawButton(
        button, label: label, row: buttonRow, column: column, width: textWidth, style: style, maxLines: 2)
    }
  }

  // MARK: Settings

  private mutating func drawSettings(_ screen: Rect) {

    let consent = state.consent
    let column = screen.column + 2
    let textWidth = screen.width - 4
    var row = screen.row
    buffer.put("‹ \(texts.settingsPrivacy)", row: row, column: column, style: Renderer.iosBlue)
    row += 1
    buffer.put(texts.settingsTracking, row: row, column: column, style: Style(bold: true))
    row += 2
    if state.phoneScreen == .globalOffChoice {
      drawGlobalOffChoice(row: row, column: column, width: textWidth)
      return
    }
    let device = consent.device
    let globalLabel = device.iOS.hasEURules && device.region.isEU ? texts.settingsAllowAppsEU : texts.settingsAllowApps
    drawSwitch(
      .globalSwitch, label: globalLabel, on: consent.device.trackingSwitchOn, row: row, column: column,
      width: textWidth)
    row += 2
    if let reason = consent.appTrackingSwitchRefusal?.reason {
      for line in TextWrapper.wrap(reason, width: textWidth).prefix(4) {
        buffer.put(line, row: row, column: column, style: Renderer.dim, limit: textWidth)
        row += 1
      }
    } else {
      drawSwitch(
        .appSwitch, label: texts.appName, on: consent.status == .authorized, row: row, column: column, width: textWidth)
      row += 1
    }
    let path = TextWrapper.wrap(consent.device.iOS.trackingSettingsPath, width: textWidth).prefix(2)
    for (offset, line) in path.enumerated() {
      buffer.put(
        line, row: screen.row + screen.height - 5 + offset, column: column, style: Renderer.dim, limit: textWidth)
    }
    drawButton(
      .closeSettings, label: "Back to the app", row: screen.row + screen.height - 2, column: column, width: textWidth,
      style: Renderer.iosBlue)
  }

  private mutating func drawSwitch(_ button: ButtonID, label: String, on: Bool, row: Int, column: Int, width: Int) {
    let toggle = on ? "( ●)" : "(○ )"
    let labelWidth = width - 6
    let labelRect = Rect(row: row, column: column, width: labelWidth, height: 1)
    buffer.put(label, row: row, column: column, style: .plain, limit: labelWidth)
    let switchStyle = on ? Style(foreground: .green, bold: true) : Renderer.dim
    buffer.put(toggle, row: row, column: column + width - 4, style: switchStyle)
    let area = Rect(row: row, column: column, width: width, height: 1)
    hotspots[button] = area
    if state.focusedButton == button && state.overlay == nil {
      buffer.restyle(labelRect) { $0.reverse = true }
      buffer.restyle(Rect(row: row, column: column + width - 4, width: 4, height: 1)) { $0.reverse = true }
    }
  }

  private mutating func drawGlobalOffChoice(row: Int, column: Int, width: Int) {
    var row = row
    for line in TextWrapper.wrap("Apps that already answered:", width: width) {
      buffer.put(line, row: row, column: column, style: Renderer.dim, limit: width)
      row += 1
    }
    row += 1
    let choices: [(ButtonID, String, Style)] = [
      (.keepTracking, "Allow Apps to Continue Tracking", Renderer.iosBlue),
      (.stopTracking, "Ask Apps to Stop Tracking", Style(foreground: .red)),
      (.cancelGlobalOff, "Cancel", Style(bold: true)),
    ]
    for (button, label, style) in choices {
      drawButton(button, label: label, row: row, column: column, width: width, style: style)
      row += 2
    }
  }

  // MARK: Buttons

  /// A centered button label, wrapped to at most `maxLines` rows; focused, it shows reversed (between
  /// brackets when there is room). Records its hotspot and returns the rows it took.
  @discardableResult
  mutating func drawButton(
    _ button: ButtonID, label: String, row: Int, column: Int, width: Int, style: Style, filled: Bool = false,
    maxLines: Int = 1
  ) -> Int {
    let focused = state.focusedButton == button && state.overlay == nil
    let lines = Renderer.wrappedLines(label, width: width, maxLines: maxLines)
    var look = style
    if focused { look.reverse.toggle() }
    for (offset, line) in lines.enumerated() {
      if filled { buffer.fill(Rect(row: row + offset, column: column, width: width, height: 1), style: style) }
      // Focus shows in plain text too: between brackets, or after a marker when brackets do not fit.
      var shown = line
      if focused && offset == 0 {
        shown = TerminalWidth.of(line) + 4 <= width && lines.count == 1 ? "[ \(line) ]" : "▸" + line
      }
      buffer.put(shown, row: row + offset, column: column, width: width, alignment: .center, style: look)
    }
    hotspots[button] = Rect(row: row, column: column, width: width, height: lines.count)
    return lines.count
  }

  /// A label's lines (a button's, a title's): wrapped to `width`, at most `maxLines`, the last cut with "…"
  /// if needed.
  static func wrappedLines(_ label: String, width: Int, maxLines: Int) -> [String] {
    var lines = TextWrapper.wrap(label, width: width)
    if lines.count > maxLines {
      lines = Array(lines.prefix(maxLines))
      var last = lines[maxLines - 1]
      while TerminalWidth.of(last) + 1 > width, !last.isEmpty { last.removeLast() }
      lines[maxLines - 1] = last + "…"
    }
    return lines
  }
}
