/// What happened to a tracked event.
public enum EventFate: String, Hashable, Sendable {
  case sent
  case queued
  case dropped
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

/// Every event the app tracked in this session, across launches and installs.
public struct EventLedger: Hashable, Sendable {
  /// The events that were sent, oldest first.
  public var sent: [SentEvent] = []
  /// How many events were dropped.
  public var dropped = 0
  /// The fate of the most recently tracked event, as it stands now.
  public var lastFate: EventFate?

  /// An empty ledger.
  public init() {}
}
