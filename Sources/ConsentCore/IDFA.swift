/// Facts about advertising identifiers (IDFA) as strings.
public enum IDFA {
  /// The all-zero IDFA that iOS hands out when it withholds the real one.
  public static let zero = "00000000-0000-0000-0000-000000000000"

  /// The demo device's IDFA, used unless a script sets another.
  public static let demo = "6D92078A-8246-4BA4-AE5B-76104861E7DC"

  /// Whether `text` is a UUID in the 8-4-4-4-12 hexadecimal form.
  public static func isUUID(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    guard utf8.count == 36 else { return false }
    for (index, byte) in utf8.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        let isHex =
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        guard isHex else { return false }
      }
    }
    return true
  }

  /// A UUID in upper case, as `ASIdentifierManager` prints it.
  public static func canonical(_ uuid: String) -> String { uuid.uppercased() }

  /// Whether `text` is the zero IDFA (digits only, so letter case does not matter).
  public static func isZero(_ text: String) -> Bool { text == zero }
}
