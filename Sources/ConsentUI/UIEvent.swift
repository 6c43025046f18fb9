/// A key the user pressed, as the UI understands it.
public enum KeyPress: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  case up, down, left, right, tab, backTab, enter, escape
  /// Ctrl-C.
  case interrupt
}

/// Something that happened on the terminal.
public enum UIEvent: Hashable, Sendable {
  /// A key press.
  case key(KeyPress)
  /// A click that landed on a button (the driver hit-tests against the last frame's hotspots).
  case press(ButtonID)
  /// Writing the `--record` file failed: the recording stops, and the screen says why.
  case recordingFailed(String)
}

/// What the driver must do after an update.
public enum UIEffect: Hashable, Sendable {
  /// Append this line to the `--record` script (and flush it).
  case record(String)
  /// Leave the UI and restore the terminal.
  case quit
}

/// Every button the phone can show.
public enum ButtonID: Hashable, Sendable {
  case request, showPrePermission, trackEvent
  case continuePrePermission, notNow
  case askNotToTrack, allow
  case relaunch
  case globalSwitch, appSwitch, closeSettings
  case keepTracking, stopTracking, cancelGlobalOff
}

/// What the phone shows.
public enum PhoneScreen: Hashable, Sendable {
  case home, prePermission, attDialog, crashed, settings, globalOffChoice

  /// The screen's buttons, in focus order (the first has focus when the screen appears).
  public var buttons: [ButtonID] {
    switch self {
    case .home: [.request, .showPrePermission, .trackEvent]
    case .prePermission: [.continuePrePermission, .notNow]
    case .attDialog: [.askNotToTrack, .allow]
    case .crashed: [.relaunch]
    case .settings: [.globalSwitch, .appSwitch, .closeSettings]
    case .globalOffChoice: [.keepTracking, .stopTracking, .cancelGlobalOff]
    }
  }
}
