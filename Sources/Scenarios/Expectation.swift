import ConsentCore
import PromptStrings

/// One `key=value` of an `expect` line.
public struct Expectation: Hashable, Sendable {
  /// What an expectation looks at.
  public enum Subject: Hashable, Sendable {
    /// The ATT status in play's words (`unavailable` below iOS 14).
    case status
    /// Whether the ATT dialog is on screen (`shown` / `none`).
    case prompt
    /// Whether the app has crashed (`yes` / `no`).
    case crashed
    /// What the device hands out (a UUID, or `zero`).
    case deviceIDFA
    /// A payload key, or `absent`.
    case payload(String)
    /// The fate of the last tracked event (`sent` / `queued` / `dropped`, `none` before any).
    case event
    /// A substring of some current warning (`none`: no warning at all).
    case warning
    /// Some words of the purpose string the dialog shows in the app's locale (needs `app bundle=`).
    case promptText
    /// Where that purpose string comes from: `strings`, `catalog`, `info-plist` or `none`.
    case promptSource
    /// The blog recipe's last callback, `true,IDFA` / `false,00` (`none` before any); `IDFA` stands for
    /// whatever the device hands out now, the zero IDFA on the Simulator.
    case callback
  }

  /// What is looked at.
  public var subject: Subject
  /// The key as written.
  public var key: String
  /// The expected value, as written.
  public var expected: String
  /// 1-based column of the key, for reports.
  public var column: Int

  /// An expectation on `subject`.
  public init(subject: Subject, key: String, expected: String, column: Int) {
    self.subject = subject
    self.key = key
    self.expected = expected
    self.column = column
  }

  /// The `expect` keys that are not payload keys.
  static let stateKeys: [String: Subject] = [
    "status": .status, "prompt": .prompt, "crashed": .crashed, "device-idfa": .deviceIDFA,
    "event": .event, "warning": .warning, "callback": .callback, "prompt-text": .promptText,
    "prompt-source": .promptSource,
  ]

  /// The values `expect prompt-source=` takes.
  static let promptSources = ["strings", "catalog", "info-plist", "build-setting", "none"]

  /// Every key `expect` accepts, for suggestions.
  static var allKeys: [String] { stateKeys.keys.sorted() + Payload.keys }

  /// What the state shows for this subject, in the words `expect` uses; `bundle` is the app's resources,
  /// when the script named them.
  public func actual(in state: ConsentState, bundle: AppResources? = nil) -> String {
    switch subject {
    case .promptText, .promptSource: promptActual(in: state, bundle: bundle)
    case .status: state.statusWord
    case .prompt: state.app.promptOnScreen ? "shown" : "none"
    case .crashed: state.app.crashed ? "yes" : "no"
    case .deviceIDFA: state.deviceIDFA
    case .payload(let key): state.sdk.payload[key] ?? "absent"
    case .event: state.events.lastFate?.rawValue ?? "none"
    case .warning:
      state.warnings.isEmpty ? "none" : state.warnings.map(\.message).joined(separator: " | ")
    case .callback: state.app.blogCallback?.description ?? "none"
    }
  }

  /// The purpose string the dialog shows in the app's locale, or where it comes from.
  private func promptActual(in state: ConsentState, bundle: AppResources?) -> String {
    guard let bundle else { return "no app bundle (add `app bundle=…`)" }
    let text = bundle.usageDescription(locale: state.app.locale)
    guard subject == .promptSource else { return text?.value ?? "none" }
    return text?.source.kind ?? "none"
  }

  /// Whether the state meets this expectation.
  public func holds(in state: ConsentState, bundle: AppResources? = nil) -> Bool {
    let actual = actual(in: state, bundle: bundle)
    switch subject {
    case .promptText:
      return bundle != nil && actual.lowercased().contains(expected.lowercased())
    case .warning:
      if expected == "none" { return state.warnings.isEmpty }
      return state.warnings.contains { $0.message.lowercased().contains(expected.lowercased()) }
    case .deviceIDFA:
      return Self.sameIdentifier(expected, actual)
    case .payload(let key) where key == "advertising_id":
      return expected == "absent" ? actual == "absent" : Self.sameIdentifier(expected, actual)
    case .callback:
      guard let callback = state.app.blogCallback, let comma = expected.firstIndex(of: ",") else {
        return expected == actual
      }
      let granted = expected[..<comma]
      let identifier = String(expected[expected.index(after: comma)...])
      guard granted == String(callback.granted) else { return false }
      if identifier == "IDFA" { return callback.identifier == state.deviceIDFA && callback.identifier != "00" }
      return identifier == "00" ? callback.identifier == "00" : Self.sameIdentifier(identifier, callback.identifier)
    default:
      return expected == actual
    }
  }

  /// Compares identifiers: `zero` stands for the zero IDFA, and UUIDs match in any letter case.
  static func sameIdentifier(_ expected: String, _ actual: String) -> Bool {
    let wanted = expected == "zero" ? IDFA.zero : expected
    if IDFA.isUUID(wanted) && IDFA.isUUID(actual) { return wanted.uppercased() == actual.uppercased() }
    return wanted == actual
  }
}
