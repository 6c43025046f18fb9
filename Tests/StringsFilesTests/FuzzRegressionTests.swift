import StringsFiles
import Testing

/// Inputs libFuzzer found (Scripts/fuzz.sh) where our reader once disagreed with CoreFoundation, kept so the
/// disagreement never comes back. Each is written in hex, as the fuzzer saved it.
@Suite struct FuzzRegressionTests {
  static let findings: [(String, String)] = [
    ("UTF-16 with BOM and a dangling byte", "fffe22006b00220020003d0020002200760022003b000022003b00"),
    ("BOM-less UTF-16 whose reading is whitespace only", "220020003d"),
    (
      "stray 0xA9 bytes in a comment",
      "2f2f6320" + String(repeating: "00", count: 7) + "3867557361676544" + String(repeating: "a9", count: 13)
        + "657363e68ea0206974223b0a"
    ),
    ("invalid UTF-8 in a comment", "2f2f632069f0b2ffff0a"),
    (
      "a backslash before a stray 0xA9",
      "226b22203d20225ca9303065395c6e5c745c3130315c3335315c225c5c223b0a62617252616e676561616c75653b0a2273223b0a"
    ),
    ("a failed data element ends an array", "61203d2028207820203c3066616229203b3e2f0a2f00220a"),
    ("a NUL first byte reads as UTF-16LE", "0021292020"),
    ("an unclosed quote inside braces", "7b2022207d0a"),
    ("an unclosed key quote before the closing brace", "7b202262223b227d0a"),
    ("a vertical tab inside data", "61203d203c30660b0b0b0b0b0b0b0b0b0b0b0b0b61623e3b203d2c20"),
    (
      "tabs and a vertical tab inside data",
      "61203d203c306363636366636363636363636363636363636309090b61623e203b203d28207b62203d202f30092009633b7d2c20"
    ),
  ]

  @Test(arguments: 0..<findings.count)
  func agreesWithFoundation(index: Int) {
    let (name, hex) = Self.findings[index]
    let bytes = Self.bytes(hex)
    #expect(ourValues(bytes) == foundationValues(bytes), "\(name)")
  }

  static func bytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var digits = hex.makeIterator()
    while let high = digits.next(), let low = digits.next() { bytes.append(UInt8(String([high, low]), radix: 16)!) }
    return bytes
  }
}
