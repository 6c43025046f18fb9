import ConsentCore
import PromptStrings

/// One `key=value` of an `expect` line, its value decoded once by the parser.
public struct Expectation: Hashable, Sendable {
  /// What an expectation looks at.
  public enum Subject: Hashable, Sendable {
    /// The ATT status in play's words (`unavailable` below iOS 14).
    case status
    /// What prompt is on screen: `shown` (the alert), `sheet` (the EU sheet) or `none`.
    case prompt
    /// Where the EU rules stand: `five`, `other-eu` or `outside-eu`.
    case region
    /// Whether the app has crashed (`yes` / `no`).
    case crashed
    /// What the device hands out (a UUID, or `zero`).
    case deviceIDFA
    /// A payload key, or `absent`.
    case payload(String)
    /// The fate of the last tracked event (`sent` / `queued` / `dropped`, `none` before any).
    case event
    /// A current warning's id (`stale-payload`), or a substring of some current warning's text (`none`: no
    /// warning at all).
    case warning
    /// Some words of the purpose string the prompt shows in the app's locale (needs `app bundle=`): the
    /// Markdown one while the EU sheet is up and the app has it.
    case promptText
    /// Where that purpose string comes from: `strings`, `catalog`, `info-plist`, `build-setting` or `none`.
    case promptSource
    /// The blog recipe's last callback, `true,IDFA` / `false,00` (`none` before any); `IDFA` stands for
    /// whatever the device hands out now, the zero IDFA on the Simulator.
    case callback
  }

  /// The value an expectation wants, as the parser decoded it.
  public enum Value: Hashable, Sendable {
    /// An ATT status; nil for `unavailable` (no ATT below iOS 14).
    case status(ATTStatus?)
    /// Whether something is so (`crashed=yes`).
    case flag(Bool)
    /// The prompt on screen.
    case prompt(PromptKind)
    /// The region class.
    case region(RegionClass)
    /// An identifier, upper-cased (`zero` is the zero IDFA).
    case identifier(String)
    /// A payload key must not be there.
    case absent
    /// Nothing yet: no warning, no event, no callback.
    case none
    /// A word or words, as written (a payload value, words of a warning or of the purpose string, a source).
    case text(String)
    /// What became of the last tracked event.
    case event(EventFate)
    /// The blog recipe's callback: the Bool, and `00`, the device's IDFA, or a given one.
    case callback(granted: Bool, identifier: CallbackIdentifier)
  }

  /// The String the blog recipe's callback is expected to carry.
  public enum CallbackIdentifier: Hashable, Sendable {
    /// `"00"`.
    case none
    /// Whatever the device hands out now.
    case deviceIDFA
    /// This identifier (upper-cased).
    case identifier(String)
  }

  /// What is looked at.
  public var subject: Subject
  /// The key as written.
  public var key: String
  /// The expected value, as written (for reports).
  public var expected: String
  /// The expected value, decoded.
  public var value: Value
  /// 1-based column of the key, for reports.
  public var column: Int

  /// The `expect` keys that are not payload keys.
  static let stateKeys: [String: Subject] = [
    "status": .status, "prompt": .prompt, "region": .region, "crashed": .crashed, "device-idfa": .deviceIDFA,
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
    case .promptText: bundle.map { $0.purposeString(shownIn: state)?.value ?? "none" } ?? Self.noBundle
    case .promptSource: bundle.map { $0.purposeString(shownIn: state)?.source.kind ?? "none" } ?? Self.noBundle
    case .status: state.statusWord
    case .prompt: state.app.prompt.rawValue
    case .region: state.device.region.rawValue
    case .crashed: state.app.crashed ? "yes" : "no"
    case .deviceIDFA: state.deviceIDFA
    case .payload(let key): state.sdk.payload[key] ?? "absent"
    case .event: state.events.lastFate?.rawValue ?? "none"
    case .warning:
      state.warnings.isEmpty
        ? "none" : state.warnings.map { "\($0.kind.id): \($0.message)" }.joined(separator: " | ")
    case .callback: state.app.blogCallback?.description ?? "none"
    }
  }

  /// What `prompt-text` and `prompt-source` show before an `app bundle=` line.
  private static let noBundle = "no app bundle (add `app bundle=…`)"

  /// Whether the state meets this expectation.
  public func holds(in state: ConsentState, bundle: AppResources? = nil) -> Bool {
    switch (subject, value) {
    case (.status, .status(let status)): return state.status == status
    case (.prompt, .prompt(let prompt)): return state.app.prompt == prompt
    case (.region, .region(let region)): return state.device.region == region
    case (.crashed, .flag(let crashed)): return state.app.crashed == crashed
    case (.deviceIDFA, .identifier(let identifier)): return state.deviceIDFA.uppercased() == identifier
    case (.payload(let key), .absent): return state.sdk.payload[key] == nil
    case (.payload(let key), .identifier(let identifier)): return state.sdk.payload[key]?.uppercased() == identifier
    case (.payload(let key), .status(let status)): return state.sdk.payload[key] == status?.name
    case (.payload(let key), .text(let text)): return state.sdk.payload[key] == text
    case (.event, .none): return state.events.lastFate == nil
    case (.event, .event(let fate)): return state.events.lastFate == fate
    case (.warning, .none): return state.warnings.isEmpty
    case (.warning, .text(let words)):
      return state.warnings.contains { $0.kind.id == words || $0.message.lowercased().contains(words.lowercased()) }
    case (.promptText, .text(let words)):
      return bundle != nil && actual(in: state, bundle: bundle).lowercased().contains(words.lowercased())
    case (.promptSource, .text(let source)): return bundle != nil && actual(in: state, bundle: bundle) == source
    case (.callback, .none): return state.app.blogCallback == nil
    case (.callback, .callback(let granted, let identifier)):
      guard let callback = state.app.blogCallback, callback.granted == granted else { return false }
      switch identifier {
      case .none: return callback.identifier == "00"
      case .deviceIDFA: return callback.identifier != "00" && callback.identifier == state.deviceIDFA
      case .identifier(let expected): return callback.identifier.uppercased() == expected
      }
    default: return false
    }
  }
}

extension AppResources {
  /// The purpose string the prompt shows in `state`'s locale: while the EU sheet is up, the Markdown one
  /// (falling back to the plain one); otherwise the plain one.
  public func purposeString(shownIn state: ConsentState) -> LocalizedText? {
    state.app.prompt == .sheet
      ? sheetUsageDescription(locale: state.app.locale) : usageDescription(locale: state.app.locale)
  }
}
