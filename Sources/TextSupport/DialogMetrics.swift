/// The size of the ATT dialog's message area, shared by the terminal UI (which draws it) and
/// `attsim check` (whose `too-long` rule warns when a purpose string does not fit).
public enum DialogMetrics {
  /// Columns of message text inside the dialog at 80×24.
  public static let messageWidth = 30
  /// Message lines the dialog shows at 80×24 before the text is cut off.
  public static let maxMessageLines = 8
  /// The most of a purpose string attsim shows and checks, in characters: far more than any dialog shows,
  /// and a bound on the work a hostile many-megabyte value can cause.
  public static let longestMessage = 4096
}

/// The size of the iOS 27.2 EU sheet's message area at 80×24, shared the same way: the sheet takes the
/// whole phone screen and scrolls, so `too-long` warns when the Markdown text needs scrolling there.
public enum SheetMetrics {
  /// Columns of message text on the sheet at 80×24 (the phone's screen less its margins).
  public static let messageWidth = 32
  /// Message lines the sheet shows at 80×24 without scrolling, with a three-line title.
  public static let maxMessageLines = 10
}
