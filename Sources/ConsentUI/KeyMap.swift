import ConsentCore

/// What a key on the main screen asks for.
public enum KeyCommand: Hashable, Sendable {
  case allow, askNotToTrack, additionalInformation, dismiss, scrollPrompt, moveFocus, press, leaveSettings
  case prePermission, track, consent, nextLocale, previousLocale, nextIOS, integration, settings, setup, year, wait
  case undo, redo, restart, pin, details, scenarios, reinstall, relaunch, repaint, help, quit
}

/// When a key does something.
public enum KeyCondition: Hashable, Sendable {
  /// On any screen.
  case always
  /// While the ATT alert or the EU sheet is up.
  case promptUp
  /// While Settings is open.
  case settingsOpen
  /// In a guided walk.
  case guided
  /// Once the scenario library is loaded and holds scenarios.
  case scenariosLoaded
  /// While the EU sheet offers Additional Information.
  case additionalInformationOffered
}

/// One key (or a few that do the same) of the main screen: what it does, when, and how the bottom line, the
/// help overlay, the guide's hints and the README name it.
public struct KeyBinding: Hashable, Sendable {
  /// What the key asks for.
  public let command: KeyCommand
  /// The keys, as the terminal delivers them (empty for a key the driver handles itself, such as Ctrl-L).
  public let keys: [KeyPress]
  /// The keys as the help overlay and the README write them.
  public let names: String
  /// When the key acts; otherwise it is free for another binding.
  public let condition: KeyCondition
  /// The bottom line's words (`a Allow`), the screens it shows them on, and when; nil: help only.
  public let bottomLine: String?
  public let screens: Set<PhoneScreen>
  public let shownWhen: KeyCondition
  /// The help overlay's line.
  public let help: String
  /// The README's row.
  public let readme: String

  init(
    _ command: KeyCommand, _ keys: [KeyPress], names: String, when condition: KeyCondition = .always,
    bottomLine: String? = nil, on screens: Set<PhoneScreen> = [], shownWhen: KeyCondition? = nil, help: String,
    readme: String? = nil
  ) {
    self.command = command
    self.keys = keys
    self.names = names
    self.condition = condition
    self.bottomLine = bottomLine
    self.screens = screens
    self.shownWhen = shownWhen ?? condition
    self.help = help
    self.readme = readme ?? help
  }
}

/// The one table of the main screen's keys: the update dispatches through it, and the bottom line, the help
/// overlay, the guide's hints and the README's key table are made from it. The first binding whose key
/// matches and whose condition holds wins; the bottom line offers the bindings in this order.
public enum KeyMap {
  private static let prompts: Set<PhoneScreen> = [.attDialog, .attSheet]
  private static let everywhere: Set<PhoneScreen> = [
    .home, .prePermission, .attDialog, .attSheet, .otherAlert, .crashed, .settings, .globalOffChoice,
  ]
  private static let settingsScreens: Set<PhoneScreen> = [.settings, .globalOffChoice]
  private static let appScreens: Set<PhoneScreen> = [.home, .prePermission, .otherAlert, .crashed]

  /// Every binding, in the bottom line's order of preference.
  public static let bindings: [KeyBinding] = [
    KeyBinding(
      .allow, [.character("a")], names: "a", bottomLine: "a Allow", on: prompts,
      help: "Allow on the dialog or the sheet",
      readme: "Allow while the ATT dialog or the EU sheet is up (otherwise the log says why not)"),
    KeyBinding(
      .askNotToTrack, [.character("n")], names: "n", bottomLine: "n Ask Not to Track", on: prompts,
      help: "Ask App Not to Track",
      readme: "Ask App Not to Track while the ATT dialog or the EU sheet is up"),
    KeyBinding(
      .additionalInformation, [.character("o")], names: "o", bottomLine: "o info", on: [.attSheet],
      shownWhen: .additionalInformationOffered, help: "the EU sheet's Additional Information",
      readme: "the EU sheet's Additional Information (when the app passed an action for it)"),
    KeyBinding(
      .dismiss, [.character("!")], names: "!", bottomLine: "! dismiss", on: prompts,
      help: "the system dismisses the prompt",
      readme: "the system dismisses the prompt (an incoming call, Control Center)"),
    KeyBinding(
      .scrollPrompt, [.up, .down, .pageUp, .pageDown], names: "↑↓ PgUp PgDn", when: .promptUp,
      bottomLine: "↑↓ scroll", on: [.attSheet], help: "on a prompt: scroll its text",
      readme:
        "scroll a purpose string longer than the screen (the alert says where it is: `▲ 4–11 of 14 ▼`); PgUp and PgDn by five lines"
    ),
    KeyBinding(
      .moveFocus, [.tab, .right, .down, .backTab, .left, .up], names: "←→ ↑↓ Tab Shift-Tab", bottomLine: "←→ focus",
      on: everywhere, help: "move focus between the phone's buttons",
      readme: "move focus between the phone's buttons (it starts on a screen's first button)"),
    KeyBinding(
      .press, [.enter, .character(" ")], names: "Enter, Space", bottomLine: "⏎ press", on: everywhere,
      help: "press the focused button", readme: "press a button (a mouse click presses the one under it)"),
    KeyBinding(
      .leaveSettings, [.escape], names: "Esc", when: .settingsOpen, bottomLine: "s/Esc back", on: settingsScreens,
      help: "leave Settings (or its question)"),
    KeyBinding(
      .prePermission, [.character("p")], names: "p", bottomLine: "p pre-permission", on: [.home],
      help: "the app shows its pre-permission screen"),
    KeyBinding(
      .settings, [.character("s")], names: "s", bottomLine: "s settings", on: appScreens,
      help: "Settings › Privacy › Tracking, and back",
      readme:
        "Settings › Privacy › Tracking (the app goes to the background; changing its switch ends it, and going back launches it) and back"
    ),
    KeyBinding(
      .setup, [.character("d")], names: "d", bottomLine: "d setup", on: appScreens.union(settingsScreens),
      help: "device, region and SDK setup",
      readme:
        "device, region and SDK setup: iOS, kind (iPhone, Simulator, Mac, Vision Pro), country, Apple Account country, switches, restriction, Limit Ad Tracking, another alert, app or App Clip, app state, usage description, the request call (classic or iOS 27.2's expanded one), integration, optOut, useConsent"
    ),
    KeyBinding(
      .nextLocale, [.character("l")], names: "l", bottomLine: "l locale", on: everywhere,
      help: "next locale", readme: "next locale (the dialog, the pre-permission screen and the panel follow)"),
    KeyBinding(
      .track, [.character("t")], names: "t", bottomLine: "t track", on: [.home], help: "the app tracks an event"),
    KeyBinding(
      .undo, [.character("u")], names: "u", bottomLine: "u undo", on: [.home],
      help: "undo what the last key did",
      readme: "undo what the last key did (in a walk too: take back a wrong step); the log says what it took back"),
    KeyBinding(
      .consent, [.character("c")], names: "c", help: "the app toggles setConsent(track:)",
      readme: "the app calls `setConsent(track:)` (toggles)"),
    KeyBinding(.previousLocale, [.character("L")], names: "L", help: "previous locale"),
    KeyBinding(
      .nextIOS, [.character("i")], names: "i", bottomLine: "i iOS", on: [.home], help: "next iOS release of the plan",
      readme:
        "update iOS to the next release of the plan (\(IOSVersion.planVersions.map(\.description).joined(separator: ", "))); the phone restarts and the app launches"
    ),
    KeyBinding(
      .integration, [.character("m")], names: "m", bottomLine: "m integration", on: [.home],
      help: "next integration (the app relaunches)",
      readme: "next integration: method-a, method-b, the blog recipe (the app relaunches)"),
    KeyBinding(
      .year, [.character("y")], names: "y", bottomLine: "y year", on: [.home], help: "a year passes",
      readme: "a year passes on the device's clock (the EU's yearly re-prompt)"),
    KeyBinding(
      .wait, [.character("w")], names: "w", help: "10 seconds pass",
      readme:
        "10 seconds pass (an SDK that waits for the ATT answer runs out of time; the panel shows how long is left)"),
    KeyBinding(.redo, [.character("U")], names: "U", help: "redo what u took back"),
    KeyBinding(
      .restart, [.character("R")], names: "R", when: .guided, bottomLine: "R restart", on: [.home],
      help: "restart the guided walk", readme: "restart a guided walk from its first step"),
    KeyBinding(
      .pin, [.character("e")], names: "e", help: "pin the panel as expect lines (--record)",
      readme:
        "in a `--record` session: pin what the panel shows as `expect` lines (warning ids, and with `--app` the prompt's text and source)"
    ),
    KeyBinding(
      .details, [.character("v")], names: "v", bottomLine: "v details", on: [.home],
      help: "all of Check, Warnings and Events",
      readme: "details: every finding (with file, line and column), every warning, the whole event log; Tab switches"),
    KeyBinding(
      .scenarios, [.character("g")], names: "g", when: .scenariosLoaded, bottomLine: "g scenarios", on: [.home],
      help: "walk a scenario from the library", readme: "walk a scenario from the library, guided step by step"),
    KeyBinding(.reinstall, [.character("r")], names: "r", help: "reinstall the app"),
    KeyBinding(.relaunch, [.character("x")], names: "x", help: "relaunch the app"),
    KeyBinding(.repaint, [], names: "Ctrl-L", help: "repaint the whole screen"),
    KeyBinding(
      .help, [.character("?")], names: "?", help: "this help; PgDn turns its pages",
      readme: "help; PgDn turns the pages, the last says where Apple is silent and attsim decides"),
    KeyBinding(
      .quit, [.character("q"), .interrupt], names: "q, Ctrl-C", help: "quit",
      readme: "quit (the terminal is restored, as on SIGTERM, SIGHUP and crashes)"),
  ]

  /// The bottom line's ending, on every screen: help and quit are never cut off.
  public static let alwaysShown = ["? help", "q quit"]

  /// The binding for `command`.
  public static func binding(_ command: KeyCommand) -> KeyBinding {
    bindings.first { $0.command == command } ?? bindings[bindings.count - 1]
  }

  /// The key that performs `command`, as a tester presses it (`a`, `Enter`).
  public static func key(_ command: KeyCommand) -> String {
    let names = binding(command).names
    return String(names.prefix { $0 != "," && $0 != " " })
  }

  /// Key words as a terminal without UTF-8 shows them: the arrows' and Enter's signs spelled out, since
  /// their ASCII look-alikes (`E`, `<>`) would not say which key.
  public static func asciiWords(_ words: String) -> String {
    words.replacing("⏎", with: "Enter").replacing("←→", with: "Left/Right").replacing("↑↓", with: "Up/Down")
  }

  /// The README's key table, made from the bindings.
  public static var markdownTable: String {
    var lines = ["| key | what it does |", "|---|---|"]
    for binding in bindings {
      let names = binding.names.split(separator: ", ").map { name in
        name.count == 1 ? "`\(name)`" : String(name)
      }
      lines.append("| \(names.joined(separator: ", ")) | \(binding.readme) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
