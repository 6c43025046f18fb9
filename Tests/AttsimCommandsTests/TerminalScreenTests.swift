import ConsentUI
import Foundation
import TerminalModel
import Testing

/// What a real terminal (tmux) shows is exactly what `attsim render` prints for the same state and size:
/// after resizes, and for text in every script the width model must get right.
@Suite(.enabled(if: Tmux.isAvailable, "slow: ATTSIM_SLOW_TESTS=1, and tmux")) struct TerminalScreenTests {
  static let worldScripts = repositoryRoot.appendingPathComponent("Tests/Fixtures/WorldScripts").path

  /// `attsim render` with these arguments, as the expected screen.
  static func rendered(_ arguments: [String]) throws -> String {
    let outcome = try runBuilt(["render"] + arguments)
    #expect(outcome.status == 0, "\(outcome.err)")
    return outcome.out
  }

  @Test func afterEveryResizeTheScreenIsWhatRenderDraws() throws {
    let tmux = try Tmux(Tmux.attsim, width: 100, height: 30)
    for (width, height) in [(100, 30), (100, 40), (100, 30), (160, 50), (80, 24)] {
      try tmux.resize(width: width, height: height)
      let expected = try Self.rendered(["--width", "\(width)", "--height", "\(height)"])
      #expect(try tmux.waitForScreen(expected), "\(width)×\(height):\n\(tmux.screen)")
    }
    // A key after the resizes draws the next screen whole, too.
    try tmux.send("p")
    #expect(try tmux.waitForScreen(try Self.rendered(["--keys", "p"])), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  @Test func ctrlLRepaintsWhatSomethingElseWroteOverTheScreen() throws {
    let tmux = try Tmux(Tmux.attsim)
    let expected = try Self.rendered([])
    #expect(try tmux.waitForScreen(expected), "\(tmux.screen)")
    // Another program scribbles on the terminal (as `wall` or a background job would).
    let tty = try tmux.paneFlag("pane_tty")
    try "\u{1B}[5;5Hscribble scribble".write(toFile: tty, atomically: false, encoding: .utf8)
    #expect(try tmux.waitFor("scribble"))
    try tmux.send("C-l")
    #expect(try tmux.waitForScreen(expected), "\(tmux.screen)")
  }

  /// Stopped from outside (SIGTSTP: in raw mode Ctrl-Z is a key) the session gives the terminal back to the
  /// shell; brought back with `fg`, it takes it again and draws its screen whole, and keys act as before.
  @Test func aStoppedSessionGivesTheTerminalBackAndDrawsItsScreenAgain() throws {
    let tmux = try Tmux("PS1='$ ' bash --norc --noprofile -i")
    #expect(try tmux.waitFor("$"), "\(tmux.screen)")
    try tmux.sendLiteral("'\(Tmux.attsim)'")
    try tmux.send("Enter")
    let expected = try Self.rendered([])
    #expect(try tmux.waitForScreen(expected), "\(tmux.screen)")
    // The shell's child: attsim, started by the interactive shell as a job of its own.
    let shell = try tmux.commandPID()
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let attsim = try #require(Int32(children.split(separator: " ").first ?? "").flatMap { $0 > 0 ? $0 : nil })
    kill(attsim, SIGTSTP)
    #expect(try tmux.waitForFlag("alternate_on", "0"))
    #expect(try tmux.waitFor("Stopped"), "\(tmux.screen)")
    try tmux.sendLiteral("fg")
    try tmux.send("Enter")
    #expect(try tmux.waitForScreen(expected), "\(tmux.screen)")
    try tmux.send("p")
    #expect(try tmux.waitForScreen(try Self.rendered(["--keys", "p"])), "\(tmux.screen)")
    try tmux.send("q")
    #expect(try tmux.waitFor("$"), "\(tmux.screen)")
  }

  /// Where SIGTSTP cannot stop it (tmux runs it with no shell of its session above it), the session goes
  /// straight on with its screen whole.
  @Test func aSessionThatCannotBeStoppedKeepsItsScreen() throws {
    let tmux = try Tmux(Tmux.attsim)
    let expected = try Self.rendered([])
    #expect(try tmux.waitForScreen(expected), "\(tmux.screen)")
    kill(try tmux.commandPID(), SIGTSTP)
    try tmux.send("p")
    #expect(try tmux.waitForScreen(try Self.rendered(["--keys", "p"])), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  /// The dialog with each locale's purpose string: Devanagari with spacing marks and conjuncts, Thai with
  /// tone marks, Arabic with harakat, Hebrew with niqqud, Japanese, and English with combining accents and
  /// emoji (a skin tone, a family joined by zero-width joiners, a heart with a variation selector).
  @Test(arguments: ["hi", "th", "ar", "he", "ja", "en"])
  func everyScriptTakesTheColumnsTheTerminalGivesIt(locale: String) throws {
    let tmux = try Tmux("'\(Tmux.attsim)' --app '\(Self.worldScripts)' --locale \(locale)")
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    try tmux.send("p", "Enter")
    let expected = try Self.rendered(["--app", Self.worldScripts, "--locale", locale, "--keys", "p enter"])
    #expect(try tmux.waitForScreen(expected), "expected:\n\(expected)\nshown:\n\(tmux.screen)")
  }

  /// tmux's name for a key as `render --keys` writes it.
  static func tmuxKey(_ name: String) -> String {
    let names = [
      "enter": "Enter", "down": "Down", "up": "Up", "left": "Left", "right": "Right", "esc": "Escape", "tab": "Tab",
      "pgdn": "NPage", "pgup": "PPage", "space": "Space",
    ]
    return names[name] ?? name
  }

  static let broken = repositoryRoot.appendingPathComponent("Assets/Examples/BrokenApp").path

  /// Screens the defects of issue 10 were about, each driven by keys in tmux and compared with `render`: a
  /// focused button whose label wraps, Settings' focus, Settings mirrored in Arabic, the details view, a long
  /// alert scrolled, another alert on the phone, iOS 12.4's Advertising settings, Hebrew then Hindi.
  @Test(arguments: [
    (["--locale", "pt-BR"], "p enter"), ([], "s"), (["--locale", "ar"], "s down"),
    (["--app", broken, "--locale", "zh-Hans"], "v"), (["--app", broken, "--locale", "ru"], "enter down pgdn"),
    ([], "d down down down down down down down right esc"), ([], "i i s"), (["--locale", "he"], "p l"),
  ])
  func theScreenIsWhatRenderDraws(arguments: [String], keys: String) throws {
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let tmux = try Tmux("'\(Tmux.attsim)' \(quoted)")
    #expect(try tmux.waitFor("Events"), "\(tmux.screen)")
    // One key at a time, each after the screen it leads to: keys typed ahead may arrive as one escape sequence.
    var pressed: [String] = []
    for key in keys.split(separator: " ").map(String.init) {
      pressed.append(key)
      try tmux.send(Self.tmuxKey(key))
      let expected = try Self.rendered(arguments + ["--keys", pressed.joined(separator: " ")])
      #expect(try tmux.waitForScreen(expected), "after \(pressed):\nexpected:\n\(expected)\nshown:\n\(tmux.screen)")
    }
  }

  @Test func withoutUTF8TheScreenIsASCIIAndSaysHowToFixIt() throws {
    let tmux = try Tmux("LANG=C LC_ALL=C '\(Tmux.attsim)'")
    #expect(try tmux.waitFor("not UTF-8: run with LANG=C.UTF-8"), "\(tmux.screen)")
    #expect(try tmux.waitFor("+------"), "\(tmux.screen)")
    #expect(try tmux.capture().unicodeScalars.allSatisfy(\.isASCII), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  /// Every terminal type starts and shows what `render` draws: the Linux console (no size in its terminfo
  /// entry), a vt100 (no alternate screen: cleared on exit), GNU screen and xterm.
  @Test(arguments: ["linux", "vt100", "screen", "xterm-256color"])
  func everyTerminalTypeStartsAndLeavesTheScreenClean(type: String) throws {
    let tmux = try Tmux("TERM=\(type) LINES=10 COLUMNS=20 '\(Tmux.attsim)'")
    // LINES and COLUMNS a parent left behind do not decide the size: the terminal does.
    #expect(try tmux.waitForScreen(try Self.rendered([])), "\(type):\n\(tmux.screen)")
    try tmux.send("p")
    #expect(try tmux.waitForScreen(try Self.rendered(["--keys", "p"])), "\(type):\n\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
    // Whether or not the terminal has an alternate screen, the UI is gone and the shell starts clean.
    #expect(try tmux.waitUntil { !$0.contains("simulator controls") }, "\(type):\n\(tmux.screen)")
  }

  /// The keys from the demo app in German to iOS 27.2's sheet in France: iOS updated, the device's and the
  /// account's country set to France, then the pre-permission screen and its Continue.
  static let toTheSheet = "i d down down right down right esc p enter"

  /// What each terminal type shows of the UI's styles is what its terminfo entry can show: xterm all of them;
  /// GNU screen and the Linux console eight colours (gray is white) and no italic, the console no dim with a
  /// colour (its `ncv`); a vt100 bold and reverse only; with NO_COLOR no colours (gray is dim). Compared cell
  /// by cell with `render --format ansi --focus` on the pre-permission screen (bold white on blue) and on the sheet
  /// (italic, blue, reverse).
  @Test(arguments: [
    ("xterm-256color", false), ("screen", false), ("linux", false), ("vt100", false), ("xterm-256color", true),
  ])
  func everyTerminalTypeShowsTheStylesItsEntryCan(type: String, noColor: Bool) throws {
    let color = noColor ? "NO_COLOR=1" : ""
    let tmux = try Tmux("env -u NO_COLOR TERM=\(type) \(color) '\(Tmux.attsim)' --locale de")
    #expect(try tmux.waitFor("Events"), "\(tmux.screen)")
    func shows(_ style: Style) -> Style {
      var style = style
      if type == "vt100" || noColor {
        style.dim = style.dim || style.foreground == .gray
        (style.foreground, style.background) = (nil, nil)
      }
      if type == "linux" && (style.foreground != nil || style.background != nil) { style.dim = false }
      if ["linux", "screen"].contains(type) && style.foreground == .gray { style.foreground = .white }
      if type == "vt100" { style.dim = false }
      if ["linux", "vt100", "screen"].contains(type) { style.italic = false }
      return style
    }
    var pressed: [String] = []
    for key in Self.toTheSheet.split(separator: " ").map(String.init) {
      pressed.append(key)
      try tmux.send(Self.tmuxKey(key))
      let keys = pressed.joined(separator: " ")
      let expected = try Self.rendered(["--locale", "de", "--keys", keys])
      #expect(try tmux.waitForScreen(expected), "\(type) after \(keys):\n\(tmux.screen)")
      guard ["p", "enter"].contains(key) else { continue }
      let ansi = try runShell(
        "env -u NO_COLOR \"$ATTSIM\" render --locale de --keys '\(keys)' --format ansi --focus", in: repositoryRoot)
      var rendered = TerminalModel(width: 80, height: 24)
      rendered.feedRows(ansi.out)
      var differences: [String] = []
      _ = try tmux.waitUntil { _ in
        var shown = TerminalModel(width: 80, height: 24)
        shown.feedRows((try? tmux.captureWithStyles()) ?? "")
        differences = shown.differences(from: rendered, adjusting: shows)
        return differences.isEmpty
      }
      #expect(differences == [], "\(type), NO_COLOR \(noColor), after \(keys)")
    }
  }

  /// A cell is sent to the terminal as its character and at most four zero-width characters after it (a curses
  /// cell holds no more): a letter with six accents shows four on the terminal, and `render` keeps all six.
  @Test func aLetterWithMoreMarksThanACursesCellHoldsShowsFour() throws {
    let folder = try temporaryFolder()
    let marks = "\u{301}\u{302}\u{303}\u{304}\u{306}\u{307}"
    _ = try write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDevelopmentRegion</key><string>en</string>
      <key>NSUserTrackingUsageDescription</key><string>Marks: a\(marks) and e\u{301}.</string>
      </dict></plist>
      """, to: "Info.plist", in: folder)
    let rendered = try Self.rendered(["--app", folder.path, "--keys", "p enter"])
    #expect(rendered.contains("a" + marks))
    let tmux = try Tmux("'\(Tmux.attsim)' --app '\(folder.path)'")
    #expect(try tmux.waitFor("Events"), "\(tmux.screen)")
    try tmux.send("p")
    #expect(try tmux.waitFor("Continue"), "\(tmux.screen)")
    try tmux.send("Enter")
    let four = "a" + marks.unicodeScalars.prefix(4).map(String.init).joined()
    let expected = rendered.replacingOccurrences(of: "a" + marks, with: four)
    #expect(try tmux.waitForScreen(expected), "expected:\n\(expected)\nshown:\n\(tmux.screen)")
    #expect(try tmux.capture().contains(four + " and e\u{301}."))
  }

  /// While the window is too small nothing acts: `a` on a dialog nobody sees answers nothing.
  @Test func aTooSmallWindowTakesOnlyQuit() throws {
    let tmux = try Tmux(Tmux.attsim)
    try tmux.send("Enter")
    #expect(try tmux.waitFor("Ask App Not to Track"), "\(tmux.screen)")
    try tmux.resize(width: 60, height: 20)
    #expect(try tmux.waitFor("attsim needs at least 80×24"), "\(tmux.screen)")
    try tmux.send("a")
    try tmux.resize(width: 80, height: 24)
    #expect(try tmux.waitForScreen(try Self.rendered(["--keys", "enter"])), "the dialog is still up:\n\(tmux.screen)")
    try tmux.send("a")
    #expect(try tmux.waitFor("authorized"), "\(tmux.screen)")
  }

  /// `--bidi terminal` hands a terminal that reorders the text in logical order, as `render --bidi terminal`
  /// prints it; the default is the visual order.
  @Test func bidiTerminalLeavesTheOrderToTheTerminal() throws {
    let logical = try Self.rendered(["--locale", "he", "--keys", "enter", "--bidi", "terminal"])
    let visual = try Self.rendered(["--locale", "he", "--keys", "enter"])
    #expect(logical != visual)
    #expect(logical.contains("לאפשר ל״Lumen Demo״") && visual.contains("״Lumen Demo״ל רשפאל"))
    let tmux = try Tmux("'\(Tmux.attsim)' --locale he --bidi terminal")
    try tmux.send("Enter")
    #expect(try tmux.waitForScreen(logical), "\(tmux.screen)")
  }
}
