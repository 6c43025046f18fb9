/// What happened to a tracked event.
public enum EventFate: String, Hashable, Sendable {
  case sent, queued, dropped
  /// iOS failed the request: the endpoint is a tracking domain and tracking is not allowed (iOS 17+).
  case blocked
  /// The SDK holds it until the ATT answer or the end of its wait.
  case held
}

/// An event that left the device, with the payload it carried.
public struct SentEvent: Hashable, Sendable {
  /// The event name.
  public var name: String
  /// A copy of the user payload as it was when sent.
  public var payload: Payload
  /// Who had written that payload.
  public var payloadWriter: PayloadWriter?
}

/// What became of every event the app tracked in this session: counts, and the events the most recent
/// action sent (no history: a state's size does not grow).
public struct EventLedger: Hashable, Sendable {
  /// How many events were sent.
  public internal(set) var sentCount = 0
  /// How many events were dropped.
  public internal(set) var dropped = 0
  /// How many events iOS blocked on their way to a tracking domain.
  public internal(set) var blocked = 0
  /// The events the most recent action sent, oldest first, with the payload each carried.
  public internal(set) var lastSent: [SentEvent] = []
  /// The fate of the most recently tracked event, as it stands now.
  public internal(set) var lastFate: EventFate?
}
