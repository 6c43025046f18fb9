/// `requestTrackingAuthorization`, the ATT dialog, and what the app does with the answer.
extension ConsentState {
  /// What `requestTrackingAuthorization` did, by the first rule of SPEC §1.3 that applied.
  enum RequestOutcome: Equatable {
    /// Rule 1: below iOS 14 there is no ATT.
    case unavailable
    /// Rule 2: no usage description, the app crashed.
    case crashed
    /// Rules 3–6: the completion fired at once with this status.
    case completed(ATTStatus)
    /// The last rule: the prompt is on screen (or, on iOS 14, queued behind another alert); the completion
    /// waits for the user.
    case promptShown
  }

  /// Which request the app makes.
  enum RequestCall: Equatable {
    /// `requestTrackingAuthorization(completionHandler:)`.
    case classic
    /// The iOS 27.2 call, with its two parameters.
    case expanded(ExpandedRequest)
  }

  /// The app asks for authorization, through its integration (the blog recipe checks the status first).
  mutating func requestTracking(_ requested: RequestCall, _ story: inout [String]) {
    sdk.askedToSend = true
    let call = availableCall(requested, &story)
    if sdk.consent.track == false {
      actionWarnings.append(
        Warning(
          .appReviewRequestAfterRefusal,
          "App Review rejects asking for tracking after the user refused it in the app's own consent (setConsent(track: false)): Guideline 5.1.1(iv) and Apple's ATT FAQ"
        ))
    }
    if sdk.options.integration == .blog {
      blogRequestIDFA(call, &story)
      return
    }
    switch requestAuthorization(call, &story) {
    case .completed(let status): complete(with: status, &story)
    case .unavailable, .crashed, .promptShown: break
    }
  }

  /// The call that really runs: before iOS 27.2 the app's availability check falls back to the classic call.
  private func availableCall(_ call: RequestCall, _ story: inout [String]) -> RequestCall {
    guard case .expanded(let request) = call else { return call }
    guard device.iOS.hasEURules else {
      story.append(
        "request: iOS \(device.iOS) has no \(Self.expandedRequestName); the app's availability check falls back to the classic call"
      )
      return .classic
    }
    story.append(
      "request: requestTrackingAuthorization(preferringExpandedInterface: \(request.prefersExpandedInterface), additionalInformationAction: \(request.additionalInformation ? "an action" : "nil"))"
    )
    return call
  }

  /// iOS 27.2's expanded request by its released name (the betas spelled it `usingExpandedInterface:`, then
  /// `preferExpandedInterface:`).
  public static let expandedRequestName =
    "requestTrackingAuthorization(preferringExpandedInterface:additionalInformationAction:completionHandler:)"

  /// The rules of `requestTrackingAuthorization`, in their order (SPEC §1.3, with iOS 27.2's EU rules).
  mutating func requestAuthorization(_ call: RequestCall, _ story: inout [String]) -> RequestOutcome {
    guard device.iOS.hasATT else {
      story.append("request: iOS \(device.iOS) has no ATTrackingManager; nothing happens")
      return .unavailable
    }
    if app.kind == .appClip {
      story.append("request: App Clips cannot ask to track; restricted, no prompt")
      return .completed(.restricted)
    }
    guard app.hasUsageDescription else {
      story.append("request: no NSUserTrackingUsageDescription, the app crashed")
      story.append(Self.crashLogLine)
      app.screen = .crashed
      app.blogCallback = nil
      sdk.initialized = false
      return .crashed
    }
    if let status, device.restricted || (app.answer != nil && !repromptDue) {
      story.append("request: already \(status.name), no prompt")
      return .completed(status)
    }
    if !device.trackingSwitchOn {
      if device.iOS.remembersSwitchOffDenial {
        app.answer = .denied
        app.answeredOnDay = device.day
        story.append(
          "request: Allow Apps to Request to Track is off, denied at once; iOS \(device.iOS) remembers the denial, so the app stays denied when the switch comes back on (fixed in 14.5.1)"
        )
      } else {
        story.append("request: Allow Apps to Request to Track is off, denied at once; nothing remembered")
      }
      return .completed(.denied)
    }
    if app.kind == .extension {
      story.append("request: from an app extension no prompt shows; the completion fires at once with \(statusWord)")
      return .completed(status ?? .notDetermined)
    }
    if app.requestPending {
      story.append(
        "request: another request is pending (its prompt is \(app.promptQueued ? "queued" : "up")): no second prompt; this completion fires at once with notDetermined"
      )
      return .completed(.notDetermined)
    }
    if device.iOS.promptNeedsActiveApp && app.lifecycle != .active {
      story.append("request: the app is \(app.lifecycle.rawValue), iOS \(device.iOS) shows no prompt")
      actionWarnings.append(
        Warning(
          .promptNeedsActiveApp,
          "requested while the app was \(app.lifecycle.rawValue): from iOS 15 no prompt shows; request again once the app is active"
        ))
      return .completed(.notDetermined)
    }
    if device.otherAlertOnScreen {
      guard device.iOS.hidesPromptBehindAlert else {
        // iOS 14 queues the prompts: ATT's shows once the other alert is gone (no EU sheet before 27.2).
        app.promptQueued = true
        story.append("request: another system alert is on screen; iOS 14 queues the ATT dialog behind it")
        return .promptShown
      }
      story.append("request: another system alert is on screen, no prompt")
      actionWarnings.append(
        Warning(.promptHiddenByAlert, "another system alert hid the ATT prompt; the status stays notDetermined"))
      return .completed(.notDetermined)
    }
    return showPrompt(call, &story)
  }

  /// The last rule: the alert or, under iOS 27.2's EU rules, the sheet goes up.
  private mutating func showPrompt(_ call: RequestCall, _ story: inout [String]) -> RequestOutcome {
    if let status, app.answer != nil, let day = app.answeredOnDay {
      story.append(
        "request: a year has passed since the answer on day \(day); iOS asks again and the status stays \(status.name) until the new answer"
      )
    }
    if case .expanded = call, device.region == .outsideEU {
      story.append("request: outside the EU the expanded request is the classic one; both parameters are ignored")
    }
    if promptKind(for: call) == .sheet {
      let additionalInformation = if case .expanded(let request) = call { request.additionalInformation } else { false }
      app.screen = .attSheet(additionalInformation: additionalInformation)
      story.append(
        "request: ATT sheet shown (iOS 27.2, \(device.region.rawValue))\(additionalInformation ? " with Additional Information" : "")"
      )
    } else {
      app.screen = .attDialog
      story.append("request: ATT dialog shown")
    }
    guard device.iOS.completesRequestEarly else { return .promptShown }
    app.completionFired = true
    story.append("request: iOS 17.4 runs the completion with denied while the alert is still up (fixed in 17.5)")
    return .completed(.denied)
  }

  /// Which prompt iOS shows for `call`: the sheet only from iOS 27.2 in the EU.
  func promptKind(for call: RequestCall) -> PromptKind {
    guard device.iOS.hasEURules else { return .shown }
    switch device.region {
    case .five: return .sheet
    case .otherEU:
      if case .expanded(let request) = call, request.prefersExpandedInterface { return .sheet }
      return .shown
    case .outsideEU: return .shown
    }
  }

  /// The user answers the prompt on screen; iOS notes the day, and the completion fires with the new status
  /// unless iOS 17.4 already ran it.
  mutating func answerPrompt(_ answer: ATTAnswer, _ story: inout [String]) {
    app.answer = answer
    app.answeredOnDay = device.day
    app.screen = .home
    let status = self.status ?? answer.status
    story.append("\(answer == .authorized ? "Allow" : "Ask App Not to Track"): \(status.name)")
    finishRequest(with: status, &story)
  }

  /// The prompt goes away without an answer (`why` says how): nothing is remembered and the completion gets
  /// `notDetermined`.
  mutating func closePromptUnanswered(_ why: String, _ story: inout [String]) {
    app.screen = .home
    story.append(why)
    finishRequest(with: .notDetermined, &story)
  }

  /// The completion of the request that was on screen, unless it already ran.
  private mutating func finishRequest(with status: ATTStatus, _ story: inout [String]) {
    guard !app.completionFired else {
      app.completionFired = false
      story.append("the completion already ran with denied: only trackingAuthorizationStatus tells the answer")
      return
    }
    complete(with: status, &story)
  }

  /// Whether iOS 27.2's EU rules let the app ask again now: a year since the answer, the global switch on.
  public var repromptDue: Bool {
    guard let day = repromptDay, device.trackingSwitchOn, !device.restricted else { return false }
    return device.day >= day
  }

  /// The day from which iOS lets the app ask again (iOS 27.2 in the EU), or nil when the answer is for good.
  public var repromptDay: Int? {
    guard device.iOS.hasEURules, device.region.isEU, app.kind == .app, app.answer != nil,
      let day = app.answeredOnDay
    else { return nil }
    return day + Self.daysBetweenPrompts
  }

  /// How long an EU answer stands before the app may ask again: a year, counted as 365 days.
  public static let daysBetweenPrompts = 365

  /// The request's completion handler: the app hands the status to the SDK as its integration says.
  mutating func complete(with status: ATTStatus, _ story: inout [String]) {
    switch sdk.options.integration {
    case .methodA: callMethodA(status: status, &story)
    case .methodB:
      callMethodB(status: status, advertisingId: status == .authorized ? deviceIDFA : "", &story)
    case .blog: deliverBlogCallback(promptCallback(for: status), &story)
    }
  }

  // MARK: The blog recipe

  /// `requestIDFA(callbackIdfa:)`: it reads the status first and requests only when notDetermined.
  private mutating func blogRequestIDFA(_ call: RequestCall, _ story: inout [String]) {
    guard let status else {
      let enabled = !device.limitAdTracking
      story.append("requestIDFA: iOS \(device.iOS), isAdvertisingTrackingEnabled = \(enabled)")
      deliverBlogCallback(
        BlogCallback(granted: enabled, identifier: enabled ? deviceIDFA : "00", fromPrompt: false), &story)
      return
    }
    switch status {
    case .notDetermined:
      if case .completed(let completed) = requestAuthorization(call, &story) {
        complete(with: completed, &story)
      }
    case .authorized:
      deliverBlogCallback(BlogCallback(granted: true, identifier: deviceIDFA, fromPrompt: false), &story)
    case .restricted, .denied:
      deliverBlogCallback(BlogCallback(granted: false, identifier: "00", fromPrompt: false), &story)
    }
  }

  /// The recipe's prompt callback, bug included: Allow gives `(false, IDFA)`.
  private func promptCallback(for status: ATTStatus) -> BlogCallback {
    status == .authorized
      ? BlogCallback(granted: false, identifier: deviceIDFA, fromPrompt: true)
      : BlogCallback(granted: false, identifier: "00", fromPrompt: true)
  }

  private mutating func deliverBlogCallback(_ callback: BlogCallback, _ story: inout [String]) {
    app.blogCallback = callback
    story.append("callbackIdfa(\(callback.granted), \"\(callback.identifier)\")")
  }
}
