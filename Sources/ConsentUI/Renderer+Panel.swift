import ConsentCore
import Diagnostics
import PromptCheck
import PromptStrings
import TextSupport

/// The side panel: the payload the SDK attaches to events, what the device says, warnings, `check`'s
/// findings for the locale, and the event log.
extension Renderer {
  mutating func drawPanel(_ rect: Rect) {
    var lines: [PanelLine] = []
    if let guide = state.guide { lines += scenarioSection(guide, width: rect.width - 1) }
    lines += payloadSection(width: rect.width - 1)
    lines += deviceSection(width: rect.width - 1)
    lines += warningSection(width: rect.width - 1)
    if state.guide == nil { lines += checkSection(width: rect.width - 1) }
    let fixed = lines.count
    let room = rect.height - fixed - 1
    lines.append(.header("Events"))
    lines += state.log.suffix(max(0, room)).map { entry in
      let style: Style =
        switch entry.kind {
        case .story: .plain
        case .notice: Renderer.iosBlue
        case .refusal: Renderer.warning
        }
      return .text(entry.clock + " " + entry.text, style)
    }
    for (offset, line) in lines.prefix(rect.height).enumerated() {
      let row = rect.row + offset
      switch line {
      case .header(let title):
        buffer.sectionHeader(title, row: row, column: rect.column, width: rect.width, style: Style(bold: true))
      case .text(let text, let style):
        buffer.put(text, row: row, column: rect.column + 1, style: style, limit: rect.width - 1)
      case .pair(let label, let value, let style):
        buffer.put(label, row: row, column: rect.column + 1, limit: 13)
        buffer.put(value, row: row, column: rect.column + 14, style: style, limit: rect.width - 14)
      }
    }
  }

  /// One line of the panel.
  enum PanelLine {
    case header(String)
    case text(String, Style)
    case pair(String, String, Style)
  }

  /// Guided mode: the scenario, the next step and how to do it, and the latest expectations.
  private func scenarioSection(_ guide: Guide, width: Int) -> [PanelLine] {
    let steps = guide.scenario.script.steps
    let done = guide.cursor
    var lines: [PanelLine] = [.header("Scenario \(min(done, steps.count))/\(steps.count)")]
    lines.append(.text(guide.scenario.title, Style(bold: true)))
    if let next = guide.nextStep {
      lines.append(.text("next: \(next.command) — \(Guide.hint(for: next))", Renderer.iosBlue))
    } else {
      let allPassed = guide.checks.allSatisfy(\.passed)
      lines.append(.text("done: \(guide.summary)", allPassed ? Renderer.good : Renderer.error))
    }
    let shown = guide.isFinished ? guide.checks.filter { !$0.passed }.suffix(3) : guide.checks.suffix(2)
    for check in shown {
      let text =
        check.passed
        ? "✓ \(check.key)=\(check.expected)" : "✗ \(check.key)=\(check.expected), got \(check.actual)"
      lines.append(.text(text, check.passed ? Renderer.good : Renderer.error))
    }
    if let deviation = guide.deviations.last {
      lines.append(.text("off script: \(deviation)", Renderer.warning))
      lines.append(.text("u takes it back, R restarts", Renderer.warning))
    }
    return lines
  }

  /// The user payload the SDK attaches to every event, as JSON, captioned with the host the events go to;
  /// changed keys are marked ◀. Narrow panels put each value under its key.
  private func payloadSection(width: Int) -> [PanelLine] {
    let entries = state.consent.sdk.payload.entries
    var lines: [PanelLine] = [.header("Payload → \(state.consent.sdk.options.endpoint)")]
    guard !entries.isEmpty else {
      return lines + [.pair("{ }", Self.payloadCaption, Renderer.dim)]
    }
    lines.append(.pair("{", Self.payloadCaption, Renderer.dim))
    for (index, entry) in entries.enumerated() {
      let comma = index < entries.count - 1 ? "," : ""
      let changed = state.changedKeys.contains(entry.key)
      let style = changed ? Style(foreground: .yellow, bold: true) : .plain
      let marker = changed ? " ◀" : ""
      let key = "\"\(entry.key)\":"
      let value = JSONText.quoted(entry.value) + comma
      if TerminalWidth.of("  \(key) \(value)\(marker)") <= width {
        lines.append(.text("  \(key) \(value)\(marker)", style))
      } else {
        // The value on a line of its own, indented less when that is what keeps the IDFA whole.
        let indent = TerminalWidth.of("    \(value)") <= width ? "    " : "  "
        lines.append(.text("  \(key)\(marker)", style))
        lines.append(.text(indent + value, style))
      }
    }
    lines.append(.text("}", .plain))
    return lines
  }

  /// What the payload is, beside its first line.
  static let payloadCaption = "sent with every event"

  private func deviceSection(width: Int) -> [PanelLine] {
    let consent = state.consent
    var lines: [PanelLine] = [.header("Device")]
    if let status = consent.status {
      var (shown, style) = Renderer.look(of: status)
      shown += " \(status.name) (\(status.rawValue))"
      if let sent = consent.stalePayloadStatus {
        shown += " · payload: \(sent.name)"
        style = Renderer.warning
      }
      lines.append(.pair("ATT status", shown, style))
    } else {
      lines.append(.pair("ATT status", "unavailable (iOS \(consent.device.iOS))", Style(bold: true)))
    }
    let idfa = consent.deviceIDFA
    let shownIDFA = idfa == IDFA.zero ? "zero (00000000-…)" : Renderer.middleEllipsis(idfa, width: width - 14)
    lines.append(.pair("Device IDFA", shownIDFA, .plain))
    var switches = [consent.device.trackingSwitchOn ? "switch on" : "switch off"]
    switches.append(consent.device.restricted ? "restricted" : "unrestricted")
    if !consent.device.iOS.hasATT { switches.append(consent.device.limitAdTracking ? "LAT on" : "LAT off") }
    if consent.device.otherAlertOnScreen { switches.append("alert up") }
    lines.append(.pair("Tracking", switches.joined(separator: " · "), .plain))
    if let region = regionLine(consent) { lines.append(.pair("Region", region, .plain)) }
    if let domains = trackingDomainLine(consent) {
      lines.append(.pair("Manifests", domains, consent.blockingDomain == nil ? .plain : Renderer.warning))
    }
    var app = [consent.app.crashed ? "crashed" : consent.app.lifecycle.rawValue]
    app.append(consent.sdk.initialized ? "SDK on" : "SDK off")
    if consent.sdk.options.optOut { app.append("optOut") }
    if consent.sdk.options.useConsent {
      app.append("consent " + (consent.sdk.consent.track.map { $0 ? "yes" : "no" } ?? "unset"))
    }
    lines.append(.pair("App", app.joined(separator: " · "), consent.app.crashed ? Renderer.error : .plain))
    let events = consent.events
    var fates = ["\(events.sentCount) sent"]
    if !consent.sdk.queue.isEmpty { fates.append("\(consent.sdk.queue.count) queued") }
    if let ends = consent.sdk.waitEndsAt {
      // An SDK that waits for the ATT answer: what it holds, and how long it still waits.
      fates.append("\(consent.sdk.held.count) held (\(max(0, ends - consent.device.seconds)) s left)")
    }
    if events.dropped > 0 { fates.append("\(events.dropped) dropped") }
    if events.blocked > 0 { fates.append("\(events.blocked) blocked") }
    lines.append(.pair("Events", fates.joined(separator: " · "), events.blocked > 0 ? Renderer.warning : .plain))
    if let callback = consent.app.blogCallback {
      lines.append(
        .pair(
          "Callback", "(\(callback.granted), \"\(callback.identifier)\")",
          callback.showsRecipeBug ? Renderer.warning : .plain))
    }
    if !consent.app.hasUsageDescription {
      lines.append(.pair("Prompt text", "missing → the app crashes", Renderer.error))
    } else if state.phoneScreen == .attSheet {
      lines.append(.pair("Sheet text", texts.sheetText.map(\.source.label) ?? "none", .plain))
    } else {
      lines.append(.pair("Prompt text", texts.usageDescription.map(\.source.label) ?? "none", .plain))
    }
    // The title and buttons around the app's text are iOS's: in another language when iOS has none for it.
    if let fallback = texts.systemTextsFallback {
      lines.append(.pair("System texts", fallback.replacing("iOS has no ", with: "no "), Renderer.dim))
    }
    return lines
  }

  /// Where the EU rules stand, once they matter (iOS 27.2, or a device set outside the US): the region
  /// class, the two countries, the clock and when the app may ask again.
  private func regionLine(_ consent: ConsentState) -> String? {
    let device = consent.device
    guard device.iOS.hasEURules || device.country != "US" || device.accountCountry != "US" || device.day > 0 else {
      return nil
    }
    let name =
      switch device.region {
      case .five: "EU five"
      case .otherEU: "other EU"
      case .outsideEU: "outside EU"
      }
    var parts = ["\(name) (\(device.country)/\(device.accountCountry))", "day \(device.day)"]
    if let day = consent.repromptDay {
      if consent.repromptDue {
        parts.append("may ask again now")
      } else if day > device.day {
        parts.append("may ask again day \(day)")
      }
    }
    return parts.joined(separator: " · ")
  }

  /// A sign and a colour for each status, so they differ without colour too: ✓ green authorized, ✗ red denied,
  /// ⊘ magenta restricted, ? plain bold notDetermined.
  static func look(of status: ATTStatus) -> (cue: String, style: Style) {
    switch status {
    case .authorized: ("✓", Style(foreground: .green, bold: true))
    case .denied: ("✗", Style(foreground: .red, bold: true))
    case .restricted: ("⊘", Style(foreground: .magenta, bold: true))
    case .notDetermined: ("?", Style(bold: true))
    }
  }

  /// The tracking domains the app's manifests declare, and what iOS does with the SDK's requests now; nil
  /// when the app declares none.
  private func trackingDomainLine(_ consent: ConsentState) -> String? {
    let domains = consent.app.trackingDomains
    guard let first = domains.first else { return nil }
    let listed = first + (domains.count > 1 ? " +\(domains.count - 1)" : "")
    let verdict =
      if consent.blockingDomain != nil {
        "blocked"
      } else if TrackingDomains.match(consent.sdk.options.endpoint, in: domains) == nil {
        "not the SDK's"
      } else {
        consent.device.iOS.blocksTrackingDomains ? "allowed" : "open <17"
      }
    return "\(listed) · \(verdict)"
  }

  /// `text` cut in the middle with "…" to fit `width` columns (identifiers keep both ends).
  static func middleEllipsis(_ text: String, width: Int) -> String {
    guard text.count > width, width > 3 else { return text }
    let head = (width - 1) / 2
    return String(text.prefix(head)) + "…" + String(text.suffix(width - 1 - head))
  }

  private func warningSection(width: Int) -> [PanelLine] {
    let warnings = state.consent.warnings
    guard !warnings.isEmpty else { return [.header("Warnings"), .text("none", Renderer.dim)] }
    var lines: [PanelLine] = [.header("Warnings (\(warnings.count))")]
    let shown = 3
    // Each warning by its id (what `expect warning=` and `e` name), then the start of what it says.
    for warning in warnings.prefix(shown) {
      let wrapped = TextWrapper.wrap(warning.message, width: width - 3)
      lines.append(.text("⚠ " + warning.kind.id, Renderer.warning))
      lines.append(.text("  " + (wrapped.first ?? "") + (wrapped.count > 1 ? "…" : ""), Renderer.warning))
    }
    if warnings.count > shown { lines.append(.text("+\(warnings.count - shown) more: v shows them all", .plain)) }
    return lines
  }

  private func checkSection(width: Int) -> [PanelLine] {
    let localization = texts.resolution.localization.map { "\($0).lproj" } ?? "Info.plist"
    guard let findings = state.environment.findings(locale: state.locale),
      let appWide = state.environment.appWideFindings
    else {
      return [.header("Check"), .text("checking \(state.locale) → \(localization)…", Renderer.dim)]
    }
    // The app's own findings are one line under the locale's: they are the same in every locale.
    let appLine: [PanelLine] =
      appWide.filter({ $0.severity != .info }).isEmpty
      ? []
      : [.text(Renderer.appWideSummary(appWide), Renderer.look(of: appWide.map(\.severity).min() ?? .info).style)]
    guard !findings.isEmpty else {
      return [.header("Check"), .text("✓ \(state.locale) → \(localization): no findings", Renderer.good)] + appLine
    }
    var lines: [PanelLine] = [.header("Check (\(findings.count))")]
    let ordered = findings.trackingFirst
    let shown = appLine.isEmpty ? 2 : 1
    for finding in ordered.prefix(shown) {
      let (mark, style) = Renderer.look(of: finding.severity)
      lines.append(.text("\(mark) \(finding.rule.rawValue): \(finding.message)", style))
    }
    let hidden = ordered.dropFirst(shown)
    if !hidden.isEmpty {
      // An error is never hidden without a word.
      let errors = hidden.filter { $0.severity == .error }.count
      let what = errors > 0 ? " (\(errors) error\(errors == 1 ? "" : "s"))" : ""
      lines.append(.text("+\(hidden.count) more\(what): v shows them all", errors > 0 ? Renderer.error : .plain))
    }
    return lines + appLine
  }

  /// `app: 1 error, 2 warnings (v)`: the app-wide findings in a line.
  static func appWideSummary(_ findings: [Finding]) -> String {
    let parts = [(Severity.error, "error"), (.warning, "warning")].compactMap { severity, noun in
      let count = findings.filter { $0.severity == severity }.count
      return count > 0 ? "\(count) \(noun)\(count == 1 ? "" : "s")" : nil
    }
    return "app: " + parts.joined(separator: ", ") + " (v)"
  }

  /// A sign and a colour for each severity, so it shows without colour too: ✗ error, ! warning, i information.
  static func look(of severity: Severity) -> (mark: String, style: Style) {
    switch severity {
    case .error: ("✗", Renderer.error)
    case .warning: ("!", Renderer.warning)
    case .info: ("i", .plain)
    }
  }
}
