import ConsentCore
import Diagnostics
import StringsFiles
import TextSupport

/// Parses `.attsim` scripts (SPEC §2) into steps, reporting every mistake with its line and column.
public enum ScriptParser {
  /// The most steps (command lines) a script may have: ten times the 100,000 events the README's benchmark
  /// plays. A script with more is refused at the line that passes the limit, before any of it runs.
  public static let stepLimit = 1_000_000

  /// The most errors reported for one script; reading stops at the next.
  public static let errorLimit = 100

  /// The script in `source`, or every error in it; `file` names the script in messages.
  public static func parse(_ source: String, file: String, stepLimit: Int = stepLimit) throws(ScriptErrors)
    -> Script
  {
    var builder = ScriptBuilder(file: file, stepLimit: stepLimit)
    var rest = source[...]
    while builder.wantsMore {
      // Lines end at LF, CRLF (one Character) or CR.
      let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? rest.endIndex
      builder.add(rest[..<end])
      guard end < rest.endIndex else { break }
      rest = rest[rest.index(after: end)...]
    }
    return try builder.finish().get()
  }

  /// The commands a script may use, for help and suggestions.
  public static let commands = Vocabulary.Command.allCases.map(\.rawValue)
}

/// Builds a script from its lines, one at a time: what `ScriptParser.parse` and `ScriptReader` share. Keeps
/// of a command line only its packed step (see `ScriptSteps`).
public struct ScriptBuilder {
  /// The script's name in messages and in the `Script`.
  public let file: String
  /// The most steps the script may have.
  public let stepLimit: Int
  private var steps = ScriptSteps.Packer()
  private var errors: [Diagnostic] = []
  /// How many lines held a command (whether it parsed or not): what the step limit counts.
  private var commandLines = 0
  /// The number of the last line added.
  private(set) var lineNumber = 0
  private var title: String?
  private var why: String?
  /// Whether every line so far was blank or a comment: `# title:` and `# why:` count only there.
  private var inHeader = true

  /// A builder for the script `file`, with at most `stepLimit` steps.
  public init(file: String, stepLimit: Int = ScriptParser.stepLimit) {
    self.file = file
    self.stepLimit = stepLimit
  }

  /// Whether more lines can change the outcome: false past the step limit or at the error limit.
  public var wantsMore: Bool { errors.count < ScriptParser.errorLimit && commandLines <= stepLimit }

  /// Takes the next line, without its line break.
  public mutating func add(_ line: Substring) {
    lineNumber += 1
    if inHeader { readHeader(line) }
    switch ScriptLexer.words(of: line, file: file, lineNumber: lineNumber) {
    case .failure(let error):
      commandLines += 1
      report(error)
    case .success(let words) where words.isEmpty:
      return
    case .success(let words):
      commandLines += 1
      guard commandLines <= stepLimit else {
        let (limit, step) = (MessageList.grouped(stepLimit), MessageList.grouped(commandLines))
        report(
          Diagnostic.scriptError(
            file: file, line: lineNumber, column: words[0].column,
            message: "a script may have at most \(limit) steps; this line would be step \(step)"))
        return
      }
      var parser = LineParser(file: file, line: lineNumber, words: words)
      do {
        _ = try parser.parse()
        steps.append(
          command: ScriptLexer.commandText(of: line, words: words), line: lineNumber, column: words[0].column)
      } catch {
        report(error)
      }
    }
  }

  /// Counts a line that cannot be read (one too long), reporting why.
  mutating func skipLine(because message: String) {
    lineNumber += 1
    commandLines += 1
    inHeader = false
    report(Diagnostic.scriptError(file: file, line: lineNumber, column: 1, message: message))
  }

  /// Adds `error`; the one that reaches the error limit says reading stops there.
  private mutating func report(_ error: Diagnostic) {
    guard errors.count < ScriptParser.errorLimit else { return }
    var error = error
    if errors.count == ScriptParser.errorLimit - 1 {
      error.message += " (\(ScriptParser.errorLimit) errors: attsim reads no further)"
    }
    errors.append(error)
  }

  /// `# title: …` and `# why: …` from the comment lines at the top of the script: the first of each.
  private mutating func readHeader(_ line: Substring) {
    let text = line.drop { $0 == " " || $0 == "\t" }
    guard text.hasPrefix("#") else {
      if !text.isEmpty { inHeader = false }
      return
    }
    let comment = text.dropFirst().drop { $0 == " " }
    if title == nil, comment.hasPrefix("title:") { title = comment.dropFirst("title:".count).trimmingSpaces }
    if why == nil, comment.hasPrefix("why:") { why = comment.dropFirst("why:".count).trimmingSpaces }
  }

  /// The script, or every error found in it (nothing of a script with one runs).
  public func finish() -> Result<Script, ScriptErrors> {
    guard errors.isEmpty else { return .failure(ScriptErrors(errors: errors)) }
    return .success(Script(file: file, steps: steps.steps, title: title, why: why))
  }
}

/// Parses one line's words into a step.
struct LineParser {
  let file: String
  let line: Int
  let words: [ScriptWord]

  /// The step this line describes.
  mutating func parse() throws(Diagnostic) -> Step.Kind {
    let head = words[0]
    if head.key != nil {
      throw error(at: head.column, "a line starts with a command, not \"\(head.text.forMessage(limit: 60))\"")
    }
    let arguments = Array(words.dropFirst())
    guard let command = Vocabulary.Command(rawValue: head.value) else {
      let hint = Suggestion.for(head.value, among: ScriptParser.commands)?.clause()
      throw error(
        at: head.column,
        "unknown command \"\(head.value.forMessage(limit: 60))\""
          + (hint ?? "; commands are \(ScriptParser.commands.joined(separator: ", "))"))
    }
    switch command {
    case .device: return .action(.deviceConfigured(try deviceChange(arguments)))
    case .app:
      if let bundle = arguments.first(where: { $0.key == Vocabulary.App.bundle }) {
        let pairs = try keyValues(
          arguments, command: "app bundle=", allowed: Vocabulary.App.bundleKeys, required: [Vocabulary.App.bundle])
        guard !bundle.value.isEmpty else { throw error(at: bundle.valueColumn, "bundle needs a folder path") }
        return .useBundle(
          AppBundleReference(
            path: bundle.value, target: pairs[Vocabulary.App.target]?.value,
            configuration: pairs[Vocabulary.App.configuration]?.value))
      }
      return .action(.appConfigured(try appChange(arguments)))
    case .sdk: return .action(.sdkInitialized(try sdkOptions(arguments, after: head)))
    case .prepermission: return .action(try subcommand(arguments, after: head, choices: Vocabulary.prePermission))
    case .request: return .action(try request(arguments))
    case .tap: return .action(try subcommand(arguments, after: head, choices: Vocabulary.tap))
    case .methodB: return .action(try methodB(arguments, after: head))
    case .settings: return .action(try settings(arguments, after: head))
    case .relaunch: return try alone(arguments, .action(.relaunched))
    case .reinstall: return try alone(arguments, .action(.reinstalled))
    case .consent: return .action(try consent(arguments))
    case .dismiss: return try alone(arguments, .action(.promptDismissedBySystem))
    case .clock: return .action(try clock(arguments))
    case .undo: return .undo(lines: try lineCount(arguments, command: "undo"))
    case .redo: return .redo(lines: try lineCount(arguments, command: "redo"))
    case .restart: return try alone(arguments, .restart)
    case .track: return .action(try track(arguments, after: head))
    case .expect: return .expect(try expectations(arguments, after: head))
    }
  }

  // MARK: Commands

  /// `lines=N` of `undo` and `redo` (1 when left out), at most what attsim keeps.
  private func lineCount(_ arguments: [ScriptWord], command: String) throws(Diagnostic) -> Int {
    let pairs = try keyValues(arguments, command: command, allowed: [Vocabulary.lines], required: [])
    guard let word = pairs[Vocabulary.lines] else { return 1 }
    guard let count = Int(word.value), (1...Refusal.undoDepth).contains(count) else {
      throw error(
        at: word.valueColumn,
        "lines must be a number from 1 to \(Refusal.undoDepth), not \"\(word.value.forMessage(limit: 60))\"")
    }
    return count
  }

  private func deviceChange(_ arguments: [ScriptWord]) throws(Diagnostic) -> DeviceChange {
    typealias Words = Vocabulary.Device
    let pairs = try keyValues(arguments, command: "device", allowed: Words.keys, required: [], atLeastOne: true)
    var change = DeviceChange()
    if let word = pairs[Words.iOS] { change.iOS = try iOSVersion(word) }
    change.kind = try value(pairs, Words.kind)
    change.trackingSwitchOn = try value(pairs, Words.trackingSwitch)
    change.restricted = try value(pairs, Words.restricted)
    change.limitAdTracking = try value(pairs, Words.limitAdTracking)
    if let word = pairs[Words.idfa] {
      guard IDFA.isUUID(word.value) else {
        throw error(
          at: word.valueColumn, "idfa must be a UUID like \(IDFA.demo), not \"\(word.value.forMessage(limit: 60))\"")
      }
      change.idfa = word.value
    }
    change.otherAlertOnScreen = try value(pairs, Words.otherAlert)
    change.country = try country(pairs[Words.country])
    change.accountCountry = try country(pairs[Words.accountCountry])
    return change
  }

  /// An ISO 3166-1 alpha-2 code, upper-cased.
  private func country(_ word: ScriptWord?) throws(Diagnostic) -> String? {
    guard let word else { return nil }
    guard word.value.count == 2, word.value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      throw error(
        at: word.valueColumn,
        "\(word.key ?? "country") must be a two-letter country code like FR or US, not \"\(word.value.forMessage(limit: 60))\""
      )
    }
    return word.value.uppercased()
  }

  /// `request`, or with `expanded=` / `additional-info=` the iOS 27.2 call (both default to no).
  private func request(_ arguments: [ScriptWord]) throws(Diagnostic) -> Action {
    typealias Words = Vocabulary.Request
    let pairs = try keyValues(arguments, command: "request", allowed: Words.keys, required: [])
    guard !pairs.isEmpty else { return .trackingRequested }
    return .expandedTrackingRequested(
      ExpandedRequest(
        prefersExpandedInterface: try value(pairs, Words.expanded) ?? false,
        additionalInformation: try value(pairs, Words.additionalInformation) ?? false))
  }

  /// `clock advance=30s|5m|2h|2d`, or a bare number of days (`clock advance=365`).
  private func clock(_ arguments: [ScriptWord]) throws(Diagnostic) -> Action {
    typealias Words = Vocabulary.Clock
    let pairs = try keyValues(arguments, command: "clock", allowed: [Words.advance], required: [Words.advance])
    guard let word = pairs[Words.advance], let seconds = Self.seconds(word.value),
      (1...Words.longestStep).contains(seconds)
    else {
      throw error(
        at: pairs[Words.advance]?.valueColumn ?? words[0].column,
        "advance must be a time of up to a century: seconds, minutes, hours or days (30s, 5m, 2h, 2d) or a number of days, e.g. clock advance=365"
      )
    }
    return .clockAdvanced(seconds: seconds)
  }

  /// The seconds `30s`, `5m`, `2h`, `2d` or `365` (days) stand for; nil for anything else.
  static func seconds(_ text: String) -> Int? {
    guard text.allSatisfy(\.isASCII), let last = text.last else { return nil }
    let unit = Vocabulary.Clock.units.first { $0.0 == last }
    let digits = unit == nil ? text : String(text.dropLast())
    guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy(\.isNumber), let count = Int(digits) else {
      return nil
    }
    let (product, overflow) = count.multipliedReportingOverflow(by: unit?.1 ?? 86_400)
    return overflow ? nil : product
  }

  private func appChange(_ arguments: [ScriptWord]) throws(Diagnostic) -> AppChange {
    typealias Words = Vocabulary.App
    let pairs = try keyValues(arguments, command: "app", allowed: Words.keys, required: [], atLeastOne: true)
    var change = AppChange()
    change.hasUsageDescription = try value(pairs, Words.usageDescription)
    change.lifecycle = try value(pairs, Words.state)
    change.kind = try value(pairs, Words.kind)
    if let word = pairs[Words.trackingDomains] {
      let written = word.value == "none" ? [] : word.value.split(separator: ",", omittingEmptySubsequences: false)
      change.trackingDomains = try written.map(String.init).map { domain throws(Diagnostic) in
        if let problem = HostName.problem(in: domain) {
          throw error(at: word.valueColumn, "tracking domain \"\(domain.forMessage(limit: 60))\" \(problem)")
        }
        return domain
      }
    }
    if let word = pairs[Words.locale] {
      let valid =
        !word.value.isEmpty && word.value.count <= 35
        && word.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        && word.value.first?.isLetter == true
      guard valid else { throw error(at: word.valueColumn, "locale must be a language tag like en, pt-BR or zh-Hant") }
      change.locale = word.value
    }
    return change
  }

  private func sdkOptions(_ arguments: [ScriptWord], after head: ScriptWord) throws(Diagnostic) -> SDKOptions {
    typealias Words = Vocabulary.SDK
    guard let first = arguments.first, first.key == nil, first.value == Words.subcommand else {
      throw error(at: arguments.first?.column ?? head.column + head.text.count + 1, "sdk needs \"init\": sdk init …")
    }
    let pairs = try keyValues(Array(arguments.dropFirst()), command: "sdk init", allowed: Words.keys, required: [])
    var options = SDKOptions()
    if let integration = try value(pairs, Words.integration) { options.integration = integration }
    if let optOut = try value(pairs, Words.optOut) { options.optOut = optOut }
    if let useConsent = try value(pairs, Words.useConsent) { options.useConsent = useConsent }
    if let word = pairs[Words.endpoint] {
      if let problem = HostName.problem(in: word.value) {
        throw error(at: word.valueColumn, "endpoint \"\(word.value.forMessage(limit: 60))\" \(problem)")
      }
      options.endpoint = word.value
    }
    if let word = pairs[Words.waitForATT] {
      guard let seconds = Int(word.value), word.value.allSatisfy(\.isASCII), (1...Words.longestWait).contains(seconds)
      else {
        throw error(
          at: word.valueColumn,
          "wait-for-att must be a number of seconds from 1 to \(Words.longestWait), not \"\(word.value.forMessage(limit: 60))\""
        )
      }
      options.waitForATT = seconds
    }
    return options
  }

  private func methodB(_ arguments: [ScriptWord], after head: ScriptWord) throws(Diagnostic) -> Action {
    typealias Words = Vocabulary.MethodB
    let pairs = try keyValues(
      arguments, command: "method-b", allowed: [Words.status.key, Words.idfa], required: [Words.status.key])
    guard let status = try value(pairs, Words.status) else { throw error(at: head.column, "method-b needs status=…") }
    return .methodBCalled(status: status, advertisingId: pairs[Words.idfa]?.value ?? "")
  }

  private func settings(_ arguments: [ScriptWord], after head: ScriptWord) throws(Diagnostic) -> Action {
    typealias Words = Vocabulary.Settings
    let pairs = try keyValues(arguments, command: "settings", allowed: Words.keys, required: [], atLeastOne: true)
    let existingWord = pairs[Words.existing.key]
    if let on = try value(pairs, Words.appTracking) {
      if let other = pairs[Words.trackingSwitch.key] ?? existingWord {
        throw error(at: other.column, "settings changes one thing a line: app-tracking, or tracking-switch")
      }
      return .appTrackingSwitchChanged(on: on)
    }
    guard let word = pairs[Words.trackingSwitch.key], let on = try value(pairs, Words.trackingSwitch) else {
      throw error(at: existingWord?.column ?? head.column, "existing= goes with tracking-switch=off")
    }
    if on {
      if let existingWord { throw error(at: existingWord.column, "existing= goes with tracking-switch=off") }
      return .trackingSwitchTurnedOn
    }
    guard let existing = try value(pairs, Words.existing) else {
      throw error(
        at: word.column, "tracking-switch=off needs existing=keep or existing=stop (what happens to apps that answered)"
      )
    }
    return .trackingSwitchTurnedOff(existing: existing)
  }

  private func consent(_ arguments: [ScriptWord]) throws(Diagnostic) -> Action {
    typealias Words = Vocabulary.Consent
    let pairs = try keyValues(arguments, command: "consent", allowed: Words.keys, required: [], atLeastOne: true)
    return .consentSet(track: try value(pairs, Words.track), identify: try value(pairs, Words.identify))
  }

  private func track(_ arguments: [ScriptWord], after head: ScriptWord) throws(Diagnostic) -> Action {
    guard let name = arguments.first, name.key == nil, !name.value.isEmpty else {
      throw error(
        at: arguments.first?.column ?? head.column + head.text.count + 1, "track needs an event name: track sign_up")
    }
    try expectNothing(after: Array(arguments.dropFirst()))
    return .eventTracked(name: name.value)
  }

  private func expectations(_ arguments: [ScriptWord], after head: ScriptWord) throws(Diagnostic) -> [Expectation] {
    guard !arguments.isEmpty else {
      throw error(
        at: head.column + head.text.count + 1, "expect needs at least one key=value, e.g. expect status=authorized")
    }
    var seen = Set<String>()
    var result: [Expectation] = []
    for word in arguments {
      guard let key = word.key else {
        throw error(at: word.column, "expect takes key=value pairs, not \"\(word.text.forMessage(limit: 60))\"")
      }
      guard seen.insert(key).inserted else {
        throw error(at: word.column, "\"\(key.forMessage(limit: 60))\" is given twice")
      }
      let subject: Expectation.Subject
      if let stateSubject = Expectation.stateKeys[key] {
        subject = stateSubject
      } else if Payload.keys.contains(key) {
        subject = .payload(key)
      } else {
        throw unknownKey(word, command: "expect", allowed: Expectation.allKeys)
      }
      let value = try expectedValue(word, for: subject)
      result.append(Expectation(subject: subject, key: key, expected: word.value, value: value, column: word.column))
    }
    return result
  }

  /// The value of `key=value` in an `expect`, decoded once: the runner never reads the text again.
  private func expectedValue(_ word: ScriptWord, for subject: Expectation.Subject) throws(Diagnostic)
    -> Expectation.Value
  {
    let value = word.value
    let statuses = ATTStatus.allCases.map { ($0.name, Expectation.Value.status($0)) }
    func identifier(_ text: String) -> Expectation.Value? {
      if text == "zero" { return .identifier(IDFA.zero) }
      return IDFA.isUUID(text) ? .identifier(text.uppercased()) : nil
    }
    switch subject {
    case .status: return try choice(word, statuses + [("unavailable", .status(nil))])
    case .prompt: return try choice(word, PromptKind.allCases.map { ($0.rawValue, .prompt($0)) })
    case .region: return try choice(word, RegionClass.allCases.map { ($0.rawValue, .region($0)) })
    case .crashed: return try choice(word, [("yes", .flag(true)), ("no", .flag(false))])
    case .deviceIDFA:
      guard let decoded = identifier(value) else { throw badValue(word, expected: "a UUID or zero") }
      return decoded
    case .payload("att_authorization_status"): return try choice(word, statuses + [("absent", .absent)])
    case .payload:
      guard !value.isEmpty else { throw badValue(word, expected: "a value, zero or absent") }
      return value == "absent" ? .absent : identifier(value) ?? .text(value)
    case .event:
      return try choice(
        word,
        [("none", .none)] + [EventFate.sent, .queued, .held, .dropped, .blocked].map { ($0.rawValue, .event($0)) })
    case .warning:
      guard !value.isEmpty else { throw badValue(word, expected: "some words of a warning, or none") }
      return value == "none" ? .none : .text(value)
    case .promptText:
      guard !value.isEmpty else { throw badValue(word, expected: "some words of the purpose string") }
      return .text(value)
    case .promptSource: return try choice(word, Expectation.promptSources.map { ($0, .text($0)) })
    case .callback:
      if value == "none" { return .none }
      let parts = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let identifiers: [String: Expectation.CallbackIdentifier] = [
        "00": .none, "IDFA": .deviceIDFA, "zero": .identifier(IDFA.zero),
      ]
      guard parts.count == 2, let granted = ["true": true, "false": false][parts[0]],
        let identifier = identifiers[parts[1]] ?? (IDFA.isUUID(parts[1]) ? .identifier(parts[1].uppercased()) : nil)
      else { throw badValue(word, expected: "true,IDFA or false,00 (or a UUID, zero, none)") }
      return .callback(granted: granted, identifier: identifier)
    }
  }

  private func badValue(_ word: ScriptWord, expected: String) -> Diagnostic {
    error(
      at: word.valueColumn,
      "bad value \"\(word.value.forMessage(limit: 60))\" for \(word.key ?? ""); expected \(expected)")
  }

  // MARK: Pieces

  /// The action one of a few words names (`tap allow`).
  private func subcommand(_ arguments: [ScriptWord], after head: ScriptWord, choices: [(String, Action)])
    throws(Diagnostic) -> Action
  {
    let names = choices.map(\.0)
    let list = names.joined(separator: ", ")
    guard let word = arguments.first else {
      throw error(at: head.column + head.text.count + 1, "\(head.value) needs one of \(list)")
    }
    guard word.key == nil, let action = choices.first(where: { $0.0 == word.value })?.1 else {
      throw error(
        at: word.column,
        "\(head.value) cannot do \"\(word.text.forMessage(limit: 60))\"\(hint(word.value, among: names))expected one of \(list)"
      )
    }
    try expectNothing(after: Array(arguments.dropFirst()))
    return action
  }

  /// The value of `field` among `pairs`, decoded from its word; nil when the key is not there.
  private func value<T>(_ pairs: [String: ScriptWord], _ field: Vocabulary.Field<T>) throws(Diagnostic) -> T? {
    guard let word = pairs[field.key] else { return nil }
    return try choice(word, field.words)
  }

  private func expectNothing(after arguments: [ScriptWord]) throws(Diagnostic) {
    if let extra = arguments.first {
      throw error(at: extra.column, "unexpected \"\(extra.text.forMessage(limit: 60))\"")
    }
  }

  /// `kind`, for a command that takes nothing after it.
  private func alone(_ arguments: [ScriptWord], _ kind: Step.Kind) throws(Diagnostic) -> Step.Kind {
    try expectNothing(after: arguments)
    return kind
  }

  private func keyValues(
    _ arguments: [ScriptWord], command: String, allowed: [String], required: [String], atLeastOne: Bool = false
  ) throws(Diagnostic) -> [String: ScriptWord] {
    var pairs: [String: ScriptWord] = [:]
    for word in arguments {
      guard let key = word.key else {
        if allowed.contains(word.value) {
          throw error(at: word.column, "\"\(word.value.forMessage(limit: 60))\" needs a value: \(word.value)=…")
        }
        throw error(at: word.column, "\(command) takes key=value pairs, not \"\(word.text.forMessage(limit: 60))\"")
      }
      guard allowed.contains(key) else { throw unknownKey(word, command: command, allowed: allowed) }
      guard pairs[key] == nil else { throw error(at: word.column, "\"\(key.forMessage(limit: 60))\" is given twice") }
      pairs[key] = word
    }
    for key in required where pairs[key] == nil {
      throw error(at: words[0].column, "\(command) needs \(key)=…")
    }
    if atLeastOne && pairs.isEmpty {
      throw error(at: words[0].column, "\(command) needs at least one of \(allowed.joined(separator: ", "))")
    }
    return pairs
  }

  private func unknownKey(_ word: ScriptWord, command: String, allowed: [String]) -> Diagnostic {
    let key = word.key ?? word.value
    let hint = hint(key, among: allowed)
    return error(
      at: word.column,
      "\(command) has no key \"\(key.forMessage(limit: 60))\"\(hint)keys are \(allowed.joined(separator: ", "))")
  }

  private func choice<T>(_ word: ScriptWord, _ options: [(String, T)]) throws(Diagnostic) -> T {
    if let match = options.first(where: { $0.0 == word.value }) { return match.1 }
    let names = options.map(\.0)
    let hint = hint(word.value, among: names)
    throw error(
      at: word.valueColumn,
      "bad value \"\(word.value.forMessage(limit: 60))\" for \(word.key ?? word.value)\(hint)expected \(names.joined(separator: ", "))"
    )
  }

  private func iOSVersion(_ word: ScriptWord) throws(Diagnostic) -> IOSVersion {
    if let version = IOSVersion(word.value) { return version }
    if let major = Int(word.value.split(separator: ".").first ?? ""), (19...25).contains(major) {
      throw error(at: word.valueColumn, "iOS \(major) does not exist (Apple went from iOS 18 to iOS 26)")
    }
    let majors = IOSVersion.knownMajors.map(String.init).joined(separator: ", ")
    throw error(
      at: word.valueColumn,
      "bad iOS version \"\(word.value.forMessage(limit: 60))\"; expected major.minor with major \(majors)")
  }

  /// `; did you mean "allow"? `, a sentence about a look-alike character, or `; `, to go before a list.
  private func hint(_ word: String, among candidates: [String]) -> String {
    switch Suggestion.for(word, among: candidates) {
    case .nearMiss(let candidate): "; did you mean \"\(candidate)\"? "
    case .lookAlike(let explanation): "; \(explanation); "
    case nil: "; "
    }
  }

  private func error(at column: Int, _ message: String) -> Diagnostic {
    Diagnostic.scriptError(file: file, line: line, column: column, message: message)
  }
}
