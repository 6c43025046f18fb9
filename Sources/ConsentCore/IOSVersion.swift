/// An iOS release, written `major.minor` (for example `14.5`).
public struct IOSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The major release number.
  public let major: Int
  /// The minor release number.
  public let minor: Int

  /// The major releases the model knows. Apple went from iOS 18 to iOS 26: 19–25 never existed.
  public static let knownMajors = [12, 13, 14, 15, 16, 17, 18, 26, 27]

  /// The versions the QA test plan walks, one per behaviour change.
  public static let planVersions: [IOSVersion] = [
    .init(12, 4), .init(13, 7), .init(14, 4), .init(14, 5), .init(15, 0), .init(17, 4), .init(26, 0), .init(27, 2),
  ]

  /// The newest release; a script and the TUI start here.
  public static let latest = IOSVersion(26, 0)

  /// Makes a version from its numbers.
  public init(_ major: Int, _ minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// Parses `14`, `14.5` or `14.5.1` (the patch level is ignored); nil for anything else
  /// or a major release that does not exist.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0,
      Self.knownMajors.contains(major)
    else { return nil }
    self.init(major, minor)
  }

  /// `major.minor`, as the scripts write it.
  public var description: String { "\(major).\(minor)" }

  /// App Tracking Transparency exists from iOS 14.
  public var hasATT: Bool { major >= 14 }

  /// From iOS 15 the prompt only shows while the app is `active`.
  public var promptNeedsActiveApp: Bool { major >= 15 }

  /// From iOS 14.5 the device hands out the IDFA only to authorized apps.
  public var idfaNeedsAuthorization: Bool { self >= IOSVersion(14, 5) }

  /// Where the Tracking switches live in Settings: "Privacy & Security" from iOS 16.
  public var trackingSettingsPath: String {
    major >= 16 ? "Settings › Privacy & Security › Tracking" : "Settings › Privacy › Tracking"
  }

  /// From iOS 17.0 requests to a privacy manifest's tracking domains fail without authorization.
  public var blocksTrackingDomains: Bool { major >= 17 }

  /// iOS 17.4 completes a request with `denied` while the alert is still up (fixed in 17.5).
  public var completesRequestEarly: Bool { major == 17 && minor == 4 }

  /// From iOS 27.2 the EU rules apply: the sheet, the expanded request, the yearly re-prompt.
  public var hasEURules: Bool { self >= IOSVersion(27, 2) }

  /// The release after this one in `planVersions`, wrapping around (the TUI's `i` key).
  public var nextPlanVersion: IOSVersion {
    Self.planVersions.first { $0 > self } ?? Self.planVersions[0]
  }

  public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }
}
