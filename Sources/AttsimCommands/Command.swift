/// The output formats of `attsim matrix`.
public enum MatrixFormat: String, CaseIterable, Sendable {
  case csv
  case markdown
}

/// The output formats of `attsim check`.
public enum CheckFormat: String, CaseIterable, Sendable {
  case text
  case json
  case sarif
}

/// What the user asked attsim to do, decoded from the command line.
public enum Command: Equatable, Sendable {
  /// The terminal UI, on the demo app or on `--app DIR`.
  case interactive(app: String?, locale: String?, record: String?)
  /// Run scripts headless.
  case play(files: [String])
  /// Lint the localized prompt strings of an app folder or one strings file.
  case check(path: String, format: CheckFormat, devRegion: String?)
  /// Print the screen the TUI would draw.
  case render(app: String?, locale: String?, width: Int?, height: Int?, script: String?)
  /// Print the QA test plan.
  case matrix(format: MatrixFormat)
  /// Print help, for everything or one subcommand.
  case help(topic: String?)
  /// Print the version.
  case version
}

/// A mistake on the command line; attsim prints it on one line and exits 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  public var message: String

  /// A usage error saying `message`.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
