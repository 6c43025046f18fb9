import ConsentUI
import Diagnostics
import FileAccess
import PromptStrings

/// What an option's value is, so it can be checked, described and completed.
enum ValueKind: Equatable, Sendable {
  /// A file to read.
  case file
  /// A file to write (`-`: standard output).
  case output
  /// An app: an Xcode project, a built `.app`, a folder, or one strings, catalog or Info.plist file.
  case app
  /// A language tag (`en`, `pt-BR`, `zh-Hant`).
  case languageTag
  /// A number of terminal cells, 1…1000.
  case cells
  /// One of a few words.
  case choice([String])
  /// A target or configuration name.
  case name
  /// A library scenario's name, or a script file.
  case scenario
  /// UI key names, space-separated.
  case keys
  /// A number of seconds, 0.1…60.
  case seconds
  /// A purpose-string key (`NSCameraUsageDescription`), or `all`.
  case purposeKey
  /// A script line's `KEY=VALUE` (`--device ios=27.2`).
  case setting
}

/// One `--name [VALUE]` option.
struct OptionSpec: Sendable {
  var name: String
  /// The value's placeholder and kind, or nil for a flag.
  var value: (placeholder: String, kind: ValueKind)?
  /// One line for help and the man page.
  var help: String
  /// Whether it may be given more than once (`--locale de --locale fr`).
  var repeatable = false
  /// Whether the command needs it (usage shows it without brackets).
  var required = false
  /// Whether the value may be left out (`--autoplay` or `--autoplay 2`).
  var valueIsOptional = false
}

/// One subcommand: its options and operands, its help, and how its arguments become a `Command`. The same
/// table parses, prints usage and help, and writes the completions and the man page.
struct CommandSpec: Sendable {
  /// The word after `attsim`; empty for the terminal UI.
  var name: String
  /// One line for the overview.
  var summary: String
  /// What help says about it, after the usage line.
  var discussion: String
  /// What its exit status means.
  var exitStatus: String
  var options: [OptionSpec]
  /// The operands' placeholder and kind, and how many are allowed.
  var operands: (placeholder: String, kind: ValueKind, count: ClosedRange<Int>)?
  /// Builds the command from checked arguments.
  var decode: @Sendable (ParsedArguments) throws(UsageError) -> Command

  /// `attsim check [--format text|json|sarif] … PATH`.
  var usage: String {
    var words = ["attsim"] + (name.isEmpty ? [] : [name])
    for option in options {
      let value = option.value.map { value -> String in
        if case .choice(let choices) = value.kind { return " " + choices.joined(separator: "|") }
        return option.valueIsOptional ? " [\(value.placeholder)]" : " " + value.placeholder
      }
      let word = "--\(option.name)\(value ?? "")"
      words.append((option.required ? word : "[\(word)]") + (option.repeatable ? "…" : ""))
    }
    if let operands {
      let word = operands.count.lowerBound == 0 ? "[\(operands.placeholder)]" : operands.placeholder
      words.append(word + (operands.count.upperBound == .max ? "…" : ""))
    }
    return words.joined(separator: " ")
  }
}

/// The arguments of one subcommand, split and checked.
struct ParsedArguments: Sendable {
  /// Option name → its values in order (flags have one empty value).
  var options: [String: [String]] = [:]
  /// Option name → its values as the bytes given, for values that name files.
  var paths: [String: [FilePath]] = [:]
  var operands: [String] = []
  /// The operands as the bytes given, for operands that name files.
  var operandPaths: [FilePath] = []

  /// The option's value (the last, for a repeatable one).
  func value(_ name: String) -> String? { options[name]?.last }
  /// Every value given for a repeatable option.
  func values(_ name: String) -> [String] { options[name] ?? [] }
  /// The option's value as the bytes given (the last, for a repeatable one): a path.
  func path(_ name: String) -> FilePath? { paths[name]?.last }
  /// Whether a flag was given.
  func flag(_ name: String) -> Bool { options[name] != nil }

  /// `--app`, `--target` and `--configuration` (or the operand, for commands that take the app as one).
  func appChoice(path: FilePath?) -> AppChoice {
    AppChoice(
      path: path, target: value("target"), configuration: value("configuration"), allTargets: flag("all-targets"))
  }
}

/// attsim's subcommands, in the order help lists them.
enum CommandTable {
  static let appOption = OptionSpec(
    name: "app", value: ("PATH", .app),
    help: "the app: an Xcode project, a Flutter or React Native root, a built .app, a folder, or one file")
  static let targetOption = OptionSpec(
    name: "target", value: ("NAME", .name), help: "the project's app target to read (default: the one attsim chooses)")
  /// `--all-targets`, for `prompts` and `check`.
  static let allTargetsOption = OptionSpec(
    name: "all-targets", value: nil, help: "every iOS app target of the project, not only the one attsim chooses")
  static let configurationOption = OptionSpec(
    name: "configuration", value: ("NAME", .name), help: "the build configuration to read (default: Release)")
  static let localeOption = OptionSpec(
    name: "locale", value: ("TAG", .languageTag), help: "the user's language (default: the app's development region)")

  /// `--bidi visual|terminal`, for the UI and `render`.
  static let bidiOption = OptionSpec(
    name: "bidi", value: ("MODE", .choice(BidiMode.allCases.map(\.rawValue))),
    help: "who orders right-to-left text: attsim (visual, the default) or the terminal (terminal: VTE, Konsole, mlterm)"
  )

  /// `--focus`, for captures: draw the keyboard's focus, which an iPhone does not show.
  static let focusOption = OptionSpec(
    name: "focus", value: nil, help: "show which button has the keyboard's focus, as the interactive UI does")

  static let interactive = CommandSpec(
    name: "", summary: "the terminal UI (the demo app by default)",
    discussion: """
      Draws the app's pre-permission screen and the ATT dialog on a phone, and beside it the payload the SDK
      attaches to every event, what the device says, warnings, findings and the event log. Press ? for keys.
      """,
    exitStatus:
      "0 after q; 1 after a guided walk that failed an expectation, stopped before its end or kept a step off the script; 2 for a usage error, no terminal, or a recording that could not be written; 128+N after signal N.",
    options: [
      appOption, targetOption, configurationOption, localeOption,
      OptionSpec(name: "record", value: ("FILE", .output), help: "write the session as a script while it happens"),
      OptionSpec(name: "force", value: nil, help: "let --record or --cast replace an existing file"),
      OptionSpec(name: "scenario", value: ("NAME|FILE", .scenario), help: "walk a scenario, guided step by step"),
      OptionSpec(
        name: "autoplay", value: ("SECONDS", .seconds),
        help: "play the scenario by itself, a step every SECONDS (default 1.5)", valueIsOptional: true),
      OptionSpec(name: "cast", value: ("FILE", .output), help: "record the session as an asciinema cast"),
      OptionSpec(name: "focus", value: nil, help: "with --autoplay: show which button has the keyboard's focus"),
      bidiOption,
    ] + SetupOptions.specs, operands: nil
  ) { arguments throws(UsageError) in
    var command = Command.Interactive()
    if let autoplay = arguments.value("autoplay") {
      guard arguments.value("scenario") != nil else { throw UsageError("--autoplay plays a --scenario NAME|FILE") }
      command.autoplay = Double(autoplay) ?? UIState.Autoplay.defaultInterval
    }
    command.cast = arguments.path("cast")
    command.app = arguments.appChoice(path: arguments.path("app"))
    command.locale = arguments.value("locale")
    command.record = arguments.path("record")
    command.scenario = arguments.path("scenario")
    command.force = arguments.flag("force")
    command.bidi = arguments.value("bidi").flatMap(BidiMode.init(rawValue:)) ?? .visual
    command.focus = arguments.flag("focus")
    (command.device, command.sdk) = try SetupOptions.decode(arguments)
    for (option, value) in [("record", command.record), ("cast", command.cast)] where value == "-" {
      throw UsageError("--\(option) - would write into the screen the UI draws on: give a file name")
    }
    if command.force && command.record == nil && command.cast == nil {
      throw UsageError("--force goes with --record FILE or --cast FILE")
    }
    if command.focus && command.autoplay == nil {
      throw UsageError("--focus goes with --autoplay: the interactive UI always shows the keyboard's focus")
    }
    return .interactive(command)
  }

  /// The terminal UI's spec, then every subcommand's: what help, the man page and completions describe.
  static var every: [CommandSpec] { [interactive] + subcommands }

  /// The subcommands' names, in order.
  static var subcommandNames: [String] { subcommands.map(\.name) }

  static let subcommands: [CommandSpec] = [
    CommandSpec(
      name: "play", summary: "run .attsim scripts, one JSON line per command",
      discussion: """
        Runs each script from the defaults (iPhone on iOS 26.0, switches permissive, the app installed and
        active, the SDK not initialized, no app's resources until an app bundle= line names them: so do
        render --script, cast and --scenario, whatever app they draw) and prints one JSON object per command:
        line, command, status, prompt, crashed, device_idfa, payload, events, warnings, warning_ids, story.
        A script with a syntax
        error runs nothing of itself; the other scripts run. --report junit gives JUnit XML (one test case per
        expectation, an errored case for a script that cannot run), --report markdown a bug report; --output
        FILE writes the result to FILE atomically instead of standard output. A library scenario's name
        (attsim scenarios) works wherever a script does; a path wins. A summary line ends on
        standard error: 3 scripts, 12 of 12 expectations passed.

        Commands: device, app, sdk init, prepermission show|continue|not-now, request [expanded=yes|no
        additional-info=yes|no], tap allow|ask-not-to-track|additional-information, dismiss,
        clock advance=DAYS, method-b, settings, relaunch, reinstall, consent, track, undo [lines=N],
        redo [lines=N], restart, expect. iOS 27.2's EU
        rules: device ios=27.2 country=FR account-country=FR; expect prompt=sheet, expect region=five.
        """,
      exitStatus:
        "0 when every expectation holds, 1 when one fails or a step cannot happen, 2 for a usage error or a script that cannot run.",
      options: [
        OptionSpec(
          name: "report", value: ("FORMAT", .choice(ReportFormat.allCases.map(\.rawValue))),
          help: "a JUnit XML or Markdown report instead of JSON lines"),
        OptionSpec(
          name: "output", value: ("FILE", .output), help: "write to FILE (atomically) instead of standard output"),
      ], operands: ("NAME|FILE", .scenario, 1...Int.max)
    ) { arguments throws(UsageError) in
      .play(
        Command.Play(
          files: arguments.operandPaths, report: arguments.value("report").flatMap(ReportFormat.init(rawValue:)),
          output: arguments.path("output")))
    },
    CommandSpec(
      name: "scenarios", summary: "the scenario library, with titles",
      discussion: """
        Lists the scenario library (Assets/Scenarios) with titles. Walk one in the UI with
        attsim --scenario NAME, run it headless with attsim play.
        """,
      exitStatus: "0, or 2 when the library cannot be found.", options: [], operands: nil
    ) { _ throws(UsageError) in .scenarios },
    CommandSpec(
      name: "check", summary: "lint an app's localized prompt strings",
      discussion: """
        Lints an app's privacy purpose strings (every NS…UsageDescription: tracking, camera, location,
        photos, …) in every localization, the bundle keys that decide their lookup and the privacy manifests,
        the way Xcode builds the app and iOS looks them up: an Xcode project's app targets (each one an app of
        its own), a repository root (Flutter, React Native, Capacitor, Cordova, Kotlin Multiplatform, Unity,
        a workspace), a built .app, a folder, one .strings, .xcstrings or Info.plist file, or translations
        before they are imported (an .xcloc, a folder of them, an .xliff). In CI: --fail-on picks the severity
        that fails, --write-baseline saves today's findings and --baseline then reports only new ones;
        .attsim.json at the project's root suppresses a rule (for a key, a locale) with a reason.
        """,
      exitStatus:
        "0 when no finding at or above --fail-on's severity remains (default: error), 1 when one does, 2 when the input, the baseline or .attsim.json cannot be used.",
      options: [
        OptionSpec(
          name: "format", value: ("FORMAT", .choice(CheckFormat.allCases.map(\.rawValue))),
          help: "text (like compiler output), JSON, or SARIF 2.1.0 for code scanning"),
        OptionSpec(
          name: "dev-region", value: ("TAG", .languageTag), help: "treat TAG as the development region"),
        OptionSpec(
          name: "all-strings", value: nil, help: "lint every strings table and catalog too, not only purpose strings"),
        OptionSpec(
          name: "fail-on", value: ("SEVERITY", .choice(["error", "warning", "info"])),
          help: "exit 1 when a finding at or above SEVERITY remains (default: error)"),
        OptionSpec(
          name: "baseline", value: ("FILE", .file), help: "report only findings not in FILE (from --write-baseline)"),
        OptionSpec(
          name: "write-baseline", value: ("FILE", .output), help: "save the findings to FILE, as a baseline"),
        targetOption, allTargetsOption, configurationOption,
      ], operands: ("PATH", .app, 1...1)
    ) { arguments throws(UsageError) in
      var command = Command.Check(app: arguments.appChoice(path: arguments.operandPaths[0]))
      command.format = arguments.value("format").flatMap(CheckFormat.init(rawValue:)) ?? .text
      command.developmentRegion = arguments.value("dev-region")
      command.allStrings = arguments.flag("all-strings")
      command.failOn = arguments.value("fail-on").flatMap(Severity.init(rawValue:)) ?? .error
      command.baseline = arguments.path("baseline")
      command.writeBaseline = arguments.path("write-baseline")
      return .check(command)
    },
    CommandSpec(
      name: "prompts", summary: "what every language sees in a permission prompt, and where it comes from",
      discussion: """
        For each preferred language (default: every localization of the app and its development region),
        the localization iOS picks, the purpose string a prompt shows (the ATT dialog's unless --key names
        others), and the file, line and column it comes from: a strings file, a String Catalog, the
        Info.plist, a build setting, or an exported translation (.xcloc, .xliff) as it would ship.
        """,
      exitStatus: "0, or 2 when the input cannot be used.",
      options: [
        OptionSpec(
          name: "locale", value: ("TAG", .languageTag), help: "a preferred language to show (repeat for more)",
          repeatable: true),
        OptionSpec(
          name: "key", value: ("KEY", .purposeKey),
          help: "a purpose string to show (NSCameraUsageDescription; repeat for more; all: every one the app has)",
          repeatable: true),
        targetOption, allTargetsOption, configurationOption,
        OptionSpec(
          name: "format", value: ("FORMAT", .choice(PromptsFormat.allCases.map(\.rawValue))),
          help: "a table a localizer can read, or JSON"),
      ], operands: ("PATH", .app, 1...1)
    ) { arguments throws(UsageError) in
      var command = Command.Prompts(app: arguments.appChoice(path: arguments.operandPaths[0]))
      command.locales = arguments.values("locale")
      command.keys = arguments.values("key")
      command.format = arguments.value("format").flatMap(PromptsFormat.init(rawValue:)) ?? .text
      return .prompts(command)
    },
    CommandSpec(
      name: "review", summary: "an app's App Review readiness for ATT, on one page",
      discussion: """
        The App Review checks that concern App Tracking Transparency, each citing its guideline: 2.1, would a
        reviewer see the prompt (the app's walks, --script, or the library's launch scenarios, on the newest
        iOS and under each state that hides it: the global switch off, the request before the app is active,
        another alert, an extension, the deployment target's iOS); 5.1.1(ii), the purpose strings (check's
        rules); 5.1.1(iv), a pre-permission screen with a way past the prompt; 5.1.2(i) and 3.2.2, tracking
        without ATT and incentives; the privacy manifests' tracking declarations; and, where the prompt
        could be hidden, a reply to App Review saying how to see it. The app is PATH, as for check.
        """,
      exitStatus:
        "0 when nothing would be rejected, 1 when something would, 2 when the app or a script cannot be used.",
      options: [
        OptionSpec(
          name: "script", value: ("NAME|FILE", .scenario),
          help: "a walk of the app (a script or a library scenario's name; repeat for more)", repeatable: true),
        OptionSpec(
          name: "format", value: ("FORMAT", .choice(ReviewFormat.allCases.map(\.rawValue))),
          help: "text for a terminal, Markdown for a ticket, or JSON"),
        targetOption, allTargetsOption, configurationOption,
      ], operands: ("PATH", .app, 1...1)
    ) { arguments throws(UsageError) in
      var command = Command.Review(app: arguments.appChoice(path: arguments.operandPaths[0]))
      command.scripts = arguments.paths["script"] ?? []
      command.format = arguments.value("format").flatMap(ReviewFormat.init(rawValue:)) ?? .text
      return .review(command)
    },
    CommandSpec(
      name: "render", summary: "print the screen the UI would draw",
      discussion: """
        Prints, as plain text, exactly what the terminal UI would draw: as it opens, or after the script's
        actions (from the script defaults, as play runs them; app bundle= lines switch the app), then after
        --keys, pressed as in the UI. The text shows which button has the keyboard's focus, as the UI does;
        ansi, svg and html draw buttons as an iPhone does, unless --focus.
        """,
      exitStatus: "0, or 2 for a usage or script error or a size below 80×24.",
      options: [
        appOption, targetOption, configurationOption, localeOption,
        OptionSpec(name: "width", value: ("N", .cells), help: "columns (default 80, at least 80)"),
        OptionSpec(name: "height", value: ("N", .cells), help: "rows (default 24, at least 24)"),
        OptionSpec(
          name: "script", value: ("NAME|FILE", .scenario), help: "run this script first, as play does"),
        OptionSpec(
          name: "keys", value: ("KEYS", .keys), help: "then press these keys, space-separated (p enter a; pgdn, esc …)"),
        OptionSpec(
          name: "format", value: ("FORMAT", .choice(RenderFormat.allCases.map(\.rawValue))),
          help: "text (default), ansi (SGR colours), svg (an image), html"),
        focusOption, bidiOption,
      ] + SetupOptions.specs, operands: nil
    ) { arguments throws(UsageError) in
      var command = Command.Render()
      command.bidi = arguments.value("bidi").flatMap(BidiMode.init(rawValue:)) ?? .visual
      command.focus = arguments.flag("focus")
      (command.device, command.sdk) = try SetupOptions.decode(arguments)
      command.app = arguments.appChoice(path: arguments.path("app"))
      command.locale = arguments.value("locale")
      command.width = arguments.value("width").flatMap { Int($0) }
      command.height = arguments.value("height").flatMap { Int($0) }
      let (width, height) = (command.width ?? MinimumSize.width, command.height ?? MinimumSize.height)
      guard width >= MinimumSize.width && height >= MinimumSize.height else {
        throw UsageError(
          "attsim render draws at least \(MinimumSize.width)×\(MinimumSize.height), the UI's smallest size; \(width)×\(height) is too small"
        )
      }
      command.script = arguments.path("script")
      command.format = arguments.value("format").flatMap(RenderFormat.init) ?? .text
      for name in (arguments.value("keys") ?? "").split(separator: " ") {
        guard let key = KeyPress(name: String(name)) else {
          throw UsageError(
            "--keys: no key named '\(String(name).escapingControlCharacters)'; use single characters or \(KeyPress.names)"
          )
        }
        command.keys.append(key)
      }
      return .render(command)
    },
    CommandSpec(
      name: "cast", summary: "the UI driven by a script, as an asciinema recording",
      discussion: """
        Drives the terminal UI with the script's steps, without a terminal, and writes an asciinema v2 cast:
        a header line, then one frame per step, PACE seconds apart from 0, each the escape sequences that draw
        it. Buttons look as on an iPhone, without the keyboard's focus, unless --focus; played back (asciinema
        play, or asciinema-player in a page), the last frame of a --focus cast is what attsim render --script
        SCRIPT prints at the same size. The file is written atomically; --out - writes to standard output.
        """,
      exitStatus: "0, or 2 for a usage or script error or a file that cannot be written.",
      options: [
        appOption, targetOption, configurationOption, localeOption,
        OptionSpec(name: "out", value: ("FILE.cast", .output), help: "where to write the cast", required: true),
        OptionSpec(name: "width", value: ("N", .cells), help: "columns (default 80, at least 80)"),
        OptionSpec(name: "height", value: ("N", .cells), help: "rows (default 24, at least 24)"),
        OptionSpec(name: "pace", value: ("SECONDS", .seconds), help: "seconds between steps (default 1)"),
        focusOption,
      ] + SetupOptions.specs, operands: ("NAME|FILE", .scenario, 1...1)
    ) { arguments throws(UsageError) in
      guard let out = arguments.path("out") else { throw UsageError("attsim cast needs --out FILE.cast") }
      var command = Command.Cast(script: arguments.operandPaths[0], out: out)
      command.app = arguments.appChoice(path: arguments.path("app"))
      command.locale = arguments.value("locale")
      command.width = arguments.value("width").flatMap { Int($0) } ?? MinimumSize.width
      command.height = arguments.value("height").flatMap { Int($0) } ?? MinimumSize.height
      guard command.width >= MinimumSize.width && command.height >= MinimumSize.height else {
        throw UsageError(
          "attsim cast draws at least \(MinimumSize.width)×\(MinimumSize.height), the UI's smallest size; \(command.width)×\(command.height) is too small"
        )
      }
      command.pace = arguments.value("pace").flatMap { Double($0) } ?? 1
      command.focus = arguments.flag("focus")
      (command.device, command.sdk) = try SetupOptions.decode(arguments)
      return .cast(command)
    },
    CommandSpec(
      name: "export", summary: "scripts' walks as XCUITest, Maestro or Simulator test code",
      discussion: """
        Runs each script (a file, a library scenario's name, a recording) through attsim's model in each
        --locale (default: the app's development region) and writes what a harness can do of its walk: the
        tracking authorization reset, the app launched in that language, the ATT alert checked for the app's
        purpose string and answered. xcuitest writes one Swift file, a test method per script and locale;
        maestro a flow and simctl a shell script (applesimutils) per script and locale, named
        SCRIPT-LOCALE.yaml or .sh in --out DIR. One script in one locale goes to standard output without
        --out. The app is the one the script names (app bundle=), else --app, else the demo app; its
        CFBundleIdentifier is the bundle id, or --bundle-id where a build setting only its project defines
        makes it. The app's own steps are marked places ("attsim: the app's step"); a step no harness can
        take is a comment and a line on standard error. Unverified on devices: see docs/exports.md.
        """,
      exitStatus: "0, or 2 for a usage or script error, an unknown bundle id, or a file that cannot be written.",
      options: [
        OptionSpec(
          name: "to", value: ("TARGET", .choice(ExportTarget.allCases.map(\.rawValue))),
          help: "the harness to write for",
          required: true),
        appOption, targetOption, configurationOption,
        OptionSpec(
          name: "locale", value: ("TAG", .languageTag), help: "a user's language to walk in (repeat for more)",
          repeatable: true),
        OptionSpec(name: "bundle-id", value: ("ID", .name), help: "the app's bundle identifier (default: its own)"),
        OptionSpec(
          name: "out", value: ("FILE|DIR", .output),
          help: "the Swift file (xcuitest), or the folder for flows and scripts (default: standard output)"),
      ], operands: ("NAME|FILE", .scenario, 1...Int.max)
    ) { arguments throws(UsageError) in
      guard let target = arguments.value("to").flatMap(ExportTarget.init(rawValue:)) else {
        throw UsageError("attsim export needs --to xcuitest, maestro or simctl")
      }
      var command = Command.Export(target: target, scripts: arguments.operandPaths)
      command.app = arguments.appChoice(path: arguments.path("app"))
      command.locales = arguments.values("locale")
      command.bundleIdentifier = arguments.value("bundle-id")
      command.out = arguments.path("out")
      let walks = command.scripts.count * max(command.locales.count, 1)
      if target != .xcuitest && walks > 1 && (command.out == nil || command.out == "-") {
        throw UsageError("attsim export --to \(target.rawValue) writes a file per script and locale: give --out DIR")
      }
      return .export(command)
    },
    CommandSpec(
      name: "gallery", summary: "every locale's prompt on one HTML page",
      discussion: """
        Writes one self-contained HTML page (no scripts, no network) showing, for every locale of the app (the
        demo app by default), the ATT dialog and the pre-permission screen as iOS draws them (and iOS 27.2's
        EU sheet beside them when the app has NSUserTrackingMarkdownUsageDescription), with that locale's
        check findings, and a summary table at the top. The app is PATH, as for check and prompts (--app PATH
        too). The file is written atomically; --out DIR writes DIR/gallery.html, --out - writes to standard
        output.
        """,
      exitStatus: "0, or 2 when the app cannot be read or the page cannot be written.",
      options: [
        appOption, targetOption, configurationOption,
        OptionSpec(name: "out", value: ("FILE.html", .output), help: "where to write the page", required: true),
      ], operands: ("PATH", .app, 0...1)
    ) { arguments throws(UsageError) in
      guard let out = arguments.path("out") else { throw UsageError("attsim gallery needs --out FILE.html") }
      if arguments.path("app") != nil && !arguments.operandPaths.isEmpty {
        throw UsageError("attsim gallery takes the app once: as PATH or as --app PATH")
      }
      var command = Command.Gallery(out: out)
      command.app = arguments.appChoice(path: arguments.operandPaths.first ?? arguments.path("app"))
      return .gallery(command)
    },
    CommandSpec(
      name: "matrix", summary: "the QA test plan of every combination",
      discussion: """
        Prints the QA test plan: every iOS release of the plan, device kind, Tracking switch, restriction,
        Limit Ad Tracking, app state, integration and answer, with the resulting status, device IDFA,
        payload, blog callback and warnings. Markdown (the default) prints one table per iOS release; CSV
        adds the exact script of every row. --row N prints row N as a script attsim play passes (its steps and
        expect lines); --format attsim --out DIR writes every row's, DIR/row-0001.attsim on.
        """,
      exitStatus: "0, or 2 for a usage error or a script that cannot be written.",
      options: [
        OptionSpec(
          name: "format", value: ("FORMAT", .choice(MatrixFormat.allCases.map(\.rawValue))),
          help: "Markdown tables (default), CSV with the script of each row, or attsim: every row's script"),
        OptionSpec(name: "row", value: ("N", .name), help: "print row N (1-based) as an .attsim script"),
        OptionSpec(name: "out", value: ("DIR", .output), help: "with --format attsim: the folder to write to"),
      ], operands: nil
    ) { arguments throws(UsageError) in
      let format = arguments.value("format").flatMap(MatrixFormat.init(rawValue:)) ?? .markdown
      guard (format == .attsim) == (arguments.path("out") != nil) || arguments.value("row") != nil else {
        throw UsageError("attsim matrix writes scripts with --format attsim --out DIR, and only then takes --out")
      }
      return .matrix(format: format, row: arguments.value("row"), out: arguments.path("out"))
    },
    CommandSpec(
      name: "completion", summary: "the completion script for bash, zsh or fish",
      discussion: """
        Prints the completion script for the shell, made from the same table as the parser: subcommands,
        options, their values, the locales of the app given with --app, scenario names, and files. make
        install installs all three. attsim completion words locales|scenarios [APP] prints what they offer.
        """,
      exitStatus: "0, or 2 for an unknown shell.", options: [],
      operands: ("bash|zsh|fish", .choice(Completions.Shell.allCases.map(\.rawValue)), 1...3)
    ) { arguments throws(UsageError) in
      let words = arguments.operands
      if words[0] == "words" {
        guard words.count >= 2, let kind = CompletionWords(rawValue: words[1]) else {
          throw UsageError("attsim completion words needs locales or scenarios")
        }
        return .completionWords(kind: kind, app: words.count > 2 ? arguments.operandPaths[2] : nil)
      }
      guard words.count == 1, let shell = Completions.Shell(rawValue: words[0]) else {
        throw UsageError(
          "attsim completion needs bash, zsh or fish, not '\(words.joined(separator: " ").forMessage(limit: 60))'")
      }
      return .completion(shell)
    },
    CommandSpec(
      name: "man", summary: "the man page, as roff",
      discussion: "Prints the man page (attsim.1) as roff: man -l <(attsim man) shows it. make install installs it.",
      exitStatus: "0.", options: [], operands: nil
    ) { _ throws(UsageError) in .man },
  ]
}
