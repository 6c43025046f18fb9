/// A small JSON writer that keeps keys in the order they are added (play's lines read top-down).
public struct JSONText: Sendable {
  private(set) var text = "{"
  private var isFirst = true

  /// An empty object.
  public init() { text.reserveCapacity(256) }

  /// Adds a string member.
  public mutating func add(_ key: String, _ value: String) {
    startMember(key)
    Self.appendQuoted(value, to: &text)
  }
  /// Adds an integer member.
  public mutating func add(_ key: String, _ value: Int) { member(key, String(value)) }
  /// Adds a boolean member.
  public mutating func add(_ key: String, _ value: Bool) { member(key, value ? "true" : "false") }
  /// Adds an array of strings.
  public mutating func add(_ key: String, _ values: [String]) {
    member(key, "[" + values.map(Self.quoted).joined(separator: ",") + "]")
  }
  /// Adds a nested object.
  public mutating func add(_ key: String, _ object: JSONText) { member(key, object.json) }
  /// Adds an array of nested objects.
  public mutating func add(_ key: String, _ objects: [JSONText]) {
    member(key, "[" + objects.map(\.json).joined(separator: ",") + "]")
  }

  /// Adds a string member, or `null` when there is no value.
  public mutating func add(_ key: String, _ value: String?) {
    guard let value else { return member(key, "null") }
    add(key, value)
  }
  /// Adds an integer member, or `null`.
  public mutating func add(_ key: String, _ value: Int?) {
    guard let value else { return member(key, "null") }
    add(key, value)
  }
  /// Adds a nested object, or `null`.
  public mutating func add(_ key: String, _ object: JSONText?) {
    guard let object else { return member(key, "null") }
    add(key, object)
  }

  /// The finished object.
  public var json: String { text + "}" }

  private mutating func member(_ key: String, _ raw: String) {
    startMember(key)
    text.append(raw)
  }

  /// Writes the separator and `"key":`.
  private mutating func startMember(_ key: String) {
    if !isFirst { text.append(",") }
    isFirst = false
    Self.appendQuoted(key, to: &text)
    text.append(":")
  }

  /// `value` as a JSON string literal, with quotes, backslashes and control characters escaped.
  public static func quoted(_ value: String) -> String {
    var out = ""
    appendQuoted(value, to: &out)
    return out
  }

  /// Appends `value` as a JSON string literal to `out`, without building it apart first.
  static func appendQuoted(_ value: String, to out: inout String) {
    // Most values need no escape: check the bytes once and copy them whole.
    let needsEscape = value.utf8.contains { byte in
      byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2
        || byte == 0xE2
    }
    out.append("\"")
    guard needsEscape else {
      out.append(value)
      out.append("\"")
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.isUnsafeForTerminal || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out.append("\"")
  }
}
