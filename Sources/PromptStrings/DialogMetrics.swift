/// The ATT alert's layout in the terminal UI, in cells: the UI draws and scrolls the message by it (D50);
/// `attsim check`'s `too-long` judges the alert on an iPhone instead (D89).
public enum DialogMetrics {
  /// Columns of message text inside the alert (it is fixed-width, like iOS's 270 points).
  public static let messageWidth = 30
  /// The phone screen's rows at 80×24: less the title bar, the key help, the phone's frame and status bar.
  public static let referenceScreenRows = 19
  /// The message rows the alert has in a phone screen of `screenRows` rows, with a title of `titleLines` and
  /// buttons taking `buttonRows` (separators included), less the alert's frame and the blank under the title.
  public static func messageRows(screenRows: Int, titleLines: Int, buttonRows: Int) -> Int {
    max(1, screenRows - 2 - titleLines - 1 - buttonRows)
  }
  /// Message lines the alert shows at 80×24 before it scrolls, with English's three-line title and two buttons.
  public static let maxMessageLines = messageRows(screenRows: referenceScreenRows, titleLines: 3, buttonRows: 4)
  /// The most of a purpose string attsim shows and checks, in characters: far more than any dialog shows,
  /// and a bound on the work a hostile many-megabyte value can cause.
  public static let longestMessage = 4096
}

/// The iOS 27.2 EU sheet's layout, shared the same way: the sheet takes the whole phone screen and scrolls,
/// so `too-long` warns when the Markdown text needs scrolling at 80×24.
public enum SheetMetrics {
  /// Columns of message text on the sheet at 80×24 (the phone's screen less its margins).
  public static let messageWidth = 32
  /// The message rows the sheet has in a phone screen, less the app's name, the blank line under the title and
  /// the row that says whether there is more.
  public static func messageRows(screenRows: Int, titleLines: Int, buttonRows: Int) -> Int {
    max(1, screenRows - 1 - titleLines - 1 - buttonRows - 1)
  }
  /// Message lines the sheet shows at 80×24 without scrolling (English, with Additional Information).
  public static let maxMessageLines = messageRows(
    screenRows: DialogMetrics.referenceScreenRows, titleLines: 3, buttonRows: 3)
}
