/// Whether attsim plays a physical iPhone or the iOS Simulator.
public enum DeviceKind: String, CaseIterable, Hashable, Sendable {
  case device
  case simulator
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

  /// A device in its default state: iOS 26.0, all switches permissive, the demo IDFA.
  public init() {}
}
