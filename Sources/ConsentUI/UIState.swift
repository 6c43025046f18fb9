import ConsentCore
import PromptCheck
import PromptStrings
import Scenarios

/// Everything the terminal UI shows: the model, plus what only the screen knows (focus, overlays, log).
public struct UIState: Sendable {
  /// The device, app and SDK.
  public internal(set) var consent: ConsentState
  /// The app's texts and findings.
  public internal(set) var environment: UIEnvironment
  /// The options the demo app passes to `Collect.initialize` at every launch.
  public internal(set) var launchOptions: SDKOptions
  /// An overlay over the whole screen, if any.
  public internal(set) var overlay: Overlay?
  /// Whether the phone shows Settings › Privacy › Tracking, and which part.
  public internal(set) var settings = SettingsPane.closed
  /// The focused button on the phone, as an index into `buttons`.
  public internal(set) var focus = 0
  /// How far the EU sheet's text is scrolled, in lines (the renderer keeps it within the text).
  public internal(set) var promptScroll = 0
  /// The call the demo app's Request button makes.
  public internal(set) var requestCall = RequestCall.classic
  /// The event log, oldest first.
  public internal(set) var log: [LogLine] = []
  /// Payload keys the last action changed (marked in the panel).
  public internal(set) var changedKeys: Set<String> = []
  /// The screen's size in cells, as the driver last reported it.
  public internal(set) var screenWidth = MinimumSize.width
  public internal(set) var screenHeight = MinimumSize.height
  /// The simulated clock, in seconds since 9:41:00.
  public internal(set) var clock = 0
  /// How many events the user has tracked (to name the next one).
  public internal(set) var trackedEvents = 0
  /// Whether the session is being recorded (the title bar shows REC).
  public var isRecording = false
  /// Whether the terminal can only show ASCII (its locale is not UTF-8): the title bar says how to fix it.
  public var terminalIsASCII = false
  /// Why the recording stopped, once writing it failed (the title bar shows it failed).
  public internal(set) var recordingProblem: String?
  /// The scenario being walked, in guided mode.
  public internal(set) var guide: Guide?
  /// Presenter mode: the walk plays by itself.
  public internal(set) var autoplay: Autoplay?

  /// How the scenario plays by itself: a step every `interval` seconds, unless paused.
  public struct Autoplay: Hashable, Sendable {
    /// Seconds between steps.
    public var interval: Double
    /// Whether Space paused it.
    public var paused = false

    /// The interval `--autoplay` alone uses.
    public static let defaultInterval = 1.5
  }

  /// Whether the driver should send `.tick` every `autoplay.interval` seconds: playing, and steps left.
  public var wantsTicks: Bool {
    autoplay?.paused == false && guide?.isFinished == false && overlay == nil
  }
  /// What `u` restores and `U` brings back, with the same rules as a script's `undo` and `redo`.
  var history = UndoHistory<Snapshot>()
  /// How many action lines the session has recorded, so `u` and `U` write as many `undo` or `redo` lines.
  var actionsRecorded = 0

  /// Everything an action can change but the log and the clock, which go on to say what was undone.
  struct Snapshot: Sendable {
    var consent: ConsentState
    var environment: UIEnvironment
    var launchOptions: SDKOptions
    var settings: SettingsPane
    var guide: Guide?
    var changedKeys: Set<String>
    var trackedEvents: Int
    var requestCall: RequestCall
    var actionsRecorded: Int
  }

  /// The state as `u` would bring it back.
  var snapshot: Snapshot {
    Snapshot(
      consent: consent, environment: environment, launchOptions: launchOptions, settings: settings, guide: guide,
      changedKeys: changedKeys, trackedEvents: trackedEvents, requestCall: requestCall, actionsRecorded: actionsRecorded
    )
  }

  /// Brings `snapshot` back.
  mutating func restore(_ snapshot: Snapshot) {
    consent = snapshot.consent
    environment = snapshot.environment
    launchOptions = snapshot.launchOptions
    settings = snapshot.settings
    guide = snapshot.guide
    changedKeys = snapshot.changedKeys
    trackedEvents = snapshot.trackedEvents
    requestCall = snapshot.requestCall
    actionsRecorded = snapshot.actionsRecorded
  }

  /// An overlay over the whole screen.
  public enum Overlay: Hashable, Sendable {
    /// The key help (page 0), or where Apple is silent and attsim decides (page 1).
    case help(page: Int)
    /// The device and SDK setup, with the selected field.
    case setup(SetupField)
    /// The scenario picker, with the selected scenario's index.
    case picker(Int)
    /// Everything a panel section holds (Check, Warnings, Events), scrolled by some lines.
    case details(DetailsSection, scroll: Int)
  }

  /// The panel sections the details view shows in full.
  public enum DetailsSection: CaseIterable, Hashable, Sendable {
    case check, warnings, events
  }

  /// The demo app just launched in `locale`, like a well-behaved app: `Collect.initialize(method-a)` at launch.
  /// The usage description is present exactly when the app's Info.plist has one.
  public init(environment: UIEnvironment, locale: String? = nil, launchOptions: SDKOptions = SDKOptions()) {
    self.environment = environment
    self.launchOptions = launchOptions
    // The app as its Info.plist and privacy manifests make it.
    var consent = ConsentState(
      locale: locale ?? environment.appTexts.app.developmentRegion,
      hasUsageDescription: environment.appTexts.app.hasUsageDescription,
      trackingDomains: environment.appTexts.app.trackingDomains)
    // A fresh app always may initialize its SDK.
    _ = try? consent.apply(.sdkInitialized(launchOptions))
    self.consent = consent
    log = [LogLine(time: 0, text: "Collect.initialize(\(launchOptions.integration.rawValue))", kind: .story)]
  }

  /// The lines that set up a fresh script to this state: the start of a `--record` file.
  public var recordingHeader: [ScriptLine] {
    [.comment("attsim session: replay with `attsim play`")]
      + ScriptWriter.setupActions(for: consent).map(ScriptLine.action)
  }

  /// The current locale.
  public var locale: String { consent.app.locale }

  /// The current locale's texts.
  public var texts: ScreenTexts { environment.appTexts.texts(locale: locale) }

  /// What the phone shows now.
  public var phoneScreen: PhoneScreen {
    switch settings {
    case .tracking: return .settings
    case .globalOffChoice: return .globalOffChoice
    case .closed: break
    }
    switch consent.app.screen {
    case .home: return consent.device.otherAlertOnScreen ? .otherAlert : .home
    case .prePermission: return .prePermission
    case .attDialog: return .attDialog
    case .attSheet: return .attSheet
    case .crashed: return .crashed
    }
  }

  /// The buttons the phone shows now, in focus order (the first has focus when a screen appears); a control
  /// the screen does not draw takes no focus.
  public var buttons: [ButtonID] {
    switch phoneScreen {
    case .home: [.request, .showPrePermission, .trackEvent]
    case .prePermission: [.continuePrePermission, .notNow]
    case .attDialog: [.askNotToTrack, .allow]
    case .attSheet:
      [.allow, .askNotToTrack] + (consent.app.sheetHasAdditionalInformation ? [.additionalInformation] : [])
    case .otherAlert: [.dismissOtherAlert]
    case .crashed: [.relaunch]
    case .settings where !consent.device.iOS.hasATT: [.limitAdTrackingSwitch, .closeSettings]
    case .settings:
      [.globalSwitch] + (consent.appTrackingSwitchRefusal == nil ? [.appSwitch] : []) + [.closeSettings]
    case .globalOffChoice: [.keepTracking, .stopTracking, .cancelGlobalOff]
    }
  }

  /// The focused button.
  public var focusedButton: ButtonID? {
    buttons.indices.contains(focus) ? buttons[focus] : nil
  }
}

extension UIState {
  /// The UI after a script's steps (as `attsim play` runs them from `start`), for `render --script`. The
  /// log shows the script's story; a refused step stops there, as in `play`. An `app bundle=` line shows
  /// the app it names (from `bundles`, loaded by the caller) from then on.
  public init(
    environment: UIEnvironment, replaying script: Script, bundles: [AppBundleReference: AppResources] = [:],
    from start: ConsentState
  ) {
    self.init(environment: environment, starting: start)
    for step in script.steps where !replay(step, bundles: bundles) { break }
  }

  /// The UI at a script's start (`start`), before any step: what `cast` draws first.
  public init(environment: UIEnvironment, starting start: ConsentState) {
    self.init(environment: environment, locale: start.app.locale)
    consent = start
    launchOptions = start.sdk.options
    log = []
  }

  /// Performs one script step as `play` would, through the UI (its log, its history); returns false when the
  /// step was refused, which ends a replay.
  @discardableResult
  public mutating func replay(_ step: Step, bundles: [AppBundleReference: AppResources] = [:]) -> Bool {
    var effects: [UIEffect] = []
    defer { launchOptions = consent.sdk.options }
    switch step.kind {
    case .action(let action):
      perform(action, &effects)
      return !effects.isEmpty
    case .useBundle(let reference):
      guard let bundle = bundles[reference] else { return false }
      showApp(bundle)
      perform(.appConfigured(AppChange(launching: bundle)), &effects)
      return true
    case .undo:
      undo(&effects)
      return !effects.isEmpty
    case .redo:
      redo(&effects)
      return !effects.isEmpty
    case .expect: return true
    }
  }

  /// Shows `bundle`'s texts and findings from now on.
  mutating func showApp(_ bundle: AppResources) {
    guard bundle.root != environment.appTexts.app.root || bundle.target != environment.appTexts.app.target else {
      return
    }
    environment.appTexts.app = bundle
    environment.findings = PromptLinter.check(app: bundle)
  }
}

/// The call the demo app makes when asked to request tracking: the classic one, or iOS 27.2's with its two
/// parameters (the app's availability check falls back to the classic call on earlier releases).
public enum RequestCall: CaseIterable, Hashable, Sendable {
  case classic
  case expanded
  case expandedWithAdditionalInformation
  case additionalInformationOnly

  /// The model's action for this call.
  public var action: Action {
    switch self {
    case .classic: .trackingRequested
    case .expanded:
      .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: true, additionalInformation: false))
    case .expandedWithAdditionalInformation:
      .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: true, additionalInformation: true))
    case .additionalInformationOnly:
      .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: false, additionalInformation: true))
    }
  }

  /// How the setup screen names it.
  public var label: String {
    switch self {
    case .classic: "classic"
    case .expanded: "expanded"
    case .expandedWithAdditionalInformation: "expanded + info"
    case .additionalInformationOnly: "info only"
    }
  }
}
