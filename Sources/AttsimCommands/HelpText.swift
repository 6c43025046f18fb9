/// The text `--help` prints, for attsim and for each subcommand.
enum HelpText {
  static func text(for topic: String?) -> String {
    switch topic {
    case "play": play
    case "scenarios": scenarios
    case "check": check
    case "render": render
    case "matrix": matrix
    case "gallery": gallery
    default: overview
    }
  }

  static let overview = """
    attsim — a terminal consent simulator for iOS App Tracking Transparency and IDFA collection.

    USAGE
      attsim [--app DIR] [--locale TAG] [--record FILE [--force]] [--scenario NAME|FILE]
                                                          the terminal UI (the demo app by default)
      attsim play [--report junit|markdown] [--output FILE] FILE…
                                                          run .attsim scripts, one JSON line per command
      attsim scenarios                                    the scenario library, with titles
      attsim check PATH [--format text|json|sarif] [--dev-region TAG]
                                                          lint an app's localized prompt strings
      attsim render [--app DIR] [--locale TAG] [--width N] [--height N] [--script FILE]
                                                          print the screen the UI would draw
      attsim gallery [--app DIR] --out FILE.html          every locale's prompt on one HTML page
      attsim matrix [--format csv|markdown]               the QA test plan of every combination
      attsim help [SUBCOMMAND]                            help for one subcommand
      attsim --version

    Exit status: 0 success, 1 expectations failed or findings, 2 usage or input error.

    """

  static let scenarios = """
    USAGE: attsim scenarios

    Lists the scenario library (Assets/Scenarios) with titles. Walk one in the UI with
    attsim --scenario NAME, run it headless with attsim play.

    """

  static let play = """
    USAGE: attsim play [--report junit|markdown] [--output FILE] FILE…

    Runs each script from the defaults (iPhone on iOS 26.0, switches permissive, the app installed and
    active, the SDK not initialized) and prints one JSON object per command: line, command, status,
    prompt, crashed, device_idfa, payload, events, warnings, story. A script with a syntax error runs
    nothing. Exit 0 when every `expect` holds, 1 when one fails, 2 on a usage or script error.
    --report junit gives JUnit XML (one test case per expectation), --report markdown a bug report;
    --output FILE writes the result to FILE atomically instead of standard output.

    Commands: device, app, sdk init, prepermission show|continue|not-now, request,
    tap allow|ask-not-to-track, method-b, settings, relaunch, reinstall, consent, track, expect.

    """

  static let check = """
    USAGE: attsim check PATH [--format text|json|sarif] [--dev-region TAG]

    Lints the localized NSUserTrackingUsageDescription of an app folder (Info.plist, *.lproj,
    .xcstrings) or of one strings file. Exit 0 clean, 1 errors, 2 unusable input.

    """

  static let render = """
    USAGE: attsim render [--app DIR] [--locale TAG] [--width N] [--height N] [--script FILE]

    Prints, as plain text, exactly what the terminal UI would draw, after the script's actions.

    """

  static let gallery = """
    USAGE: attsim gallery [--app DIR] --out FILE.html

    Writes one self-contained HTML page (no scripts, no network) showing, for every locale of the app
    (the demo app by default), the ATT dialog and the pre-permission screen as iOS draws them, with
    that locale's check findings, and a summary table at the top. The file is written atomically.

    """

  static let matrix = """
    USAGE: attsim matrix [--format csv|markdown]

    Prints the QA test plan: every iOS release (12.4 to 26.0), device kind, Tracking switch,
    restriction, Limit Ad Tracking, app state, integration and answer, with the resulting status,
    device IDFA, payload, blog callback and warnings. Markdown (the default) prints one table per
    iOS release; CSV adds the exact script of every row.

    """
}
