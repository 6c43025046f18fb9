/// A change to any subset of the device's state (`device …` in a script); nil leaves a field as it is.
public struct DeviceChange: Hashable, Sendable {
  public var iOS: IOSVersion?
  public var kind: DeviceKind?
  public var trackingSwitchOn: Bool?
  public var restricted: Bool?
  public var limitAdTracking: Bool?
  public var idfa: String?
  public var otherAlertOnScreen: Bool?
  /// Where the device is (ISO 3166-1 alpha-2).
  public var country: String?
  /// The Apple Account's country.
  public var accountCountry: String?

  /// A change of the given fields.
  public init(
    iOS: IOSVersion? = nil, kind: DeviceKind? = nil, trackingSwitchOn: Bool? = nil, restricted: Bool? = nil,
    limitAdTracking: Bool? = nil, idfa: String? = nil, otherAlertOnScreen: Bool? = nil, country: String? = nil,
    accountCountry: String? = nil
  ) {
    self.iOS = iOS
    self.kind = kind
    self.trackingSwitchOn = trackingSwitchOn
    self.restricted = restricted
    self.limitAdTracking = limitAdTracking
    self.idfa = idfa
    self.otherAlertOnScreen = otherAlertOnScreen
    self.country = country
    self.accountCountry = accountCountry
  }
}

/// A change to any subset of the app's state (`app …` in a script).
public struct AppChange: Hashable, Sendable {
  public var hasUsageDescription: Bool?
  public var lifecycle: Lifecycle?
  public var locale: String?
  public var kind: AppKind?
  /// The tracking domains the app's privacy manifests declare (empty: none).
  public var trackingDomains: [String]?

  /// A change of the given fields.
  public init(
    hasUsageDescription: Bool? = nil, lifecycle: Lifecycle? = nil, locale: String? = nil, kind: AppKind? = nil,
    trackingDomains: [String]? = nil
  ) {
    self.hasUsageDescription = hasUsageDescription
    self.lifecycle = lifecycle
    self.locale = locale
    self.kind = kind
    self.trackingDomains = trackingDomains
  }
}

/// The iOS 27.2 request:
/// `requestTrackingAuthorization(preferringExpandedInterface:additionalInformationAction:completionHandler:)`.
public struct ExpandedRequest: Hashable, Sendable {
  /// The app prefers the expanded interface (the sheet) where iOS lets it choose.
  public var prefersExpandedInterface: Bool
  /// The app passes an action for the sheet's Additional Information button.
  public var additionalInformation: Bool

  /// A request with these parameters.
  public init(prefersExpandedInterface: Bool, additionalInformation: Bool) {
    self.prefersExpandedInterface = prefersExpandedInterface
    self.additionalInformation = additionalInformation
  }
}

/// Something that happened: a user's tap, an app's call, a change in Settings or a test setup.
public enum Action: Hashable, Sendable {
  /// The tester set device state directly (an iOS version change is an OS update).
  case deviceConfigured(DeviceChange)
  /// The tester set app state directly.
  case appConfigured(AppChange)
  /// The app called `Collect.initialize` with these options.
  case sdkInitialized(SDKOptions)
  /// The app showed its own pre-permission screen.
  case prePermissionShown
  /// The user pressed Continue on the pre-permission screen: the app requests authorization.
  case prePermissionContinued
  /// The user pressed Not Now on the pre-permission screen: no request.
  case prePermissionDeclined
  /// The app called `ATTrackingManager.requestTrackingAuthorization` (or the blog recipe).
  case trackingRequested
  /// The app called the iOS 27.2 request (its availability check falls back to the classic one earlier).
  case expandedTrackingRequested(ExpandedRequest)
  /// The user tapped Allow in the ATT dialog.
  case allowTapped
  /// The user tapped Ask App Not to Track in the ATT dialog.
  case askNotToTrackTapped
  /// The user tapped the EU sheet's Additional Information button.
  case additionalInformationTapped
  /// The system took the prompt away unanswered (an incoming call, Control Center).
  case promptDismissedBySystem
  /// Time passed on the device's clock, in seconds.
  case clockAdvanced(seconds: Int)
  /// The app called `setATTStatusAndAdvertisingId(status:advertisingId:)` with exactly these arguments.
  case methodBCalled(status: ATTStatus, advertisingId: String)
  /// The user flipped this app's switch in Settings › Privacy › Tracking.
  case appTrackingSwitchChanged(on: Bool)
  /// The user turned Allow Apps to Request to Track off, choosing what happens to answered apps.
  case trackingSwitchTurnedOff(existing: ExistingApps)
  /// The user turned Allow Apps to Request to Track back on.
  case trackingSwitchTurnedOn
  /// The app was launched again (after a crash, or to restart it).
  case relaunched
  /// The app was deleted and installed again.
  case reinstalled
  /// The app called `setConsent(track:identify:)`; nil arguments are not passed.
  case consentSet(track: Bool?, identify: Bool?)
  /// The app tracked an event.
  case eventTracked(name: String)
}

/// Why an action cannot happen in the current state (a tap with no dialog on screen): each case has one
/// sentence a person understands.
public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// The app has crashed and must be relaunched first.
  case appCrashed
  /// The ATT dialog is on screen and must be answered first.
  case promptOnScreen
  /// iOS ended the app (its tracking permission changed) and it has not been launched again.
  case appNotRunning
  /// A pre-permission answer with no pre-permission screen.
  case noPrePermissionScreen
  /// A tap with no ATT dialog on screen.
  case noPrompt
  /// Settings cannot be opened while the ATT dialog is up.
  case promptBlocksSettings
  /// This iOS release has no Tracking settings (before iOS 14).
  case noTrackingSettings(IOSVersion)
  /// A restricted device locks the Tracking settings.
  case settingsLocked
  /// With Allow Apps to Request to Track off, Settings hides the per-app switches.
  case appSwitchHidden
  /// The app has no switch in Settings until it has asked.
  case appHasNotAsked
  /// A script step needs app resources (`app bundle=`) that were not loaded.
  case resourcesNotLoaded(String)
  /// The sheet on screen has no Additional Information button (the app passed no action), or no sheet is up.
  case noAdditionalInformation
  /// An App Clip has no switch in Settings: it can never be tracked.
  case appClip
  /// `undo` with fewer accepted lines before it than it takes back (or only ones older than the history
  /// attsim keeps).
  case nothingToUndo
  /// `redo` with fewer lines taken back since the last action than it brings back.
  case nothingToRedo
  /// `restart` before the walk's first user step.
  case nothingToRestart

  /// The sentence.
  public var reason: String {
    switch self {
    case .appCrashed: "the app has crashed; relaunch it first"
    case .promptOnScreen: "the ATT dialog is on screen; answer it first"
    case .appNotRunning:
      "the app is not running (iOS ended it when its tracking permission changed): launch it first (relaunch, or app state=active)"
    case .noPrePermissionScreen: "the pre-permission screen is not on screen"
    case .noPrompt: "no ATT dialog is on screen"
    case .promptBlocksSettings: "the ATT dialog is on screen; answer it before opening Settings"
    case .noTrackingSettings(let version): "iOS \(version) has no Tracking settings (ATT starts with iOS 14)"
    case .settingsLocked: "the device is restricted: Tracking settings are locked"
    case .appSwitchHidden: "Allow Apps to Request to Track is off: per-app switches are hidden"
    case .appHasNotAsked: "the app has not asked yet, so it has no switch in Settings"
    case .resourcesNotLoaded(let path): "the app bundle \(path) is not loaded"
    case .noAdditionalInformation: "no sheet with an Additional Information button is on screen"
    case .appClip: "an App Clip cannot be tracked, so it has no switch in Settings"
    case .nothingToUndo: "there are not that many lines to take back (attsim keeps the last \(Refusal.undoDepth))"
    case .nothingToRedo: "nothing was taken back since the last action"
    case .nothingToRestart: "the walk has not begun: no user step was taken yet"
    }
  }

  public var description: String { reason }

  /// How many script lines `undo` can take back: the one bound of the UI's `u`, a script's `undo` and this
  /// refusal.
  public static let undoDepth = 100
}
