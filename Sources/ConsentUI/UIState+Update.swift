import ConsentCore
import Scenarios
import TextSupport

/// Key handling: every key and click goes through `handle`, which changes the state and says what the
/// driver must do. The same function serves the terminal, `render --script` and the tests.
extension UIState {
  /// Handles one event.
  @discardableResult
  public mutating func handle(_ event: UIEvent) -> [UIEffect] {
    let screenBefore = phoneScreen
    var effects: [UIEffect] = []
    switch event {
    case .key(let key): handle(key, &effects)
    case .press(let button): press(button, &effects)
    case .recordingFailed(let problem):
      recordingProblem = problem
      log.append(LogLine(time: clock, text: "✗ recording stopped: \(problem)", kind: .refusal))
    case .checked(let findings): environment.findings = findings
    case .scenariosLoaded(let scenarios): environment.scenarios = scenarios
    case .tick: if wantsTicks { playNextStep(&effects) }
    case .resized(let width, let height):
      (screenWidth, screenHeight) = (width, height)
      promptScroll = min(promptScroll, promptLayout?.maxScroll ?? 0)
    }
    if phoneScreen != screenBefore {
      focus = 0
      promptScroll = 0
    }
    return effects
  }

  private mutating func handle(_ key: KeyPress, _ effects: inout [UIEffect]) {
    if case .interrupt = key {
      effects.append(.quit)
      return
    }
    if let overlay {
      handleOverlay(overlay, key, &effects)
      return
    }
    if autoplay != nil, handlePresenterKey(key, &effects) { return }
    let buttons = self.buttons
    switch key {
    // On a prompt, ↑ and ↓ scroll its text (as iOS scrolls a long alert); elsewhere they move focus.
    case .down where isPromptUp: promptScroll = min(promptScroll + 1, promptLayout?.maxScroll ?? 0)
    case .up where isPromptUp: promptScroll = max(0, promptScroll - 1)
    case .tab, .right, .down: focus = (focus + 1) % buttons.count
    case .backTab, .left, .up: focus = (focus + buttons.count - 1) % buttons.count
    case .enter, .character(" "):
      if let button = focusedButton { press(button, &effects) }
    case .escape:
      switch settings {
      case .closed: break
      case .tracking: press(.closeSettings, &effects)
      case .globalOffChoice: press(.cancelGlobalOff, &effects)
      }
    case .pageDown where isPromptUp:
      promptScroll = min(promptScroll + Self.sheetScrollStep, promptLayout?.maxScroll ?? 0)
    case .pageUp where isPromptUp: promptScroll = max(0, promptScroll - Self.sheetScrollStep)
    case .character(let character): handleCommand(character, &effects)
    default: break
    }
  }

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

  /// The single-letter commands of SPEC §5.
  private mutating func handleCommand(_ character: Character, _ effects: inout [UIEffect]) {
    switch character {
    case "q": effects.append(.quit)
    case "?": overlay = .help(page: 0)
    case "d": overlay = .setup(.iOS)
    case "g" where !environment.scenarios.isEmpty: overlay = .picker(0)
    case "e": pinExpectations(&effects)
    case "u": undo(&effects)
    case "U": redo(&effects)
    case "R" where guide != nil: restartScenario(&effects)
    case "v": overlay = .details(guide == nil ? .check : .warnings, scroll: 0)
    case "p": perform(.prePermissionShown, &effects)
    // With no prompt up these are refused, and the log says why.
    case "a": perform(.allowTapped, &effects)
    case "n": perform(.askNotToTrackTapped, &effects)
    case "o": perform(.additionalInformationTapped, &effects)
    case "!": perform(.promptDismissedBySystem, &effects)
    case "y": perform(.clockAdvanced(days: ConsentState.daysBetweenPrompts), &effects, notice: "a year passes")
    case "l": switchLocale(by: 1, &effects)
    case "L": switchLocale(by: -1, &effects)
    case "i": setIOS(consent.device.iOS.nextPlanVersion, &effects)
    case "s": settings == .closed ? openSettings(&effects) : closeSettings(&effects)
    case "m":
      launchOptions.integration = launchOptions.integration.next
      relaunch(&effects)
    case "t": trackEvent(&effects)
    case "r":
      perform(.reinstalled, &effects)
      launch(&effects)
    case "x": relaunch(&effects)
    case "c": perform(.consentSet(track: consent.sdk.consent.track != true, identify: nil), &effects)
    default: break
    }
  }

  /// Presses a phone button (Enter, Space, or a click).
  mutating func press(_ button: ButtonID, _ effects: inout [UIEffect]) {
    guard buttons.contains(button) else { return }
    switch button {
    case .request: perform(requestCall.action, &effects)
    case .showPrePermission: perform(.prePermissionShown, &effects)
    case .trackEvent: trackEvent(&effects)
    case .continuePrePermission: perform(.prePermissionContinued, &effects)
    case .notNow: perform(.prePermissionDeclined, &effects)
    case .askNotToTrack: perform(.askNotToTrackTapped, &effects)
    case .allow: perform(.allowTapped, &effects)
    case .additionalInformation: perform(.additionalInformationTapped, &effects)
    case .relaunch: relaunch(&effects)
    case .globalSwitch:
      if consent.device.trackingSwitchOn {
        // iOS asks what happens to apps that answered, when it lets the switch go off at all; otherwise the
        // model says why not.
        if consent.refusal(for: .trackingSwitchTurnedOff(existing: .keep)) == nil {
          settings = .globalOffChoice
        } else {
          perform(.trackingSwitchTurnedOff(existing: .keep), &effects)
        }
      } else {
        perform(.trackingSwitchTurnedOn, &effects)
      }
    case .appSwitch: perform(.appTrackingSwitchChanged(on: consent.status != .authorized), &effects)
    case .limitAdTrackingSwitch:
      perform(.deviceConfigured(DeviceChange(limitAdTracking: !consent.device.limitAdTracking)), &effects)
    case .dismissOtherAlert:
      perform(
        .deviceConfigured(DeviceChange(otherAlertOnScreen: false)), &effects,
        notice: "the other system alert is answered")
    case .closeSettings: closeSettings(&effects)
    case .keepTracking, .stopTracking:
      settings = .tracking
      perform(.trackingSwitchTurnedOff(existing: button == .keepTracking ? .keep : .stop), &effects)
    case .cancelGlobalOff: settings = .tracking
    }
  }

  // MARK: Overlays

  private mutating func handleOverlay(_ overlay: Overlay, _ key: KeyPress, _ effects: inout [UIEffect]) {
    if case .picker(let index) = overlay {
      let count = environment.scenarios.count
      switch key {
      case .up, .backTab: self.overlay = .picker((index + count - 1) % count)
      case .down, .tab: self.overlay = .picker((index + 1) % count)
      case .enter:
        self.overlay = nil
        startScenario(environment.scenarios[index], &effects)
      case .character("q"): effects.append(.quit)
      default: self.overlay = nil
      }
      return
    }
    if case .details(let section, let scroll) = overlay {
      let sections = DetailsSection.allCases
      let index = sections.firstIndex(of: section) ?? 0
      switch key {
      case .character("q"): effects.append(.quit)
      case .tab, .right: self.overlay = .details(sections[(index + 1) % sections.count], scroll: 0)
      case .backTab, .left: self.overlay = .details(sections[(index + sections.count - 1) % sections.count], scroll: 0)
      case .down: self.overlay = .details(section, scroll: min(scroll + 1, Self.longestDetails))
      case .up: self.overlay = .details(section, scroll: max(0, scroll - 1))
      case .pageDown:
        self.overlay = .details(section, scroll: min(scroll + Self.sheetScrollStep * 2, Self.longestDetails))
      case .pageUp: self.overlay = .details(section, scroll: max(0, scroll - Self.sheetScrollStep * 2))
      default: self.overlay = nil
      }
      return
    }
    if case .help(let page) = overlay {
      switch (key, page) {
      case (.character("q"), _): effects.append(.quit)
      case (.pageDown, 0), (.right, 0), (.down, 0): self.overlay = .help(page: 1)
      case (.pageUp, 1), (.left, 1), (.up, 1): self.overlay = .help(page: 0)
      default: self.overlay = nil
      }
      return
    }
    guard case .setup(let field) = overlay else { return }
    let fields = SetupField.allCases
    switch key {
    case .up, .backTab: self.overlay = .setup(fields[(field.rawValue + fields.count - 1) % fields.count])
    case .down, .tab: self.overlay = .setup(fields[(field.rawValue + 1) % fields.count])
    case .right, .character(" "): change(field, forward: true, &effects)
    case .left: change(field, forward: false, &effects)
    case .character("q"): effects.append(.quit)
    default: self.overlay = nil
    }
  }

  /// Moves a setup field to its next (or previous) value, as the matching script action.
  private mutating func change(_ field: SetupField, forward: Bool, _ effects: inout [UIEffect]) {
    func step<T: Equatable>(_ values: [T], _ current: T) -> T {
      let index = values.firstIndex(of: current) ?? 0
      return values[(index + (forward ? 1 : values.count - 1)) % values.count]
    }
    let device = consent.device
    let before = (consent.statusWord, consent.deviceIDFA)
    defer { logSetupEffect(since: before) }
    switch field {
    case .iOS: setIOS(step(IOSVersion.planVersions, device.iOS), &effects)
    case .kind: perform(.deviceConfigured(DeviceChange(kind: step(DeviceKind.allCases, device.kind))), &effects)
    case .country:
      perform(.deviceConfigured(DeviceChange(country: step(SetupField.countries, device.country))), &effects)
    case .accountCountry:
      let country = step(SetupField.countries, device.accountCountry)
      perform(.deviceConfigured(DeviceChange(accountCountry: country)), &effects)
    case .appKind: perform(.appConfigured(AppChange(kind: step(AppKind.allCases, consent.app.kind))), &effects)
    case .requestCall: requestCall = step(RequestCall.allCases, requestCall)
    case .trackingDomains:
      var choices = SetupField.domainChoices
      let manifests = environment.appTexts.app.trackingDomains
      if !choices.contains(manifests) { choices.insert(manifests, at: 1) }
      perform(.appConfigured(AppChange(trackingDomains: step(choices, consent.app.trackingDomains))), &effects)
    case .endpoint:
      launchOptions.endpoint = step(SetupField.endpoints, launchOptions.endpoint)
      relaunch(&effects)
    case .trackingSwitch: perform(.deviceConfigured(DeviceChange(trackingSwitchOn: !device.trackingSwitchOn)), &effects)
    case .restricted: perform(.deviceConfigured(DeviceChange(restricted: !device.restricted)), &effects)
    case .limitAdTracking: perform(.deviceConfigured(DeviceChange(limitAdTracking: !device.limitAdTracking)), &effects)
    case .otherAlert: perform(.deviceConfigured(DeviceChange(otherAlertOnScreen: !device.otherAlertOnScreen)), &effects)
    case .appState:
      perform(.appConfigured(AppChange(lifecycle: step(Lifecycle.allCases, consent.app.lifecycle))), &effects)
    case .usageDescription:
      perform(.appConfigured(AppChange(hasUsageDescription: !consent.app.hasUsageDescription)), &effects)
    case .integration:
      launchOptions.integration = step(Integration.allCases, launchOptions.integration)
      relaunch(&effects)
    case .optOut:
      launchOptions.optOut.toggle()
      relaunch(&effects)
    case .useConsent:
      launchOptions.useConsent.toggle()
      relaunch(&effects)
    }
  }

  /// After a setup change: an Events line when the status or the IDFA the device hands out changed, so the
  /// log says why the panel did.
  private mutating func logSetupEffect(since before: (status: String, idfa: String)) {
    let after = (status: consent.statusWord, idfa: consent.deviceIDFA)
    var changes: [String] = []
    if after.status != before.status { changes.append("status \(before.status) → \(after.status)") }
    if after.idfa != before.idfa {
      changes.append(
        after.idfa == IDFA.zero ? "the device now hands out the zero IDFA" : "the device now hands out its IDFA")
    }
    guard !changes.isEmpty else { return }
    log.append(LogLine(time: clock, text: "setup: " + changes.joined(separator: "; "), kind: .notice))
  }

  // MARK: Compound actions

  private mutating func switchLocale(by offset: Int, _ effects: inout [UIEffect]) {
    let locales = environment.appTexts.locales
    guard !locales.isEmpty else { return }
    let index = locales.firstIndex(of: locale) ?? -offset
    let next = locales[(index + offset + locales.count) % locales.count]
    perform(.appConfigured(AppChange(locale: next)), &effects, notice: "locale: \(next)")
  }

  /// An OS update restarts the phone; the demo app launches again and initializes the SDK.
  private mutating func setIOS(_ version: IOSVersion, _ effects: inout [UIEffect]) {
    perform(.deviceConfigured(DeviceChange(iOS: version)), &effects)
    launch(&effects)
  }

  private mutating func relaunch(_ effects: inout [UIEffect]) {
    perform(.relaunched, &effects)
    launch(&effects)
  }

  /// The demo app's launch: `Collect.initialize` with the launch options (in guided mode the scenario
  /// says when the SDK initializes).
  private mutating func launch(_ effects: inout [UIEffect]) {
    guard guide == nil else { return }
    perform(.sdkInitialized(launchOptions), &effects)
  }

  // MARK: Presenter mode

  /// Starts walking `scenario` with every step played by itself, one every `interval` seconds.
  public mutating func startAutoplay(_ scenario: GuidedScenario, interval: Double) -> [UIEffect] {
    let effects = startScenario(scenario)
    autoplay = Autoplay(interval: interval)
    return effects
  }

  /// Space pauses and resumes, → plays the next step, ← takes the last one back; R and q as ever.
  private mutating func handlePresenterKey(_ key: KeyPress, _ effects: inout [UIEffect]) -> Bool {
    switch key {
    case .character(" "): autoplay?.paused.toggle()
    case .right: if guide?.isFinished == false { playNextStep(&effects) }
    case .left: undo(&effects)
    default: return false
    }
    return true
  }

  /// Performs the step the tester would: the next one of the walk, as its keys would.
  private mutating func playNextStep(_ effects: inout [UIEffect]) {
    guard let step = guide?.nextStep else { return }
    switch step.kind {
    case .action(let action):
      settings = .closed
      perform(action, &effects)
    case .undo: undo(&effects)
    case .redo: redo(&effects)
    case .expect, .useBundle: break
    }
  }

  /// Starts walking `scenario` from the script defaults, as `attsim play` runs it.
  public mutating func startScenario(_ scenario: GuidedScenario) -> [UIEffect] {
    var effects: [UIEffect] = []
    startScenario(scenario, &effects)
    return effects
  }

  private mutating func startScenario(_ scenario: GuidedScenario, _ effects: inout [UIEffect]) {
    consent = ConsentState(scriptStartFor: environment.appTexts.app)
    launchOptions = SDKOptions()
    settings = .closed
    overlay = nil
    changedKeys = []
    clock = 0
    log = [LogLine(time: 0, text: "scenario: \(scenario.title)", kind: .notice)]
    guide = Guide(scenario: scenario)
    history = UndoHistory()
    effects.append(.record(.comment("scenario: \(scenario.title)")))
    for action in ScriptWriter.setupActions(for: consent) { record(action, &effects) }
    advanceGuide(&effects)
  }

  /// Lets the guide perform its own steps (setup, app calls, expectations), recording them.
  private mutating func advanceGuide(_ effects: inout [UIEffect]) {
    guard var current = guide else { return }
    let payloadBefore = consent.sdk.payload
    let start = current.cursor
    let story = current.advance(&consent)
    for step in current.scenario.script.steps[start..<current.cursor] {
      if case .action(let action) = step.kind { record(action, &effects) }
    }
    if let bundle = current.bundle { showApp(bundle) }
    guide = current
    log += story.map { LogLine(time: clock, text: $0, kind: .story) }
    let payload = consent.sdk.payload
    changedKeys.formUnion(Payload.keys.filter { payload[$0] != payloadBefore[$0] })
    launchOptions = consent.sdk.options
  }

  private mutating func trackEvent(_ effects: inout [UIEffect]) {
    trackedEvents += 1
    perform(.eventTracked(name: "demo_event_\(trackedEvents)"), &effects)
  }

  /// Going to Settings sends the app to the background; coming back makes it active. With the ATT dialog up
  /// Settings cannot change anything, so it does not open.
  private mutating func openSettings(_ effects: inout [UIEffect]) {
    if let refusal = consent.openSettingsRefusal {
      log.append(LogLine(time: clock, text: "✗ Settings: \(refusal.reason)", kind: .refusal))
      return
    }
    settings = .tracking
    if consent.app.lifecycle != .background {
      perform(.appConfigured(AppChange(lifecycle: .background)), &effects, notice: "Settings opened: app in background")
    }
  }

  private mutating func closeSettings(_ effects: inout [UIEffect]) {
    settings = .closed
    perform(.appConfigured(AppChange(lifecycle: .active)), &effects, notice: "back in the app: active")
  }

  /// `u`: takes back the last accepted action (and what the guide did after it), as `undo` does in a script.
  mutating func undo(_ effects: inout [UIEffect]) {
    clock += 1
    guard let previous = history.undo(from: snapshot) else {
      log.append(LogLine(time: clock, text: "✗ undo: \(Refusal.nothingToUndo.reason)", kind: .refusal))
      return
    }
    let scenarioAsksForIt = if case .undo = guide?.nextStep?.kind { true } else { false }
    let guideNow = guide
    // The recording takes back every line since then: the tester's action and what the guide did after it.
    for _ in previous.actionsRecorded..<actionsRecorded { effects.append(.record(.undo)) }
    restore(previous)
    log.append(LogLine(time: clock, text: "↶ undo: the last action is taken back", kind: .notice))
    if scenarioAsksForIt, var guideNow {
      guideNow.recordUndo()
      guide = guideNow
      advanceGuide(&effects)
    }
  }

  /// `e`: in a recorded session, an `expect` line pinning what the panel shows now.
  private mutating func pinExpectations(_ effects: inout [UIEffect]) {
    clock += 1
    guard isRecording else {
      log.append(
        LogLine(
          time: clock, text: "✗ e pins expectations into the recording: start attsim with --record FILE",
          kind: .refusal))
      return
    }
    let line = ScriptWriter.expectations(pinning: consent)
    effects.append(.record(.expectations(line)))
    log.append(LogLine(time: clock, text: "pinned: " + line.dropFirst("expect ".count), kind: .notice))
  }

  /// `U`: brings back what the last `u` took back (until a new action), as `redo` does in a script.
  mutating func redo(_ effects: inout [UIEffect]) {
    clock += 1
    guard let next = history.redo(from: snapshot) else {
      log.append(LogLine(time: clock, text: "✗ redo: \(Refusal.nothingToRedo.reason)", kind: .refusal))
      return
    }
    let scenarioAsksForIt = if case .redo = guide?.nextStep?.kind { true } else { false }
    let guideNow = guide
    // The recording brings back as many lines as the undo took back.
    for _ in actionsRecorded..<next.actionsRecorded { effects.append(.record(.redo)) }
    restore(next)
    log.append(LogLine(time: clock, text: "↷ redo: the action is back", kind: .notice))
    if scenarioAsksForIt, var guideNow {
      guideNow.recordUndo(redo: true)
      guide = guideNow
      advanceGuide(&effects)
    }
  }

  /// `R` in guided mode: every action since the scenario began taken back, so the walk starts over.
  private mutating func restartScenario(_ effects: inout [UIEffect]) {
    guard let first = history.oldest else { return }
    for _ in first.actionsRecorded..<actionsRecorded { effects.append(.record(.undo)) }
    history = UndoHistory()
    restore(first)
    clock += 1
    log.append(LogLine(time: clock, text: "↺ scenario restarted", kind: .notice))
  }

  /// Records an action the model accepted (the `--record` file gets its line).
  private mutating func record(_ action: Action, _ effects: inout [UIEffect]) {
    effects.append(.record(.action(action)))
    actionsRecorded += 1
  }

  /// Applies an action to the model: logs its story, marks changed payload keys, and records it.
  mutating func perform(_ action: Action, _ effects: inout [UIEffect], notice: String? = nil) {
    clock += 1
    let payloadBefore = consent.sdk.payload
    let before = snapshot
    do {
      let story = try consent.apply(action)
      history.push(before)
      if let notice { log.append(LogLine(time: clock, text: notice, kind: .notice)) }
      log += story.map { LogLine(time: clock, text: $0, kind: .story) }
      let payload = consent.sdk.payload
      changedKeys = Set(Payload.keys.filter { payload[$0] != payloadBefore[$0] })
      record(action, &effects)
      if guide != nil {
        guide?.record(action)
        advanceGuide(&effects)
      }
    } catch {
      log.append(LogLine(time: clock, text: "✗ \(ScriptWriter.line(for: action)): \(error.reason)", kind: .refusal))
    }
    if log.count > 200 { log.removeFirst(log.count - 200) }
  }
}
