/// What runs the app: a physical iPhone, the iOS Simulator, a Mac running an iPhone or iPad app, or
/// Apple Vision Pro running a compatible app.
public enum DeviceKind: String, CaseIterable, Hashable, Sendable {
  case device, simulator, mac, vision

  /// Whether this kind always hands out the zero IDFA (every kind but a physical iPhone).
  public var alwaysZeroIDFA: Bool { self != .device }
}

/// Where the device and the Apple Account are, for the EU rules of iOS 27.2.
public enum RegionClass: String, CaseIterable, Hashable, Sendable {
  /// Both in France, Germany, Italy, Poland or Romania: the full-page sheet for every request.
  case five
  /// Both in the EU, not both in the five: the sheet when the app prefers the expanded interface.
  case otherEU = "other-eu"
  /// Anywhere else, or the two disagree: the classic alert, one answer for good.
  case outsideEU = "outside-eu"

  /// The five countries where iOS 27.2 shows the sheet for every request.
  public static let fiveCountries: Set<String> = ["FR", "DE", "IT", "PL", "RO"]

  /// The 27 member states of the European Union (ISO 3166-1 alpha-2).
  public static let memberStates: Set<String> = [
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU",
    "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
  ]

  /// The class of a device in `country` with an Apple Account of `accountCountry`: the EU rules apply only
  /// when both agree that the user is in the EU.
  public init(country: String, accountCountry: String) {
    if Self.fiveCountries.contains(country) && Self.fiveCountries.contains(accountCountry) {
      self = .five
    } else if Self.memberStates.contains(country) && Self.memberStates.contains(accountCountry) {
      self = .otherEU
    } else {
      self = .outsideEU
    }
  }

  /// Whether the EU rules (the sheet, the yearly re-prompt) apply.
  public var isEU: Bool { self != .outsideEU }
}

/// What the user does with the apps that already answered when the global switch goes off.
public enum ExistingApps: String, CaseIterable, Hashable, Sendable {
  /// "Allow Apps to Continue Tracking": answered apps keep their status.
  case keep
  /// "Ask Apps to Stop Tracking": authorized apps become denied.
  case stop
}

/// The iPhone: its iOS release and the privacy settings that shape every answer.
public struct Device: Hashable, Sendable {
  /// The iOS release.
  public var iOS: IOSVersion = .latest
  /// A physical device or the Simulator.
  public var kind: DeviceKind = .device
  /// Settings › Privacy › Tracking › Allow Apps to Request to Track.
  public var trackingSwitchOn = true
  /// A child account, MDM profile or managed Apple ID forbids tracking.
  public var restricted = false
  /// Limit Ad Tracking (iOS 13 and earlier only).
  public var limitAdTracking = false
  /// The device's advertising identifier, handed out only when iOS allows it.
  public var idfa: String = IDFA.demo
  /// Another system permission alert (for example notifications) is on screen.
  public var otherAlertOnScreen = false
  /// Where the device is (ISO 3166-1 alpha-2).
  public var country = "US"
  /// The Apple Account's country.
  public var accountCountry = "US"
  /// The simulated clock, in seconds since the session began.
  public var seconds = 0

  /// The simulated clock's day (0 for the first).
  public var day: Int { seconds / 86_400 }

  /// Where the EU rules stand for this device.
  public var region: RegionClass { RegionClass(country: country, accountCountry: accountCountry) }
}
