/// Keeping text from files safe to print on a terminal.
extension String {
  /// The text with every control character (C0, DEL, C1, bidi overrides) as a visible escape (`\n`, `\u{1B}`).
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.isUnsafeForTerminal) else { return self }
    var result = ""
    result.unicodeScalars.reserveCapacity(unicodeScalars.count)
    for scalar in unicodeScalars {
      if scalar.isUnsafeForTerminal {
        result += scalar.visibleEscape
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// C0 and C1 controls, DEL, and the invisible bidi embedding/override/isolate controls.
  public var isUnsafeForTerminal: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The escape attsim prints in place of an unsafe scalar.
  var visibleEscape: String {
    switch value {
    case 0x0A: "\\n"
    case 0x09: "\\t"
    case 0x0D: "\\r"
    default: "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
  }
}
