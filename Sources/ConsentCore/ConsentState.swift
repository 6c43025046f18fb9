/// Everything attsim models: the device, the app install, the SDK inside it, and the events sent. Change it
/// only through `apply(_:)`.
public struct ConsentState: Hashable, Sendable {
  /// The iPhone.
  public internal(set) var device = Device()
  /// The app install.
  public internal(set) var app: AppInstall
  /// The analytics SDK and its storage.
  public internal(set) var sdk = SDK()
  /// Every tracked event's fate.
  public internal(set) var events = EventLedger()
  /// Warnings raised by the most recent action (derived warnings are added by `warnings`).
  public internal(set) var actionWarnings: [Warning] = []

  /// The state a script starts from: an iPhone on iOS 26.0, all switches permissive, the app installed and
  /// active in `locale`, the SDK not initialized.
  public init(locale: String = "en", hasUsageDescription: Bool = true, trackingDomains: [String] = []) {
    app = AppInstall(
      hasUsageDescription: hasUsageDescription, trackingDomains: trackingDomains.map { $0.lowercased() }, locale: locale
    )
  }

  /// The app's ATT status as `ATTrackingManager.trackingAuthorizationStatus` reads it; nil below iOS 14.
  public var status: ATTStatus? {
    guard device.iOS.hasATT else { return nil }
    if device.restricted || app.kind == .appClip { return .restricted }
    if let answer = app.answer { return answer.status }
    return device.trackingSwitchOn ? .notDetermined : .denied
  }

  /// What `ASIdentifierManager.advertisingIdentifier` returns to this app now.
  public var deviceIDFA: String {
    if device.kind.alwaysZeroIDFA { return IDFA.zero }
    guard let status else { return device.limitAdTracking ? IDFA.zero : device.idfa }
    if status == .authorized { return device.idfa }
    if !device.iOS.idfaNeedsAuthorization && status == .notDetermined && device.trackingSwitchOn {
      return device.idfa
    }
    return IDFA.zero
  }

  /// The status in the words of `expect` and `play`: the status name, or `unavailable` below iOS 14.
  public var statusWord: String { status?.name ?? "unavailable" }

  /// Why this app's switch is not in Settings › Privacy › Tracking now; nil when it is there.
  public var appTrackingSwitchRefusal: Refusal? {
    if let refusal = trackingSettingsRefusal { return refusal }
    if app.kind == .appClip { return .appClip }
    if !device.trackingSwitchOn { return .appSwitchHidden }
    if app.answer == nil { return .appHasNotAsked }
    return nil
  }

  /// Why the user cannot go to Settings now: the ATT dialog is modal. Nil when they can.
  public var openSettingsRefusal: Refusal? { app.promptOnScreen ? .promptBlocksSettings : nil }

  /// Why the Tracking settings cannot be changed now; nil when they can.
  public var trackingSettingsRefusal: Refusal? {
    if let refusal = openSettingsRefusal { return refusal }
    if !device.iOS.hasATT { return .noTrackingSettings(device.iOS) }
    if device.restricted { return .settingsLocked }
    return nil
  }

  /// The tracking domain iOS fails the SDK's requests for now (iOS 17+, the endpoint under a declared
  /// domain, the status not authorized), or nil when events go out.
  public var blockingDomain: String? {
    guard device.iOS.blocksTrackingDomains, status != .authorized else { return nil }
    return TrackingDomains.match(sdk.options.endpoint, in: app.trackingDomains)
  }

  /// The payload `auto-collect` would hold now (iOS 13 and earlier): the IDFA unless Limit Ad Tracking is on.
  var autoCollectedIDFA: String? {
    device.limitAdTracking ? nil : deviceIDFA
  }
}
