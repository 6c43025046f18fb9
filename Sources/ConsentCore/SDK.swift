/// How the app wires ATT into the analytics SDK.
public enum Integration: String, CaseIterable, Hashable, Sendable {
  /// `setAdvertisingIdByATTStatus(status:)`: the SDK reads the IDFA itself.
  case methodA = "method-a"
  /// `setATTStatusAndAdvertisingId(status:advertisingId:)`: the app passes both.
  case methodB = "method-b"
  /// The blog post's `requestIDFA(callbackIdfa:)` recipe, with no SDK call.
  case blog

  /// The integration after this one, wrapping around (the TUI's `m` key).
  public var next: Integration {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}

/// The options the app passes to `Collect.initialize`.
public struct SDKOptions: Hashable, Sendable {
  /// How the app feeds ATT into the SDK.
  public var integration: Integration = .methodA
  /// The user opted out: the SDK sends nothing.
  public var optOut = false
  /// Events wait for the app's `setConsent(track:)`.
  public var useConsent = false
  /// The host the SDK sends events to.
  public var endpoint = SDKOptions.defaultEndpoint
  /// Seconds the SDK holds events for the ATT answer (AppsFlyer's `waitForATTUserAuthorization`, Adjust's
  /// `attWaitingInterval`, Singular's and Kochava's waits); nil: it does not wait.
  public var waitForATT: Int?

  /// Where events go unless the app says otherwise.
  public static let defaultEndpoint = "collect.example"

  /// Default options: method-a, no opt-out, no consent gate, the default endpoint, no wait for ATT.
  public init(
    integration: Integration = .methodA, optOut: Bool = false, useConsent: Bool = false,
    endpoint: String = SDKOptions.defaultEndpoint, waitForATT: Int? = nil
  ) {
    self.integration = integration
    self.optOut = optOut
    self.useConsent = useConsent
    self.endpoint = endpoint
    self.waitForATT = waitForATT
  }
}

/// Custom consent given through `setConsent(track:identify:)`; nil means not given yet.
public struct Consent: Hashable, Sendable {
  /// Consent to send events.
  public var track: Bool?
  /// Consent to identify the user.
  public var identify: Bool?

  /// No consent given.
  public init(track: Bool? = nil, identify: Bool? = nil) {
    self.track = track
    self.identify = identify
  }
}

/// The analytics SDK (Zeotap-style `Collect`) inside the app and its on-device storage.
public struct SDK: Hashable, Sendable {
  /// `Collect.initialize` ran in this launch (`Collect.getInstance()` is non-nil).
  public var initialized = false
  /// The options of the last `Collect.initialize`; the integration is part of the app's code.
  public var options = SDKOptions()
  /// Custom consent (stored).
  public var consent = Consent()
  /// The stored user payload.
  public var payload = Payload()
  /// Who wrote the payload last.
  public var payloadWriter: PayloadWriter?
  /// Events waiting for consent, by name (stored).
  public var queue = EventQueue()
  /// Events held for the ATT answer, by name (in memory: they go with the app's process).
  public var held = EventQueue()
  /// When the wait for the ATT answer ends, in seconds on the device's clock; nil when the SDK does not wait
  /// (or no longer: the answer came, or the time ran out).
  public var waitEndsAt: Int?
  /// Whether the app has tracked, requested tracking or called method-b since it was installed (D86).
  public var askedToSend = false
}
