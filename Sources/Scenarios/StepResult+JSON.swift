import ConsentCore
import TextSupport

extension StepResult {
  /// The JSON object `attsim play` prints for this step (SPEC §3), on one line.
  public func jsonLine(file: String) -> String {
    var object = JSONText()
    object.add("file", file)
    object.add("line", step.line)
    object.add("command", step.command)
    object.add("status", state.statusWord)
    object.add("prompt", state.app.prompt.rawValue)
    object.add("crashed", state.app.crashed)
    object.add("device_idfa", state.deviceIDFA)
    object.add("payload", state.sdk.payload.json)
    var events = JSONText()
    events.add("sent", state.events.sentCount)
    events.add("queued", state.sdk.queue.count)
    events.add("held", state.sdk.held.count)
    events.add("dropped", state.events.dropped)
    events.add("blocked", state.events.blocked)
    object.add("events", events)
    object.add("warnings", state.warnings.map(\.message))
    object.add("warning_ids", state.warnings.map(\.kind.id))
    object.add("story", story)
    if let callback = state.app.blogCallback { object.add("callback", callback.description) }
    if let prompt {
      object.add("prompt_text", prompt.forDisplay.value)
      object.add("prompt_source", prompt.source.label)
    }
    if case .expect = step.kind { object.add("expect", failures.isEmpty ? "passed" : "failed") }
    if !failures.isEmpty { object.add("failures", failures.map(\.sentence)) }
    if let refusal { object.add("error", refusal.reason) }
    return object.json
  }
}

extension ExpectationFailure {
  /// `status: expected authorized, got denied`, both values whole: for machine outputs (JSON lines, JUnit).
  public var sentence: String {
    "\(expectation.key): expected \(expectation.expected), got \(actual)"
  }

  /// The sentence for a line of text: `prompt-text: expected "Allow", got "Lumen uses…"`, both values quoted
  /// and cut to 60 columns.
  public var message: String {
    "\(expectation.key): expected \"\(expectation.expected.forMessage(limit: 60))\", got \"\(actual.forMessage(limit: 60))\""
  }

  /// When `message` had to cut a value: the two values around their first difference, 60 columns each, and a
  /// caret under it (`DifferenceWindow`); else none.
  public var differenceLines: [String] {
    let (expected, actual) = (expectation.expected, actual)
    guard expected.forMessage(limit: 60) != expected || actual.forMessage(limit: 60) != actual,
      let window = DifferenceWindow(expected, actual)
    else { return [] }
    let caret = String(repeating: " ", count: 12 + window.caret) + "^"
    return ["  expected \"\(window.expected)\"", "  got      \"\(window.actual)\"", caret]
  }
}

extension Payload {
  /// The payload as a JSON object, keys in print order.
  public var json: JSONText {
    var object = JSONText()
    for (key, value) in entries { object.add(key, value) }
    return object
  }
}
