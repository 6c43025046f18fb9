/// How bad a diagnostic is, worst first. Errors make `attsim check` exit 1 and stop a script from running.
public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
  case error, warning, info

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// One located message: what a reader could not read, a mistake in a script, or a finding of `attsim check`.
/// Every command prints it the same way, `file:line:column: severity: message`, as compilers do.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as shown to the user (the path given, or found under the folder given).
  public var file: String
  /// Where in the file, when it is a text file and the place is known.
  public var location: SourceLocation?
  /// How bad.
  public var severity: Severity
  /// What is wrong, for a person.
  public var message: String
  /// For a finding: the rule's id (`missing-key`).
  public var rule: String?
  /// For a finding: the key it is about (`NSCameraUsageDescription`).
  public var key: String?
  /// For a finding: the locale it concerns (an lproj or catalog language).
  public var locale: String?
  /// For a finding: the string it judges, as the file holds it.
  public var text: String?

  /// A diagnostic at `file` (and `location` in it, when known).
  public init(
    file: String, location: SourceLocation? = nil, severity: Severity, message: String, rule: String? = nil,
    key: String? = nil, locale: String? = nil, text: String? = nil
  ) {
    self.file = file
    self.location = location
    self.severity = severity
    self.message = message
    self.rule = rule
    self.key = key
    self.locale = locale
    self.text = text
  }

  /// The 1-based line, when known.
  public var line: Int? { location?.line }
  /// The 1-based column in Unicode scalars, when known.
  public var column: Int? { location?.column }

  /// `file:line:column`, or `file` alone when the place in it is not known.
  public var place: String { Self.place(file, location) }

  /// `file:line:column`, or `file` alone without a location: the one spelling of a place in a file.
  public static func place(_ file: String, _ location: SourceLocation?) -> String {
    location.map { "\(file):\($0.line):\($0.column)" } ?? file
  }

  /// `file:line:column: severity: message`. Not escaped: a caller writing to a terminal escapes the line.
  public var description: String { "\(place): \(severity.rawValue): \(message)" }

  /// An identity for a baseline of known findings: FNV-1a 64 of the rule, the file relative to `root`, the key,
  /// the locale and a hash of the text (not the place in the file, the message or where the project lies).
  public func fingerprint(root: String) -> String {
    let relative = Self.relative(file, to: root)
    let textHash = text.map { Self.hex(Self.fnv1a64(Array($0.utf8))) } ?? ""
    // Unit separators keep the fields apart: ("ab", "c") and ("a", "bc") differ.
    let fields = [rule ?? "", relative, key ?? "", locale ?? "", textHash].joined(separator: "\u{1F}")
    return Self.hex(Self.fnv1a64(Array(fields.utf8)))
  }

  /// `path` relative to `root` when it lies under it (`root` with or without a closing slash), else as given.
  static func relative(_ path: String, to root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return !root.isEmpty && path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// FNV-1a, 64 bits: the same value in every process (Swift's `Hasher` is seeded anew in each).
  static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// `value` as 16 lower-case hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
