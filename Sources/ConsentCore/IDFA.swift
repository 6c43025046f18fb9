/// Facts about advertising identifiers (IDFA) as strings.
public enum IDFA {
  /// The all-zero IDFA that iOS hands out when it withholds the real one.
  public static let zero = "00000000-0000-0000-0000-000000000000"

  /// The demo device's IDFA, used unless a script sets another.
  public static let demo = "6D92078A-8246-4BA4-AE5B-76104861E7DC"

  /// Whether `text` is a UUID in the 8-4-4-4-12 hexadecimal form.
  public static func isUUID(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    return utf8.count == 36
      && utf8.indices.allSatisfy { index in
        [8, 13, 18, 23].contains(index)
          ? utf8[index] == UInt8(ascii: "-") : Character(Unicode.Scalar(utf8[index])).isHexDigit
      }
  }
}
