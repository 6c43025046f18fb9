import ConsentCore

/// A line of the setup screen: one device, app or SDK setting and its choices.
public enum SetupField: Int, CaseIterable, Hashable, Sendable {
  case iOS, kind, country, accountCountry, trackingSwitch, restricted, limitAdTracking, otherAlert, appKind, appState,
    usageDescription, trackingDomains, requestCall, integration, endpoint, optOut, useConsent, waitForATT

  /// The label on the left.
  public var label: String { Self.labels[rawValue] }

  /// The fields' labels, in the cases' order.
  private static let labels = [
    "iOS version", "Device kind", "Country (where the device is)", "Apple Account country",
    "Allow Apps to Request to Track", "Restricted (child, MDM)", "Limit Ad Tracking (iOS ≤ 13)",
    "Another alert on screen", "App, App Clip or extension", "App state", "Usage description",
    "Tracking domains (manifests)", "Request call (iOS 27.2)", "Integration", "SDK endpoint", "optOut", "useConsent",
    "SDK waits for ATT",
  ]
}

extension SetupField {
  /// The countries the setup screen cycles through: the five, other EU members, and some outside the EU.
  static let countries = ["US", "FR", "DE", "IT", "PL", "RO", "ES", "NL", "IE", "SE", "GB", "CH", "JP"]

  /// The tracking domains the setup screen cycles through (besides the app's own manifests'): none, the
  /// demo SDK's collector, and a domain the SDK does not use.
  static let domainChoices = [[], ["collect.example"], ["ads.other.example"]]

  /// The waits for the ATT answer the setup screen cycles through, in seconds (nil: the SDK does not wait).
  static let waits: [Int?] = [nil, 10, 30, 60, 120]

  /// The SDK endpoints the setup screen cycles through: the collector, a subdomain of it, and another host.
  static let endpoints = [SDKOptions.defaultEndpoint, "events.collect.example", "api.other.example"]
}

extension UIState {
  /// What the setup screen shows for `field`: for the selected field the value ←/→ chose, applied when the
  /// field is left.
  public func setupChoice(_ field: SetupField) -> String {
    guard overlay == .setup(field), setupSteps != 0 else { return setupValue(field) }
    var preview = self
    var effects: [UIEffect] = []
    preview.change(field, steps: setupSteps, &effects)
    return preview.setupValue(field)
  }

  /// What the setup screen shows for `field` now.
  func setupValue(_ field: SetupField) -> String {
    let options = launchOptions
    switch field {
    case .iOS: return consent.device.iOS.description
    case .kind: return consent.device.kind.rawValue
    case .country: return consent.device.country
    case .accountCountry: return consent.device.accountCountry
    case .appKind: return consent.app.kind.rawValue
    case .requestCall: return requestCall.label
    case .trackingDomains:
      return consent.app.trackingDomains.isEmpty ? "none" : consent.app.trackingDomains.joined(separator: ",")
    case .endpoint: return options.endpoint
    case .trackingSwitch: return consent.device.trackingSwitchOn ? "on" : "off"
    case .restricted: return consent.device.restricted ? "yes" : "no"
    case .limitAdTracking: return consent.device.limitAdTracking ? "on" : "off"
    case .otherAlert: return consent.device.otherAlertOnScreen ? "yes" : "no"
    case .appState: return consent.app.lifecycle.rawValue
    case .usageDescription: return consent.app.hasUsageDescription ? "present" : "missing"
    case .integration: return options.integration.rawValue
    case .optOut: return options.optOut ? "true" : "false"
    case .useConsent: return options.useConsent ? "true" : "false"
    case .waitForATT: return options.waitForATT.map { "\($0) s" } ?? "no"
    }
  }
}
