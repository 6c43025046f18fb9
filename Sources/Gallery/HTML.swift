import TextSupport

/// Building HTML text safely: every text from a file goes through `escape`.
enum HTML {
  /// `text` escaped for HTML (line breaks kept, control characters shown as escapes).
  static func escape(_ text: String) -> String { text.escapingForMarkup() }

  /// An element with escaped text content.
  static func element(_ name: String, _ text: String, class className: String? = nil) -> String {
    let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
    return "<\(name)\(classAttribute)>\(escape(text))</\(name)>"
  }
}
