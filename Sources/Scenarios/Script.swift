import ConsentCore

/// A parsed `.attsim` script: its steps, in order, and what its header comments say about it.
public struct Script: Hashable, Sendable {
  /// The path the script was read from, as the user gave it.
  public var file: String
  /// One step per command line.
  public var steps: ScriptSteps
  /// `# title: …` from the header comments, if any.
  public var title: String?
  /// `# why: …` from the header comments, if any.
  public var why: String?
}

extension Script {
  /// A script of `steps` from `file`.
  public init(file: String, steps: [Step], title: String? = nil, why: String? = nil) {
    self.init(file: file, steps: ScriptSteps(steps), title: title, why: why)
  }
}

/// One command line of a script.
public struct Step: Hashable, Sendable {
  /// 1-based line number.
  public var line: Int
  /// 1-based column where the command starts.
  public var column: Int
  /// The command as written, without its comment.
  public var command: String
  /// What the line does.
  public var kind: Kind

  /// What a line does: change the world, or check it.
  public enum Kind: Hashable, Sendable {
    /// An action for the model.
    case action(Action)
    /// An assertion on the state after the previous steps.
    case expect([Expectation])
    /// The app's resources for what the dialog shows (`app bundle=PATH [target=NAME]
    /// [configuration=NAME]`, the path relative to the script).
    case useBundle(AppBundleReference)
    /// Take back the last accepted lines (`undo`, `undo lines=3`; the UI's `u` takes back what one key did).
    case undo(lines: Int)
    /// Bring back lines the last undo took back (`redo`, `redo lines=3`; the UI's `U`).
    case redo(lines: Int)
    /// Back to where the walk was before its first user step (the UI's `R` in a guided walk).
    case restart
  }

  /// Whether the step checks rather than acts.
  public var isExpectation: Bool {
    if case .expect = kind { true } else { false }
  }

  /// Whether a user (or iOS on the user's behalf) takes this step — a request, a tap, Settings, a relaunch,
  /// an undo — rather than the test's setup or the app's own code (`device`, `app`, `sdk init`, `method-b`,
  /// `consent`, `track`). In a guided walk the tester performs these; the guide performs the rest.
  public var isUserStep: Bool {
    switch kind {
    case .undo, .redo, .restart: return true
    case .expect, .useBundle: return false
    case .action(let action):
      switch action {
      case .prePermissionShown, .prePermissionContinued, .prePermissionDeclined, .trackingRequested,
        .expandedTrackingRequested, .allowTapped, .askNotToTrackTapped, .additionalInformationTapped,
        .promptDismissedBySystem, .appTrackingSwitchChanged, .trackingSwitchTurnedOff, .trackingSwitchTurnedOn,
        .relaunched, .reinstalled:
        return true
      default: return false
      }
    }
  }

  /// A step at `line` (and `column`).
  public init(line: Int, column: Int = 1, command: String, kind: Kind) {
    self.line = line
    self.column = column
    self.command = command
    self.kind = kind
  }
}

/// The app a script names with `app bundle=`: a path as written (relative to the script) and, for an Xcode
/// project, the target and configuration.
public struct AppBundleReference: Hashable, Sendable {
  public var path: String
  public var target: String?
  public var configuration: String?

  /// A reference to the app at `path`.
  public init(path: String, target: String? = nil, configuration: String? = nil) {
    self.path = path
    self.target = target
    self.configuration = configuration
  }
}
