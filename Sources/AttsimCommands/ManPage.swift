/// The man page (`attsim.1`), written from `CommandTable` and the help texts, so it says what the parser
/// accepts.
enum ManPage {
  static var text: String {
    var page = """
      .TH ATTSIM 1 "" "attsim \(Attsim.version)" "User Commands"
      .SH NAME
      attsim \\- a terminal consent simulator for iOS App Tracking Transparency and IDFA collection
      .SH SYNOPSIS

      """
    for spec in CommandTable.every {
      page += ".B \(roff(spec.usage))\n.br\n"
    }
    page += """
      .B attsim help \\fR[\\fISUBCOMMAND\\fR]
      .br
      .B attsim \\-\\-version
      .SH DESCRIPTION
      attsim draws an app's pre-permission screen and the system ATT dialog in a terminal, with the app's
      localized purpose string, feeds the user's choice into a model of iOS and an analytics SDK, and shows
      the payload the SDK attaches to every event. Scripts replay scenarios headless; check lints an app's
      localized prompt strings and privacy manifests; render, cast and gallery capture what it shows; export
      writes a script's walk as XCUITest, Maestro or Simulator test code.
      .SH COMMANDS

      """
    for spec in CommandTable.every {
      page += ".SS \(roff(spec.name.isEmpty ? "attsim (the terminal UI)" : "attsim \(spec.name)"))\n"
      page += paragraphs(spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + ". " + spec.discussion)
      for option in spec.options {
        let value = option.value.map { " \\fI\(roff($0.placeholder))\\fR" } ?? ""
        page += ".TP\n.B \\-\\-\(roff(option.name))\(value)\n\(roff(option.help))\n"
      }
      page += ".PP\nExit status: \(roff(spec.exitStatus))\n"
    }
    page += """
      .SH ENVIRONMENT
      .TP
      .B ATTSIM_ASSETS
      The Assets folder (demo app, system texts, scenarios), when it is not in ../share/attsim beside the binary.
      .TP
      .B NO_COLOR
      When set and not empty, no colours (the UI and render \\-\\-format ansi).
      .TP
      .B LANG, LC_ALL
      A UTF-8 locale draws the UI in Unicode; otherwise it is drawn in ASCII and says so.
      .SH FILES
      .TP
      .I PREFIX/share/attsim/Assets
      The demo app, the system texts, the scenario library and the example apps.
      .SH EXIT STATUS
      0 on success; 1 when an expectation, a check or a guided walk fails; 2 for a usage or input error;
      128+N after signal N.
      .SH SEE ALSO
      .BR asciinema (1),
      .BR dialog (1)

      """
    return page
  }

  /// Text made safe for roff: backslashes escaped, hyphens as minus signs (options are typed with them), and
  /// every non-ASCII character as a `\[uXXXX]` escape, so the page is ASCII whatever groff's input encoding.
  static func roff(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return out
  }

  /// Prose as roff paragraphs: each source line is joined, blank lines become paragraph breaks.
  private static func paragraphs(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      let body = roff(String(line))
      return body.first == "." || body.first == "'" ? "\\&" + body : body
    }.joined(separator: "\n") + "\n"
  }
}
