/// Finds letters that look like ASCII but are not (a Cyrillic `е` in `rеquest`), to explain why a word
/// that reads right is rejected.
public enum LookAlike {
  /// The candidate `word` becomes when its look-alikes are read as ASCII, if that is one of `candidates`.
  public static func intended(_ word: String, among candidates: [String]) -> String? {
    let plain = skeleton(word)
    guard plain != word else { return nil }
    return candidates.first { $0 == plain }
  }

  /// A sentence for a message, naming the first look-alike when replacing every one by its ASCII twin gives
  /// `intended`: `"rеquest" is not "request": its character 2 is U+0435 CYRILLIC SMALL LETTER IE, which …`.
  public static func explanation(_ word: String, intended: String) -> String? {
    guard word != intended, skeleton(word) == intended else { return nil }
    for (offset, character) in word.enumerated() {
      guard let twin = twin(of: character), let scalar = character.unicodeScalars.first else { continue }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      let name = scalar.properties.name.map { " " + $0 } ?? ""
      return
        "\"\(word.forMessage(limit: 60))\" is not \"\(intended)\": its character \(offset + 1) is \(codePoint)\(name), which only looks like \"\(twin)\""
    }
    return nil
  }

  /// `word` with every look-alike replaced by the ASCII letter it imitates.
  static func skeleton(_ word: String) -> String { String(word.map { twin(of: $0) ?? $0 }) }

  /// The ASCII character `character` imitates, when it is one scalar found in `twins`.
  private static func twin(of character: Character) -> Character? {
    guard character.unicodeScalars.dropFirst().isEmpty, let scalar = character.unicodeScalars.first else { return nil }
    return twins[scalar.value]
  }

  /// Letters from other scripts (and fullwidth forms) that are drawn like ASCII letters, digits and signs.
  static let twins: [UInt32: Character] = {
    var table: [UInt32: Character] = [
      // Cyrillic
      0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y", 0x0445: "x", 0x0456: "i",
      0x0458: "j", 0x0455: "s", 0x0501: "d", 0x04BB: "h", 0x04CF: "l", 0x0410: "A", 0x0412: "B", 0x0415: "E",
      0x041A: "K", 0x041C: "M", 0x041D: "H", 0x041E: "O", 0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0425: "X",
      0x0406: "I", 0x0408: "J", 0x0405: "S",
      // Greek
      0x03BF: "o", 0x03B1: "a", 0x03BD: "v", 0x03C1: "p", 0x03B9: "i", 0x03BA: "k", 0x0391: "A", 0x0392: "B",
      0x0395: "E", 0x0397: "H", 0x0399: "I", 0x039A: "K", 0x039C: "M", 0x039D: "N", 0x039F: "O", 0x03A1: "P",
      0x03A4: "T", 0x03A7: "X", 0x03A5: "Y", 0x0396: "Z",
      // Signs
      0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2212: "-", 0x00A0: " ",
    ]
    // Fullwidth ASCII: U+FF01–U+FF5E.
    for value in UInt32(0xFF01)...0xFF5E {
      table[value] = Character(Unicode.Scalar(value - 0xFEE0)!)
    }
    return table
  }()
}
