import ConsentCore
import PromptStrings
import TextSupport

/// The phone: frame, status bar, and the screen the app or the system shows.
extension Renderer {
  /// The ATT alert's outer width, fixed like iOS's (270 points): 30 columns of text inside.
  static let alertWidth = DialogMetrics.messageWidth + 4

  mutating func drawPhone(_ rect: Rect) {
    // The phone's texts are paragraphs in the locale's direction (an Arabic title starting with the app's
    // Latin name is still right to left).
    buffer.paragraphDirection = texts.isRightToLeft ? .rightToLeft : .leftToRight
    defer { buffer.paragraphDirection = .automatic }
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
    case .otherAlert:
      drawHome(screen, dimmed: true)
      drawOtherAlert(screen)
    case .crashed: drawCrash(screen)
    case .settings, .globalOffChoice: drawSettings(screen)
    }
  }

  // MARK: App screens

  private mutating func drawHome(_ screen: Rect, dimmed: Bool = false) {
    let alignment: ScreenBuffer.Alignment = texts.isRightToLeft ? .trailing : .leading
    let column = screen.column + 2
    let textWidth = screen.width - 4
    buffer.put(
      texts.homeTitle, row: screen.row + 1, column: column, width: textWidth, alignment: alignment,
      style: Style(bold: !dimmed, dim: dimmed))
    buffer.put(
      lines: TextWrapper.wrap(texts.homeBody, width: textWidth).prefix(3), row: screen.row + 3, column: column,
      width: textWidth, alignment: alignment, style: dimmed ? Renderer.dim : .plain)
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

  /// The app's screen before the request; attsim's sample, in its own language's direction, says so.
  private mutating func drawPrePermission(_ screen: Rect) {
    let rightToLeft = texts.prePermissionIsRightToLeft
    buffer.paragraphDirection = rightToLeft ? .rightToLeft : .leftToRight
    let alignment: ScreenBuffer.Alignment = rightToLeft ? .trailing : .leading
    let column = screen.column + 2
    let textWidth = screen.width - 4
    if texts.prePermissionIsSample {
      buffer.put("sample", row: screen.row, column: column, width: textWidth, alignment: .center, style: Renderer.dim)
    }
    let title = TextWrapper.wrap(texts.prePermissionTitle, width: textWidth).prefix(3)
    let row = buffer.put(
      lines: title, row: screen.row + 2, column: column, width: textWidth, alignment: .center, style: Style(bold: true))
    let bottom = screen.row + screen.height - 4
    buffer.put(
      lines: TextWrapper.wrap(texts.prePermissionBody, width: textWidth).prefix(max(0, bottom - 2 - row)),
      row: row + 1, column: column, width: textWidth, alignment: alignment)
    drawButton(
      .continuePrePermission, label: texts.continueLabel, row: bottom, column: column, width: textWidth,
      style: Style(foreground: .white, background: .blue, bold: true), filled: true)
    // The demo app's screen leads only to the request, as App Review wants; a scenario that tests the
    // rejected pattern gives it a Not Now.
    if state.buttons.contains(.notNow) {
      drawButton(
        .notNow, label: texts.notNowLabel, row: bottom + 2, column: column, width: textWidth, style: Renderer.iosBlue)
    }
  }

  private mutating func drawCrash(_ screen: Rect) {
    let column = screen.column + 2
    let textWidth = screen.width - 4
    let row = screen.row + 2
    buffer.put("The app crashed", row: row, column: column, width: textWidth, alignment: .center, style: Renderer.error)
    buffer.put(
      "iOS log:", row: row + 2, column: column, width: textWidth, alignment: .leading, style: Style(bold: true))
    buffer.put(
      lines: TextWrapper.wrap(ConsentState.crashLogLine, width: textWidth).prefix(max(0, screen.height - 8)),
      row: row + 3, column: column, width: textWidth, style: Renderer.dim)
    drawButton(
      .relaunch, label: "Relaunch", row: screen.row + screen.height - 2, column: column, width: textWidth,
      style: Renderer.iosBlue)
  }

  // MARK: The ATT alert

  /// The system alert, as iOS draws it: title, purpose string, then the two stacked buttons. A message
  /// longer than the screen allows scrolls (↑↓), with a line that says where it is.
  private mutating func drawAlert(_ screen: Rect) {
    let textWidth = DialogMetrics.messageWidth
    let boxWidth = Renderer.alertWidth
    let layout = PromptLayout.alert(texts, screenRows: screen.height)
    let first = min(state.promptScroll, layout.maxScroll)
    let buttonRows = layout.buttons.reduce(0) { $0 + 1 + $1.lines.count }
    let messageRows = layout.visible + (layout.scrolls ? 1 : 0)
    let boxHeight = 2 + layout.title.count + 1 + messageRows + buttonRows
    let box = Rect(
      row: screen.row + max(0, (screen.height - boxHeight) / 2), column: screen.column + (screen.width - boxWidth) / 2,
      width: boxWidth, height: boxHeight)
    buffer.fill(box)
    buffer.roundedBox(box)
    var row = buffer.put(
      lines: layout.title, row: box.row + 1, column: box.column + 2, width: textWidth, alignment: .center,
      style: Style(bold: true))
    row = buffer.put(
      lines: layout.message.dropFirst(first).prefix(layout.visible).map { $0.map(\.text).joined() }, row: row + 1,
      column: box.column + 2, width: textWidth, alignment: .center)
    if layout.scrolls {
      let last = first + layout.visible
      let position =
        "\(first > 0 ? "▲" : " ") \(first + 1)–\(last) of \(layout.message.count) \(last < layout.message.count ? "▼" : " ")"
      buffer.put(position, row: row, column: box.column + 2, width: textWidth, alignment: .center, style: Renderer.dim)
      row += 1
    }
    for (button, label, _) in layout.buttons {
      buffer.horizontalLine(row: row, column: box.column, width: boxWidth, ends: ("├", "┤"))
      row += 1
      row += drawButton(
        button, label: label, row: row, column: box.column + 2, width: textWidth, style: Renderer.iosBlue, maxLines: 3)
    }
  }

  // MARK: The EU sheet

  /// iOS 27.2's full-page sheet in the EU: the app's name, the question, the Markdown purpose string (scrolling),
  /// the two answers with equal weight, and Additional Information when the app passed an action for it.
  private mutating func drawSheet(_ screen: Rect) {
    buffer.fill(screen)
    let column = screen.column + 2
    let textWidth = screen.width - 4
    let alignment: ScreenBuffer.Alignment = texts.isRightToLeft ? .trailing : .leading
    let layout = PromptLayout.sheet(
      texts, screenRows: screen.height, width: textWidth,
      additionalInformation: state.buttons.contains(.additionalInformation))
    var row =
      buffer.put(
        lines: [texts.appName] + layout.title, row: screen.row, column: column, width: textWidth, alignment: .center,
        style: Style(bold: true)) + 1
    let first = min(state.promptScroll, layout.maxScroll)
    for line in layout.message.dropFirst(first).prefix(layout.visible) {
      let spans = line.map { span in
        (span.text, Style(bold: span.emphasis.bold, italic: span.emphasis.italic))
      }
      buffer.putSpans(spans, row: row, column: column, width: textWidth, alignment: alignment)
      row += 1
    }
    let bottom = screen.row + screen.height - layout.buttons.reduce(0) { $0 + $1.lines.count }
    let above = first > 0
    let below = first + layout.visible < layout.message.count
    if above || below {
      let hint = (above ? "▲ PgUp" : "") + (above && below ? "  " : "") + (below ? "▼ PgDn: more" : "")
      buffer.put(hint, row: bottom - 1, column: column, width: textWidth, alignment: .center, style: Renderer.dim)
    }
    var buttonRow = bottom
    for (button, label, _) in layout.buttons {
      let style = button == .additionalInformation ? Style(foreground: .blue, dim: true) : Renderer.iosBlue
      buttonRow += drawButton(button, label: label, row: buttonRow, column: column, width: textWidth, style: style)
    }
  }

  // MARK: Another system alert

  /// The stand-in for another app's or iOS's permission alert (notifications, location): while it is up
  /// the ATT prompt cannot show. OK answers it.
  private mutating func drawOtherAlert(_ screen: Rect) {
    let textWidth = DialogMetrics.messageWidth
    let message = TextWrapper.wrap(
      "Another permission alert (notifications, location…) is on screen. The ATT prompt cannot show until it is answered.",
      width: textWidth)
    let box = Rect(
      row: screen.row + max(0, (screen.height - message.count - 6) / 2),
      column: screen.column + (screen.width - Renderer.alertWidth) / 2, width: Renderer.alertWidth,
      height: message.count + 6)
    buffer.fill(box)
    buffer.roundedBox(box)
    buffer.put(
      "System alert", row: box.row + 1, column: box.column + 2, width: textWidth, alignment: .center,
      style: Style(bold: true))
    let row = buffer.put(lines: message, row: box.row + 2, column: box.column + 2, width: textWidth, alignment: .center)
    buffer.horizontalLine(row: row, column: box.column, width: box.width, ends: ("├", "┤"))
    drawButton(
      .dismissOtherAlert, label: "OK", row: row + 1, column: box.column + 2, width: textWidth, style: Renderer.iosBlue)
  }

  // MARK: Settings

  /// Settings › Privacy › Tracking (or, before iOS 14, › Advertising), mirrored for right-to-left languages.
  private mutating func drawSettings(_ screen: Rect) {
    let consent = state.consent
    let column = screen.column + 2
    let textWidth = screen.width - 4
    let alignment: ScreenBuffer.Alignment = texts.isRightToLeft ? .trailing : .leading
    let back = texts.isRightToLeft ? "\(texts.settingsPrivacy) ›" : "‹ \(texts.settingsPrivacy)"
    buffer.put(back, row: screen.row, column: column, width: textWidth, alignment: alignment, style: Renderer.iosBlue)
    let hasATT = consent.device.iOS.hasATT
    buffer.put(
      hasATT ? texts.settingsTracking : texts.settingsAdvertising, row: screen.row + 1, column: column,
      width: textWidth, alignment: alignment, style: Style(bold: true))
    var row = screen.row + 3
    if state.phoneScreen == .globalOffChoice {
      drawGlobalOffChoice(row: row, column: column, width: textWidth)
      return
    }
    if !hasATT {
      drawSwitch(
        .limitAdTrackingSwitch, label: texts.settingsLimitAdTracking, on: consent.device.limitAdTracking, row: row,
        column: column, width: textWidth)
    } else {
      let device = consent.device
      let globalLabel =
        device.iOS.hasEURules && device.region.isEU ? texts.settingsAllowAppsEU : texts.settingsAllowApps
      row += drawSwitch(
        .globalSwitch, label: globalLabel, on: device.trackingSwitchOn, row: row, column: column, width: textWidth)
      row += 1
      if let reason = consent.appTrackingSwitchRefusal?.reason {
        // attsim's own explanation, in English: left-aligned whatever the app's language.
        buffer.put(
          lines: TextWrapper.wrap(reason, width: textWidth).prefix(4), row: row, column: column, width: textWidth)
      } else {
        row += drawSwitch(
          .appSwitch, label: texts.appName, on: consent.status == .authorized, row: row, column: column,
          width: textWidth)
        // attsim's note, in English: what iOS does to an app whose permission changes.
        let note =
          consent.app.isRunning
          ? "Changing it ends the app; it launches again when you go back."
          : "iOS ended the app; it launches again when you go back."
        buffer.put(
          lines: TextWrapper.wrap(note, width: textWidth).prefix(2), row: row, column: column, width: textWidth,
          style: Renderer.dim)
      }
    }
    let path = hasATT ? consent.device.iOS.trackingSettingsPath : "Settings › Privacy › Advertising"
    buffer.put(
      lines: TextWrapper.wrap(path, width: textWidth).prefix(2), row: screen.row + screen.height - 5, column: column,
      width: textWidth, alignment: alignment, style: Renderer.dim)
    drawButton(
      .closeSettings, label: "Back to the app", row: screen.row + screen.height - 2, column: column, width: textWidth,
      style: Renderer.iosBlue)
  }

  /// A Settings switch: its label (wrapped to two lines), the toggle at the line's end (its start, right to
  /// left), and when focused a ▸ before the row and reverse video. Returns the rows it took.
  @discardableResult
  private mutating func drawSwitch(_ button: ButtonID, label: String, on: Bool, row: Int, column: Int, width: Int)
    -> Int
  {
    let toggle = on ? "( ●)" : "(○ )"
    let labelWidth = width - 6
    let rightToLeft = texts.isRightToLeft
    let labelColumn = rightToLeft ? column + 6 : column
    let toggleColumn = rightToLeft ? column : column + width - 4
    let lines = Renderer.wrappedLines(label, width: labelWidth, maxLines: 2)
    let focused = showsFocus(on: button)
    for (offset, line) in lines.enumerated() {
      buffer.put(
        line, row: row + offset, column: labelColumn, width: labelWidth, alignment: rightToLeft ? .trailing : .leading,
        style: Style(reverse: focused))
    }
    var switchStyle = on ? Style(foreground: .green, bold: true) : Style()
    switchStyle.reverse = focused
    buffer.put(toggle, row: row, column: toggleColumn, style: switchStyle)
    if focused { buffer.put(rightToLeft ? "◂" : "▸", row: row, column: rightToLeft ? column + width : column - 1) }
    hotspots[button] = Rect(row: row, column: column, width: width, height: lines.count)
    return lines.count
  }

  private mutating func drawGlobalOffChoice(row: Int, column: Int, width: Int) {
    var row =
      buffer.put(
        lines: TextWrapper.wrap("Apps that already answered:", width: width), row: row, column: column, width: width,
        style: Renderer.dim) + 1
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

  /// A centered button label in at most `maxLines` rows, with room for the focus marker (reversed, between
  /// brackets when they fit, else after a ▸). Records its hotspot and returns the rows it took.
  @discardableResult
  mutating func drawButton(
    _ button: ButtonID, label: String, row: Int, column: Int, width: Int, style: Style, filled: Bool = false,
    maxLines: Int = 2
  ) -> Int {
    let focused = showsFocus(on: button)
    let lines = Renderer.buttonLines(label, width: width, maxLines: maxLines)
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

  /// Whether `button` is drawn focused: it has the focus, no overlay covers it, and the session shows focus.
  private func showsFocus(on button: ButtonID) -> Bool {
    state.focusedButton == button && state.overlay == nil && state.session.showsFocus
  }

  /// A button label's lines in `width` columns: wrapped with room left for the focus marker.
  static func buttonLines(_ label: String, width: Int, maxLines: Int = 2) -> [String] {
    wrappedLines(label, width: width - 2, maxLines: maxLines)
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
