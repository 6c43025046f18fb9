/// Properties that must hold after every step, whatever came before: the model's self-check, which the
/// exhaustive walk checks on every reachable transition.
public enum Invariants {
  /// The properties `after` breaks, having come from `before` through `action`; empty when all hold.
  public static func violations(before: ConsentState, action: Action, after: ConsentState) -> [String] {
    var notMeasured: [String]? = nil
    return check(before: before, action: action, after: after, checked: &notMeasured)
  }

  /// The properties `after` breaks; a non-nil `checked` receives every property that applied to this
  /// transition (so a walk can tell which properties its states exercise; nil costs nothing).
  public static func check(before: ConsentState, action: Action, after: ConsentState, checked: inout [String]?)
    -> [String]
  {
    var broken: [String] = []
    func require(_ condition: Bool, _ property: String) {
      checked?.append(property)
      if !condition { broken.append(property) }
    }
    let payload = after.sdk.payload

    require(
      after.sdk.payloadWriter != .methodA || payload.advertisingId == nil
        || payload.attAuthorizationStatus == .authorized,
      "method-a stored an advertising_id without authorized")
    for event in after.events.lastSent where event.payloadWriter == .methodA {
      require(
        event.payload.advertisingId == nil || event.payload.attAuthorizationStatus == .authorized,
        "method-a sent an advertising_id without authorized")
    }
    if after.app.promptOnScreen && !before.app.promptOnScreen {
      if before.app.answer != nil {
        // Only iOS 27.2's EU rules ask again, and only a year (365 days) after the answer.
        let daysSinceAnswer = before.device.day - (before.app.answeredOnDay ?? before.device.day)
        require(
          before.device.iOS >= IOSVersion(27, 2) && before.device.region.isEU && daysSinceAnswer >= 365,
          "the prompt showed to an install that had answered within a year, or outside the EU")
      } else {
        require(after.status == .notDetermined, "the prompt showed while the status was determined")
      }
      if after.app.prompt == .sheet {
        require(after.device.iOS.hasEURules && after.device.region.isEU, "a sheet showed outside iOS 27.2's EU")
      }
      require(after.app.kind == .app, "an App Clip or an extension showed the prompt")
    }
    require(!(after.app.promptOnScreen && after.app.promptQueued), "two prompts at once")
    if before.app.promptOnScreen && after.app.promptOnScreen
      && (action == .trackingRequested || isExpandedRequest(action))
    {
      require(after.app.screen == before.app.screen, "a request while one was pending showed a second prompt")
    }
    if case .appTrackingSwitchChanged = action {
      require(!after.app.isRunning && !after.sdk.initialized, "a change of the app's switch left the app running")
    }
    if !before.app.isRunning && after.app.isRunning {
      require(
        !after.sdk.initialized && after.app.screen == .home && !after.app.requestPending,
        "an ended app came back without a fresh launch")
    }
    if before.sdk.held.count > 0 && after.sdk.held.count < before.sdk.held.count && after.sdk.initialized
      && before.sdk.initialized
    {
      require(
        after.status != .notDetermined || after.device.seconds >= (before.sdk.waitEndsAt ?? 0),
        "a held event left before the ATT answer and before the wait was over")
    }
    if !after.sdk.held.isEmpty {
      require(
        after.status == .notDetermined && after.sdk.waitEndsAt.map { after.device.seconds < $0 } == true,
        "events held although the answer is known or the wait is over")
    }
    if action == .additionalInformationTapped || action == .promptDismissedBySystem {
      require(
        after.app.answer == before.app.answer && after.status == before.status,
        "a prompt closed unanswered changed the answer")
    }
    if let answered = after.app.answeredOnDay, after.app.answer != nil {
      require(answered <= after.device.day, "an answer dated in the future")
    }
    if before.app.answer != nil && action != .reinstalled && !isRestore(action, from: before) {
      require(after.app.answer != nil, "an answer was forgotten without a reinstall")
    }
    if action == .allowTapped || action == .askNotToTrackTapped {
      require(after.status != .notDetermined, "status notDetermined right after a tap")
    }
    if after.device.iOS >= IOSVersion(17, 0) && after.status != .authorized {
      require(
        after.events.lastSent.isEmpty
          || TrackingDomains.match(after.sdk.options.endpoint, in: after.app.trackingDomains) == nil,
        "an event reached a tracking domain without authorization on iOS 17+")
    }
    require(
      !after.device.kind.alwaysZeroIDFA || after.deviceIDFA == IDFA.zero,
      "the simulator, a Mac or Vision Pro handed out a real IDFA")
    if after.device.iOS.hasATT && after.app.kind == .appClip {
      require(after.status == .restricted, "an App Clip did not read restricted")
    }
    if after.device.iOS.idfaNeedsAuthorization && after.status != .authorized {
      require(after.deviceIDFA == IDFA.zero, "iOS 14.5+ handed out the IDFA without authorization")
    }
    if !after.device.iOS.hasATT {
      require(after.status == nil && !after.app.promptOnScreen, "ATT below iOS 14")
    } else if after.device.restricted {
      require(after.status == .restricted, "a restricted device did not read restricted")
    }
    if after.app.crashed {
      require(!after.sdk.initialized && !after.app.promptOnScreen, "a crashed app kept running")
      if !before.app.crashed { require(!after.app.hasUsageDescription, "a crash with a usage description") }
    }
    func events(_ state: ConsentState) -> Int {
      state.events.sentCount + state.sdk.queue.count + state.sdk.held.count + state.events.dropped
        + state.events.blocked
    }
    require(
      after.events.lastSent.count == after.events.sentCount - before.events.sentCount, "a sent event went unrecorded")
    let tracked = if case .eventTracked = action { 1 } else { 0 }
    require(events(after) == events(before) + tracked, "an event appeared or vanished")
    if !after.sdk.queue.isEmpty {
      require(
        after.sdk.options.useConsent && after.sdk.consent.track == nil && !after.sdk.options.optOut,
        "events wait in the queue although consent does not hold them")
    }
    // The payload's warnings wait for the app's first request, track or method-b call (D86).
    let kinds = Set(after.warnings.map(\.kind))
    if let status = after.status, let sent = payload.attAuthorizationStatus, after.sdk.payloadWriter != .autoCollect {
      require(
        (sent != status && after.sdk.askedToSend) == kinds.contains(.stalePayload),
        "stale payload not flagged, or flagged wrongly")
    }
    if payload.advertisingId == IDFA.zero && after.sdk.askedToSend {
      require(kinds.contains(.zeroIDFA), "zero IDFA in the payload not flagged")
    }
    if case .appTrackingSwitchChanged(let on) = action {
      require(after.status == (on ? .authorized : .denied), "the app's switch did not set the status")
    }
    return broken
  }

  /// Whether `action` is the iOS 27.2 request.
  private static func isExpandedRequest(_ action: Action) -> Bool {
    if case .expandedTrackingRequested = action { true } else { false }
  }

  /// Whether `action` puts an older iOS on the device: a restore, which installs the app again.
  private static func isRestore(_ action: Action, from state: ConsentState) -> Bool {
    guard case .deviceConfigured(let change) = action, let version = change.iOS else { return false }
    return version < state.device.iOS
  }
}
