import ConsentCore
import PromptStrings
import TextSupport

/// Writes actions as `.attsim` script lines, the inverse of `ScriptParser` (used by `--record`).
public enum ScriptWriter {
  /// The script line for `action`, in the words the parser reads (`Vocabulary`).
  public static func line(for action: Action) -> String {
    typealias Command = Vocabulary.Command
    switch action {
    case .deviceConfigured(let change):
      typealias Words = Vocabulary.Device
      let words = [
        Command.device.rawValue, change.iOS.map { "\(Words.iOS)=\($0)" }, change.kind.map(Words.kind.pair),
        change.trackingSwitchOn.map(Words.trackingSwitch.pair), change.restricted.map(Words.restricted.pair),
        change.limitAdTracking.map(Words.limitAdTracking.pair), change.idfa.map { "\(Words.idfa)=\(quoted($0))" },
        change.otherAlertOnScreen.map(Words.otherAlert.pair), change.country.map { "\(Words.country)=\(quoted($0))" },
        change.accountCountry.map { "\(Words.accountCountry)=\(quoted($0))" },
      ]
      return words.compactMap { $0 }.joined(separator: " ")
    case .appConfigured(let change):
      typealias Words = Vocabulary.App
      let words = [
        Command.app.rawValue, change.hasUsageDescription.map(Words.usageDescription.pair),
        change.lifecycle.map(Words.state.pair), change.locale.map { "\(Words.locale)=\(quoted($0))" },
        change.kind.map(Words.kind.pair),
        change.trackingDomains.map {
          "\(Words.trackingDomains)=\($0.isEmpty ? "none" : quoted($0.joined(separator: ",")))"
        },
      ]
      return words.compactMap { $0 }.joined(separator: " ")
    case .sdkInitialized(let options):
      typealias Words = Vocabulary.SDK
      // Options left at their defaults (off) are not written.
      var words = [Command.sdk.rawValue, Words.subcommand, Words.integration.pair(options.integration)]
      if options.optOut { words.append(Words.optOut.pair(true)) }
      if options.useConsent { words.append(Words.useConsent.pair(true)) }
      if options.endpoint != SDKOptions.defaultEndpoint {
        words.append("\(Words.endpoint)=\(quoted(options.endpoint))")
      }
      if let wait = options.waitForATT { words.append("\(Words.waitForATT)=\(wait)") }
      return words.joined(separator: " ")
    case .prePermissionShown, .prePermissionContinued, .prePermissionDeclined:
      return Command.prepermission.rawValue + " " + (Vocabulary.prePermission.first { $0.1 == action }?.0 ?? "")
    case .trackingRequested: return Command.request.rawValue
    case .expandedTrackingRequested(let request):
      typealias Words = Vocabulary.Request
      return [
        Command.request.rawValue, Words.expanded.pair(request.prefersExpandedInterface),
        Words.additionalInformation.pair(request.additionalInformation),
      ].joined(separator: " ")
    case .promptDismissedBySystem: return Command.dismiss.rawValue
    case .clockAdvanced(let seconds):
      // Whole days as a bare number (as scripts have always written them), else the largest unit that fits.
      let unit = Vocabulary.Clock.units.reversed().first { seconds % $0.1 == 0 } ?? ("s", 1)
      let value = unit.0 == "d" ? "\(seconds / 86_400)" : "\(seconds / unit.1)\(unit.0)"
      return "\(Command.clock.rawValue) \(Vocabulary.Clock.advance)=\(value)"
    case .allowTapped, .askNotToTrackTapped, .additionalInformationTapped:
      return Command.tap.rawValue + " " + (Vocabulary.tap.first { $0.1 == action }?.0 ?? "")
    case .methodBCalled(let status, let advertisingId):
      typealias Words = Vocabulary.MethodB
      return "\(Command.methodB.rawValue) \(Words.status.pair(status)) \(Words.idfa)=\(quoted(advertisingId))"
    case .appTrackingSwitchChanged(let on):
      return "\(Command.settings.rawValue) \(Vocabulary.Settings.appTracking.pair(on))"
    case .trackingSwitchTurnedOff(let existing):
      typealias Words = Vocabulary.Settings
      return "\(Command.settings.rawValue) \(Words.trackingSwitch.pair(false)) \(Words.existing.pair(existing))"
    case .trackingSwitchTurnedOn: return "\(Command.settings.rawValue) \(Vocabulary.Settings.trackingSwitch.pair(true))"
    case .relaunched: return Command.relaunch.rawValue
    case .reinstalled: return Command.reinstall.rawValue
    case .consentSet(let track, let identify):
      typealias Words = Vocabulary.Consent
      var words = [Command.consent.rawValue]
      if let track { words.append(Words.track.pair(track)) }
      if let identify { words.append(Words.identify.pair(identify)) }
      return words.joined(separator: " ")
    case .eventTracked(let name): return "\(Command.track.rawValue) \(quoted(name))"
    }
  }

  /// The `expect` lines pinning what `state` shows now (warnings by id, so a reworded one does not break
  /// them): `e` in a recorded session turns a walkthrough into a regression test.
  public static func expectations(pinning state: ConsentState, bundle: AppResources? = nil) -> [String] {
    func identifier(_ value: String) -> String { value == IDFA.zero ? "zero" : value }
    let expect = Vocabulary.Command.expect.rawValue
    var words = [
      expect, "status=\(state.statusWord)", "prompt=\(state.app.prompt.rawValue)",
      "device-idfa=\(identifier(state.deviceIDFA))",
    ]
    for key in Payload.keys {
      words.append("\(key)=\(state.sdk.payload[key].map { quoted(identifier($0)) } ?? "absent")")
    }
    words.append("event=\(state.events.lastFate?.rawValue ?? "none")")
    let warnings = state.warnings
    words.append("warning=\(warnings.first?.kind.id ?? "none")")
    if let callback = state.app.blogCallback {
      let shown =
        callback.identifier == "00" ? "00" : callback.identifier == state.deviceIDFA ? "IDFA" : callback.identifier
      words.append("callback=\(quoted("\(callback.granted),\(shown)"))")
    }
    if let bundle {
      let text = bundle.purposeString(shownIn: state)
      if let pinned = text.map({ pinnableWords(of: $0.value) }), !pinned.isEmpty {
        words.append("prompt-text=\(quoted(pinned))")
      }
      words.append("prompt-source=\(text?.source.kind ?? "none")")
    }
    let further = Set(warnings.dropFirst().map(\.kind.id)).sorted().map { "\(expect) warning=\($0)" }
    return [words.joined(separator: " ")] + further
  }

  /// The words of a purpose string an `expect prompt-text=` can hold: its first line, up to any control
  /// character, trimmed (`prompt-text` matches a part of the text).
  static func pinnableWords(of text: String) -> String {
    let firstLine = text.prefix { !$0.isNewline && $0.unicodeScalars.first?.properties.generalCategory != .control }
    return firstLine.trimmingSpaces
  }

  /// The `app bundle=` line for `reference`.
  public static func line(for reference: AppBundleReference) -> String {
    typealias Words = Vocabulary.App
    var words = [Vocabulary.Command.app.rawValue, "\(Words.bundle)=\(quoted(reference.path))"]
    if let target = reference.target { words.append("\(Words.target)=\(quoted(target))") }
    if let configuration = reference.configuration { words.append("\(Words.configuration)=\(quoted(configuration))") }
    return words.joined(separator: " ")
  }

  /// The actions that bring a fresh script (SPEC §2 defaults) to `state`'s device, app and SDK setup.
  public static func setupActions(for state: ConsentState) -> [Action] {
    let device = state.device
    var actions: [Action] = [
      .deviceConfigured(
        DeviceChange(
          iOS: device.iOS, kind: device.kind, trackingSwitchOn: device.trackingSwitchOn, restricted: device.restricted,
          limitAdTracking: device.limitAdTracking, idfa: device.idfa, otherAlertOnScreen: device.otherAlertOnScreen,
          country: device.country, accountCountry: device.accountCountry)),
      .appConfigured(
        AppChange(
          hasUsageDescription: state.app.hasUsageDescription, lifecycle: state.app.lifecycle, locale: state.app.locale,
          kind: state.app.kind, trackingDomains: state.app.trackingDomains)),
    ]
    if state.sdk.initialized { actions.append(.sdkInitialized(state.sdk.options)) }
    return actions
  }

  /// A value as a script word: bare when it can be, else in double quotes with `"` and `\` escaped. The
  /// language has no escape for a line break: a value holding one gives a line `problem(writing:)` refuses.
  static func quoted(_ value: String) -> String {
    let bare =
      !value.isEmpty
      && !value.unicodeScalars.contains {
        $0 == "\"" || $0 == "#" || $0 == "\\" || $0 == "=" || $0.properties.isWhitespace || $0.isUnsafeForTerminal
      }
    if bare { return value }
    return "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }

  /// `line` lexed into words and written again, each value through `quoted`: the line itself when every value
  /// reads back as it was written.
  static func rewritten(_ line: String) -> String? {
    guard case .success(let words) = ScriptLexer.words(of: line) else { return nil }
    return words.map { ($0.key.map { $0 + "=" } ?? "") + quoted($0.value) }.joined(separator: " ")
  }

  /// Why `line` cannot go in a script, or nil: its text must read back as the same line (no line break, no
  /// combining mark joining a quote).
  public static func problem(writing line: ScriptLine) -> String? {
    let text = line.text
    let shown = "'\(text.forMessage(limit: 60))'"
    if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
      return "cannot record \(shown): one of its values holds a line break, which a script line cannot hold"
    }
    let steps = (try? ScriptParser.parse(text, file: "")).map { $0.steps }
    let readsBack: Bool
    switch line {
    case .comment: readsBack = steps?.isEmpty == true
    case .expectations:
      // Its values are free text (a purpose string): each must lex back as written.
      readsBack = steps?.count == 1 && steps?.first?.isExpectation == true && rewritten(text) == text
    case .action, .bundle, .undo, .redo, .restart: readsBack = steps?.map(\.kind) == line.step.map { [$0.kind] }
    }
    if readsBack { return nil }
    return "cannot record \(shown): the script language cannot write its values so that they read back the same"
  }
}

/// A line of a script as a value: what `--record` writes and guided mode replays.
public enum ScriptLine: Hashable, Sendable {
  /// An action, written as its command.
  case action(Action)
  /// `app bundle=…`: the app's resources from then on.
  case bundle(AppBundleReference)
  /// A comment (`# scenario: …`).
  case comment(String)
  /// `undo` (`undo lines=N`): the last accepted lines taken back.
  case undo(lines: Int)
  /// `redo` (`redo lines=N`): lines taken back brought back.
  case redo(lines: Int)
  /// `restart`: back to before the walk's first user step.
  case restart
  /// An `expect …` line pinning a state (`e` in a recorded session).
  case expectations(String)

  /// The line as it goes in a script.
  public var text: String {
    typealias Command = Vocabulary.Command
    func counted(_ command: Command, _ lines: Int) -> String {
      lines == 1 ? command.rawValue : "\(command.rawValue) \(Vocabulary.lines)=\(lines)"
    }
    switch self {
    case .action(let action): return ScriptWriter.line(for: action)
    case .bundle(let reference): return ScriptWriter.line(for: reference)
    case .comment(let text): return "# " + text.escapingControlCharacters
    case .undo(let lines): return counted(.undo, lines)
    case .redo(let lines): return counted(.redo, lines)
    case .restart: return Command.restart.rawValue
    case .expectations(let line): return line
    }
  }

  /// The step this line is, as the parser would read it (line numbers left at 0): what the UI performs
  /// through its walk. Nil for comments and `expect` lines, which change nothing.
  public var step: Step? {
    let kind: Step.Kind
    switch self {
    case .action(let action): kind = .action(action)
    case .bundle(let reference): kind = .useBundle(reference)
    case .undo(let lines): kind = .undo(lines: lines)
    case .redo(let lines): kind = .redo(lines: lines)
    case .restart: kind = .restart
    case .comment, .expectations: return nil
    }
    return Step(line: 0, command: text, kind: kind)
  }
}
