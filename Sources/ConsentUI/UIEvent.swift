import PromptCheck
import PromptStrings
import Scenarios

/// A key the user pressed, as the UI understands it.
public enum KeyPress: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  case up, down, left, right, tab, backTab, enter, escape, pageUp, pageDown
  /// Ctrl-C.
  case interrupt

  /// The key a name stands for, as `render --keys` and the tests write them: one character, or `enter`,
  /// `space`, `tab`, `backtab`, `up`, `down`, `left`, `right`, `esc`, `pgup`, `pgdn`, `ctrl-c`.
  public init?(name: String) {
    let named: [String: KeyPress] = [
      "enter": .enter, "space": .character(" "), "tab": .tab, "backtab": .backTab, "up": .up, "down": .down,
      "left": .left, "right": .right, "esc": .escape, "pgup": .pageUp, "pgdn": .pageDown, "ctrl-c": .interrupt,
    ]
    if let key = named[name.lowercased()] {
      self = key
    } else if name.count == 1, let character = name.first, !character.isWhitespace {
      self = .character(character)
    } else {
      return nil
    }
  }

  /// The names `init(name:)` knows besides single characters.
  public static let names = "enter, space, tab, backtab, up, down, left, right, esc, pgup, pgdn"
}

/// Something that happened: on the terminal, or work the driver did after the first frame.
public enum UIEvent: Sendable {
  /// A key press.
  case key(KeyPress)
  /// A click that landed on a button (the driver hit-tests against the last frame's hotspots).
  case press(ButtonID)
  /// `attsim check` finished on an app (the one `UIWork.check` named): its findings, for the panel.
  case checked([Finding], for: AppResources)
  /// The system texts were read (after the first frame, which shows none of them).
  case systemTextsLoaded(AppResources)
  /// The demo app was read whole (the first frame had only the shown locale's tables).
  case appLoaded(AppResources)
  /// The scenario library was read: what the picker offers.
  case scenariosLoaded([GuidedScenario])
  /// The screen has this size now (so scrolling stops where the text ends): the driver delivers it before
  /// it draws at the new size.
  case resized(width: Int, height: Int)
  /// Time for the next step, in presenter mode.
  case tick
}

/// What the driver must do after an update.
public enum UIEffect: Hashable, Sendable {
  /// Append this line to the `--record` script (and flush it).
  case record(ScriptLine)
  /// Do this work, off the UI's thread where there is one; its result comes back as events.
  case work(UIWork)
  /// Leave the UI and restore the terminal.
  case quit
}

/// Slow work the update asks the driver for, so that the update stays pure and quick.
public enum UIWork: Hashable, Sendable {
  /// `attsim check` on an app: comes back as `.checked`.
  case check(AppResources)
  /// Reading the scenario library: comes back as `.scenariosLoaded`.
  case loadScenarios
  /// Reading the system texts: comes back as `.systemTextsLoaded`.
  case loadSystemTexts
  /// Reading the demo app whole: comes back as `.appLoaded`. Keys wait for it (`isNeededBeforeKeys`).
  case loadApp

  /// Whether the driver does this before it reads the first key: a key may need what it brings (another
  /// locale's texts), and it takes about as long as a key takes to arrive.
  public var isNeededBeforeKeys: Bool { self == .loadApp }

  public static func == (left: UIWork, right: UIWork) -> Bool { left.identity == right.identity }

  public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

  /// What tells jobs apart: the kind, and for a check the app's root and target (not all that was read).
  private var identity: [String?] {
    switch self {
    case .check(let app): [app.root, app.target]
    case .loadScenarios: ["scenarios"]
    case .loadSystemTexts: ["system texts"]
    case .loadApp: ["app"]
    }
  }
}

/// Every button the phone can show.
public enum ButtonID: Hashable, Sendable {
  case request, showPrePermission, trackEvent
  case continuePrePermission, notNow
  case askNotToTrack, allow, additionalInformation
  case relaunch
  case globalSwitch, appSwitch, limitAdTrackingSwitch, closeSettings
  case keepTracking, stopTracking, cancelGlobalOff
  case dismissOtherAlert
}

/// What the phone shows.
public enum PhoneScreen: Hashable, Sendable {
  case home, prePermission, attDialog, attSheet, otherAlert, crashed, settings, globalOffChoice
}

/// Whether the phone shows Settings › Privacy › Tracking, and which part of it.
public enum SettingsPane: Hashable, Sendable {
  /// The app is in front.
  case closed
  /// The Tracking screen with its switches.
  case tracking
  /// Turning Allow Apps to Request to Track off asks what happens to apps that answered.
  case globalOffChoice
}
