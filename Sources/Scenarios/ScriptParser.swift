import ConsentCore
import TextSupport

/// Parses `.attsim` scripts (SPEC §2) into steps, reporting every mistake with its line and column.
public enum ScriptParser {
  /// The script in `source`, or every error in it; `file` names the script in messages.
  public static func parse(_ source: String, file: String) throws(ScriptErrors) -> Script {
    var steps: [Step] = []
    var errors: [ScriptError] = []
    let lines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (index, line) in lines.enumerated() {
      let lineNumber = index + 1
      switch ScriptLexer.words(of: String(line)) {
      case .failure(let lexError):
        errors.append(ScriptError(file: file, line: lineNumber, column: lexError.column, message: lexError.message))
      case .success(let words) where words.isEmpty:
        continue
      case .success(let words):
        var parser = LineParser(file: file, line: lineNumber, words: words)
        do {
          let kind = try parser.parse()
          steps.append(
            Step(
              line: lineNumber, column: words[0].column, command: ScriptLexer.commandText(of: line, words: words),
              kind: kind))
        } catch {
          errors.append(error)
        }
      }
    }
    if !errors.isEmpty { throw ScriptErrors(errors: errors) }
    return Script(
      file: file, steps: steps, title: headerValue("title", in: lines), why: headerValue("why", in: lines))
  }

  /// `# key: value` from the comment lines at the top of a script.
  private static func headerValue(_ key: String, in lines: [Substring]) -> String? {
    for line in lines {
      let text = line.drop { $0 == " " || $0 == "\t" }
      guard text.hasPrefix("#") else {
        if text.isEmpty { continue }
        return nil
      }
      let comment = text.dropFirst().drop { $0 == " " }
      if comment.hasPrefix(key + ":") {
        return comment.dropFirst(key.count + 1).trimmingSpaces
      }
    }
    return nil
  }

  /// The commands a script may use, for help and suggestions.
  public static let commands = [
    "device", "app", "sdk", "prepermission", "request", "tap", "method-b", "settings", "relaunch", "reinstall",
    "consent", "track", "expect",
  ]
}

/// Parses one line's words into a step.
struct LineParser {
  let file: String
  let line: Int
  let words: [ScriptWord]

  /// The step this line describes.
  mutating func parse() throws(ScriptError) -> Step.Kind {
    let head = words[0]
    if head.key != nil {
      throw error(at: head.column, "a line starts with a command, not \"\(head.text.forMessage(limit: 60))\"")
    }
    let arguments = Array(words.dropFirst())
    switch head.value {
    case "device": return .action(.deviceConfigured(try deviceChange(arguments)))
    case "app":
      if let bundle = arguments.first(where: { $0.key == "bundle" }) {
        let pairs = try keyValues(
          arguments, command: "app bundle=", allowed: ["bundle", "target", "configuration"], required: ["bundle"])
        guard !bundle.value.isEmpty else { throw error(at: bundle.valueColumn, "bundle needs a folder path") }
        return .useBundle(
          AppBundleReference(
            path: bundle.value, target: pairs["target"]?.value, configuration: pairs["configuration"]?.value))
      }
      return .action(.appConfigured(try appChange(arguments)))
    case "sdk": return .action(.sdkInitialized(try sdkOptions(arguments, after: head)))
    case "prepermission":
      let sub = try subcommand(arguments, after: head, choices: ["show", "continue", "not-now"])
      let actions: [String: Action] = [
        "show": .prePermissionShown, "continue": .prePermissionContinued, "not-now": .prePermissionDeclined,
      ]
      return .action(actions[sub]!)
    case "request":
      try expectNothing(after: arguments)
      return .action(.trackingRequested)
    case "tap":
      let sub = try subcommand(arguments, after: head, choices: ["allow", "ask-not-to-track"])
      return .action(sub == "allow" ? .allowTapped : .askNotToTrackTapped)
    case "method-b": return .action(try methodB(arguments, after: head))
    case "settings": return .action(try settings(arguments, after: head))
    case "relaunch":
      try expectNothing(after: arguments)
      return .action(.relaunched)
    case "reinstall":
      try expectNothing(after: arguments)
      return .action(.reinstalled)
    case "consent": return .action(try consent(arguments, after: head))
    case "track": return .action(try track(arguments, after: head))
    case "expect": return .expect(try expectations(arguments, after: head))
    default:
      let hint = Suggestion.for(head.value, among: ScriptParser.commands)?.clause()
      throw error(
        at: head.column,
        "unknown command \"\(head.value.forMessage(limit: 60))\""
          + (hint ?? "; commands are \(ScriptParser.commands.joined(separator: ", "))"))
    }
  }

  // MARK: Commands

  private func deviceChange(_ arguments: [ScriptWord]) throws(ScriptError) -> DeviceChange {
    let keys = ["ios", "kind", "tracking-switch", "restricted", "limit-ad-tracking", "idfa", "other-alert"]
    let pairs = try keyValues(arguments, command: "device", allowed: keys, required: [], atLeastOne: true)
    var change = DeviceChange()
    if let word = pairs["ios"] { change.iOS = try iOSVersion(word) }
    if let word = pairs["kind"] { change.kind = try choice(word, DeviceKind.allCases.map { ($0.rawValue, $0) }) }
    if let word = pairs["tracking-switch"] { change.trackingSwitchOn = try onOff(word) }
    if let word = pairs["restricted"] { change.restricted = try yesNo(word) }
    if let word = pairs["limit-ad-tracking"] { change.limitAdTracking = try onOff(word) }
    if let word = pairs["idfa"] {
      guard IDFA.isUUID(word.value) else {
        throw error(
          at: word.valueColumn, "idfa must be a UUID like \(IDFA.demo), not \"\(word.value.forMessage(limit: 60))\"")
      }
      change.idfa = word.value
    }
    if let word = pairs["other-alert"] { change.otherAlertOnScreen = try yesNo(word) }
    return change
  }

  private func appChange(_ arguments: [ScriptWord]) throws(ScriptError) -> AppChange {
    let keys = ["usage-description", "state", "locale", "bundle"]
    let pairs = try keyValues(arguments, command: "app", allowed: keys, required: [], atLeastOne: true)
    var change = AppChange()
    if let word = pairs["usage-description"] {
      change.hasUsageDescription = try choice(word, [("present", true), ("missing", false)])
    }
    if let word = pairs["state"] { change.lifecycle = try choice(word, Lifecycle.allCases.map { ($0.rawValue, $0) }) }
    if let word = pairs["locale"] {
      let valid =
        !word.value.isEmpty && word.value.count <= 35
        && word.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        && word.value.first!.isLetter
      guard valid else { throw error(at: word.valueColumn, "locale must be a language tag like en, pt-BR or zh-Hant") }
      change.locale = word.value
    }
    return change
  }

  private func sdkOptions(_ arguments: [ScriptWord], after head: ScriptWord) throws(ScriptError) -> SDKOptions {
    guard let first = arguments.first, first.key == nil, first.value == "init" else {
      throw error(at: arguments.first?.column ?? head.column + head.text.count + 1, "sdk needs \"init\": sdk init …")
    }
    let keys = ["integration", "optout", "use-consent"]
    let pairs = try keyValues(Array(arguments.dropFirst()), command: "sdk init", allowed: keys, required: [])
    var options = SDKOptions()
    if let word = pairs["integration"] {
      options.integration = try choice(word, Integration.allCases.map { ($0.rawValue, $0) })
    }
    if let word = pairs["optout"] { options.optOut = try trueFalse(word) }
    if let word = pairs["use-consent"] { options.useConsent = try trueFalse(word) }
    return options
  }

  private func methodB(_ arguments: [ScriptWord], after head: ScriptWord) throws(ScriptError) -> Action {
    let pairs = try keyValues(arguments, command: "method-b", allowed: ["status", "idfa"], required: ["status"])
    let status = try choice(pairs["status"]!, ATTStatus.allCases.map { ($0.name, $0) })
    return .methodBCalled(status: status, advertisingId: pairs["idfa"]?.value ?? "")
  }

  private func settings(_ arguments: [ScriptWord], after head: ScriptWord) throws(ScriptError) -> Action {
    let pairs = try keyValues(
      arguments, command: "settings", allowed: ["app-tracking", "tracking-switch", "existing"], required: [],
      atLeastOne: true)
    if let word = pairs["app-tracking"] {
      if let other = pairs["tracking-switch"] ?? pairs["existing"] {
        throw error(at: other.column, "settings changes one thing a line: app-tracking, or tracking-switch")
      }
      return .appTrackingSwitchChanged(on: try onOff(word))
    }
    guard let word = pairs["tracking-switch"] else {
      throw error(at: pairs["existing"]!.column, "existing= goes with tracking-switch=off")
    }
    if try onOff(word) {
      if let existing = pairs["existing"] {
        throw error(at: existing.column, "existing= goes with tracking-switch=off")
      }
      return .trackingSwitchTurnedOn
    }
    guard let existing = pairs["existing"] else {
      throw error(
        at: word.column, "tracking-switch=off needs existing=keep or existing=stop (what happens to apps that answered)"
      )
    }
    return .trackingSwitchTurnedOff(existing: try choice(existing, ExistingApps.allCases.map { ($0.rawValue, $0) }))
  }

  private func consent(_ arguments: [ScriptWord], after head: ScriptWord) throws(ScriptError) -> Action {
    let pairs = try keyValues(
      arguments, command: "consent", allowed: ["track", "identify"], required: [], atLeastOne: true)
    return .consentSet(track: try pairs["track"].map(trueFalse), identify: try pairs["identify"].map(trueFalse))
  }

  private func track(_ arguments: [ScriptWord], after head: ScriptWord) throws(ScriptError) -> Action {
    guard let name = arguments.first, name.key == nil, !name.value.isEmpty else {
      throw error(
        at: arguments.first?.column ?? head.column + head.text.count + 1, "track needs an event name: track sign_up")
    }
    try expectNothing(after: Array(arguments.dropFirst()))
    return .eventTracked(name: name.value)
  }

  private func expectations(_ arguments: [ScriptWord], after head: ScriptWord) throws(ScriptError) -> [Expectation] {
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
      try validateExpected(word, for: subject)
      result.append(Expectation(subject: subject, key: key, expected: word.value, column: word.column))
    }
    return result
  }

  private func validateExpected(_ word: ScriptWord, for subject: Expectation.Subject) throws(ScriptError) {
    let value = word.value
    let statuses = ATTStatus.allCases.map(\.name)
    let valid: (Bool, String)
    switch subject {
    case .status:
      valid = (statuses.contains(value) || value == "unavailable", (statuses + ["unavailable"]).joined(separator: ", "))
    case .prompt: valid = (["shown", "none"].contains(value), "shown or none")
    case .crashed: valid = (["yes", "no"].contains(value), "yes or no")
    case .deviceIDFA: valid = (value == "zero" || IDFA.isUUID(value), "a UUID or zero")
    case .payload("att_authorization_status"):
      valid = (statuses.contains(value) || value == "absent", (statuses + ["absent"]).joined(separator: ", "))
    case .payload: valid = (!value.isEmpty, "a value, zero or absent")
    case .event: valid = (["sent", "queued", "dropped", "none"].contains(value), "sent, queued, dropped or none")
    case .warning: valid = (!value.isEmpty, "some words of a warning, or none")
    case .promptText: valid = (!value.isEmpty, "some words of the purpose string")
    case .promptSource:
      valid = (Expectation.promptSources.contains(value), Expectation.promptSources.joined(separator: ", "))
    case .callback:
      let parts = value.split(separator: ",", omittingEmptySubsequences: false)
      let identifierOK =
        parts.count == 2 && (["00", "IDFA", "zero"].contains(parts[1]) || IDFA.isUUID(String(parts[1])))
      valid = (
        value == "none" || (parts.count == 2 && ["true", "false"].contains(parts[0]) && identifierOK),
        "true,IDFA or false,00 (or a UUID, zero, none)"
      )
    }
    if !valid.0 {
      throw error(
        at: word.valueColumn, "bad value \"\(value.forMessage(limit: 60))\" for \(word.key ?? ""); expected \(valid.1)")
    }
  }

  // MARK: Pieces

  private func subcommand(_ arguments: [ScriptWord], after head: ScriptWord, choices: [String]) throws(ScriptError)
    -> String
  {
    let list = choices.joined(separator: ", ")
    guard let word = arguments.first else {
      throw error(at: head.column + head.text.count + 1, "\(head.value) needs one of \(list)")
    }
    guard word.key == nil, choices.contains(word.value) else {
      throw error(
        at: word.column,
        "\(head.value) cannot do \"\(word.text.forMessage(limit: 60))\"\(hint(word.value, among: choices))expected one of \(list)"
      )
    }
    try expectNothing(after: Array(arguments.dropFirst()))
    return word.value
  }

  private func expectNothing(after arguments: [ScriptWord]) throws(ScriptError) {
    if let extra = arguments.first {
      throw error(at: extra.column, "unexpected \"\(extra.text.forMessage(limit: 60))\"")
    }
  }

  private func keyValues(
    _ arguments: [ScriptWord], command: String, allowed: [String], required: [String], atLeastOne: Bool = false
  ) throws(ScriptError) -> [String: ScriptWord] {
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

  private func unknownKey(_ word: ScriptWord, command: String, allowed: [String]) -> ScriptError {
    let key = word.key ?? word.value
    let hint = hint(key, among: allowed)
    return error(
      at: word.column,
      "\(command) has no key \"\(key.forMessage(limit: 60))\"\(hint)keys are \(allowed.joined(separator: ", "))")
  }

  private func choice<T>(_ word: ScriptWord, _ options: [(String, T)]) throws(ScriptError) -> T {
    if let match = options.first(where: { $0.0 == word.value }) { return match.1 }
    let names = options.map(\.0)
    let hint = hint(word.value, among: names)
    throw error(
      at: word.valueColumn,
      "bad value \"\(word.value.forMessage(limit: 60))\" for \(word.key ?? word.value)\(hint)expected \(names.joined(separator: ", "))"
    )
  }

  private func onOff(_ word: ScriptWord) throws(ScriptError) -> Bool {
    try choice(word, [("on", true), ("off", false)])
  }
  private func yesNo(_ word: ScriptWord) throws(ScriptError) -> Bool {
    try choice(word, [("yes", true), ("no", false)])
  }
  private func trueFalse(_ word: ScriptWord) throws(ScriptError) -> Bool {
    try choice(word, [("true", true), ("false", false)])
  }

  private func iOSVersion(_ word: ScriptWord) throws(ScriptError) -> IOSVersion {
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

  private func error(at column: Int, _ message: String) -> ScriptError {
    ScriptError(file: file, line: line, column: column, message: message)
  }
}
