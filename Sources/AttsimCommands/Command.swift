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

/// The report formats of `attsim play --report`.
public enum ReportFormat: String, CaseIterable, Sendable {
  case junit
  case markdown
}

/// What the user asked attsim to do, decoded from the command line.
public enum Command: Equatable, Sendable {
  /// The terminal UI, on the demo app or on `--app DIR`, optionally guiding through a scenario; `force`
  /// lets `--record` replace an existing file.
  case interactive(app: String?, locale: String?, record: String?, scenario: String?, force: Bool = false)
  /// Run scripts headless: JSON lines, or a report, to standard output or a file.
  case play(files: [String], report: ReportFormat?, output: String?)
  /// List the scenario library.
  case scenarios
  /// Lint the localized prompt strings of an app folder or one strings file.
  case check(path: String, format: CheckFormat, devRegion: String?)
  /// Print the screen the TUI would draw.
  case render(app: String?, locale: String?, width: Int?, height: Int?, script: String?)
  /// Write every locale's prompt as one HTML page.
  case gallery(app: String?, out: String)
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
