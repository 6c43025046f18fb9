/// An iOS release, written `major.minor`, with a patch where behaviour changes (`14.5`, `14.5.1`).
public struct IOSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The major release number.
  public let major: Int
  /// The minor release number.
  public let minor: Int
  /// The patch release number (0 for `14.5`).
  public let patch: Int

  /// The major releases the model knows. Apple went from iOS 18 to iOS 26: 19–25 never existed.
  public static let knownMajors = [12, 13, 14, 15, 16, 17, 18, 26, 27]

  /// The versions the QA test plan walks, one per behaviour change (14.5.1 forgets a denial given while the
  /// global switch was off; 17.5 no longer completes a request early).
  public static let planVersions: [IOSVersion] = [
    .init(12, 4), .init(13, 7), .init(14, 4), .init(14, 5), .init(14, 5, 1), .init(15, 0), .init(17, 4),
    .init(17, 5), .init(26, 0), .init(27, 2),
  ]

  /// The newest release; a script and the TUI start here.
  public static let latest = IOSVersion(26, 0)

  /// Makes a version from its numbers.
  public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `14`, `14.5` or `14.5.1`; nil for anything else or a major release that does not exist.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0,
      let patch = parts.count > 2 ? Int(parts[2]) : 0, Self.knownMajors.contains(major)
    else { return nil }
    self.init(major, minor, patch)
  }

  /// `major.minor`, or `major.minor.patch` for a patch release, as the scripts write it.
  public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

  /// App Tracking Transparency exists from iOS 14.
  public var hasATT: Bool { major >= 14 }

  /// From iOS 15 the prompt only shows while the app is `active`.
  public var promptNeedsActiveApp: Bool { major >= 15 }

  /// From iOS 15 a prompt asked for while another system alert is up does not show; iOS 14 queues it behind
  /// the alert.
  public var hidesPromptBehindAlert: Bool { major >= 15 }

  /// Up to iOS 14.5.0 a request made while the global switch is off is remembered as a denial, so the app
  /// stays denied when the switch comes back on (fixed in 14.5.1).
  public var remembersSwitchOffDenial: Bool { hasATT && self < IOSVersion(14, 5, 1) }

  /// From iOS 14.5 the device hands out the IDFA only to authorized apps.
  public var idfaNeedsAuthorization: Bool { self >= IOSVersion(14, 5) }

  /// Where the Tracking switches live in Settings: "Privacy & Security" from iOS 16.
  public var trackingSettingsPath: String {
    major >= 16 ? "Settings › Privacy & Security › Tracking" : "Settings › Privacy › Tracking"
  }

  /// From iOS 17.0 requests to a privacy manifest's tracking domains fail without authorization.
  public var blocksTrackingDomains: Bool { major >= 17 }

  /// iOS 17.4 (every 17.4.x) completes a request with `denied` while the alert is still up (fixed in 17.5).
  public var completesRequestEarly: Bool { major == 17 && minor == 4 }

  /// From iOS 27.2 the EU rules apply: the sheet, the expanded request, the yearly re-prompt.
  public var hasEURules: Bool { self >= IOSVersion(27, 2) }

  /// The release after this one in `planVersions`, wrapping around (the TUI's `i` key).
  public var nextPlanVersion: IOSVersion {
    Self.planVersions.first { $0 > self } ?? Self.planVersions[0]
  }

  public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }
}
