import ConsentCore
import ConsentUI
import Diagnostics
import FileAccess

/// What `attsim render` prints: plain text, text with SGR colours, an SVG image, an HTML page.
public enum RenderFormat: String, CaseIterable, Sendable {
  case text, ansi, svg, html
}

/// What `attsim completion words` lists.
public enum CompletionWords: String, CaseIterable, Sendable {
  case locales, scenarios
}

/// The output formats of `attsim matrix`.
public enum MatrixFormat: String, CaseIterable, Sendable {
  case csv, markdown, attsim
}

/// The output formats of `attsim check`.
public enum CheckFormat: String, CaseIterable, Sendable {
  case text, json, sarif
}

/// The output formats of `attsim prompts`.
public enum PromptsFormat: String, CaseIterable, Sendable {
  case text, json
}

/// The report formats of `attsim play --report`.
public enum ReportFormat: String, CaseIterable, Sendable {
  case junit, markdown
}

/// The harnesses `attsim export` writes for.
public enum ExportTarget: String, CaseIterable, Sendable {
  case xcuitest, maestro, simctl
}

/// Which app a command works on: a path (nil: the embedded demo app) and, for an Xcode project, the target
/// and build configuration.
public struct AppChoice: Equatable, Sendable {
  public var path: FilePath?
  public var target: String?
  public var configuration: String?
  /// Every iOS app target of a project, not only the one asked for or chosen (`--all-targets`).
  public var allTargets = false
}

/// What the user asked attsim to do, decoded from the command line.
public enum Command: Equatable, Sendable {
  /// The terminal UI, on the demo app or on `--app`, optionally guiding through a scenario.
  case interactive(Interactive)
  /// Run scripts headless: JSON lines, or a report, to standard output or a file.
  case play(Play)
  /// List the scenario library.
  case scenarios
  /// Lint the localized prompt strings of an app, or of one file.
  case check(Check)
  /// The App Review checks that concern ATT, for an app, on one page.
  case review(Review)
  /// Show, for each language, the purpose string the dialog shows and where it comes from.
  case prompts(Prompts)
  /// Print the screen the TUI would draw.
  case render(Render)
  /// Write every locale's prompt as one HTML page.
  case gallery(Gallery)
  /// Write the UI driven by a script as an asciinema cast.
  case cast(Cast)
  /// Write scripts' walks as test code for a harness.
  case export(Export)
  /// Print a shell's completion script.
  case completion(Completions.Shell)
  /// Print what a completion offers now: the app's locales, or the scenario library's names.
  case completionWords(kind: CompletionWords, app: FilePath?)
  /// Print the man page.
  case man
  /// Print the QA test plan.
  case matrix(format: MatrixFormat, row: String?, out: FilePath?)
  /// Print help, for everything or one subcommand.
  case help(topic: String?)
  /// Print the version.
  case version

  /// `attsim [--app PATH] …`.
  public struct Interactive: Equatable, Sendable {
    public var app = AppChoice()
    public var locale: String?
    public var record: FilePath?
    /// A library scenario's name, or a script's path.
    public var scenario: FilePath?
    /// Whether `--record` may replace an existing file.
    public var force = false
    /// Seconds between steps when the scenario plays by itself (`--autoplay`).
    public var autoplay: Double?
    /// Where to write the session as an asciinema cast.
    public var cast: FilePath?
    /// Who puts right-to-left text in order: attsim, or the terminal (`--bidi terminal`).
    public var bidi = BidiMode.visual
    /// Whether `--autoplay` shows the keyboard's focus (`--focus`).
    public var focus = false
    /// `--device` and `--sdk`: the device's settings and the SDK's options the session starts with.
    public var device: [DeviceChange] = []
    public var sdk: SDKOptions?
  }

  /// `attsim play FILE…`.
  public struct Play: Equatable, Sendable {
    public var files: [FilePath]
    public var report: ReportFormat?
    public var output: FilePath?
  }

  /// `attsim check PATH`.
  public struct Check: Equatable, Sendable {
    public var app: AppChoice
    public var format: CheckFormat = .text
    public var developmentRegion: String?
    /// Lint every strings table, not only the purpose strings (`--all-strings`).
    public var allStrings = false
    /// The least severity that makes the check fail, exit 1 (`--fail-on`).
    public var failOn = Severity.error
    /// Findings accepted before, to leave out (`--baseline`).
    public var baseline: FilePath?
    /// Where to save the findings as a baseline (`--write-baseline`).
    public var writeBaseline: FilePath?
  }

  /// `attsim review PATH`.
  public struct Review: Equatable, Sendable {
    public var app: AppChoice
    /// The app's walks: scripts or library scenarios' names (none: the library's launch scenarios).
    public var scripts: [FilePath] = []
    public var format = ReviewFormat.text
  }

  /// `attsim prompts PATH`.
  public struct Prompts: Equatable, Sendable {
    public var app: AppChoice
    /// The preferred languages to show (none: every localization and the development region).
    public var locales: [String] = []
    /// The purpose-string keys to show (none: the tracking key; `all`: every one the app has).
    public var keys: [String] = []
    public var format: PromptsFormat = .text
  }

  /// `attsim render`.
  public struct Render: Equatable, Sendable {
    public var app = AppChoice()
    public var locale: String?
    public var width: Int?
    public var height: Int?
    public var script: FilePath?
    /// Keys pressed after the script, as the UI takes them (`p enter a`).
    public var keys: [KeyPress] = []
    public var format = RenderFormat.text
    /// Who puts right-to-left text in order: attsim, or the terminal (`--bidi terminal`).
    public var bidi = BidiMode.visual
    /// Whether an svg, html or ansi capture shows the keyboard's focus (`--focus`; text always does).
    public var focus = false
    /// `--device` and `--sdk`: the device's settings and the SDK's options the session starts with.
    public var device: [DeviceChange] = []
    public var sdk: SDKOptions?
  }

  /// `attsim cast SCRIPT --out FILE.cast`.
  public struct Cast: Equatable, Sendable {
    public var script: FilePath
    public var out: FilePath
    public var app = AppChoice()
    public var locale: String?
    public var width = MinimumSize.width
    public var height = MinimumSize.height
    /// Seconds between steps.
    public var pace = 1.0
    /// Whether the frames show the keyboard's focus (`--focus`).
    public var focus = false
    /// `--device` and `--sdk`: the device's settings and the SDK's options the session starts with.
    public var device: [DeviceChange] = []
    public var sdk: SDKOptions?
  }

  /// `attsim export --to TARGET SCRIPT…`.
  public struct Export: Equatable, Sendable {
    public var target: ExportTarget
    /// Library scenarios' names, or script files.
    public var scripts: [FilePath]
    public var app = AppChoice()
    /// The user's languages, one walk each (none: the app's development region).
    public var locales: [String] = []
    /// `--bundle-id`: the app's bundle identifier, when its own cannot be known.
    public var bundleIdentifier: String?
    /// Where to write: a file (XCUITest) or a folder (flows, scripts); nil or `-`: standard output.
    public var out: FilePath?
  }

  /// `attsim gallery --out FILE`.
  public struct Gallery: Equatable, Sendable {
    public var app = AppChoice()
    public var out: FilePath
  }
}

/// A mistake on the command line; attsim prints it on one line and exits 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  public var message: String

  /// A usage error saying `message`.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
