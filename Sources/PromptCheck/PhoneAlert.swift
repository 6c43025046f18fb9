import TextSupport

/// An estimate of how much of the ATT alert a plain purpose string takes on the smallest iPhone iOS supports
/// (iPhone SE, 2nd and 3rd generation: 4.7 inches, 375 × 667 points) at the default text size, for
/// `too-long`. attsim cannot measure an iPhone's text; its basis and error are in docs/check-rules.md (D89).
/// The terminal UI draws the alert in its own cells (`DialogMetrics`) and scrolls by them, not by this.
enum PhoneAlert {
  /// The phone, as messages name it.
  static let phone = "a 4.7-inch iPhone SE (375 points wide) at the default text size"
  /// Points of message text on a line: the 270-point alert less 16 points of margin on each side.
  static let linePoints = 270 - 2 * 16
  /// Points a terminal cell stands for: half the em of the 13-point footnote font the message is set in, the
  /// average advance of Latin and Cyrillic letters; a wide (CJK) character, two cells, is one em.
  static let cellPoints = 6.5
  /// Cells' worth of text on one line of the message: 36.
  static let cellsPerLine = Int(Double(linePoints) / cellPoints)
  /// Message lines shown before the alert scrolls: the screen's 667 points, less 20 kept clear above and below,
  /// the two stacked 44-point buttons and their hairlines (89), a three-line 17-point title (3 × 22) and the
  /// alert's margins (20 above the title, 4 under it, 20 under the message), at 16 points a line: 26.
  static let visibleLines = (667 - 2 * 20 - 89 - 3 * 22 - 44) / 16

  /// About how many lines `text` takes in the alert's message.
  static func lines(_ text: String) -> Int { TextWrapper.wrap(text, width: cellsPerLine).count }
}
