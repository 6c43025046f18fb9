import ConsentCore

/// A line of the setup screen: one device, app or SDK setting and its choices.
public enum SetupField: Int, CaseIterable, Hashable, Sendable {
  case iOS, kind, trackingSwitch, restricted, limitAdTracking, otherAlert, appState, usageDescription, integration,
    optOut, useConsent

  /// The label on the left.
  public var label: String {
    switch self {
    case .iOS: "iOS version"
    case .kind: "Device kind"
    case .trackingSwitch: "Allow Apps to Request to Track"
    case .restricted: "Restricted (child, MDM)"
    case .limitAdTracking: "Limit Ad Tracking (iOS ≤ 13)"
    case .otherAlert: "Another alert on screen"
    case .appState: "App state"
    case .usageDescription: "Usage description"
    case .integration: "Integration"
    case .optOut: "optOut"
    case .useConsent: "useConsent"
    }
  }
}
