import ConsentCore
import PromptStrings

/// What a walk of a script does that a test harness (XCUITest, Maestro, the Simulator's tools) can act on, in
/// one locale: launches, the app's own steps, the ATT alert and its answers, and the steps no harness can
/// take, each with why. The script runs through the one interpreter (`Walk`); the three exports each write
/// this model.
public struct HarnessWalk: Sendable {
  /// The app's tracking permission as a harness sets it on a simulator.
  public enum Permission: String, Sendable {
    case unset, allow, deny
  }

  /// One thing the harness does or checks.
  public enum Move: Hashable, Sendable {
    /// Launch the app with the permission the walk has then; `fresh`: as just installed (the first launch, a
    /// reinstall), else launched again.
    case launch(Permission, fresh: Bool)
    /// What the app's own code or screens do, or a check only the app can show: a marked place.
    case app(String)
    /// The ATT alert is on screen, showing the purpose string.
    case alertShown
    /// No ATT alert is on screen.
    case noAlert
    /// The user answers the alert: Allow, or Ask App Not to Track.
    case answer(allow: Bool)
    /// The app's switch in Settings › Privacy › Tracking changes (the script's line and command): iOS ends
    /// the app.
    case trackingSwitch(on: Bool, line: Int, command: String)
    /// A step no harness can take: the script's line, its command and why.
    case unsupported(line: Int, command: String, why: String)
  }

  /// The script's name: a library scenario's, or the file's without `.attsim`.
  public var name: String
  /// The user's language the harness launches the app in.
  public var locale: String
  public var bundleIdentifier: String
  /// The app's name in `locale`, which the alert's title holds.
  public var appName: String
  /// The purpose string in `locale`, exactly as the app's files give it; nil when the app has none.
  public var purposeString: String?
  /// attsim's labels of the alert's buttons in `locale`: its approximations, not Apple's wording.
  public var allowLabel: String
  public var askNotToTrackLabel: String
  public var moves: [Move]

  /// The walk of `script` named `name` for `texts`' app in `locale`, with the apps its `app bundle=` lines name.
  public init(
    _ script: Script, name: String, texts: AppTexts, locale: String, bundleIdentifier: String,
    bundles: [AppBundleReference: AppResources] = [:]
  ) {
    let screen = texts.texts(locale: locale)
    self.name = name
    self.locale = locale
    self.bundleIdentifier = bundleIdentifier
    appName = screen.appName
    purposeString = texts.app.usageDescription(locale: locale)?.value
    allowLabel = screen.allow
    askNotToTrackLabel = screen.askNotToTrack
    var walk = Walk<Void>(from: ConsentState(scriptStartFor: texts.app, locale: locale), bundles: bundles)
    moves = [.launch(.unset, fresh: true)]
    for step in script.steps {
      let before = walk.state
      let result = walk.perform(step, extra: ()).result
      if let refusal = result.refusal {
        moves.append(.unsupported(line: step.line, command: step.command, why: "the walk stops: \(refusal.reason)"))
        break
      }
      for move in Self.moves(for: step, before: before, after: result.state)
      where move != .alertShown || moves.last != move {
        moves.append(move)
      }
    }
  }

  /// What `step` is for a harness, given the state before and after it.
  private static func moves(for step: Step, before: ConsentState, after: ConsentState) -> [HarnessWalk.Move] {
    func unsupported(_ why: String) -> [HarnessWalk.Move] {
      [.unsupported(line: step.line, command: step.command, why: why)]
    }
    let sheet = "iOS 27.2's EU sheet, which no simulator shows yet"
    switch step.kind {
    case .useBundle: return []
    case .undo, .redo, .restart: return unsupported("a harness cannot take back what the app did")
    case .expect(let expectations):
      let (onPrompt, others) = (
        expectations.filter { $0.subject == .prompt }, expectations.filter { $0.subject != .prompt }
      )
      let checks = others.isEmpty ? [] : [HarnessWalk.Move.app(step.command)]
      guard !onPrompt.isEmpty else { return checks }
      switch after.app.prompt {
      case .shown: return [.alertShown] + checks
      case .none: return [.noAlert] + checks
      case .sheet: return unsupported(sheet) + checks
      }
    case .action(let action):
      switch action {
      case .deviceConfigured: return unsupported("the device's settings are the simulator's: set it up before the run")
      case .appConfigured: return unsupported("the harness sets the app's language and state only at launch")
      case .clockAdvanced: return unsupported("no harness moves the device's clock")
      case .promptDismissedBySystem: return unsupported("no harness takes the alert away unanswered")
      case .trackingSwitchTurnedOff, .trackingSwitchTurnedOn:
        return unsupported("no harness turns Allow Apps to Request to Track off or on")
      case .additionalInformationTapped: return unsupported(sheet)
      case .appTrackingSwitchChanged(let on): return [.trackingSwitch(on: on, line: step.line, command: step.command)]
      case .relaunched: return [.launch(permission(after), fresh: false)]
      case .reinstalled: return [.launch(.unset, fresh: true)]
      case .allowTapped, .askNotToTrackTapped:
        guard before.app.prompt == .shown else { return unsupported(sheet) }
        return [.answer(allow: action == .allowTapped)]
      default:
        var moves = [HarnessWalk.Move.app(step.command)]
        if after.app.crashed && !before.app.crashed {
          moves += unsupported("the app has no NSUserTrackingUsageDescription: iOS ends it at the request")
        } else if before.app.prompt == .none && after.app.prompt == .shown {
          moves.append(.alertShown)
        } else if before.app.prompt == .none && after.app.prompt == .sheet {
          moves += unsupported(sheet)
        }
        return moves
      }
    }
  }

  /// The permission a launch keeps: the app's answer, or none yet.
  private static func permission(_ state: ConsentState) -> Permission {
    switch state.app.answer {
    case .authorized?: .allow
    case .denied?: .deny
    case nil: .unset
    }
  }

  /// The walk for a harness that cannot set the permission (XCUITest only resets it): a switch in Settings is
  /// a step it cannot take.
  public var withoutPermissionSetting: HarnessWalk {
    var walk = self
    walk.moves = moves.map { move in
      guard case .trackingSwitch(_, let line, let command) = move else { return move }
      return .unsupported(line: line, command: command, why: "the harness can only reset the tracking authorization")
    }
    return walk
  }

  /// The lines the exports write as comments for steps no harness can take, one each, for standard error.
  public var unsupportedLines: [String] {
    moves.compactMap { move in
      guard case .unsupported(let line, let command, let why) = move else { return nil }
      return "\(name) (\(locale)), line \(line): \(command): \(why)"
    }
  }
}
