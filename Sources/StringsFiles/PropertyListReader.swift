import Diagnostics
import TextSupport

/// Reads a property list whatever its format, as CoreFoundation does: binary (`bplist`), XML, or the
/// old-style text of NeXTSTEP (`{ key = value; }`, which strings files use). attsim's own reader: it
/// gives a line and column for what is wrong, and keeps Foundation out of the binary.
public enum PropertyListReader {
  /// The object `bytes` (of the file `file`, as shown) hold, or why they hold none, as an error at `file`
  /// (with where, for text).
  public static func read(_ bytes: [UInt8], file: String) -> Result<PlistObject, Diagnostic> {
    func problem(_ message: String, _ location: SourceLocation? = nil) -> Diagnostic {
      Diagnostic(file: file, location: location, severity: .error, message: message)
    }
    if bytes.starts(with: Array("bplist".utf8)) { return BinaryPropertyList.read(bytes, file: file) }
    guard !bytes.isEmpty else { return .failure(problem("the file is empty")) }
    let text: [UInt8]
    switch self.text(of: bytes, file: file) {
    case .failure(let failure): return .failure(failure)
    case .success(let read): text = read
    }
    guard !text.isEmpty else { return .failure(problem("the file holds no text")) }
    guard isXML(text) else {
      // Old-style text: a dictionary in braces, or `key = value;` pairs as in a strings file.
      let table = StringsReader.parse(text)
      if let error = table.syntaxError, error.effect == .fileIgnored {
        return .failure(problem(error.message, table.lineMap.location(of: error.offset)))
      }
      return .success(.dictionary(table.values.mapValues(PlistObject.init)))
    }
    return XMLPropertyList.read(text).mapError { problem($0.message, LineMap(bytes: text).location(of: $0.offset)) }
  }

  /// The text of a property list as UTF-8, in the encoding CoreFoundation picks: UTF-16 when the file starts
  /// with a byte-order mark or a NUL, else the one an `<?xml … encoding="…"?>` at its very start declares,
  /// else UTF-8. `kind` names the files in the refusal of another encoding.
  static func text(of bytes: [UInt8], file: String, kind: String = "property lists") -> Result<[UInt8], Diagnostic> {
    let isUTF16 =
      bytes.count > 2
      && (bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes[0] == 0 || bytes[1] == 0)
    guard !isUTF16, bytes.starts(with: Array("<?xml".utf8)) else {
      // Text a strings file's rules decode (UTF-16 and UTF-32 by their byte-order marks, else UTF-8).
      guard isUTF16 || !isXML(bytes) else { return .success(bytes) }
      return TextDecoder.decode(bytes, file: file).map(\.utf8).mapError { problem in
        var failure = problem.diagnostic
        failure.message += " at byte \(problem.byteOffset)"
        return failure
      }
    }
    guard let name = declaredEncoding(bytes) else { return .success(bytes) }
    switch canonicalEncodingName(name) {
    case "utf8", "usascii", "ascii": return .success(bytes)
    case "iso88591", "latin1", "l1", "isolatin1":
      return .success(Array(String(bytes.map { Character(Unicode.Scalar($0)) }).utf8))
    default:
      let shown = String(decoding: name, as: UTF8.self).forMessage(limit: 40)
      return .failure(
        Diagnostic(
          file: file, severity: .error,
          message: "it declares the encoding \"\(shown)\"; attsim reads \(kind) in UTF-8, UTF-16 and ISO-8859-1")
      )
    }
  }

  /// An encoding's name as CoreFoundation compares names: up to a NUL, its ASCII letters and digits, without
  /// case (`UTF-8`, `utf8` and `U T F 8` are one); nil for a name with a byte beyond ASCII, or of 60 bytes or
  /// more before a NUL (CoreFoundation knows no such name: `U`, 54 spaces and `TF-8` is UTF-8, with 55 it is
  /// refused; a fuzzer's find), which names none.
  private static func canonicalEncodingName(_ name: [UInt8]) -> String? {
    let named = name.prefix { $0 != 0 }
    guard name.allSatisfy({ $0 < 0x80 }), named.count < 60 else { return nil }
    let letters = named.filter {
      (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
    }
    return String(decoding: letters, as: UTF8.self).lowercased()
  }

  /// The name in `encoding="…"` of the XML declaration at the start of `bytes`, if it has one.
  private static func declaredEncoding(_ bytes: [UInt8]) -> [UInt8]? {
    guard let end = bytes[5...].firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: ">") }),
      let attribute = bytes[5..<end].firstRange(of: "encoding=".utf8)
    else { return nil }
    guard let quote = bytes[attribute.upperBound...].first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
      let close = bytes[(attribute.upperBound + 1)...].firstIndex(of: quote)
    else { return nil }
    return Array(bytes[(attribute.upperBound + 1)..<close])
  }

  /// Whether text (UTF-8) is XML: its first character, after space, opens a tag.
  static func isXML(_ text: [UInt8]) -> Bool {
    let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let first = text[start...].first { !($0 == 0x20 || (0x09...0x0D).contains($0)) }
    return first == UInt8(ascii: "<")
  }
}

extension PlistObject {
  /// The object a strings table's value stands for.
  init(_ value: PlistValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .array(let items): self = .array(items.map(PlistObject.init))
    case .dictionary(let members): self = .dictionary(members.mapValues(PlistObject.init))
    case .data(let bytes): self = .data(bytes)
    }
  }
}
