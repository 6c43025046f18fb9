import ConsentCore
import Diagnostics
import PromptCheck
import TextSupport

/// The help and setup overlays.
extension Renderer {
  /// Where Apple's documentation is silent and the model decides (DECISIONS.md says why): the help's second
  /// page.
  static let decisionLines = [
    "The EU rules need the device and the Apple Account both in the EU; when they disagree, iOS is outside it.",
    "A year between prompts is 365 days of the simulated clock (y).",
    "Additional Information and a prompt the system dismisses complete with notDetermined, even on a yearly re-prompt.",
    "An App Clip reads restricted before any other rule, so it needs no usage description.",
    "Below iOS 27.2 the expanded request (preferringExpandedInterface:) falls back to the classic call.",
    "An app extension's request reads the app's own status; events an SDK held for the answer go with the app's process.",
    "Mac and Vision Pro hand out the zero IDFA, as the Simulator does.",
    "The dialog's, the sheet's and Settings' labels are attsim's own approximations of iOS's texts.",
  ]

  /// The help overlay: the key map a page at a time, then where attsim decides.
  mutating func drawHelp(page: Int) {
    let boxWidth = min(width - 4, 66)
    let pages = HelpPages.keyPages(screenHeight: height)
    let box = Rect(
      row: 2, column: (width - boxWidth) / 2, width: boxWidth, height: HelpPages.boxHeight(screenHeight: height))
    buffer.fill(box)
    buffer.roundedBox(box)
    let count = pages.count + 1
    guard page < pages.count else {
      buffer.put(
        " Where Apple is silent (\(count)/\(count)) ", row: box.row, column: box.column + 2, style: Style(bold: true))
      let lines = Renderer.decisionLines.flatMap { note in
        TextWrapper.wrap(note, width: boxWidth - 6).enumerated().map { ($0 == 0 ? "• " : "  ") + $1 }
      }
      buffer.put(lines: lines.prefix(box.height - 3), row: box.row + 2, column: box.column + 2, width: boxWidth - 4)
      return
    }
    buffer.put(" Keys (\(page + 1)/\(count)) ", row: box.row, column: box.column + 2, style: Style(bold: true))
    let namesWidth = KeyMap.bindings.map { TerminalWidth.of($0.names) }.max() ?? 12
    for (offset, binding) in pages[page].enumerated() {
      let row = box.row + 2 + offset
      buffer.put(binding.names, row: row, column: box.column + 2, style: Style(bold: true), limit: namesWidth)
      buffer.put(binding.help, row: row, column: box.column + 3 + namesWidth, limit: boxWidth - namesWidth - 5)
    }
  }

  mutating func drawSetup(selected: SetupField) {
    let boxWidth = min(width - 4, 60)
    let fields = SetupField.allCases
    let box = Rect(row: 2, column: (width - boxWidth) / 2, width: boxWidth, height: min(height - 4, fields.count + 4))
    buffer.fill(box)
    buffer.roundedBox(box)
    buffer.put(" Device, region and SDK setup ", row: box.row, column: box.column + 2, style: Style(bold: true))
    // More fields than rows: the list scrolls to keep the selected one in view.
    let rows = box.height - 4
    let first = max(0, min(selected.rawValue - rows / 2, fields.count - rows))
    buffer.listMarks(box, above: first, below: max(0, fields.count - first - rows))
    for (offset, field) in fields.dropFirst(first).prefix(rows).enumerated() {
      let row = box.row + 2 + offset
      let isSelected = field == selected
      let style = isSelected ? Style(reverse: true) : .plain
      buffer.put(isSelected ? "▸" : " ", row: row, column: box.column + 2)
      buffer.put(field.label, row: row, column: box.column + 4, style: style, limit: 32)
      buffer.put(
        "◂ \(state.setupChoice(field)) ▸", row: row, column: box.column + 37,
        style: isSelected ? Style(bold: true) : Renderer.iosBlue, limit: boxWidth - 39)
    }
  }

  /// The scenario picker: each scenario's name (what `--scenario` takes) beside its title; a list longer
  /// than the box scrolls with the selection and says how many are above and below.
  mutating func drawPicker(selected: Int) {
    let scenarios = state.environment.scenarios
    let boxWidth = min(width - 4, 96)
    // The box stops above the key-help line.
    let rows = min(height - 7, scenarios.count)
    let box = Rect(row: 2, column: (width - boxWidth) / 2, width: boxWidth, height: rows + 4)
    buffer.fill(box)
    buffer.roundedBox(box)
    buffer.put(" Walk a scenario ", row: box.row, column: box.column + 2, style: Style(bold: true))
    let first = max(0, min(selected - rows / 2, scenarios.count - rows))
    buffer.listMarks(box, above: first, below: scenarios.count - first - rows)
    let nameWidth = min(scenarios.map { TerminalWidth.of($0.name) }.max() ?? 0, (boxWidth - 6) / 2)
    for offset in 0..<rows {
      let index = first + offset
      let row = box.row + 2 + offset
      let isSelected = index == selected
      buffer.put(isSelected ? "▸" : " ", row: row, column: box.column + 2)
      buffer.put(
        scenarios[index].name, row: row, column: box.column + 4, style: isSelected ? Style(bold: true) : Renderer.dim,
        limit: nameWidth)
      buffer.put(
        scenarios[index].title, row: row, column: box.column + 6 + nameWidth,
        style: isSelected ? Style(reverse: true) : .plain, limit: boxWidth - nameWidth - 8)
    }
  }

  /// A whole panel section, scrollable: every finding with its file and position, every warning, the
  /// whole event log.
  mutating func drawDetails(_ section: UIState.DetailsSection, scroll: Int) {
    let box = Rect(row: 1, column: 0, width: width, height: height - 2)
    buffer.fill(box)
    buffer.roundedBox(box)
    let textWidth = box.width - 4
    let (title, lines) = detailLines(section, width: textWidth)
    let names = UIState.DetailsSection.allCases.map { other in
      other == section ? "[\(other.rawValue)]" : other.rawValue
    }
    buffer.put(
      " \(title) · \(names.joined(separator: " ")) ", row: box.row, column: box.column + 2, style: Style(bold: true),
      limit: box.width - 4)
    let room = box.height - 2
    let first = min(scroll, max(0, lines.count - room))
    for (offset, line) in lines.dropFirst(first).prefix(room).enumerated() {
      buffer.put(line.text, row: box.row + 1 + offset, column: box.column + 2, style: line.style, limit: textWidth)
    }
    if lines.isEmpty { buffer.put("none", row: box.row + 1, column: box.column + 2, style: Renderer.dim) }
    if first + room < lines.count || first > 0 {
      let position = " \(first + 1)–\(min(first + room, lines.count)) of \(lines.count) "
      buffer.put(
        position, row: box.row + box.height - 1, column: box.column + box.width - 2 - TerminalWidth.of(position))
    }
  }

  /// The section's title with its count, and its lines wrapped to `width`.
  private func detailLines(_ section: UIState.DetailsSection, width: Int) -> (String, [(text: String, style: Style)]) {
    var lines: [(text: String, style: Style)] = []
    /// `text` wrapped, every line but the first indented by `indent`, the first by `lead`.
    func add(_ text: String, _ style: Style, lead: String = "", indent: String = "") {
      for (offset, line) in TextWrapper.wrap(text, width: width - indent.count).enumerated() {
        lines.append(((offset == 0 ? lead : indent) + line, style))
      }
    }
    switch section {
    case .check:
      let own = (state.environment.findings(locale: state.locale) ?? []).trackingFirst
      let findings = own + (state.environment.appWideFindings ?? []).trackingFirst
      let root = state.environment.appTexts.app.root
      for finding in findings {
        let file = finding.file.hasPrefix(root + "/") ? String(finding.file.dropFirst(root.count + 1)) : finding.file
        let place = Diagnostic.place(file, finding.location)
        let (mark, style) = Renderer.look(of: finding.severity)
        add("\(mark) \(finding.rule.rawValue) · \(place)", style)
        add(finding.message, .plain, lead: "  ", indent: "  ")
      }
      return ("Check: \(own.count) for \(state.locale), \(findings.count - own.count) for the app", lines)
    case .warnings:
      let warnings = state.consent.warnings
      for warning in warnings { add("⚠ \(warning.kind.id): \(warning.message)", Renderer.warning, indent: "  ") }
      return ("Warnings (\(warnings.count))", lines)
    case .events:
      for entry in state.log { add(entry.clock + " " + entry.text, .plain, indent: "         ") }
      return ("Events (\(state.log.count))", lines)
    }
  }
}

/// How the help overlay pages the key map at a screen's height.
enum HelpPages {
  /// The box's height: from the third row to just above the key line.
  static func boxHeight(screenHeight: Int) -> Int { max(5, screenHeight - 4) }

  /// The key map's bindings, as many to a page as the box holds.
  static func keyPages(screenHeight: Int) -> [[KeyBinding]] {
    let rows = max(1, boxHeight(screenHeight: screenHeight) - 4)
    return stride(from: 0, to: KeyMap.bindings.count, by: rows).map { start in
      Array(KeyMap.bindings[start..<min(start + rows, KeyMap.bindings.count)])
    }
  }
}
