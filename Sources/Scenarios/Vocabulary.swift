import ConsentCore

/// The words of the script language — commands, keys and the words their values are written as — in one
/// place, so the parser and the writer (and with them `--record`, guided mode and the test plan) can never
/// disagree.
enum Vocabulary {
  /// The commands, as scripts write them.
  enum Command: String, CaseIterable {
    case device, app, sdk, prepermission, request, tap
    case methodB = "method-b"
    case settings, relaunch, reinstall, consent, track, dismiss, clock, undo, redo, restart, expect
  }

  /// `undo` and `redo`: how many lines.
  static let lines = "lines"

  /// A key and the words its values are written as.
  struct Field<Value: Equatable & Sendable>: Sendable {
    let key: String
    let words: [(String, Value)]

    /// `key=word`, in the word for `value`.
    func pair(_ value: Value) -> String { "\(key)=\(words.first { $0.1 == value }?.0 ?? "")" }
  }

  static let onOff: [(String, Bool)] = [("on", true), ("off", false)]
  static let yesNo: [(String, Bool)] = [("yes", true), ("no", false)]
  static let trueFalse: [(String, Bool)] = [("true", true), ("false", false)]

  /// `device …`.
  enum Device {
    static let iOS = "ios"
    static let kind = Field(key: "kind", words: DeviceKind.allCases.map { ($0.rawValue, $0) })
    static let trackingSwitch = Field(key: "tracking-switch", words: onOff)
    static let restricted = Field(key: "restricted", words: yesNo)
    static let limitAdTracking = Field(key: "limit-ad-tracking", words: onOff)
    static let idfa = "idfa"
    static let otherAlert = Field(key: "other-alert", words: yesNo)
    static let country = "country"
    static let accountCountry = "account-country"
    static let keys = [
      iOS, kind.key, trackingSwitch.key, restricted.key, limitAdTracking.key, idfa, otherAlert.key, country,
      accountCountry,
    ]
  }

  /// `app …` (and `app bundle=…`).
  enum App {
    static let usageDescription = Field(key: "usage-description", words: [("present", true), ("missing", false)])
    static let state = Field(key: "state", words: Lifecycle.allCases.map { ($0.rawValue, $0) })
    static let locale = "locale"
    static let kind = Field(key: "kind", words: AppKind.allCases.map { ($0.rawValue, $0) })
    /// `tracking-domains=a.example,b.example` or `none`.
    static let trackingDomains = "tracking-domains"
    static let bundle = "bundle"
    static let target = "target"
    static let configuration = "configuration"
    static let keys = [usageDescription.key, state.key, locale, kind.key, trackingDomains, bundle]
    static let bundleKeys = [bundle, target, configuration]
  }

  /// `sdk init …`.
  enum SDK {
    static let subcommand = "init"
    static let integration = Field(key: "integration", words: Integration.allCases.map { ($0.rawValue, $0) })
    static let optOut = Field(key: "optout", words: trueFalse)
    static let useConsent = Field(key: "use-consent", words: trueFalse)
    static let endpoint = "endpoint"
    /// `wait-for-att=SECONDS`: the SDK holds events for the ATT answer.
    static let waitForATT = "wait-for-att"
    /// The longest wait an SDK offers (Adjust's `attWaitingInterval` is at most 360 s; a little more is let
    /// through).
    static let longestWait = 3_600
    static let keys = [integration.key, optOut.key, useConsent.key, endpoint, waitForATT]
  }

  /// `prepermission show|continue|not-now`.
  static let prePermission: [(String, Action)] = [
    ("show", .prePermissionShown), ("continue", .prePermissionContinued), ("not-now", .prePermissionDeclined),
  ]

  /// `request expanded=yes|no additional-info=yes|no`: with either key, the iOS 27.2 call.
  enum Request {
    static let expanded = Field(key: "expanded", words: yesNo)
    static let additionalInformation = Field(key: "additional-info", words: yesNo)
    static let keys = [expanded.key, additionalInformation.key]
  }

  /// `tap allow|ask-not-to-track|additional-information`.
  static let tap: [(String, Action)] = [
    ("allow", .allowTapped), ("ask-not-to-track", .askNotToTrackTapped),
    ("additional-information", .additionalInformationTapped),
  ]

  /// `clock advance=30s|5m|2h|2d`, or a bare number of days.
  enum Clock {
    static let advance = "advance"
    /// The most one step may advance: a century, in seconds.
    static let longestStep = 36_500 * 86_400
    /// The units a step may be written in, with their seconds.
    static let units: [(Character, Int)] = [("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]
  }

  /// `method-b status=… idfa=…`.
  enum MethodB {
    static let status = Field(key: "status", words: ATTStatus.allCases.map { ($0.name, $0) })
    static let idfa = "idfa"
  }

  /// `settings …`.
  enum Settings {
    static let appTracking = Field(key: "app-tracking", words: onOff)
    static let trackingSwitch = Field(key: "tracking-switch", words: onOff)
    static let existing = Field(key: "existing", words: ExistingApps.allCases.map { ($0.rawValue, $0) })
    static let keys = [appTracking.key, trackingSwitch.key, existing.key]
  }

  /// `consent track=… identify=…`.
  enum Consent {
    static let track = Field(key: "track", words: trueFalse)
    static let identify = Field(key: "identify", words: trueFalse)
    static let keys = [track.key, identify.key]
  }
}
