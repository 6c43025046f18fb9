import ConsentCore

/// A parsed `.attsim` script: its steps, in order.
public struct Script: Hashable, Sendable {
  /// The path the script was read from, as the user gave it.
  public var file: String
  /// One step per command line.
  public var steps: [Step]

  /// A script of `steps` from `file`.
  public init(file: String, steps: [Step]) {
    self.file = file
    self.steps = steps
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
  }

  /// A step at `line` (and `column`).
  public init(line: Int, column: Int = 1, command: String, kind: Kind) {
    self.line = line
    self.column = column
    self.command = command
    self.kind = kind
  }
}
