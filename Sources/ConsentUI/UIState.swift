import ConsentCore
import PromptCheck
import PromptStrings
import Scenarios

/// How a session was started, as the command knows it: whether it records, whether the terminal shows only
/// ASCII, the app it opened and the locale asked for.
public struct UISession: Hashable, Sendable {
  /// Whether the session is being recorded (the title bar shows REC; `e` pins expectations).
  public var isRecording = false
  /// Whether the terminal can only show ASCII (its locale is not UTF-8): the title bar says how to fix it.
  public var terminalIsASCII = false
  /// The app `--app` opened, as a recording names it (`app bundle=…`); nil for the demo app.
  public var app: AppBundleReference?
  /// `--locale`: where the session, and a scenario walked in it, begins.
  public var locale: String?
  /// Who puts right-to-left text in order (`--bidi`).
  public var bidi: BidiMode
  /// Whether the phone shows which button has the keyboard's focus (brackets, reverse video, `▸`): in the
  /// interactive UI and `render --format text`; captures draw buttons as iOS does unless `--focus`.
  public var showsFocus: Bool
  /// `--device`: the device's settings, applied in order before the app launches (and before a scenario's
  /// first line), as `device` lines would be.
  public var device: [DeviceChange]
  /// `--sdk`: the options the app passes to `Collect.initialize` at launch, as an `sdk init` line's.
  public var sdk: SDKOptions?

  /// A session.
  public init(
    isRecording: Bool = false, terminalIsASCII: Bool = false, app: AppBundleReference? = nil, locale: String? = nil,
    bidi: BidiMode = .visual, showsFocus: Bool = true, device: [DeviceChange] = [], sdk: SDKOptions? = nil
  ) {
    self.isRecording = isRecording
    self.terminalIsASCII = terminalIsASCII
    self.app = app
    self.locale = locale
    self.bidi = bidi
    self.showsFocus = showsFocus
    self.device = device
    self.sdk = sdk
  }

  /// `state` with the session's `--device` settings applied (a setting never refuses).
  func configured(_ state: ConsentState) -> ConsentState {
    var state = state
    for change in device { _ = try? state.apply(.deviceConfigured(change)) }
    return state
  }
}

/// Who puts right-to-left text in the order it is read.
public enum BidiMode: String, CaseIterable, Hashable, Sendable {
  /// attsim, with the Unicode bidirectional algorithm: for the terminals that show cells as they come (most).
  case visual
  /// The terminal, which is given text in logical order (VTE, Konsole, mlterm do the algorithm themselves).
  case terminal
}

/// Everything the terminal UI shows: the model (through its walk), plus what only the screen knows (focus,
/// overlays, log).
public struct UIState: Sendable {
  /// Every step the UI takes, the UI's own and a guide's, goes through this walk, as `play` runs scripts.
  var walk: Walk<Scene>
  /// The app's texts and findings.
  public internal(set) var environment: UIEnvironment
  /// How the session was started.
  public let session: UISession
  /// What the UI keeps beside the model, and brings back with it on `u`.
  var scene: Scene
  /// An overlay over the whole screen, if any.
  public internal(set) var overlay: Overlay?
  /// The focused button on the phone, as an index into `buttons`.
  public internal(set) var focus = 0
  /// How far the EU sheet's text is scrolled, in lines (the renderer keeps it within the text).
  public internal(set) var promptScroll = 0
  /// The event log, oldest first.
  public internal(set) var log: [LogLine] = []
  /// The screen's size in cells, as the driver last reported it.
  public internal(set) var screenWidth = MinimumSize.width
  public internal(set) var screenHeight = MinimumSize.height
  /// The simulated clock, in seconds since 9:41:00: it moves once per key that does something (once per user
  /// step in a replay).
  public internal(set) var clock = 0
  /// Presenter mode: the walk plays by itself.
  public internal(set) var autoplay: Autoplay?
  /// How many values ←/→ moved the selected setup field on (back, when negative): applied when it is left.
  public internal(set) var setupSteps = 0
  /// Whether stories and notices stay out of the log (a setup change logs one line of its own).
  var quietStories = false
  /// Whether the clock moves at the next log line (once per key).
  var clockDue = false
  /// The findings of apps already checked, so taking an `app bundle=` back does not check again.
  var checkedApps: [AppKey: [Finding]] = [:]
  /// How many lines that change something the session has recorded (beyond its header).
  var linesRecorded = 0
  /// The app the session opened, where every scenario walk begins.
  var sessionApp: AppResources

  /// Everything a line can change besides the model, brought back with it by `u`, `U` and `R`.
  struct Scene: Sendable {
    /// The app shown (the demo app, `--app`, or what an `app bundle=` line named).
    var app: AppResources
    /// The options the demo app passes to `Collect.initialize` at every launch.
    var launchOptions: SDKOptions
    /// Whether the phone shows Settings › Privacy › Tracking, and which part.
    var settings = SettingsPane.closed
    /// The scenario being walked, in guided mode.
    var guide: Guide?
    /// Payload keys the last action changed (marked in the panel).
    var changedKeys: Set<String> = []
    /// How many events the user has tracked (to name the next one).
    var trackedEvents = 0
    /// The call the demo app's Request button makes.
    var requestCall = RequestCall.classic
  }

  /// An app as the findings cache knows it.
  struct AppKey: Hashable, Sendable {
    var root: String
    var target: String?

    init(_ app: AppResources) {
      root = app.root
      target = app.target
    }
  }

  /// How the scenario plays by itself: a step every `interval` seconds, unless paused.
  public struct Autoplay: Hashable, Sendable {
    /// Seconds between steps.
    public var interval: Double
    /// Whether Space paused it.
    public var paused = false

    /// The interval `--autoplay` alone uses.
    public static let defaultInterval = 1.5
  }

  /// The device, app and SDK.
  public var consent: ConsentState { walk.state }
  /// The options the demo app passes to `Collect.initialize` at every launch.
  public var launchOptions: SDKOptions { scene.launchOptions }
  /// Whether the phone shows Settings › Privacy › Tracking, and which part.
  public var settings: SettingsPane { scene.settings }
  /// The scenario being walked, in guided mode.
  public var guide: Guide? { scene.guide }
  /// Payload keys the last action changed (marked in the panel).
  public var changedKeys: Set<String> { scene.changedKeys }
  /// The call the demo app's Request button makes.
  public var requestCall: RequestCall { scene.requestCall }

  /// Whether the driver should send `.tick` every `autoplay.interval` seconds: playing, and steps left.
  public var wantsTicks: Bool {
    autoplay?.paused == false && guide?.isFinished == false && overlay == nil
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

  /// The panel sections the details view shows in full, by their titles.
  public enum DetailsSection: String, CaseIterable, Hashable, Sendable {
    case check = "Check", warnings = "Warnings", events = "Events"
  }

  /// The demo app (or `--app`) just launched in the session's locale, calling `Collect.initialize(method-a)`,
  /// with the usage description and tracking domains its Info.plist and privacy manifests declare.
  public init(environment: UIEnvironment, session: UISession = UISession()) {
    self.init(environment: environment, session: session, sdkLaunched: true)
  }

  /// The app launched; with `sdkLaunched` false, before its SDK initializes (a script that says `sdk init`
  /// itself starts there).
  init(environment: UIEnvironment, session: UISession, sdkLaunched: Bool) {
    self.environment = environment
    self.session = session
    let app = environment.appTexts.app
    sessionApp = app
    let start = ConsentState(
      locale: session.locale ?? app.developmentRegion, hasUsageDescription: app.hasUsageDescription,
      trackingDomains: app.trackingDomains)
    let launchOptions = session.sdk ?? SDKOptions()
    walk = Walk(from: session.configured(start), bundle: session.app == nil ? nil : app)
    scene = Scene(app: app, launchOptions: launchOptions)
    if let findings = environment.findings { checkedApps[AppKey(app)] = findings }
    guard sdkLaunched else { return }
    var effects: [UIEffect] = []
    perform(.action(.sdkInitialized(launchOptions)), &effects)
    // The launch is where the session starts: nothing to take back before it.
    walk = Walk(from: walk.state, bundle: walk.bundle)
    linesRecorded = 0
  }

  /// The lines that set up a fresh script to this state: the start of a `--record` file.
  public var recordingHeader: [ScriptLine] { setupLines(comment: "attsim session: replay with `attsim play`") }

  /// `comment`, then the lines that set up a fresh script to this state (with `--app`, the app's resources first).
  func setupLines(comment: String) -> [ScriptLine] {
    [.comment(comment)] + (session.app.map { [.bundle($0)] } ?? [])
      + ScriptWriter.setupActions(for: consent).map(ScriptLine.action)
  }

  /// What the driver starts once the first frame is on screen: the app read whole (when only one locale was
  /// read; its check follows), the system texts when they wait, the app's check, the scenario library.
  public var firstFrameWork: [UIWork] {
    let app = environment.appTexts.app
    return (app.isPartial ? [.loadApp] : [])
      + (environment.appTexts.system.localizations.isEmpty ? [.loadSystemTexts] : [])
      + (environment.findings == nil && !app.isPartial ? [.check(app)] : []) + [.loadScenarios]
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
    // App Review rejects a screen that lets the user skip the prompt: the demo app's has only Continue, unless
    // the guided scenario's next step is the rejected pattern.
    case .prePermission:
      [.continuePrePermission] + (guide?.nextStep?.kind == .action(.prePermissionDeclined) ? [.notNow] : [])
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
