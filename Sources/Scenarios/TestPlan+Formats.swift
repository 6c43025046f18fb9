import ConsentCore

/// The test plan as CSV (for spreadsheets) and Markdown (to print).
extension TestPlan {
  /// Every row as CSV with a header; the `steps` column is the script that reproduces the row.
  public static func csv(_ rows: [Row]) -> String {
    let header = [
      "row", "ios", "device_kind", "tracking_switch", "restricted", "limit_ad_tracking", "app_state", "integration",
      "country", "request", "tracking_domain", "flow", "prompt", "answer", "event", "status", "device_idfa", "payload",
      "callback", "warnings", "steps",
    ]
    var lines = [header.joined(separator: ",")]
    for row in rows {
      let setup = row.setup
      let fields = [
        String(row.number), setup.iOS.description, setup.kind.rawValue, onOff(setup.trackingSwitchOn),
        yesNo(setup.restricted), onOff(setup.limitAdTracking), setup.lifecycle.rawValue, setup.integration.rawValue,
        setup.country ?? "n/a", requestWord(setup), yesNo(setup.trackingDomain), setup.flow.words, row.prompt.rawValue,
        answerWord(row), row.outcome.events.lastFate?.rawValue ?? "none", row.outcome.statusWord,
        row.outcome.deviceIDFA,
        row.outcome.sdk.payload.json.json, row.outcome.app.blogCallback?.description ?? "",
        warningLabels(row).joined(separator: "; "), row.script.steps.map(\.command).joined(separator: "; "),
      ]
      lines.append(fields.map(csvField).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A row as the script `attsim play` runs (`matrix --row N`): its title, its steps (values quoted by the
  /// writer), and `expect` lines pinning the outcome the plan predicts.
  public static func script(_ row: Row) -> String {
    let title = "# title: attsim matrix row \(row.number), iOS \(row.setup.iOS)"
    let lines = [title] + row.script.steps.map(\.command) + ScriptWriter.expectations(pinning: row.outcome)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The plan as Markdown: a legend, then one table per iOS release with only the switches it has.
  public static func markdown(_ rows: [Row]) -> String {
    var out = """
      # attsim QA test plan

      Each row: set the device up as shown, launch the app (the SDK is initialized with the row's integration), \
      put the app in the row's state, make the app request tracking, and give the answer shown. Then check status, \
      device IDFA, payload and warnings. `IDFA` is the device's advertising identifier \
      (attsim's demo device: `\(IDFA.demo)`); `zero` is `\(IDFA.zero)`. Every row ends with the app tracking an \
      event; from iOS 17, where the privacy manifest declares the SDK's endpoint a tracking domain, iOS blocks it \
      unless the user allowed tracking. Rows whose Flow is not `—` show an SDK that waits for the answer (the event \
      is tracked before the request; one row lets the wait run out) and the two flows App Review rejects under \
      Guideline 5.1.1(iv). \
      From iOS 27.2 the device and its Apple Account are both in the row's country, and an `expanded` request is \
      the iOS 27.2 call preferring the EU sheet; `mac` and `vision` devices behave as the Simulator does. \
      `attsim matrix --format csv` adds the exact script of every row, and `attsim matrix --row N` prints row N \
      as a script `attsim play` runs.

      """
    for version in IOSVersion.planVersions {
      let section = rows.filter { $0.setup.iOS == version }
      out += "\n## iOS \(version)\n\n"
      var columns = ["Row"] + (version.hasEURules ? ["Country", "Request"] : []) + ["Device"]
      columns += version.blocksTrackingDomains ? ["Tracking domain"] : []
      columns += version.hasATT ? ["Tracking switch", "Restricted", "Flow"] : ["Limit Ad Tracking"]
      columns += [
        "App", "Integration", "Prompt", "Tap", "Status", "Device IDFA", "Payload", "Event", "Callback", "Warnings",
      ]
      out += "| " + columns.joined(separator: " | ") + " |\n"
      out += "|" + String(repeating: "---|", count: columns.count) + "\n"
      for row in section {
        let setup = row.setup
        let outcome = row.outcome
        var cells = [String(row.number)]
        if version.hasEURules { cells += [regionWord(setup), requestWord(setup)] }
        cells.append(setup.kind.rawValue)
        if version.blocksTrackingDomains { cells.append(yesNo(setup.trackingDomain)) }
        cells +=
          version.hasATT
          ? [onOff(setup.trackingSwitchOn), yesNo(setup.restricted), setup.flow.words] : [onOff(setup.limitAdTracking)]
        cells += [
          setup.lifecycle.rawValue, setup.integration.rawValue, promptWord(row.prompt), tapWord(row),
          outcome.statusWord,
          idfaWord(outcome.deviceIDFA, outcome), payloadWords(outcome), outcome.events.lastFate?.rawValue ?? "—",
          outcome.app.blogCallback.map { "\($0.granted),\(idfaWord($0.identifier, outcome))" } ?? "—",
          row.warnings.isEmpty ? "—" : warningLabels(row).joined(separator: "; "),
        ]
        out += "| " + cells.joined(separator: " | ") + " |\n"
      }
    }
    return out
  }

  private static func promptWord(_ prompt: PromptKind) -> String {
    switch prompt {
    case .none: "none"
    case .shown: "alert"
    case .sheet: "EU sheet"
    }
  }

  /// `FR (five)`, `ES (other EU)`, `US (outside the EU)`.
  private static func regionWord(_ setup: Setup) -> String {
    guard let country = setup.country else { return "n/a" }
    let region =
      switch RegionClass(country: country, accountCountry: country) {
      case .five: "five"
      case .otherEU: "other EU"
      case .outsideEU: "outside the EU"
      }
    return "\(country) (\(region))"
  }

  private static func requestWord(_ setup: Setup) -> String {
    setup.expandedRequest.map { $0 ? "expanded" : "classic" } ?? "n/a"
  }

  private static func payloadWords(_ state: ConsentState) -> String {
    let entries = state.sdk.payload.entries
    guard !entries.isEmpty else { return "—" }
    return entries.map { "\($0.key)=\($0.key == "advertising_id" ? idfaWord($0.value, state) : $0.value)" }
      .joined(separator: ", ")
  }

  private static func idfaWord(_ value: String, _ state: ConsentState) -> String {
    if value == IDFA.zero { return "zero" }
    if value == state.device.idfa { return "IDFA" }
    return value
  }

  private static func warningLabels(_ row: Row) -> [String] {
    var labels: [String] = []
    for warning in row.warnings where !labels.contains(warning.kind.label) { labels.append(warning.kind.label) }
    return labels
  }

  private static func onOff(_ value: Bool?) -> String { value.map { $0 ? "on" : "off" } ?? "n/a" }
  private static func yesNo(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "n/a" }
  private static func answerWord(_ row: Row) -> String {
    if let answer = row.answer { return answer == .authorized ? "allow" : "ask-not-to-track" }
    return row.promptShown ? "none (the wait ran out)" : "n/a"
  }

  private static func tapWord(_ row: Row) -> String {
    if let answer = row.answer { return answer == .authorized ? "Allow" : "Ask Not to Track" }
    guard case .waitingSDK(let seconds) = row.setup.flow, row.promptShown else { return "—" }
    return "none in \(seconds) s"
  }

  private static func csvField(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
    return "\"" + field.replacing("\"", with: "\"\"") + "\""
  }
}
