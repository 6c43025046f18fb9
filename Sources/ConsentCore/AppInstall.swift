/// The app's lifecycle state, as `UIApplication.applicationState` reports it, or not running at all.
public enum Lifecycle: String, CaseIterable, Hashable, Sendable {
  case active, inactive, background
  /// iOS ended the app (its tracking permission changed in Settings): going back to it launches it again.
  case notRunning = "not-running"

  /// The states of a running app, which the setup screen and the test plan cycle through.
  public static let running: [Lifecycle] = [.active, .inactive, .background]
}

/// What the app shows in the foreground.
public enum AppScreen: Hashable, Sendable {
  /// The app's own content (its home screen).
  case home
  /// The app's pre-permission screen that explains tracking before asking.
  case prePermission
  /// The system ATT dialog, over the app.
  case attDialog
  /// The full-page ATT sheet of iOS 27.2 in the EU, with or without the Additional Information button.
  case attSheet(additionalInformation: Bool)
  /// The app has crashed and shows nothing until it is relaunched.
  case crashed
}

/// What asks: the app, an App Clip (which cannot ask for tracking), or one of the app's extensions or
/// widgets (which may ask, but never get a prompt).
public enum AppKind: String, CaseIterable, Hashable, Sendable {
  case app, appClip = "app-clip", `extension`
}

/// How the system asks, when it asks: what `expect prompt=` says.
public enum PromptKind: String, CaseIterable, Hashable, Sendable {
  /// Nothing on screen.
  case none
  /// The classic alert.
  case shown
  /// The full-page EU sheet.
  case sheet
}

/// What the blog recipe's `requestIDFA(callbackIdfa:)` handed the app: `(Bool, String)`.
public struct BlogCallback: Hashable, Sendable, CustomStringConvertible {
  /// The Bool the recipe passes.
  public var granted: Bool
  /// The String the recipe passes: an IDFA or `"00"`.
  public var identifier: String
  /// Whether this came from the prompt callback (after the ATT dialog), where the recipe's bug lives.
  public var fromPrompt: Bool

  /// Makes a callback value.
  public init(granted: Bool, identifier: String, fromPrompt: Bool) {
    self.granted = granted
    self.identifier = identifier
    self.fromPrompt = fromPrompt
  }

  /// The recipe's bug bites: the prompt callback says `false` while handing out a real IDFA.
  public var showsRecipeBug: Bool { fromPrompt && !granted && identifier != "00" }

  /// `true,<IDFA>` or `false,00`, as `expect callback=` writes it.
  public var description: String { "\(granted),\(identifier)" }
}

/// One installation of the app on the device, and what it has been told.
public struct AppInstall: Hashable, Sendable {
  /// Info.plist carries `NSUserTrackingUsageDescription`.
  public var hasUsageDescription = true
  /// The lifecycle state.
  public var lifecycle: Lifecycle = .active
  /// Whether it is an app or an App Clip.
  public var kind = AppKind.app
  /// The tracking domains its privacy manifests declare (lower-case host names).
  public var trackingDomains: [String] = []
  /// The user's answer to the ATT dialog for this install, once given.
  public var answer: ATTAnswer?
  /// The day (on the device's clock) of the last answer, in the dialog or in Settings.
  public var answeredOnDay: Int?
  /// What the foreground shows.
  public var screen: AppScreen = .home
  /// The completion of the request on screen has already run (iOS 17.4 runs it with `denied` at once).
  public var completionFired = false
  /// iOS 14 queued the ATT prompt behind another system alert: it shows once that alert is gone.
  public var promptQueued = false
  /// The language the app runs in (a BCP 47 tag).
  public var locale: String
  /// The last `(Bool, String)` the blog recipe handed the app.
  public var blogCallback: BlogCallback?

  /// Whether the app has crashed and waits for a relaunch.
  public var crashed: Bool { screen == .crashed }

  /// Whether the ATT dialog or sheet is on screen.
  public var promptOnScreen: Bool { prompt != .none }

  /// Whether a request waits for the user: its prompt is up, or queued behind another alert.
  public var requestPending: Bool { promptOnScreen || promptQueued }

  /// Whether the app's process runs (iOS ends it when its tracking permission changes in Settings).
  public var isRunning: Bool { lifecycle != .notRunning }

  /// What the system shows to ask, if anything.
  public var prompt: PromptKind {
    switch screen {
    case .attDialog: .shown
    case .attSheet: .sheet
    default: .none
    }
  }

  /// Whether the sheet on screen has the Additional Information button.
  public var sheetHasAdditionalInformation: Bool { screen == .attSheet(additionalInformation: true) }
}

/// Host names as privacy manifests list them.
public enum TrackingDomains {
  /// The declared domain `host` falls under: the domain itself or a subdomain of it (Apple does not say
  /// whether subdomains count; attsim says they do), or nil.
  public static func match(_ host: String, in domains: [String]) -> String? {
    let host = host.lowercased()
    return domains.first { host == $0 || host.hasSuffix("." + $0) }
  }
}
