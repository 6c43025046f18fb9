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
