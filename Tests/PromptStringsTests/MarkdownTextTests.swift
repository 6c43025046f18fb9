import Testing
import TextSupport

@testable import PromptStrings

/// The Markdown the iOS 27.2 EU sheet draws: what is emphasis, what is a list, what stays as written.
@Suite struct MarkdownTextTests {
  typealias Span = MarkdownText.Span
  static let bold = MarkdownText.Emphasis(bold: true)
  static let italic = MarkdownText.Emphasis(italic: true)
  static let both = MarkdownText.Emphasis(bold: true, italic: true)

  static func plain(_ text: String) -> Span { Span(text: text, emphasis: .none) }

  @Test(arguments: [
    ("plain text", [plain("plain text")]),
    (
      "**bold** and *italic*",
      [Span(text: "bold", emphasis: bold), plain(" and "), Span(text: "italic", emphasis: italic)]
    ),
    (
      "__bold__ and _italic_",
      [Span(text: "bold", emphasis: bold), plain(" and "), Span(text: "italic", emphasis: italic)]
    ),
    ("***both***", [Span(text: "both", emphasis: both)]),
    ("**bold *and italic***", [Span(text: "bold ", emphasis: bold), Span(text: "and italic", emphasis: both)]),
    ("snake_case_name stays", [plain("snake_case_name stays")]),
    ("2 * 3 * 4", [plain("2 * 3 * 4")]),
    ("an * unmatched", [plain("an * unmatched")]),
    ("**not closed", [plain("**not closed")]),
    ("\\*escaped\\*", [plain("*escaped*")]),
    ("see [our policy](https://example.com)", [plain("see our policy")]),
    ("`code` stays", [plain("code stays")]),
    ("<u>underline</u>", [plain("<u>underline</u>")]),
    ("日本語の**太字**です", [plain("日本語の"), Span(text: "太字", emphasis: bold), plain("です")]),
    // Found by the fuzzer: a run longer than three whose closing run starts inside it.
    ("\\t\\*****************2", [plain("\\t*****************2")]),
    ("*****x***", [plain("**"), Span(text: "x", emphasis: both)]),
  ])
  func inlineSyntax(source: String, expected: [Span]) {
    #expect(MarkdownText.inline(source) == expected)
  }

  @Test func blocksAreParagraphsAndListItems() {
    let text = MarkdownText(parsing: "First line\nsame paragraph.\n\n- one\n* two\n  continued\n\n1. first\n2) second")
    #expect(text.blocks.map(\.marker) == [nil, "•", "•", "1.", "2."])
    #expect(text.blocks[0].spans == [Self.plain("First line same paragraph.")])
    #expect(text.blocks[2].spans == [Self.plain("two continued")])
  }

  @Test func linesWrapWithAHangingIndentAndBlankLinesBetweenBlocks() {
    let text = MarkdownText(parsing: "Intro **text** here.\n\n- a list item that wraps\n- short")
    let lines = text.lines(width: 14).map { $0.map(\.text).joined() }
    #expect(lines == ["Intro text", "here.", "", "• a list item", "  that wraps", "• short"])
    // Emphasis survives the wrap.
    #expect(text.lines(width: 14)[0] == [Self.plain("Intro "), Span(text: "text", emphasis: Self.bold)])
  }

  @Test(arguments: [
    ("**bold**", "**bold**"), ("a *word* here", "*word*"), ("[link](x)", "[link](x)"), ("`x`", "`x`"),
    ("no markup, 2 * 3", nil), ("file_name_here", nil), ("- a dash list", nil),
  ])
  func firstMarkupIsWhatThePlainAlertWouldShowAsWritten(source: String, expected: String?) {
    #expect(MarkdownText.firstMarkup(in: source) == expected)
  }

  @Test(arguments: [
    ("<u>x</u>", "<u>"), ("<INS>x</INS>", "<ins>"), ("an ++inserted++ word", "++inserted++"), ("C++ and C++", nil),
    ("**bold**", nil),
  ])
  func underlineAttempts(source: String, expected: String?) {
    #expect(MarkdownText.firstUnderline(in: source) == expected)
  }

  @Test func styledWrapBreaksLikePlainWrap() {
    let text = "A long sentence, wrapped at the same places — with 日本語のテキスト too."
    for width in [5, 10, 17, 30] {
      let styled = TextWrapper.wrap([(text: text, style: 0)], width: width).map { $0.map(\.text).joined() }
      #expect(styled == TextWrapper.wrap(text, width: width), "width \(width)")
    }
  }
}
