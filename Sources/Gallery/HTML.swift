import PromptStrings
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

  /// Markdown as the EU sheet draws it: paragraphs, lists (numbered when their markers are numbers), bold
  /// and italic; every text escaped.
  static func markdown(_ text: MarkdownText) -> String {
    var html = ""
    var openList: String?
    for block in text.blocks {
      let listTag = block.marker.map { $0 == "•" ? "ul" : "ol" }
      if openList != listTag {
        if let openList { html += "</\(openList)>\n" }
        if let listTag { html += "<\(listTag)>\n" }
        openList = listTag
      }
      let content = block.spans.map(span).joined()
      html += listTag == nil ? "<p>\(content)</p>\n" : "<li>\(content)</li>\n"
    }
    if let openList { html += "</\(openList)>\n" }
    return html
  }

  private static func span(_ span: MarkdownText.Span) -> String {
    var html = escape(span.text)
    if span.emphasis.italic { html = "<i>\(html)</i>" }
    if span.emphasis.bold { html = "<b>\(html)</b>" }
    return html
  }
}
