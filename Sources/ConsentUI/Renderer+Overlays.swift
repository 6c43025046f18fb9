import ConsentCore
import TextSupport

/// The help and setup overlays.
extension Renderer {
  static let helpLines = [
    ("←→ ↑↓ Tab", "move focus between the phone's buttons"), ("⏎ Space", "press the focused button"),
    ("p", "the app shows its pre-permission screen"),
    ("a / n / o", "Allow / Ask App Not to Track / Additional Information"),
    ("! / y", "the system dismisses the prompt / a year passes"), ("PgUp PgDn", "scroll the EU sheet's text"),
    ("t", "the app tracks an event"), ("c", "the app calls setConsent(track:)"),
    ("l / L", "next / previous locale"), ("i", "update iOS to the next version in the plan"),
    ("m", "next integration: method-a, method-b, blog"), ("s", "Settings › Privacy › Tracking (and back)"),
    ("d", "device, region and SDK setup"), ("g", "walk a scenario from the library"),
    ("r / x", "reinstall / relaunch the app"), ("? / q", "this help / quit (also Ctrl-C)"),
  ]

  /// Where Apple's documentation is silent and the model decides (DECISIONS.md says why): the help's second
  /// page.
  static let decisionLines = [
    "The EU rules need the device and the Apple Account both in the EU; when they disagree, iOS is outside it.",
    "A year between prompts is 365 days of the simulated clock (y).",
    "Additional Information and a prompt the system dismisses complete with notDetermined, even on a yearly re-prompt.",
    "An App Clip reads restricted before any other rule, so it needs no usage description.",
    "Below iOS 27.2 the expanded request falls back to the classic call.",
    "Mac and Vision Pro hand out the zero IDFA, as the Simulator does.",
    "The dialog's, the sheet's and Settings' labels are attsim's own approximations of iOS's texts.",
  ]

  mutating func drawHelp(page: Int) {
    let boxWidth = min(width - 4, 66)
    let box = Rect(
      row: 2, column: (width - boxWidth) / 2, width: boxWidth, height: min(height - 4, Renderer.helpLines.count + 4))
    buffer.fill(box)
    buffer.roundedBox(box)
    guard page == 0 else {
      buffer.put(" Where Apple is silent ", row: box.row, column: box.column + 2, style: Style(bold: true))
      var row = box.row + 2
      for note in Renderer.decisionLines {
        for (offset, line) in TextWrapper.wrap(note, width: boxWidth - 6).enumerated()
        where row < box.row + box.height - 1 {
          buffer.put((offset == 0 ? "• " : "  ") + line, row: row, column: box.column + 2, limit: boxWidth - 4)
          row += 1
        }
      }
      return
    }
    buffer.put(" Keys ", row: box.row, column: box.column + 2, style: Style(bold: true))
    for (offset, line) in Renderer.helpLines.prefix(box.height - 4).enumerated() {
      buffer.put(line.0, row: box.row + 2 + offset, column: box.column + 2, style: Style(bold: true), limit: 12)
      buffer.put(line.1, row: box.row + 2 + offset, column: box.column + 15, limit: boxWidth - 17)
    }
  }

  mutating func drawSetup(selected: SetupField) {
    let boxWidth = min(width - 4, 60)
    let fields = SetupField.allCases
    let box = Rect(row: 2, column: (width - boxWidth) / 2, width: boxWidth, height: min(height - 4, fields.count + 4))
    buffer.fill(box)
    buffer.roundedBox(box)
    buffer.put(" Device, region and SDK setup ", row: box.row, column: box.column + 2, style: Style(bold: true))
    for (offset, field) in fields.prefix(box.height - 4).enumerated() {
      let row = box.row + 2 + offset
      let isSelected = field == selected
      let style = isSelected ? Style(reverse: true) : .plain
      buffer.put(isSelected ? "▸" : " ", row: row, column: box.column + 2)
      buffer.put(field.label, row: row, column: box.column + 4, style: style, limit: 32)
      buffer.put(
        "◂ \(value(of: field)) ▸", row: row, column: box.column + 37,
        style: isSelected ? Style(bold: true) : Renderer.iosBlue, limit: boxWidth - 39)
    }
  }

  mutating func drawPicker(selected: Int) {
    let scenarios = state.environment.scenarios
    let boxWidth = min(width - 4, 72)
    let rows = min(height - 6, scenarios.count)
    let box = Rect(row: 2, column: (width - boxWidth) / 2, width: boxWidth, height: rows + 4)
    buffer.fill(box)
    buffer.roundedBox(box)
    buffer.put(" Walk a scenario ", row: box.row, column: box.column + 2, style: Style(bold: true))
    let first = max(0, min(selected - rows / 2, scenarios.count - rows))
    for offset in 0..<rows {
      let index = first + offset
      let row = box.row + 2 + offset
      let isSelected = index == selected
      buffer.put(isSelected ? "▸" : " ", row: row, column: box.column + 2)
      buffer.put(
        scenarios[index].title, row: row, column: box.column + 4, style: isSelected ? Style(reverse: true) : .plain,
        limit: boxWidth - 6)
    }
  }

  private func value(of field: SetupField) -> String {
    let consent = state.consent
    let options = state.launchOptions
    switch field {
    case .iOS: return consent.device.iOS.description
    case .kind: return consent.device.kind.rawValue
    case .country: return consent.device.country
    case .accountCountry: return consent.device.accountCountry
    case .appKind: return consent.app.kind.rawValue
    case .requestCall: return state.requestCall.label
    case .trackingSwitch: return consent.device.trackingSwitchOn ? "on" : "off"
    case .restricted: return consent.device.restricted ? "yes" : "no"
    case .limitAdTracking: return consent.device.limitAdTracking ? "on" : "off"
    case .otherAlert: return consent.device.otherAlertOnScreen ? "yes" : "no"
    case .appState: return consent.app.lifecycle.rawValue
    case .usageDescription: return consent.app.hasUsageDescription ? "present" : "missing"
    case .integration: return options.integration.rawValue
    case .optOut: return options.optOut ? "true" : "false"
    case .useConsent: return options.useConsent ? "true" : "false"
    }
  }
}
