/// Building HTML text safely: every text from a file goes through `escape`.
enum HTML {
  /// `text` with `& < > " '` escaped, and control characters (other than line breaks) shown as escapes.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\n": out += "\n"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// An element with escaped text content.
  static func element(_ name: String, _ text: String, class className: String? = nil) -> String {
    let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
    return "<\(name)\(classAttribute)>\(escape(text))</\(name)>"
  }
}
