/// The reducer: every action, in the order and with the rules of SPEC §1.
extension ConsentState {
  /// The line iOS logs when an app requests tracking without a usage description, as TCC prints it (its
  /// `[access]` prefix, two spaces after the first sentence).
  public static let crashLogLine =
    "[access] This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSUserTrackingUsageDescription key with a string value explaining to the user how the app uses this data."

  /// Applies `action` and returns the story of what the app called and what iOS answered, one line each;
  /// throws a `Refusal`, the state untouched, when the action cannot happen now.
  @discardableResult
  public mutating func apply(_ action: Action) throws(Refusal) -> [String] {
    if let refusal = refusal(for: action) { throw refusal }
    actionWarnings = []
    events.lastSent = []
    var story: [String] = []
    perform(action, &story)
    releaseHeldEventsIfDue(&story)
    return story
  }

  /// Why `action` cannot happen now, or nil when it can: what the UI asks before it offers a control.
  public func refusal(for action: Action) -> Refusal? {
    switch action {
    case .deviceConfigured, .appConfigured, .relaunched, .reinstalled: return nil
    case .sdkInitialized, .methodBCalled, .consentSet, .eventTracked, .trackingRequested, .expandedTrackingRequested:
      // A second request while one is pending is taken: iOS completes it at once (SPEC §1.3, 4b).
      return appCodeRefusal
    case .prePermissionShown:
      if let refusal = appCodeRefusal { return refusal }
      return app.screen == .home ? nil : .promptOnScreen
    case .prePermissionContinued, .prePermissionDeclined:
      if let refusal = appCodeRefusal { return refusal }
      return app.screen == .prePermission ? nil : .noPrePermissionScreen
    case .allowTapped, .askNotToTrackTapped, .promptDismissedBySystem: return app.promptOnScreen ? nil : .noPrompt
    case .additionalInformationTapped: return app.sheetHasAdditionalInformation ? nil : .noAdditionalInformation
    case .clockAdvanced: return nil
    case .appTrackingSwitchChanged: return appTrackingSwitchRefusal
    case .trackingSwitchTurnedOff, .trackingSwitchTurnedOn: return trackingSettingsRefusal
    }
  }

  /// Why the app's own code cannot run now: it crashed, or iOS ended it.
  private var appCodeRefusal: Refusal? {
    if app.crashed { return .appCrashed }
    return app.isRunning ? nil : .appNotRunning
  }

  private mutating func perform(_ action: Action, _ story: inout [String]) {
    switch action {
    case .deviceConfigured(let change): configureDevice(change, &story)
    case .appConfigured(let change): configureApp(change, &story)
    case .sdkInitialized(let options): initializeSDK(options, &story)
    case .prePermissionShown:
      if let status, status != .notDetermined {
        actionWarnings.append(
          Warning(
            .prePermissionPointless,
            "the status is already \(status.name): iOS will not prompt again, so the pre-permission screen leads nowhere"
          ))
      }
      app.screen = .prePermission
      story.append("pre-permission screen shown")
    case .prePermissionContinued:
      app.screen = .home
      story.append("pre-permission: Continue")
      requestTracking(.classic, &story)
    case .prePermissionDeclined:
      app.screen = .home
      story.append("pre-permission: Not Now (no request)")
      actionWarnings.append(
        Warning(
          .appReviewSkippablePrePermission,
          "App Review rejects a pre-permission screen that lets the user skip or postpone the system prompt (Guideline 5.1.1(iv)): its only way on must lead to the request"
        ))
    case .trackingRequested: requestTracking(.classic, &story)
    case .expandedTrackingRequested(let request): requestTracking(.expanded(request), &story)
    case .allowTapped: answerPrompt(.authorized, &story)
    case .askNotToTrackTapped: answerPrompt(.denied, &story)
    case .additionalInformationTapped:
      closePromptUnanswered(
        "Additional Information: the sheet closed unanswered and the app's action runs; the app may ask again", &story)
    case .promptDismissedBySystem:
      closePromptUnanswered(
        "the system dismissed the prompt unanswered (a call, Control Center); the app must ask again", &story)
    case .clockAdvanced(let seconds):
      device.seconds += seconds
      story.append("\(Self.duration(seconds)) later")
    case .methodBCalled(let status, let advertisingId):
      callMethodB(status: status, advertisingId: advertisingId, &story)
    case .appTrackingSwitchChanged(let on):
      app.answer = on ? .authorized : .denied
      app.answeredOnDay = device.day
      story.append("Settings: this app's tracking switch \(on ? "on" : "off"); status \(statusWord)")
      terminate(&story)
    case .trackingSwitchTurnedOff(let existing): turnTrackingSwitchOff(existing: existing, &story)
    case .trackingSwitchTurnedOn:
      device.trackingSwitchOn = true
      story.append("Settings: Allow Apps to Request to Track on; status \(statusWord)")
    case .relaunched: relaunch(&story)
    case .reinstalled: reinstall(&story)
    case .consentSet(let track, let identify): setConsent(track: track, identify: identify, &story)
    case .eventTracked(let name): track(name, &story)
    }
  }

  // MARK: Setup

  private mutating func configureDevice(_ change: DeviceChange, _ story: inout [String]) {
    if let version = change.iOS, version > device.iOS {
      story.append("iOS updated from \(device.iOS) to \(version): the phone restarted and the app launches again")
      device.iOS = version
      restartApp(&story)
    } else if let version = change.iOS, version < device.iOS {
      // iOS never goes back in place: an older release means restoring the phone, and installing the app again.
      story.append("iOS \(device.iOS) restored to \(version): the phone was erased and set up again")
      device.iOS = version
      reinstall(&story)
    }
    if let kind = change.kind { device.kind = kind }
    if let on = change.trackingSwitchOn { device.trackingSwitchOn = on }
    if let restricted = change.restricted { device.restricted = restricted }
    if let limit = change.limitAdTracking { device.limitAdTracking = limit }
    if let idfa = change.idfa { device.idfa = idfa.uppercased() }
    if let alert = change.otherAlertOnScreen {
      device.otherAlertOnScreen = alert
      // iOS 14 shows the prompt it queued behind the alert once the alert is gone.
      if !alert && app.promptQueued {
        app.promptQueued = false
        if status == .notDetermined && app.kind == .app {
          app.screen = .attDialog
          story.append("the other alert is gone: the ATT dialog iOS 14 queued behind it shows")
        } else {
          // Meanwhile the answer became known (the global switch went off, the device was restricted).
          story.append(
            "the other alert is gone; the status is \(statusWord) now, so the queued request completes with it")
          complete(with: status ?? .notDetermined, &story)
        }
      }
    }
    if let country = change.country { device.country = country }
    if let country = change.accountCountry { device.accountCountry = country }
  }

  private mutating func configureApp(_ change: AppChange, _ story: inout [String]) {
    if let present = change.hasUsageDescription { app.hasUsageDescription = present }
    if let lifecycle = change.lifecycle {
      if !app.isRunning && lifecycle != .notRunning {
        // Going back to an app iOS ended launches it: the process starts again, the SDK waits for initialize.
        story.append("the app launches again (iOS ended it); Collect.initialize must run again")
        restartApp(&story)
      }
      app.lifecycle = lifecycle
    }
    if let locale = change.locale { app.locale = locale }
    if let kind = change.kind { app.kind = kind }
    if let domains = change.trackingDomains { app.trackingDomains = domains.map { $0.lowercased() } }
  }

  // MARK: Launches and installs

  /// The app process starts again: nothing on screen, `Collect.getInstance()` nil until initialize.
  private mutating func restartApp(_ story: inout [String]) {
    endProcess(&story)
    app.lifecycle = .active
  }

  /// The app's process ends (a restart, or iOS ending it): what it held in memory goes, what the SDK stored
  /// (payload, consent, the consent queue) stays.
  private mutating func endProcess(_ story: inout [String]) {
    if app.requestPending { story.append("the unanswered ATT prompt went away; the app may ask again") }
    app.screen = .home
    app.promptQueued = false
    app.completionFired = false
    app.blogCallback = nil
    sdk.initialized = false
    if !sdk.held.isEmpty {
      story.append("\(sdk.held.count) event(s) the SDK held for the ATT answer were lost with the app's process")
      drop(count: sdk.held.count)
      sdk.held.removeAll()
    }
    sdk.waitEndsAt = nil
  }

  /// iOS ends an app whose privacy permission changed in Settings; going back to it launches it again.
  private mutating func terminate(_ story: inout [String]) {
    story.append("iOS ends the app: its tracking permission changed; it launches again when the user goes back to it")
    endProcess(&story)
    app.lifecycle = .notRunning
  }

  private mutating func relaunch(_ story: inout [String]) {
    story.append("app relaunched; Collect.initialize must run again")
    restartApp(&story)
  }

  private mutating func reinstall(_ story: inout [String]) {
    endProcess(&story)
    dropQueue(&story)
    app = AppInstall(
      hasUsageDescription: app.hasUsageDescription, kind: app.kind, trackingDomains: app.trackingDomains,
      locale: app.locale)
    sdk = SDK(options: SDKOptions(integration: sdk.options.integration))
    story.append("app deleted and installed again: status \(statusWord), SDK storage cleared")
  }

  // MARK: The SDK

  private mutating func initializeSDK(_ options: SDKOptions, _ story: inout [String]) {
    if sdk.initialized {
      actionWarnings.append(
        Warning(.initializedTwice, "Collect.initialize already ran in this launch; the second call changes nothing"))
      return
    }
    sdk.initialized = true
    sdk.options = options
    var arguments = [options.integration.rawValue]
    if options.optOut { arguments.append("optOut") }
    if options.useConsent { arguments.append("useConsent") }
    if let wait = options.waitForATT { arguments.append("waitForATT: \(wait) s") }
    story.append("Collect.initialize(\(arguments.joined(separator: ", ")))")
    // An SDK that waits for the answer holds events from now while the status is notDetermined.
    if let wait = options.waitForATT, status == .notDetermined {
      sdk.waitEndsAt = device.seconds + wait
      story.append("the SDK waits up to \(Self.duration(wait)) for the ATT answer before it sends events")
    }
    if !device.iOS.hasATT { autoCollect(&story) }
    settleQueue(&story)
  }

  /// Queued events leave when consent (or a launch without the consent gate) allows them, and are dropped
  /// when it forbids them.
  private mutating func settleQueue(_ story: inout [String]) {
    guard !sdk.queue.isEmpty else { return }
    if sdk.options.optOut || (sdk.options.useConsent && sdk.consent.track == false) {
      dropQueue(&story)
    } else if !sdk.options.useConsent || sdk.consent.track == true {
      for name in sdk.queue { send(name, &story) }
      sdk.queue.removeAll()
    }
  }

  /// iOS 13 and earlier: the SDK reads the IDFA itself unless Limit Ad Tracking is on.
  private mutating func autoCollect(_ story: inout [String]) {
    sdk.payload.advertisingId = autoCollectedIDFA
    sdk.payloadWriter = .autoCollect
    story.append(
      autoCollectedIDFA == nil
        ? "SDK auto-collect: Limit Ad Tracking is on, no advertising_id"
        : "SDK auto-collect: advertising_id = device IDFA")
  }

  private mutating func requireSDK(for call: String) -> Bool {
    if sdk.initialized { return true }
    actionWarnings.append(
      Warning(
        .sdkNotInitialized, "\(call) before Collect.initialize: Collect.getInstance() is nil, the call is dropped"))
    return false
  }

  mutating func callMethodA(status: ATTStatus, _ story: inout [String]) {
    guard requireSDK(for: "setAdvertisingIdByATTStatus") else { return }
    sdk.payload.attAuthorizationStatus = status
    sdk.payload.advertisingId = status == .authorized ? deviceIDFA : nil
    sdk.payloadWriter = .methodA
    story.append("setAdvertisingIdByATTStatus(.\(status.name))")
  }

  mutating func callMethodB(status: ATTStatus, advertisingId: String, _ story: inout [String]) {
    guard requireSDK(for: "setATTStatusAndAdvertisingId") else { return }
    sdk.askedToSend = true
    sdk.payload.attAuthorizationStatus = status
    sdk.payload.advertisingId = advertisingId.isEmpty ? nil : advertisingId
    sdk.payloadWriter = .methodB
    let shown = advertisingId.isEmpty ? "\"\"" : advertisingId
    story.append("setATTStatusAndAdvertisingId(.\(status.name), \(shown))")
  }

  private mutating func setConsent(track: Bool?, identify: Bool?, _ story: inout [String]) {
    guard requireSDK(for: "setConsent") else { return }
    let arguments = [track.map { "track: \($0)" }, identify.map { "identify: \($0)" }].compactMap { $0 }
    story.append("setConsent(\(arguments.joined(separator: ", ")))")
    if let identify { sdk.consent.identify = identify }
    guard let track else { return }
    guard sdk.options.useConsent else {
      actionWarnings.append(
        Warning(.consentIgnored, "useConsent is off: setConsent(track:) has no effect, events are sent anyway"))
      return
    }
    sdk.consent.track = track
    settleQueue(&story)
  }

  private mutating func track(_ name: String, _ story: inout [String]) {
    sdk.askedToSend = true
    guard requireSDK(for: "track(\(name))") else {
      drop(count: 1)
      return
    }
    if let ends = sdk.waitEndsAt, status == .notDetermined, device.seconds < ends {
      sdk.held.append(name)
      events.lastFate = .held
      story.append(
        "track(\(name)): held until the ATT answer or the end of the wait (\(Self.duration(ends - device.seconds)) left)"
      )
      return
    }
    deliver(name, &story)
  }

  /// An event the app tracked, judged now by the SDK's options and consent (SPEC §1.7).
  private mutating func deliver(_ name: String, _ story: inout [String]) {
    if !device.iOS.hasATT { autoCollect(&story) }
    if sdk.options.optOut {
      story.append("track(\(name)): optOut, nothing sent")
      drop(count: 1)
    } else if sdk.options.useConsent && sdk.consent.track == nil {
      sdk.queue.append(name)
      events.lastFate = .queued
      story.append("track(\(name)): queued until setConsent(track:)")
    } else if sdk.options.useConsent && sdk.consent.track == false {
      story.append("track(\(name)): track consent is false, dropped")
      drop(count: 1)
    } else {
      send(name, &story)
    }
  }

  /// The event goes out to the SDK's endpoint, unless iOS 17+ fails the request (a tracking domain, and
  /// tracking not allowed).
  private mutating func send(_ name: String, _ story: inout [String]) {
    if let domain = blockingDomain {
      events.blocked += 1
      events.lastFate = .blocked
      story.append(
        "\(name): the request to \(sdk.options.endpoint) failed: it is the tracking domain \(domain) and the status is \(statusWord)"
      )
      return
    }
    events.sentCount += 1
    events.lastSent.append(SentEvent(name: name, payload: sdk.payload, payloadWriter: sdk.payloadWriter))
    events.lastFate = .sent
    story.append("\(name) sent with the payload")
  }

  /// After every action: once the status is determined or the SDK's wait runs out, the events it held leave,
  /// each judged as a tracked event is (SPEC §1.7a).
  private mutating func releaseHeldEventsIfDue(_ story: inout [String]) {
    guard let ends = sdk.waitEndsAt else { return }
    let answered = status != .notDetermined
    guard answered || device.seconds >= ends else { return }
    sdk.waitEndsAt = nil
    let held = sdk.held
    sdk.held.removeAll()
    let reason = answered ? "the status is \(statusWord)" : "the wait ran out, the status still notDetermined"
    story.append("the SDK's wait for ATT is over (\(reason)): \(held.count) held event(s) leave")
    for name in held { deliver(name, &story) }
  }

  /// `30 s`, `5 min`, `2 days`: a span of the simulated clock.
  static func duration(_ seconds: Int) -> String {
    if seconds % 86_400 == 0 { return "\(seconds / 86_400) day\(seconds == 86_400 ? "" : "s")" }
    if seconds % 3_600 == 0 { return "\(seconds / 3_600) h" }
    if seconds % 60 == 0 { return "\(seconds / 60) min" }
    return "\(seconds) s"
  }

  private mutating func drop(count: Int) {
    events.dropped += count
    events.lastFate = .dropped
  }

  private mutating func dropQueue(_ story: inout [String]) {
    guard !sdk.queue.isEmpty else { return }
    story.append("\(sdk.queue.count) queued event(s) dropped")
    drop(count: sdk.queue.count)
    sdk.queue.removeAll()
  }

  // MARK: Settings

  private mutating func turnTrackingSwitchOff(existing: ExistingApps, _ story: inout [String]) {
    device.trackingSwitchOn = false
    if existing == .stop, app.answer == .authorized { app.answer = .denied }
    let choice = existing == .keep ? "Allow Apps to Continue Tracking" : "Ask Apps to Stop Tracking"
    story.append("Settings: Allow Apps to Request to Track off (\(choice)); status \(statusWord)")
  }
}
