import ConsentCore
import Scenarios
import Testing

@Suite struct ScriptWriterTests {
  static let actions: [Action] =
    StateWalk.fullAlphabet + StateWalk.euAlphabet + [
      .deviceConfigured(
        DeviceChange(
          iOS: IOSVersion(14, 4), kind: .simulator, trackingSwitchOn: false, restricted: true, limitAdTracking: false,
          idfa: IDFA.demo, otherAlertOnScreen: true)),
      .appConfigured(AppChange(hasUsageDescription: true, lifecycle: .background, locale: "zh-Hant")),
      .eventTracked(name: "a \"quoted\" name = x # not a comment"), .eventTracked(name: "back\\slash"),
      .methodBCalled(status: .restricted, advertisingId: "with space"), .consentSet(track: nil, identify: true),
      .deviceConfigured(DeviceChange(kind: .vision, country: "RO", accountCountry: "GB")),
      .appConfigured(AppChange(lifecycle: .active, kind: .app)), .clockAdvanced(seconds: 36_500 * 86_400),
    ]

  @Test(arguments: actions)
  func everyActionSurvivesARoundTripThroughTheParser(action: Action) throws {
    let line = ScriptWriter.line(for: action)
    let script = try ScriptParser.parse(line, file: "round-trip")
    #expect(script.steps.map(\.kind) == [.action(action)], "\(line)")
  }

  @Test func setupLinesReproduceAState() throws {
    var state = ConsentState(locale: "ja")
    try state.apply(.deviceConfigured(DeviceChange(iOS: IOSVersion(15, 0), kind: .simulator, restricted: true)))
    try state.apply(.appConfigured(AppChange(hasUsageDescription: false, lifecycle: .inactive)))
    try state.apply(.sdkInitialized(SDKOptions(integration: .blog, useConsent: true)))
    let script = try ScriptParser.parse(
      ScriptWriter.setupActions(for: state).map(ScriptWriter.line(for:)).joined(separator: "\n"), file: "setup")
    var replayed: ConsentState?
    ScriptRunner.run(script) { replayed = $0.state }
    #expect(replayed?.device == state.device)
    #expect(replayed?.app == state.app)
    #expect(replayed?.sdk == state.sdk)
  }
}

/// Values from projects and sessions that a line-based, quoted script language finds hard: every kind of value
/// a recording writes either reads back as itself, or the line is refused (never written broken).
@Suite struct ScriptWriterHostileValueTests {
  /// Line breaks of every kind, quotes, backslashes, `#`, `=`, control characters, 100,000 characters, and
  /// marks that join the quote before them.
  static let values: [String] = [
    "two\nlines", "carriage\rreturn", "crlf\r\nend", "\n", "line\u{2028}separator", "para\u{2029}graph",
    "next\u{85}line", "say \"hi\"", "\"", "back\\slash", "ends with \\", "\\\"", "# not a comment", "a=b",
    "tab\there", "nul\u{0}and\u{1B}[31mescape", "\u{7F}\u{9F}", "bidi\u{202E}override", " spaced ", "",
    String(repeating: "long \"value\" \\ ", count: 7_000), "\u{301}mark first", "prepend last\u{600}",
  ]

  /// Values no script line can hold: the language has no escape for a line break, and a mark after a quote
  /// joins it into one character the parser does not read as a quote.
  static func unwritable(_ value: String) -> Bool {
    value.unicodeScalars.contains { $0 == "\n" || $0 == "\r" } || value.hasPrefix("\u{301}")
      || value.hasSuffix("\u{600}")
  }

  /// The lines with `value` in each place a recording writes free text; the flag says whether the parser
  /// refuses an empty value there.
  static func lines(with value: String) -> [(ScriptLine, needsText: Bool)] {
    [
      (.action(.eventTracked(name: value)), true),
      (.action(.methodBCalled(status: .authorized, advertisingId: value)), false),
      (.bundle(AppBundleReference(path: value)), true),
      (.bundle(AppBundleReference(path: "App", target: value)), false),
      (.bundle(AppBundleReference(path: "App", configuration: value)), false),
    ]
  }

  @Test(arguments: values)
  func everyValueReadsBackOrIsRefused(value: String) throws {
    for (line, needsText) in Self.lines(with: value) {
      let problem = ScriptWriter.problem(writing: line)
      let mustRefuse = Self.unwritable(value) || (needsText && value.isEmpty)
      #expect((problem != nil) == mustRefuse, "\(line.text.prefix(80)): \(problem ?? "written")")
      if Self.unwritable(value) { #expect(problem?.contains("line break") == value.contains { $0.isNewline }) }
      guard problem == nil else { continue }
      let script = try ScriptParser.parse(line.text, file: "hostile")
      #expect(script.steps.map(\.kind) == [line.step?.kind], "\(line.text.prefix(80))")
    }
  }

  /// A comment holds any text on its one line (its control characters escaped).
  @Test(arguments: values)
  func aCommentStaysOneLine(value: String) throws {
    let line = ScriptLine.comment(value)
    #expect(ScriptWriter.problem(writing: line) == nil)
    #expect(try ScriptParser.parse(line.text, file: "comment").steps.isEmpty)
    #expect(!line.text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" })
  }

  /// A pinned value that starts with a combining mark joins its opening quote, so the lexer would read other
  /// text (or take a `#` in it for a comment and drop the words after it): the line is refused, not written.
  @Test(arguments: ["\u{301}x\"y", "\u{301}a#b"])
  func aPinnedValueThatJoinsItsQuoteIsRefused(value: String) throws {
    var state = ConsentState()
    try state.apply(.sdkInitialized(SDKOptions(integration: .methodB)))
    try state.apply(.methodBCalled(status: .authorized, advertisingId: value))
    let lines = ScriptWriter.expectations(pinning: state).map(ScriptLine.expectations)
    #expect(lines.contains { ScriptWriter.problem(writing: $0) != nil }, "\(lines.map(\.text))")
  }

  /// `e` pins the payload whatever it holds: the `expect` lines pass when played on the same state.
  @Test(arguments: values.filter { !$0.isEmpty })
  func pinnedPayloadValuesPassOnTheSameState(value: String) throws {
    let setup: [Action] = [
      .sdkInitialized(SDKOptions(integration: .methodB)), .methodBCalled(status: .authorized, advertisingId: value),
    ]
    var state = ConsentState()
    for action in setup { try state.apply(action) }
    let lines = setup.map(ScriptLine.action) + ScriptWriter.expectations(pinning: state).map(ScriptLine.expectations)
    let problems = lines.compactMap(ScriptWriter.problem(writing:))
    guard !Self.unwritable(value) else {
      #expect(!problems.isEmpty)
      return
    }
    #expect(problems.isEmpty, "\(problems)")
    let script = try ScriptParser.parse(lines.map(\.text).joined(separator: "\n"), file: "pinned")
    var results: [StepResult] = []
    #expect(ScriptRunner.run(script) { results.append($0) }, "\(results.filter { !$0.passed })")
  }
}
