/// A JSON value as String Catalogs hold them, each object key with where it stands in the text.
public indirect enum JSONValue: Sendable {
  case object(JSONObject)
  case array([JSONValue])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  /// The object, when this is one.
  public var object: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The string, when this is one.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}

/// A JSON object: its members (the last of a repeated key wins) and the byte offset of each key.
public struct JSONObject: Sendable {
  public var members: [String: JSONValue] = [:]
  /// Where each key's opening quote stands (the first of a repeated key), in an object built whole.
  public var offsets: [String: Int] = [:]
  /// Where the object's `{` stands.
  public var start = 0

  public subscript(key: String) -> JSONValue? { members[key] }
}

/// How much of a JSON document a parse builds. Every part is read as strictly (what is not JSON fails the
/// same way, at the same place); a part not built keeps only its kind: an empty string, object or array.
public indirect enum JSONShape: Sendable {
  /// The value whole.
  case whole
  /// Only the value's kind.
  case kindOnly
  /// An object keeping only the members named, each built to its shape; a value that is not an object keeps
  /// only its kind.
  case members([String: JSONShape])
  /// An object keeping every member, each built to the shape given; a value that is not an object keeps
  /// only its kind.
  case everyMember(JSONShape)

  /// The shape of the member `key` of an object of this shape, or nil when it is not kept.
  fileprivate func member(_ key: String) -> JSONShape? {
    switch self {
    case .whole: .whole
    case .kindOnly: nil
    case .members(let named): named[key]
    case .everyMember(let shape): shape
    }
  }
}

/// Why text is not JSON, and where.
public struct JSONProblem: Error, Sendable {
  /// The byte offset of the problem.
  public var offset: Int
  public var message: String
}

/// Reads JSON (RFC 8259) from UTF-8 bytes: attsim's own reader, since Foundation's on Linux takes some 70
/// bytes of memory for each byte of a large catalog. Like Foundation's, it lets a trailing comma pass.
/// Values nest at most `maximumDepth` deep.
public struct JSONReader {
  private let bytes: [UInt8]
  private var index = 0

  /// How deep arrays and objects may nest.
  public static let maximumDepth = 512

  /// The value `bytes` hold, built as far as `shape` says, or where and why they are not JSON.
  public static func parse(_ bytes: [UInt8], shape: JSONShape = .whole) -> Result<JSONValue, JSONProblem> {
    var reader = JSONReader(bytes: bytes)
    // A byte-order mark before the text is allowed, as JSON parsers do.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    do throws(JSONProblem) {
      let value = try reader.value(depth: 0, shape: shape)
      reader.skipSpace()
      guard reader.index == bytes.count else { throw reader.problem("unexpected text after the JSON value") }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func problem(_ message: String) -> JSONProblem { JSONProblem(offset: index, message: message) }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private mutating func value(depth: Int, shape: JSONShape) throws(JSONProblem) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw problem("the text ends where a value should be") }
    // Only an object has members to keep: an array or a string is built whole or kept as its kind.
    let isWhole = if case .whole = shape { true } else { false }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try object(depth: depth + 1, shape: shape))
    case UInt8(ascii: "["): return .array(try array(depth: depth + 1, shape: isWhole ? .whole : .kindOnly))
    case UInt8(ascii: "\""): return .string(try string(building: isWhole))
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw problem("unexpected character where a value should be")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONProblem) -> JSONValue {
    guard bytes[index...].starts(with: word.utf8) else { throw problem("unexpected word where a value should be") }
    index += word.utf8.count
    return value
  }

  /// The object starting at `index`, with the members `shape` keeps, built to their shapes, and their
  /// offsets only when it is built whole.
  private mutating func object(depth: Int, shape: JSONShape) throws(JSONProblem) -> JSONObject {
    guard depth <= Self.maximumDepth else { throw problem("values are nested more than \(Self.maximumDepth) deep") }
    let (namesKeys, isWhole) =
      switch shape {
      case .whole: (true, true)
      case .members, .everyMember: (true, false)
      case .kindOnly: (false, false)
      }
    var object = JSONObject(start: index)
    if opens(closing: UInt8(ascii: "}")) { return object }
    repeat {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw problem("expected a key in quotes") }
      let offset = index
      let key = try string(building: namesKeys)
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw problem("expected ':' after a key") }
      index += 1
      let kept = shape.member(key)
      let member = try value(depth: depth, shape: kept ?? .kindOnly)
      if kept != nil { object.members[key] = member }
      if isWhole, object.offsets[key] == nil { object.offsets[key] = offset }
    } while try another(closing: UInt8(ascii: "}"), in: "an object")
    return object
  }

  /// The array starting at `index`: its elements whole, or (`kindOnly`) read and none kept.
  private mutating func array(depth: Int, shape: JSONShape) throws(JSONProblem) -> [JSONValue] {
    guard depth <= Self.maximumDepth else { throw problem("values are nested more than \(Self.maximumDepth) deep") }
    var elements: [JSONValue] = []
    if opens(closing: UInt8(ascii: "]")) { return elements }
    repeat {
      let element = try value(depth: depth, shape: shape)
      if case .whole = shape { elements.append(element) }
    } while try another(closing: UInt8(ascii: "]"), in: "an array")
    return elements
  }

  /// Moves past an opening bracket and the space after it; true (and past `closing`) when `closing` follows.
  private mutating func opens(closing: UInt8) -> Bool {
    index += 1
    skipSpace()
    guard index < bytes.count, bytes[index] == closing else { return false }
    index += 1
    return true
  }

  /// After a member or element: true when a comma brings another, false past `closing` (a trailing comma
  /// before it passes, as Foundation lets it).
  private mutating func another(closing: UInt8, in container: String) throws(JSONProblem) -> Bool {
    skipSpace()
    guard index < bytes.count else { throw problem("the text ends inside \(container)") }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      skipSpace()
      guard index < bytes.count, bytes[index] == closing else { return true }
    } else if bytes[index] != closing {
      throw problem("expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(container)")
    }
    index += 1
    return false
  }

  private mutating func number() throws(JSONProblem) -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - from
    }
    let leading = index
    let whole = digits()
    guard whole > 0, !(whole > 1 && bytes[leading] == UInt8(ascii: "0")) else { throw problem("a malformed number") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw problem("a malformed number") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw problem("a malformed number") }
    }
    return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
  }

  /// The string starting at `index` (a quote), its escapes decoded; `index` moves past it. Without
  /// `building`, it is read as strictly and kept as the empty string.
  private mutating func string(building: Bool) throws(JSONProblem) -> String {
    index += 1
    var utf8: [UInt8] = []
    var run = index
    // An escape gives a whole character, so the text is UTF-8 when each run between escapes is.
    var runsAreUTF8 = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let end = index
        index += 1
        let text: String?
        if building {
          utf8 += bytes[run..<end]
          text = String(validating: utf8, as: UTF8.self)
        } else {
          text = runsAreUTF8 && isUTF8(run..<end) ? "" : nil
        }
        guard let text else { throw JSONProblem(offset: run, message: "a string that is not UTF-8") }
        return text
      }
      guard byte >= 0x20 else { throw problem("a control character inside a string") }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      if building {
        utf8 += bytes[run..<index]
      } else {
        runsAreUTF8 = runsAreUTF8 && isUTF8(run..<index)
      }
      guard index + 1 < bytes.count else { throw problem("the text ends inside a string") }
      let escaped = bytes[index + 1]
      index += 2
      let scalar: Unicode.Scalar
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalar = Unicode.Scalar(escaped)
      case UInt8(ascii: "n"): scalar = "\n"
      case UInt8(ascii: "t"): scalar = "\t"
      case UInt8(ascii: "r"): scalar = "\r"
      case UInt8(ascii: "b"): scalar = "\u{8}"
      case UInt8(ascii: "f"): scalar = "\u{C}"
      case UInt8(ascii: "u"):
        let high = try hex4()
        if (0xD800...0xDBFF).contains(high), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw problem("a \\u escape pairs a surrogate badly") }
          scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        } else {
          // A lone surrogate has no character: it reads as the replacement character.
          scalar = Unicode.Scalar(high) ?? "\u{FFFD}"
        }
      default: throw problem("an unknown escape in a string")
      }
      if building { utf8 += Array(String(Character(scalar)).utf8) }
      run = index
    }
    throw problem("the text ends inside a string")
  }

  /// Whether `range` of the text is UTF-8, checked where it lies.
  private func isUTF8(_ range: Range<Int>) -> Bool {
    (try? UTF8Span(validating: bytes.span.extracting(range))) != nil
  }

  private mutating func hex4() throws(JSONProblem) -> UInt32 {
    guard bytes.count - index >= 4, bytes[index..<index + 4].allSatisfy({ hexDigit($0) != nil }),
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw problem("a \\u escape needs four hex digits") }
    index += 4
    return value
  }
}
