import ConsentCore
import PromptCheck
import PromptStrings
import Scenarios

/// Key handling: every key and click goes through `handle`, which changes the state and says what the
/// driver must do. The same function serves the terminal, `render --keys` and the tests.
extension UIState {
  /// Handles one event.
  @discardableResult
  public mutating func handle(_ event: UIEvent) -> [UIEffect] {
    let screenBefore = phoneScreen
    var effects: [UIEffect] = []
    switch event {
    // While the window is too small nothing is on screen to act on: only quitting (and resizes) act.
    case .press where isTooSmall, .tick where isTooSmall: break
    case .key(let key):
      beginKey()
      if let command = KeyMap.command(for: key, in: keyContexts, holds: holds) { run(command, key: key, &effects) }
    case .press(let button):
      // An overlay covers the phone: a click on it does not reach the buttons beneath.
      guard overlay == nil else { break }
      beginKey()
      press(button, &effects)
    case .tick:
      guard wantsTicks else { break }
      beginKey()
      playNextStep(&effects)
    case .checked(let findings, let app):
      checkedApps[AppKey(app)] = findings
      if AppKey(app) == AppKey(environment.appTexts.app) { environment.findings = findings }
    case .scenariosLoaded(let scenarios): environment.scenarios = scenarios
    case .systemTextsLoaded(let system): environment.appTexts.system = system
    case .appLoaded(let app): adoptWholeApp(app, &effects)
    case .resized(let width, let height):
      (screenWidth, screenHeight) = (width, height)
      promptScroll = min(promptScroll, promptLayout?.maxScroll ?? 0)
      if case .help(let page) = overlay { overlay = .help(page: min(page, helpPageCount - 1)) }
    }
    if phoneScreen != screenBefore {
      focus = 0
      promptScroll = 0
    }
    clockDue = false
    return effects
  }

  /// The app read whole in place of the partial read it was started with (wherever that is shown), and its
  /// check.
  private mutating func adoptWholeApp(_ app: AppResources, _ effects: inout [UIEffect]) {
    let key = AppKey(app)
    guard key == AppKey(sessionApp) else { return }
    if AppKey(environment.appTexts.app) == key { environment.appTexts.app = app }
    if AppKey(scene.app) == key { scene.app = app }
    sessionApp = app
    if checkedApps[key] == nil { effects.append(.work(.check(app))) }
  }

  /// Before what one key (or click, or presenter step) does: the clock moves once, and the lines it puts in
  /// the walk are one group, what `u` takes back.
  private mutating func beginKey() {
    clockDue = true
    walk.beginGroup()
  }

  /// Where keys act now, the first that takes a key first: a small window takes only `q`; an overlay takes
  /// every key; presenter mode's keys come before the main screen's.
  var keyContexts: [KeyContext] {
    switch overlay {
    case _ where isTooSmall: [.tooSmall]
    case .help: [.help]
    case .setup: [.setup]
    case .picker: [.picker]
    case .details: [.details]
    case nil: autoplay == nil ? [.main] : [.presenter, .main]
    }
  }

  /// Whether the window is too small to show the UI (the screen says how big it must be).
  public var isTooSmall: Bool { screenWidth < MinimumSize.width || screenHeight < MinimumSize.height }

  /// Whether a binding's condition holds in this state.
  func holds(_ condition: KeyCondition) -> Bool {
    switch condition {
    case .always: true
    case .promptUp: isPromptUp
    case .settingsOpen: settings != .closed
    case .guided: guide != nil
    case .scenariosLoaded: !environment.scenarios.isEmpty
    case .additionalInformationOffered: buttons.contains(.additionalInformation)
    case .playing: autoplay?.paused == false
    case .paused: autoplay?.paused == true
    case .laterHelpPage: if case .help(let page) = overlay { page < helpPageCount - 1 } else { false }
    case .earlierHelpPage: if case .help(let page) = overlay { page > 0 } else { false }
    }
  }

  /// What each command of the key map does.
  private mutating func run(_ command: KeyCommand, key: KeyPress, _ effects: inout [UIEffect]) {
    switch command {
    case .quit: effects.append(.quit)
    case .help: overlay = .help(page: 0)
    case .setup: overlay = .setup(.iOS)
    case .scenarios: openPicker()
    case .pin: pinExpectations(&effects)
    case .undo, .redo, .restart: goBack(command, &effects)
    case .details: overlay = .details(guide == nil ? .check : .warnings, scroll: 0)
    case .repaint: break
    case .scrollPrompt:
      let lines =
        (Self.forwardKeys.contains(key) ? 1 : -1) * (key == .pageUp || key == .pageDown ? Self.sheetScrollStep : 1)
      promptScroll = min(max(0, promptScroll + lines), promptLayout?.maxScroll ?? 0)
    case .moveFocus:
      let count = buttons.count
      focus = (focus + (Self.forwardKeys.contains(key) ? 1 : count - 1)) % count
    case .press: if let button = focusedButton { press(button, &effects) }
    case .leaveSettings: press(settings == .tracking ? .closeSettings : .cancelGlobalOff, &effects)
    case .prePermission: act(.prePermissionShown, &effects)
    // With no prompt up these are refused, and the log says why.
    case .allow: act(.allowTapped, &effects)
    case .askNotToTrack: act(.askNotToTrackTapped, &effects)
    case .additionalInformation: act(.additionalInformationTapped, &effects)
    case .dismiss: act(.promptDismissedBySystem, &effects)
    case .year:
      act(.clockAdvanced(seconds: ConsentState.daysBetweenPrompts * 86_400), &effects, notice: "a year passes")
    case .wait: act(.clockAdvanced(seconds: Self.waitStep), &effects, notice: "\(Self.waitStep) seconds pass")
    case .nextLocale: switchLocale(by: 1, &effects)
    case .previousLocale: switchLocale(by: -1, &effects)
    case .nextIOS: setIOS(consent.device.iOS.nextPlanVersion, &effects)
    case .settings: settings == .closed ? openSettings(&effects) : closeSettings(&effects)
    case .integration:
      scene.launchOptions.integration = launchOptions.integration.next
      relaunch(&effects)
    case .track: trackEvent(&effects)
    case .reinstall:
      act(.reinstalled, &effects)
      launch(&effects)
    case .relaunch: relaunch(&effects)
    case .consent: act(.consentSet(track: consent.sdk.consent.track != true, identify: nil), &effects)
    case .pause, .resume: autoplay?.paused.toggle()
    case .step: if guide?.isFinished == false { playNextStep(&effects) }
    case .select, .change, .turnPage, .walkScenario, .scrollDetails, .nextSection, .close:
      runOverlayCommand(command, key: key, &effects)
    }
  }

  /// The keys that move forward: to the next field, value, page, section or button, or down.
  static let forwardKeys: Set<KeyPress> = [.tab, .right, .down, .pageDown, .character(" ")]

  /// Seconds `w` lets pass (an SDK's wait for the ATT answer runs on them).
  static let waitStep = 10

  /// Lines PgUp and PgDn scroll the prompt's text by.
  static let sheetScrollStep = 5

  /// Whether the ATT alert or the EU sheet is up.
  private var isPromptUp: Bool { phoneScreen == .attDialog || phoneScreen == .attSheet }

  /// The prompt on screen laid out at the screen's size, as the renderer draws it; nil with no prompt up.
  private var promptLayout: PromptLayout? {
    let rows = PromptLayout.screenRows(terminalHeight: screenHeight)
    switch phoneScreen {
    case .attDialog: return .alert(texts, screenRows: rows)
    case .attSheet:
      let width = PromptLayout.phoneWidth(terminalWidth: screenWidth) - 2 - 4
      return .sheet(
        texts, screenRows: rows, width: width, additionalInformation: buttons.contains(.additionalInformation))
    default: return nil
    }
  }

  /// A bound on the details view's scrolling (the renderer keeps it within the text).
  static let longestDetails = 100_000

  /// Presses a phone button (Enter, Space, or a click).
  mutating func press(_ button: ButtonID, _ effects: inout [UIEffect]) {
    guard buttons.contains(button) else { return }
    switch button {
    case .request: act(requestAction, &effects)
    case .showPrePermission: act(.prePermissionShown, &effects)
    case .trackEvent: trackEvent(&effects)
    case .continuePrePermission: act(.prePermissionContinued, &effects)
    case .notNow: act(.prePermissionDeclined, &effects)
    case .askNotToTrack: act(.askNotToTrackTapped, &effects)
    case .allow: act(.allowTapped, &effects)
    case .additionalInformation: act(.additionalInformationTapped, &effects)
    case .relaunch: relaunch(&effects)
    case .globalSwitch:
      if consent.device.trackingSwitchOn {
        // iOS asks what happens to apps that answered, when it lets the switch go off at all; otherwise the
        // model says why not.
        if consent.refusal(for: .trackingSwitchTurnedOff(existing: .keep)) == nil {
          scene.settings = .globalOffChoice
        } else {
          act(.trackingSwitchTurnedOff(existing: .keep), &effects)
        }
      } else {
        act(.trackingSwitchTurnedOn, &effects)
      }
    case .appSwitch: act(.appTrackingSwitchChanged(on: consent.status != .authorized), &effects)
    case .limitAdTrackingSwitch:
      act(.deviceConfigured(DeviceChange(limitAdTracking: !consent.device.limitAdTracking)), &effects)
    case .dismissOtherAlert:
      act(
        .deviceConfigured(DeviceChange(otherAlertOnScreen: false)), &effects,
        notice: "the other system alert is answered")
    case .closeSettings: closeSettings(&effects)
    case .keepTracking, .stopTracking:
      scene.settings = .tracking
      act(.trackingSwitchTurnedOff(existing: button == .keepTracking ? .keep : .stop), &effects)
    case .cancelGlobalOff: scene.settings = .tracking
    }
  }

  /// The call the Request button makes: in a guided walk whose next step is a request, that request (the
  /// scenario says what the app's code calls); otherwise the one the setup chose.
  private var requestAction: Action {
    if case .action(let action) = guide?.nextStep?.kind {
      switch action {
      case .trackingRequested, .expandedTrackingRequested: return action
      default: break
      }
    }
    return requestCall.action
  }

  // MARK: Overlays

  /// The scenario picker, unless a recording already holds steps: one recording is one walk, so that
  /// `play` and `restart` read it as the session went.
  private mutating func openPicker() {
    if session.isRecording, linesRecorded > 0 {
      note(
        "✗ g: this recording already holds steps; record a scenario from the start with attsim --scenario NAME --record FILE",
        .refusal)
      return
    }
    overlay = .picker(0)
  }

  /// What an overlay's own keys do.
  private mutating func runOverlayCommand(_ command: KeyCommand, key: KeyPress, _ effects: inout [UIEffect]) {
    let step = Self.forwardKeys.contains(key) ? 1 : -1
    func cycle(_ index: Int, _ count: Int) -> Int { (index + step + count) % count }
    switch (command, overlay) {
    case (.select, .setup(let field)):
      applySetup(field, &effects)
      overlay = .setup(SetupField.allCases[cycle(field.rawValue, SetupField.allCases.count)])
    case (.select, .picker(let index)): overlay = .picker(cycle(index, environment.scenarios.count))
    case (.change, .setup): setupSteps += step
    case (.close, .setup(let field)):
      applySetup(field, &effects)
      overlay = nil
    case (.turnPage, .help(let page)): overlay = .help(page: min(max(0, page + step), helpPageCount - 1))
    case (.walkScenario, .picker(let index)):
      overlay = nil
      startScenario(environment.scenarios[index], locale: locale, &effects)
    case (.nextSection, .details(let section, _)):
      let sections = DetailsSection.allCases
      overlay = .details(sections[cycle(sections.firstIndex(of: section) ?? 0, sections.count)], scroll: 0)
    case (.scrollDetails, .details(let section, let scroll)):
      let lines = step * (key == .pageUp || key == .pageDown ? Self.sheetScrollStep * 2 : 1)
      overlay = .details(section, scroll: min(max(0, scroll + lines), Self.longestDetails))
    default: overlay = nil
    }
  }

  /// How many pages the help has at the screen's height: the keys, then where attsim decides.
  public var helpPageCount: Int { HelpPages.keyPages(screenHeight: screenHeight).count + 1 }

  /// Leaving a setup field applies the value ←/→ chose there, as one change through the walk, and logs it in
  /// one line (with what it did to the status and the IDFA).
  private mutating func applySetup(_ field: SetupField, _ effects: inout [UIEffect]) {
    let (steps, before) = (setupSteps, setupValue(field))
    setupSteps = 0
    let (status, idfa) = (consent.statusWord, consent.deviceIDFA)
    guard steps != 0 else { return }
    quietStories = true
    change(field, steps: steps, &effects)
    quietStories = false
    guard setupValue(field) != before else { return }
    var changes = ["\(field.label) \(before) → \(setupValue(field))"]
    if consent.statusWord != status { changes.append("status \(status) → \(consent.statusWord)") }
    if consent.deviceIDFA != idfa {
      changes.append(
        consent.deviceIDFA == IDFA.zero ? "the device now hands out the zero IDFA" : "the device now hands out its IDFA"
      )
    }
    note("setup: " + changes.joined(separator: "; "), .notice)
  }

  /// Moves a setup field `steps` values on (back, when negative), as the matching script action.
  mutating func change(_ field: SetupField, steps: Int, _ effects: inout [UIEffect]) {
    func step<T: Equatable>(_ values: [T], _ current: T) -> T {
      let index = values.firstIndex(of: current) ?? 0
      return values[((index + steps) % values.count + values.count) % values.count]
    }
    func flip(_ value: Bool) -> Bool { step([false, true], value) }
    let device = consent.device
    switch field {
    case .iOS: setIOS(step(IOSVersion.planVersions, device.iOS), &effects)
    case .kind: act(.deviceConfigured(DeviceChange(kind: step(DeviceKind.allCases, device.kind))), &effects)
    case .country:
      act(.deviceConfigured(DeviceChange(country: step(SetupField.countries, device.country))), &effects)
    case .accountCountry:
      let country = step(SetupField.countries, device.accountCountry)
      act(.deviceConfigured(DeviceChange(accountCountry: country)), &effects)
    case .appKind: act(.appConfigured(AppChange(kind: step(AppKind.allCases, consent.app.kind))), &effects)
    case .requestCall: scene.requestCall = step(RequestCall.allCases, requestCall)
    case .trackingDomains:
      var choices = SetupField.domainChoices
      let manifests = environment.appTexts.app.trackingDomains
      if !choices.contains(manifests) { choices.insert(manifests, at: 1) }
      act(.appConfigured(AppChange(trackingDomains: step(choices, consent.app.trackingDomains))), &effects)
    case .endpoint:
      scene.launchOptions.endpoint = step(SetupField.endpoints, launchOptions.endpoint)
      relaunch(&effects)
    case .trackingSwitch:
      act(.deviceConfigured(DeviceChange(trackingSwitchOn: flip(device.trackingSwitchOn))), &effects)
    case .restricted: act(.deviceConfigured(DeviceChange(restricted: flip(device.restricted))), &effects)
    case .limitAdTracking: act(.deviceConfigured(DeviceChange(limitAdTracking: flip(device.limitAdTracking))), &effects)
    case .otherAlert:
      act(.deviceConfigured(DeviceChange(otherAlertOnScreen: flip(device.otherAlertOnScreen))), &effects)
    case .appState:
      act(.appConfigured(AppChange(lifecycle: step(Lifecycle.running, consent.app.lifecycle))), &effects)
    case .usageDescription:
      act(.appConfigured(AppChange(hasUsageDescription: flip(consent.app.hasUsageDescription))), &effects)
    case .integration:
      scene.launchOptions.integration = step(Integration.allCases, launchOptions.integration)
      relaunch(&effects)
    case .optOut:
      scene.launchOptions.optOut = flip(launchOptions.optOut)
      relaunch(&effects)
    case .useConsent:
      scene.launchOptions.useConsent = flip(launchOptions.useConsent)
      relaunch(&effects)
    case .waitForATT:
      scene.launchOptions.waitForATT = step(SetupField.waits, launchOptions.waitForATT)
      relaunch(&effects)
    }
  }

  // MARK: Compound actions

  private mutating func switchLocale(by offset: Int, _ effects: inout [UIEffect]) {
    let locales = environment.appTexts.locales
    guard !locales.isEmpty else { return }
    let index = locales.firstIndex(of: locale) ?? -offset
    let next = locales[(index + offset + locales.count) % locales.count]
    act(.appConfigured(AppChange(locale: next)), &effects, notice: "locale: \(next)")
  }

  /// An OS update restarts the phone into the app (Settings closes); the demo app launches again and
  /// initializes the SDK.
  private mutating func setIOS(_ version: IOSVersion, _ effects: inout [UIEffect]) {
    guard act(.deviceConfigured(DeviceChange(iOS: version)), &effects) else { return }
    scene.settings = .closed
    launch(&effects)
  }

  private mutating func relaunch(_ effects: inout [UIEffect]) {
    act(.relaunched, &effects)
    launch(&effects)
  }

  /// The demo app's launch: `Collect.initialize` with the launch options (in guided mode the scenario
  /// says when the SDK initializes).
  private mutating func launch(_ effects: inout [UIEffect]) {
    guard guide == nil else { return }
    act(.sdkInitialized(launchOptions), &effects)
  }

  private mutating func trackEvent(_ effects: inout [UIEffect]) {
    scene.trackedEvents += 1
    act(.eventTracked(name: "demo_event_\(scene.trackedEvents)"), &effects)
  }

  /// Going to Settings sends the app to the background; coming back makes it active. With the ATT dialog up
  /// Settings cannot change anything, so it does not open.
  private mutating func openSettings(_ effects: inout [UIEffect]) {
    if let refusal = consent.openSettingsRefusal {
      note("✗ Settings: \(refusal.reason)", .refusal)
      return
    }
    scene.settings = .tracking
    if consent.app.lifecycle != .background {
      act(.appConfigured(AppChange(lifecycle: .background)), &effects, notice: "Settings opened: app in background")
    }
  }

  /// Back from Settings the app is active again; one iOS ended (its tracking switch changed) launches
  /// again, and the demo app initializes its SDK.
  private mutating func closeSettings(_ effects: inout [UIEffect]) {
    scene.settings = .closed
    let ended = !consent.app.isRunning
    act(.appConfigured(AppChange(lifecycle: .active)), &effects, notice: "back in the app: active")
    if ended { launch(&effects) }
  }

  /// `e`: in a recorded session, `expect` lines pinning what the panel shows now (with the app's resources,
  /// the prompt's text and source too).
  private mutating func pinExpectations(_ effects: inout [UIEffect]) {
    guard session.isRecording else {
      note("✗ e pins expectations into the recording: start attsim with --record FILE", .refusal)
      return
    }
    let lines = ScriptWriter.expectations(pinning: consent, bundle: walk.bundle)
    for line in lines { effects.append(.record(.expectations(line))) }
    note("pinned: " + lines.map { $0.dropFirst("expect ".count) }.joined(separator: " "), .notice)
  }

  // MARK: Presenter mode

  /// Starts walking `scenario` with every step played by itself, one every `interval` seconds.
  public mutating func startAutoplay(_ scenario: GuidedScenario, interval: Double) -> [UIEffect] {
    let effects = startScenario(scenario)
    autoplay = Autoplay(interval: interval)
    return effects
  }

  /// Performs the step the tester would: the next one of the walk, as its keys would.
  private mutating func playNextStep(_ effects: inout [UIEffect]) {
    guard let step = guide?.nextStep else { return }
    switch step.kind {
    case .action(let action):
      scene.settings = .closed
      act(action, &effects)
    case .undo: goBack(.undo, &effects)
    case .redo: goBack(.redo, &effects)
    case .restart: goBack(.restart, &effects)
    case .expect, .useBundle: break
    }
  }
}
