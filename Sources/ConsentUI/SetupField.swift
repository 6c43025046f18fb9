import ConsentCore

/// A line of the setup screen: one device, app or SDK setting and its choices.
public enum SetupField: Int, CaseIterable, Hashable, Sendable {
  case iOS, kind, country, accountCountry, trackingSwitch, restricted, limitAdTracking, otherAlert, appKind, appState,
    usageDescription, trackingDomains, requestCall, integration, endpoint, optOut, useConsent, waitForATT

  /// The label on the left.
  public var label: String {
    switch self {
    case .iOS: "iOS version"
    case .kind: "Device kind"
    case .country: "Country (where the device is)"
    case .accountCountry: "Apple Account country"
    case .appKind: "App, App Clip or extension"
    case .requestCall: "Request call (iOS 27.2)"
    case .trackingDomains: "Tracking domains (manifests)"
    case .endpoint: "SDK endpoint"
    case .trackingSwitch: "Allow Apps to Request to Track"
    case .restricted: "Restricted (child, MDM)"
    case .limitAdTracking: "Limit Ad Tracking (iOS ≤ 13)"
    case .otherAlert: "Another alert on screen"
    case .appState: "App state"
    case .usageDescription: "Usage description"
    case .integration: "Integration"
    case .optOut: "optOut"
    case .useConsent: "useConsent"
    case .waitForATT: "SDK waits for ATT"
    }
  }
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
