/// The warnings a tester should see now: the last action's, plus those the state shows (those about what the
/// SDK would send wait until the app asked for something to be sent, D86).
extension ConsentState {
  /// Every current warning, the last action's first.
  public var warnings: [Warning] {
    actionWarnings + (sdk.askedToSend ? payloadWarnings : []) + blogWarnings + trackingDomainWarnings
  }

  /// While iOS fails the SDK's requests to a tracking domain, every event is lost: said as long as it lasts.
  private var trackingDomainWarnings: [Warning] {
    guard sdk.initialized, sdk.askedToSend, let domain = blockingDomain else { return [] }
    return [
      Warning(
        .trackingDomainBlocked,
        "events to \(sdk.options.endpoint) fail: it is the tracking domain \(domain) in the privacy manifest, and iOS \(device.iOS) blocks it until the user allows tracking"
      )
    ]
  }

  /// What is wrong with the stored payload, or between the payload and the device.
  var payloadWarnings: [Warning] {
    var found: [Warning] = []
    let payload = sdk.payload
    if let id = payload.advertisingId {
      if id == IDFA.zero {
        found.append(Warning(.zeroIDFA, "the payload carries the zero IDFA as advertising_id: it identifies nobody"))
      } else if !IDFA.isUUID(id) {
        found.append(Warning(.idfaNotUUID, "advertising_id \"\(id)\" is not a UUID"))
      }
      if let sent = payload.attAuthorizationStatus, sent != .authorized {
        found.append(
          Warning(
            .idfaWithoutAuthorization,
            "an IDFA travels with att_authorization_status \(sent): only pass it when authorized (method-b misuse)"))
      }
    }
    if let sent = stalePayloadStatus, let status {
      found.append(
        Warning(
          .stalePayload,
          "stale payload: it says \(sent), iOS now says \(status.name); it stays so until the app calls the SDK again"))
    }
    if sdk.payloadWriter == .autoCollect, payload.advertisingId != autoCollectExpectation {
      found.append(
        Warning(
          .stalePayload,
          "stale payload: advertising_id was collected automatically and no longer matches what the device hands out"))
    }
    return found
  }

  /// The status the payload carries when it disagrees with what iOS says now (a stale payload), else nil.
  public var stalePayloadStatus: ATTStatus? {
    guard let status, let sent = sdk.payload.attAuthorizationStatus, sent != status else { return nil }
    return sent
  }

  /// What an up-to-date automatic collection would hold: iOS 13 rules, or on iOS 14+ what the device hands out.
  private var autoCollectExpectation: String? {
    if device.iOS.hasATT { return deviceIDFA == IDFA.zero ? nil : deviceIDFA }
    return autoCollectedIDFA
  }

  private var blogWarnings: [Warning] {
    guard let callback = app.blogCallback, callback.showsRecipeBug else { return [] }
    return [
      Warning(
        .blogRecipeBug,
        "blog recipe bug: after Allow the prompt callback says false with a real IDFA; an app trusting the Bool treats the user as not tracked"
      )
    ]
  }
}
