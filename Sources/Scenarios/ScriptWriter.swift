import ConsentCore
import TextSupport

/// Writes actions as `.attsim` script lines, the inverse of `ScriptParser` (used by `--record`).
public enum ScriptWriter {
  /// The script line for `action`.
  public static func line(for action: Action) -> String {
    switch action {
    case .deviceConfigured(let change):
      var words = ["device"]
      if let version = change.iOS { words.append("ios=\(version)") }
      if let kind = change.kind { words.append("kind=\(kind.rawValue)") }
      if let on = change.trackingSwitchOn { words.append("tracking-switch=\(on ? "on" : "off")") }
      if let restricted = change.restricted { words.append("restricted=\(restricted ? "yes" : "no")") }
      if let limit = change.limitAdTracking { words.append("limit-ad-tracking=\(limit ? "on" : "off")") }
      if let idfa = change.idfa { words.append("idfa=\(idfa)") }
      if let alert = change.otherAlertOnScreen { words.append("other-alert=\(alert ? "yes" : "no")") }
      return words.joined(separator: " ")
    case .appConfigured(let change):
      var words = ["app"]
      if let present = change.hasUsageDescription {
        words.append("usage-description=\(present ? "present" : "missing")")
      }
      if let lifecycle = change.lifecycle { words.append("state=\(lifecycle.rawValue)") }
      if let locale = change.locale { words.append("locale=\(locale)") }
      return words.joined(separator: " ")
    case .sdkInitialized(let options):
      return
        "sdk init integration=\(options.integration.rawValue) optout=\(options.optOut) use-consent=\(options.useConsent)"
    case .prePermissionShown: return "prepermission show"
    case .prePermissionContinued: return "prepermission continue"
    case .prePermissionDeclined: return "prepermission not-now"
    case .trackingRequested: return "request"
    case .allowTapped: return "tap allow"
    case .askNotToTrackTapped: return "tap ask-not-to-track"
    case .methodBCalled(let status, let advertisingId):
      return "method-b status=\(status.name) idfa=\(quoted(advertisingId))"
    case .appTrackingSwitchChanged(let on): return "settings app-tracking=\(on ? "on" : "off")"
    case .trackingSwitchTurnedOff(let existing): return "settings tracking-switch=off existing=\(existing.rawValue)"
    case .trackingSwitchTurnedOn: return "settings tracking-switch=on"
    case .relaunched: return "relaunch"
    case .reinstalled: return "reinstall"
    case .consentSet(let track, let identify):
      var words = ["consent"]
      if let track { words.append("track=\(track)") }
      if let identify { words.append("identify=\(identify)") }
      return words.joined(separator: " ")
    case .eventTracked(let name): return "track \(quoted(name))"
    }
  }

  /// The actions that bring a fresh script (SPEC §2 defaults) to `state`'s device, app and SDK setup.
  public static func setupActions(for state: ConsentState) -> [Action] {
    let device = state.device
    var actions: [Action] = [
      .deviceConfigured(
        DeviceChange(
          iOS: device.iOS, kind: device.kind, trackingSwitchOn: device.trackingSwitchOn, restricted: device.restricted,
          limitAdTracking: device.limitAdTracking, idfa: device.idfa, otherAlertOnScreen: device.otherAlertOnScreen)),
      .appConfigured(
        AppChange(
          hasUsageDescription: state.app.hasUsageDescription, lifecycle: state.app.lifecycle, locale: state.app.locale)),
    ]
    if state.sdk.initialized { actions.append(.sdkInitialized(state.sdk.options)) }
    return actions
  }

  /// A value as a script word: bare when it can be, else in double quotes with `"` and `\` escaped.
  static func quoted(_ value: String) -> String {
    let bare =
      !value.isEmpty
      && !value.contains {
        $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == "\\" || $0 == "=" || $0.isNewline
      }
    if bare { return value }
    return "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}

/// A line of a script as a value: what `--record` writes and guided mode replays.
public enum ScriptLine: Hashable, Sendable {
  /// An action, written as its command.
  case action(Action)
  /// A comment (`# scenario: …`).
  case comment(String)

  /// The line as it goes in a script.
  public var text: String {
    switch self {
    case .action(let action): ScriptWriter.line(for: action)
    case .comment(let text): "# " + text.escapingControlCharacters
    }
  }
}
