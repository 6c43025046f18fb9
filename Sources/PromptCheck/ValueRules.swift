import Diagnostics
import PromptStrings
import StringsFiles
import TextSupport

/// A purpose string to lint, and what is needed to judge it.
struct PromptValue {
  /// The purpose-string key (`NSCameraUsageDescription`).
  var key: String
  var value: String
  var file: String
  var location: SourceLocation?
  var locale: String?
  /// The development region's text, to spot untranslated copies (nil for the development region itself).
  var developmentText: String?
  var developmentRegion: String
  /// Whether the text is the Info.plist's own (what App Store Connect reads), not a translation.
  var isInfoPlist = false
  /// Whether the app's own privacy manifest declares `NSPrivacyTracking` true.
  var declaresTracking = false

  /// Whether this is the EU sheet's Markdown text rather than plain text an alert shows.
  var isMarkdown: Bool { key == PurposeKeys.trackingMarkdown }
}

/// The rules that judge a purpose string's text.
enum ValueRules {
  static func check(_ prompt: PromptValue) -> [Finding] {
    var findings: [Finding] = []
    func report(_ rule: RuleID, _ message: String, severity: Severity? = nil) {
      findings.append(
        Finding(
          file: prompt.file, location: prompt.location, rule: rule, severity: severity, locale: prompt.locale,
          key: prompt.key, message: message, text: prompt.value))
    }
    let noun = PurposeKeys.noun(for: prompt.key)
    let localeNoun = prompt.locale.map { noun.replacing("the ", with: "the \($0) ") } ?? noun
    // Every later rule sees each character cut to its first code points, so none pays for a hostile one.
    let (bounded, overlong) = ClusterBound.bounded(prompt.value)
    if let overlong {
      let what =
        overlong.nonStarterRun > ClusterBound.streamSafeNonStarters
        ? "\(MessageList.grouped(overlong.nonStarterRun)) combining marks in a row"
        : "\(MessageList.grouped(overlong.scalarCount)) code points"
      let name = overlong.example.properties.name.map { " " + $0 } ?? ""
      report(
        .combiningMarks,
        "\(noun) has a character of \(what) (from \(codePoint(overlong.example))\(name)), past Unicode's stream-safe limit of \(ClusterBound.streamSafeNonStarters) marks: iOS piles them onto one letter; attsim measures its first \(ClusterBound.maxScalars) code points"
      )
    }
    let (value, isCut) = bounded.prefixForDisplay(DialogMetrics.longestMessage)
    if isCut {
      report(
        .tooLong,
        "\(noun) is \(prompt.value.utf8.count) bytes long; attsim read only its first \(DialogMetrics.longestMessage) characters, far more than any dialog shows"
      )
    }
    if value.allSatisfy(\.isWhitespace) {
      // App Review rejects a prompt that gives no reason: the Info.plist's tracking text is an error; another
      // prompt's matters only if the app asks (templates ship empty ones), a translation only to its users.
      let rejected = prompt.isInfoPlist && PurposeKeys.isTracking(prompt.key)
      report(
        .emptyValue,
        prompt.isInfoPlist
          ? "\(noun) is empty: the prompt gives no reason, and App Review rejects that\(rejected ? "" : " if the app asks")"
          : "\(localeNoun) is empty: the prompt gives those users no reason",
        severity: rejected ? .error : .warning)
      return findings
    }
    // A line break at either end is layout (a text set below the title), and in a text that starts with one,
    // as in Markdown, spaces are layout too; a space or tab at either end is a slip (DECISIONS D115).
    let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
    if let first = value.first, let last = value.last, isSpace(first) || isSpace(last) {
      report(.whitespace, "\(noun) \(isSpace(first) ? "starts" : "ends") with whitespace")
    } else if !prompt.isMarkdown && value.first?.isNewline != true && value.contains("  ") {
      report(.whitespace, "\(noun) has two spaces in a row")
    }
    if let control = value.unicodeScalars.first(where: { $0 != "\n" && $0 != "\t" && $0.isUnsafeForTerminal }) {
      report(.controlCharacter, "\(noun) holds the control character \(codePoint(control)), which iOS does not draw")
    } else if value.unicodeScalars.contains("\t") {
      // A tab is drawn as a gap: often the file's own indentation, kept inside a value that spans lines.
      report(.whitespace, "\(noun) holds a tab, which the alert shows as a gap (the file's indentation?)")
    }
    reportMarkup(prompt, value, report)
    if let specifier = formatSpecifier(in: value) {
      report(
        .formatSpecifier,
        "\(specifier) is shown literally: iOS does not fill in format specifiers in purpose strings")
    }
    // `Base` is no language: it has no translation to miss, and no script to be written in.
    let language = prompt.locale.flatMap { $0 == "Base" ? nil : LocaleTag($0) }
    let untranslated =
      prompt.developmentText == prompt.value && language != nil
      && language?.language != LocaleTag(prompt.developmentRegion)?.language
    if untranslated {
      report(
        .untranslated,
        "\(localeNoun) is the same as the development region's (\(prompt.developmentRegion)): not translated")
    } else if let locale = prompt.locale, language != nil,
      let problem = ScriptExpectation.problem(in: value, locale: locale)
    {
      // The development region's text in another script is `untranslated`, said once.
      report(.wrongScript, "\(localeNoun) \(problem); is it translated?")
    }
    // A copy of the development region's text was judged there.
    if !untranslated { WordingRules.check(prompt, value, noun: noun, report) }
    // The Markdown text is judged on the sheet attsim draws, plain text on an iPhone's alert.
    let (lines, shows) =
      prompt.isMarkdown
      ? (MarkdownText(parsing: value).lines(width: SheetMetrics.messageWidth).count, SheetMetrics.maxMessageLines)
      : (PhoneAlert.lines(value), PhoneAlert.visibleLines)
    if !isCut && lines > shows {
      report(
        .tooLong,
        prompt.isMarkdown
          ? "the Markdown purpose string takes \(lines) lines on the sheet's \(SheetMetrics.messageWidth) columns; at 80×24 it shows \(shows) before the user must scroll"
          : "\(noun) takes about \(lines) lines in the alert on \(PhoneAlert.phone); the alert shows about \(shows) before the user must scroll"
      )
    }
    return findings
  }

  /// Markdown where it does not belong: syntax in plain text (the alert shows it as written), and
  /// underline in the Markdown text (the sheet has none).
  private static func reportMarkup(
    _ prompt: PromptValue, _ value: String, _ report: (RuleID, String, Severity?) -> Void
  ) {
    if prompt.isMarkdown {
      if let underline = MarkdownText.firstUnderline(in: value) {
        report(
          .markdownUnderline,
          "\"\(underline.forMessage(limit: 40))\" asks for underline, which the sheet does not draw: it shows the characters as written",
          nil)
      }
    } else if let markup = MarkdownText.firstMarkup(in: value) {
      let markdownHome = PurposeKeys.isTracking(prompt.key) ? " (Markdown goes in \(PurposeKeys.trackingMarkdown))" : ""
      report(
        .markdownInPlain,
        "\"\(markup.forMessage(limit: 40))\" is shown as written: \(prompt.key) is plain text\(markdownHome)", nil)
    }
  }

  /// `U+001B`: a code point as Unicode writes it, in four hex digits at least.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// The first printf-style specifier (`%@`, `%d`, `%1$@`, `%%`), if any.
  static func formatSpecifier(in value: String) -> String? {
    let scalars = Array(value.unicodeScalars)
    for start in scalars.indices where scalars[start] == "%" {
      var end = start + 1
      while end < scalars.count && "0123456789$.l-".unicodeScalars.contains(scalars[end]) { end += 1 }
      if end < scalars.count && "@dDiuUxXoOfeEgGcCsSpaA%".unicodeScalars.contains(scalars[end]) {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start...end])
        return text
      }
    }
    return nil
  }
}
