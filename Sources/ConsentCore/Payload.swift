/// The user payload the SDK attaches to every event.
public struct Payload: Hashable, Sendable {
  /// `att_authorization_status`: the status the app passed, written as its camelCase word.
  public var attAuthorizationStatus: ATTStatus?
  /// `advertising_id`: the IDFA string, when one was stored.
  public var advertisingId: String?

  /// The payload key names, in the order attsim prints them.
  public static let keys = ["att_authorization_status", "advertising_id"]

  /// An empty payload.
  public init(attAuthorizationStatus: ATTStatus? = nil, advertisingId: String? = nil) {
    self.attAuthorizationStatus = attAuthorizationStatus
    self.advertisingId = advertisingId
  }

  /// The value of a payload key by its wire name, nil when absent or unknown.
  public subscript(key: String) -> String? {
    switch key {
    case "att_authorization_status": attAuthorizationStatus?.name
    case "advertising_id": advertisingId
    default: nil
    }
  }

  /// The present keys with their values, in print order.
  public var entries: [(key: String, value: String)] {
    Self.keys.compactMap { key in self[key].map { (key, $0) } }
  }

  /// Whether no key is set.
  public var isEmpty: Bool { attAuthorizationStatus == nil && advertisingId == nil }
}

/// Who last wrote the payload: the proof behind the "method-a never leaks" invariant.
public enum PayloadWriter: Hashable, Sendable {
  /// The SDK's own collection on iOS 13 and earlier.
  case autoCollect
  /// `setAdvertisingIdByATTStatus(status:)`.
  case methodA
  /// `setATTStatusAndAdvertisingId(status:advertisingId:)`.
  case methodB
}
