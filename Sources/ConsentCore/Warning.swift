/// What a warning is about; stable names for tests and colours.
public enum WarningKind: String, CaseIterable, Hashable, Sendable {
  /// An SDK call before `Collect.initialize` was dropped.
  case sdkNotInitialized
  /// `Collect.initialize` ran twice in one launch.
  case initializedTwice
  /// An IDFA travels in the payload with a status other than authorized (method-b misuse).
  case idfaWithoutAuthorization
  /// The payload carries the zero IDFA.
  case zeroIDFA
  /// The payload's advertising_id is not a UUID.
  case idfaNotUUID
  /// The payload disagrees with what the device says now.
  case stalePayload
  /// The blog recipe's prompt callback said false with a real IDFA.
  case blogRecipeBug
  /// The request came while the app was not active on iOS 15+, so no prompt showed.
  case promptNeedsActiveApp
  /// Another system alert was on screen, so no prompt showed.
  case promptHiddenByAlert
  /// The app showed its pre-permission screen although the answer is already known.
  case prePermissionPointless
  /// `setConsent(track:)` with `useConsent` off has no effect.
  case consentIgnored
  /// iOS 17+ fails the SDK's requests: its endpoint is a declared tracking domain and the user has not
  /// allowed tracking.
  case trackingDomainBlocked
  /// App Review rejects a pre-permission screen that lets the user skip or postpone the system prompt.
  case appReviewSkippablePrePermission
  /// App Review rejects asking for tracking after the user refused it in the app's own consent.
  case appReviewRequestAfterRefusal
}

/// Something a tester should look at; the panel lists every current warning.
public struct Warning: Hashable, Sendable, CustomStringConvertible {
  /// What the warning is about.
  public var kind: WarningKind
  /// One sentence a person understands.
  public var message: String

  /// A warning of `kind` saying `message`.
  public init(_ kind: WarningKind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

extension WarningKind {
  /// The warning's stable id, as `expect warning=` and `play`'s JSON write it: `stale-payload`, `zero-idfa`.
  /// Worked out from the case's name, an ASCII identifier, a byte at a time (the panel asks for it every frame).
  public var id: String {
    var id: [UInt8] = []
    var previousWasUpper = false
    for byte in rawValue.utf8 {
      let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      if isUpper, !id.isEmpty, !previousWasUpper { id.append(UInt8(ascii: "-")) }
      previousWasUpper = isUpper
      id.append(isUpper ? byte + 32 : byte)
    }
    return String(decoding: id, as: UTF8.self)
  }

  /// A few words naming the warning, for tables and narrow panels.
  public var label: String {
    switch self {
    case .sdkNotInitialized: "SDK not initialized"
    case .initializedTwice: "initialized twice"
    case .idfaWithoutAuthorization: "IDFA without authorization"
    case .zeroIDFA: "zero IDFA in payload"
    case .idfaNotUUID: "advertising_id not a UUID"
    case .stalePayload: "stale payload"
    case .blogRecipeBug: "blog recipe bug"
    case .promptNeedsActiveApp: "no prompt: app not active"
    case .promptHiddenByAlert: "no prompt: other alert"
    case .prePermissionPointless: "pre-permission after answer"
    case .consentIgnored: "consent ignored"
    case .trackingDomainBlocked: "tracking domain blocked"
    case .appReviewSkippablePrePermission: "App Review 5.1.1(iv): skippable pre-permission"
    case .appReviewRequestAfterRefusal: "App Review 5.1.1(iv): asked after a refusal"
    }
  }
}
