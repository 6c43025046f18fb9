import PromptStrings
import StringsFiles
import TextSupport

/// Which purpose string: the ATT alert's plain text, or the EU sheet's Markdown.
enum PurposeKey {
  case plain
  case markdown

  /// The Info.plist key.
  var name: String {
    switch self {
    case .plain: InfoPlist.usageDescriptionKey
    case .markdown: InfoPlist.markdownUsageDescriptionKey
    }
  }

  /// How messages name it.
  var noun: String {
    switch self {
    case .plain: "the purpose string"
    case .markdown: "the Markdown purpose string"
    }
  }
}

/// A purpose string to lint, and what is needed to judge it.
struct PromptValue {
  var key = PurposeKey.plain
  var value: String
  var file: String
  var location: SourceLocation?
  var locale: String?
  /// The development region's text, to spot untranslated copies (nil for the development region itself).
  var developmentText: String?
  var developmentRegion: String
}

/// The rules that judge a purpose string's text.
enum ValueRules {
  static func check(_ prompt: PromptValue) -> [Finding] {
    var findings: [Finding] = []
    func report(_ rule: RuleID, _ message: String) {
      findings.append(
        Finding(file: prompt.file, location: prompt.location, rule: rule, locale: prompt.locale, message: message))
    }
    let noun = prompt.key.noun
    let (value, isCut) = prompt.value.prefixForDisplay(DialogMetrics.longestMessage)
    if isCut {
      report(
        .tooLong,
        "\(noun) is \(prompt.value.utf8.count) bytes long; attsim read only its first \(DialogMetrics.longestMessage) characters, far more than any dialog shows"
      )
    }
    if value.allSatisfy(\.isWhitespace) {
      report(.emptyValue, "\(noun) is empty: the prompt gives no reason, and App Review rejects that")
      return findings
    }
    if let first = value.first, let last = value.last, first.isWhitespace || last.isWhitespace {
      report(.whitespace, "\(noun) \(first.isWhitespace ? "starts" : "ends") with whitespace")
    } else if prompt.key == .plain && value.contains("  ") {
      // Markdown's own line breaks and indents are spaces; only the plain text is judged on them.
      report(.whitespace, "\(noun) has two spaces in a row")
    }
    if let control = value.unicodeScalars.first(where: { $0 != "\n" && $0.isUnsafeForTerminal }) {
      let code = "U+" + String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)
      report(.controlCharacter, "\(noun) holds the control character \(code), which iOS does not draw")
    }
    reportMarkup(prompt.key, value, report)
    if let specifier = formatSpecifier(in: value) {
      report(
        .formatSpecifier,
        "\(specifier) is shown literally: iOS does not fill in format specifiers in purpose strings")
    }
    if let locale = prompt.locale, let script = ScriptExpectation.expected(for: locale),
      !value.unicodeScalars.contains(where: script.contains)
    {
      report(
        .wrongScript,
        "\(noun.replacing("the ", with: "the \(locale) ")) has no \(script.name) characters; is it translated?")
    }
    if let development = prompt.developmentText, let locale = prompt.locale, prompt.value == development,
      LocaleTag(locale)?.language != LocaleTag(prompt.developmentRegion)?.language
    {
      report(
        .untranslated,
        "\(noun.replacing("the ", with: "the \(locale) ")) is the same as the development region's (\(prompt.developmentRegion)): not translated"
      )
    }
    switch prompt.key {
    case .plain:
      let lines = TextWrapper.wrap(value, width: DialogMetrics.messageWidth).count
      if !isCut && lines > DialogMetrics.maxMessageLines {
        report(
          .tooLong,
          "the purpose string wraps to \(lines) lines in the dialog's \(DialogMetrics.messageWidth) columns; at 80×24 it shows \(DialogMetrics.maxMessageLines) before the user must scroll"
        )
      }
    case .markdown:
      let lines = MarkdownText(parsing: value).lines(width: SheetMetrics.messageWidth).count
      if !isCut && lines > SheetMetrics.maxMessageLines {
        report(
          .tooLong,
          "the Markdown purpose string takes \(lines) lines on the sheet's \(SheetMetrics.messageWidth) columns; at 80×24 it shows \(SheetMetrics.maxMessageLines) before the user must scroll"
        )
      }
    }
    return findings
  }

  /// Markdown where it does not belong: syntax in the plain text (the alert shows it as written), and
  /// underline in the Markdown text (the sheet has none).
  private static func reportMarkup(_ key: PurposeKey, _ value: String, _ report: (RuleID, String) -> Void) {
    switch key {
    case .plain:
      if let markup = MarkdownText.firstMarkup(in: value) {
        report(
          .markdownInPlain,
          "\"\(markup.forMessage(limit: 40))\" is shown as written: \(InfoPlist.usageDescriptionKey) is plain text (Markdown goes in \(InfoPlist.markdownUsageDescriptionKey))"
        )
      }
    case .markdown:
      if let underline = MarkdownText.firstUnderline(in: value) {
        report(
          .markdownUnderline,
          "\"\(underline.forMessage(limit: 40))\" asks for underline, which the sheet does not draw: it shows the characters as written"
        )
      }
    }
  }

  /// The first printf-style specifier (`%@`, `%d`, `%1$@`, `%%`), if any.
  static func formatSpecifier(in value: String) -> String? {
    let scalars = Array(value.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "%", index + 1 < scalars.count else {
        index += 1
        continue
      }
      var end = index + 1
      while end < scalars.count
        && (("0"..."9").contains(scalars[end]) || scalars[end] == "$" || scalars[end] == "."
          || scalars[end] == "l" || scalars[end] == "-")
      {
        end += 1
      }
      if end < scalars.count && "@dDiuUxXoOfeEgGcCsSpaA%".unicodeScalars.contains(scalars[end]) {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[index...end])
        return text
      }
      index += 1
    }
    return nil
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: Swift.max(0, length - count)) + self
  }
}
