import ConsentCore

/// What a key asks for.
public enum KeyCommand: Hashable, Sendable {
  case allow, askNotToTrack, additionalInformation, dismiss, scrollPrompt, moveFocus, press, leaveSettings
  case prePermission, track, consent, nextLocale, previousLocale, nextIOS, integration, settings, setup, year, wait
  case undo, redo, restart, pin, details, scenarios, reinstall, relaunch, repaint, help, quit
  /// Presenter mode: pause or resume the walk, play its next step now.
  case pause, resume, step
  /// An overlay's own keys: move its selection (by the key's direction), change a setup field, turn a help
  /// page, walk the picked scenario, scroll the details or switch their section, close it.
  case select, change, turnPage, walkScenario, scrollDetails, nextSection, close
}

/// Where a key acts: the main screen, presenter mode (before the main screen's keys), an overlay, or a
/// window too small to show anything.
public enum KeyContext: Hashable, Sendable, CaseIterable {
  case main, presenter, help, setup, picker, details, tooSmall
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
  /// Presenter mode, playing or paused.
  case playing, paused
  /// The help has a page after (before) the one shown.
  case laterHelpPage, earlierHelpPage
}

/// One key (or a few that do the same) of the UI: what it does, where and when, and how the bottom line,
/// the help overlay, the guide's hints and the README name it.
public struct KeyBinding: Hashable, Sendable {
  /// What the key asks for.
  public let command: KeyCommand
  /// The keys, as the terminal delivers them (empty for a key the driver handles itself, such as Ctrl-L).
  public let keys: [KeyPress]
  /// Whether it also takes every key no other binding of its context takes (an overlay's "any other key").
  public let takesOtherKeys: Bool
  /// The keys as the help overlay and the README write them.
  public let names: String
  /// Where the key acts.
  public let contexts: Set<KeyContext>
  /// When the key acts; otherwise it is free for another binding.
  public let condition: KeyCondition
  /// The bottom line's words (`a Allow`); where they show (on the main screen: on `screens`), and when;
  /// nil: help only.
  public let bottomLine: String?
  public let screens: Set<PhoneScreen>
  public let shownIn: Set<KeyContext>
  public let shownWhen: KeyCondition
  /// The help overlay's line.
  public let help: String
  /// The README's row.
  public let readme: String

  init(
    _ command: KeyCommand, _ keys: [KeyPress], orOthers takesOtherKeys: Bool = false, names: String,
    in contexts: Set<KeyContext> = [.main], when condition: KeyCondition = .always, bottomLine: String? = nil,
    on screens: Set<PhoneScreen> = [], shownIn: Set<KeyContext>? = nil, shownWhen: KeyCondition? = nil,
    help: String, readme: String? = nil
  ) {
    self.command = command
    self.keys = keys
    self.takesOtherKeys = takesOtherKeys
    self.names = names
    self.contexts = contexts
    self.condition = condition
    self.bottomLine = bottomLine
    self.screens = screens
    self.shownIn = shownIn ?? (bottomLine == nil ? [] : contexts)
    self.shownWhen = shownWhen ?? condition
    self.help = help
    self.readme = readme ?? help
  }
}

/// The one table of the UI's keys (the overlays' and presenter mode's too): the update dispatches through it, the
/// bottom lines, help, hints and README's table are made from it. The first binding that matches and holds wins.
public enum KeyMap {
  private static let prompts: Set<PhoneScreen> = [.attDialog, .attSheet]
  private static let everywhere: Set<PhoneScreen> = [
    .home, .prePermission, .attDialog, .attSheet, .otherAlert, .crashed, .settings, .globalOffChoice,
  ]
  private static let settingsScreens: Set<PhoneScreen> = [.settings, .globalOffChoice]
  private static let appScreens: Set<PhoneScreen> = [.home, .prePermission, .otherAlert, .crashed]
  private static let anywhere = Set(KeyContext.allCases)

  /// The overlays' and presenter mode's keys.
  public static let overlayBindings: [KeyBinding] = [
    bind(.presenter, .pause, [.character(" ")], "Space", "Space pause", "pause the walk", when: .playing),
    bind(.presenter, .resume, [.character(" ")], "Space", "Space play", "resume the walk", when: .paused),
    bind(.presenter, .step, [.right], "→", "→/← step", "play the next step now"),
    bind(.presenter, .undo, [.left], "←", nil, "take the last step back"),
    bind(.setup, .select, [.up, .backTab, .down, .tab], "↑↓ Tab Shift-Tab", "↑↓ field", "the previous or next field"),
    bind(
      .setup, .change, [.right, .character(" "), .left], "←→ Space", "←→ change",
      "the field's next (Space, →) or previous (←) value, applied when the field is left"),
    bind(.setup, .close, [.escape], "Esc", "Esc done", "close it (so does any key not above)", orOthers: true),
    bind(
      .help, .turnPage, [.pageDown, .right, .down], "PgDn → ↓", "PgDn more", "the next page", shown: .laterHelpPage),
    bind(.help, .turnPage, [.pageUp, .left, .up], "PgUp ← ↑", "PgUp back", "the page before", shown: .earlierHelpPage),
    bind(.help, .close, [.escape], "any other key", "any other key closes help", "close it", orOthers: true),
    bind(
      .picker, .select, [.up, .backTab, .down, .tab], "↑↓ Tab Shift-Tab", "↑↓ choose", "the previous or next scenario"),
    bind(.picker, .walkScenario, [.enter], "Enter", "⏎ walk it", "walk the scenario"),
    bind(.picker, .close, [.escape], "Esc", "Esc cancel", "close it (so does any key not above)", orOthers: true),
    bind(
      .details, .scrollDetails, [.up, .down, .pageUp, .pageDown], "↑↓ PgUp PgDn", "↑↓ PgUp PgDn scroll",
      "scroll by a line, or by ten"),
    bind(
      .details, .nextSection, [.tab, .right, .backTab, .left], "Tab Shift-Tab ←→", "Tab next section",
      "the next or previous section (Check, Warnings, Events)"),
    bind(.details, .close, [.escape], "Esc", "Esc close", "close them (so does any key not above)", orOthers: true),
  ]

  /// An overlay's or presenter mode's binding; its README row says where it acts.
  private static func bind(
    _ context: KeyContext, _ command: KeyCommand, _ keys: [KeyPress], _ names: String, _ words: String?,
    _ help: String, when condition: KeyCondition = .always, shown: KeyCondition? = nil, orOthers: Bool = false
  ) -> KeyBinding {
    let place = [KeyContext.presenter: "presenter mode", .setup: "setup", .help: "help", .picker: "scenario picker"]
    return KeyBinding(
      command, keys, orOthers: orOthers, names: names, in: [context], when: condition, bottomLine: words,
      shownWhen: shown, help: "\(place[context] ?? "details"): \(help)")
  }

  /// The main screen's bindings, in the bottom line's order of preference: what the help overlay lists.
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
      shownIn: [.main, .presenter], help: "restart the guided walk", readme: "restart a guided walk from its first step"
    ),
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
      .quit, [.character("q"), .interrupt], names: "q, Ctrl-C", in: anywhere, bottomLine: "q quit",
      shownIn: [.presenter, .setup, .details], help: "quit",
      readme: "quit (the terminal is restored, as on SIGTERM, SIGHUP and crashes)"),
  ]

  /// The bottom line's ending, on every screen: help and quit are never cut off.
  public static let alwaysShown = ["? help", "q quit"]

  /// The command `key` stands for in the first of `contexts` that takes it, where `holds` says a condition
  /// holds.
  static func command(for key: KeyPress, in contexts: [KeyContext], holds: (KeyCondition) -> Bool) -> KeyCommand? {
    for context in contexts {
      let active = (overlayBindings + bindings).filter { $0.contexts.contains(context) && holds($0.condition) }
      if let binding = active.first(where: { $0.keys.contains(key) }) ?? active.first(where: \.takesOtherKeys) {
        return binding.command
      }
    }
    return nil
  }

  /// The bottom line's words `context` offers (the main screen's: on `screen`), in the table's order.
  static func bottomLine(in context: KeyContext, on screen: PhoneScreen, holds: (KeyCondition) -> Bool) -> [String] {
    (overlayBindings + bindings).compactMap { binding in
      guard let words = binding.bottomLine, binding.shownIn.contains(context),
        context != .main || binding.screens.contains(screen), holds(binding.shownWhen)
      else { return nil }
      return words
    }
  }

  /// The main screen's binding for `command`.
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

  /// The README's key table, made from the bindings: the main screen's, then the overlays' and presenter
  /// mode's.
  public static var markdownTable: String {
    var lines = ["| key | what it does |", "|---|---|"]
    for binding in bindings + overlayBindings {
      let names = binding.names.split(separator: ", ").map { name in
        name.count == 1 ? "`\(name)`" : String(name)
      }
      lines.append("| \(names.joined(separator: ", ")) | \(binding.readme) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
