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
    /// Rule 7: the dialog is on screen; the completion waits for the user.
    case promptShown
  }

  /// The app asks for authorization, through its integration (the blog recipe checks the status first).
  mutating func requestTracking(_ story: inout Story) {
    if sdk.options.integration == .blog {
      blogRequestIDFA(&story)
      return
    }
    switch requestAuthorization(&story) {
    case .completed(let status): complete(with: status, &story)
    case .unavailable, .crashed, .promptShown: break
    }
  }

  /// Rules 1–7 of `requestTrackingAuthorization`, in their order.
  mutating func requestAuthorization(_ story: inout Story) -> RequestOutcome {
    guard device.iOS.hasATT else {
      story.add("request: iOS \(device.iOS) has no ATTrackingManager; nothing happens")
      return .unavailable
    }
    guard app.hasUsageDescription else {
      story.add("request: no NSUserTrackingUsageDescription, the app crashed")
      story.add(Self.crashLogLine)
      app.screen = .crashed
      app.blogCallback = nil
      sdk.initialized = false
      return .crashed
    }
    if let status, device.restricted || app.answer != nil {
      story.add("request: already \(status.name), no prompt")
      return .completed(status)
    }
    if !device.trackingSwitchOn {
      story.add("request: Allow Apps to Request to Track is off, denied at once; nothing remembered")
      return .completed(.denied)
    }
    if device.iOS.promptNeedsActiveApp && app.lifecycle != .active {
      story.add("request: the app is \(app.lifecycle.rawValue), iOS \(device.iOS) shows no prompt")
      actionWarnings.append(
        Warning(
          .promptNeedsActiveApp,
          "requested while the app was \(app.lifecycle.rawValue): from iOS 15 no prompt shows; request again once the app is active"
        ))
      return .completed(.notDetermined)
    }
    if device.otherAlertOnScreen {
      story.add("request: another system alert is on screen, no prompt")
      actionWarnings.append(
        Warning(.promptHiddenByAlert, "another system alert hid the ATT prompt; the status stays notDetermined"))
      return .completed(.notDetermined)
    }
    app.screen = .attDialog
    story.add("request: ATT dialog shown")
    return .promptShown
  }

  /// The user answers the dialog on screen; the completion fires with the new status.
  mutating func answerPrompt(_ answer: ATTAnswer, _ story: inout Story) {
    app.answer = answer
    app.screen = .home
    let status = self.status ?? answer.status
    story.add("\(answer == .authorized ? "Allow" : "Ask App Not to Track"): \(status.name)")
    complete(with: status, &story)
  }

  /// The request's completion handler: the app hands the status to the SDK as its integration says.
  private mutating func complete(with status: ATTStatus, _ story: inout Story) {
    switch sdk.options.integration {
    case .methodA: callMethodA(status: status, &story)
    case .methodB:
      callMethodB(status: status, advertisingId: status == .authorized ? deviceIDFA : "", &story)
    case .blog: deliverBlogCallback(promptCallback(for: status), &story)
    }
  }

  // MARK: The blog recipe

  /// `requestIDFA(callbackIdfa:)`: it reads the status first and requests only when notDetermined.
  private mutating func blogRequestIDFA(_ story: inout Story) {
    guard let status else {
      let enabled = !device.limitAdTracking
      story.add("requestIDFA: iOS \(device.iOS), isAdvertisingTrackingEnabled = \(enabled)")
      deliverBlogCallback(
        BlogCallback(granted: enabled, identifier: enabled ? deviceIDFA : "00", fromPrompt: false), &story)
      return
    }
    switch status {
    case .notDetermined:
      if case .completed(let completed) = requestAuthorization(&story) {
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

  private mutating func deliverBlogCallback(_ callback: BlogCallback, _ story: inout Story) {
    app.blogCallback = callback
    story.add("callbackIdfa(\(callback.granted), \"\(callback.identifier)\")")
  }
}
