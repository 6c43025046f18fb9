/// `ATTrackingManager.AuthorizationStatus`: the app's tracking authorization.
public enum ATTStatus: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case notDetermined = 0
  case restricted = 1
  case denied = 2
  case authorized = 3

  /// The exact word the SDK writes into the payload (camelCase).
  public var name: String {
    switch self {
    case .notDetermined: "notDetermined"
    case .restricted: "restricted"
    case .denied: "denied"
    case .authorized: "authorized"
    }
  }

  public var description: String { name }
}

/// The user's remembered answer to the ATT dialog for one install.
public enum ATTAnswer: Hashable, Sendable {
  case authorized, denied

  /// The status this answer reads as.
  public var status: ATTStatus { self == .authorized ? .authorized : .denied }
}
