import TextSupport

/// A purpose string to lint, and what is needed to judge it.
struct PromptValue {
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
    let (value, isCut) = prompt.value.prefixForDisplay(DialogMetrics.longestMessage)
    if isCut {
      report(
        .tooLong,
        "the purpose string is \(prompt.value.utf8.count) bytes long; attsim read only its first \(DialogMetrics.longestMessage) characters, far more than any dialog shows"
      )
    }
    if value.allSatisfy(\.isWhitespace) {
      report(.emptyValue, "the purpose string is empty: the dialog gives no reason, and App Review rejects that")
      return findings
    }
    if let first = value.first, let last = value.last, first.isWhitespace || last.isWhitespace {
      report(.whitespace, "the purpose string \(first.isWhitespace ? "starts" : "ends") with whitespace")
    } else if value.contains("  ") {
      report(.whitespace, "the purpose string has two spaces in a row")
    }
    if let control = value.unicodeScalars.first(where: { $0 != "\n" && $0.isUnsafeForTerminal }) {
      let code = "U+" + String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)
      report(.controlCharacter, "the purpose string holds the control character \(code), which iOS does not draw")
    }
    if let specifier = formatSpecifier(in: value) {
      report(
        .formatSpecifier,
        "\(specifier) is shown literally: iOS does not fill in format specifiers in purpose strings")
    }
    if let locale = prompt.locale, let script = ScriptExpectation.expected(for: locale),
      !value.unicodeScalars.contains(where: script.contains)
    {
      report(.wrongScript, "the \(locale) purpose string has no \(script.name) characters; is it translated?")
    }
    if let development = prompt.developmentText, let locale = prompt.locale, prompt.value == development,
      LocaleTag(locale)?.language != LocaleTag(prompt.developmentRegion)?.language
    {
      report(
        .untranslated,
        "the \(locale) purpose string is the same as the development region's (\(prompt.developmentRegion)): not translated"
      )
    }
    let lines = TextWrapper.wrap(value, width: DialogMetrics.messageWidth).count
    if !isCut && lines > DialogMetrics.maxMessageLines {
      report(
        .tooLong,
        "the purpose string wraps to \(lines) lines in the dialog's \(DialogMetrics.messageWidth) columns; it shows \(DialogMetrics.maxMessageLines)"
      )
    }
    return findings
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
