/// A rendered screen: the cells, and where each button is, for mouse clicks.
public struct Frame: Sendable {
  /// The cells.
  public var buffer: ScreenBuffer
  /// Where each visible button is.
  public var hotspots: [ButtonID: Rect]

  /// The button under a click, if any.
  public func button(atRow row: Int, column: Int) -> ButtonID? {
    hotspots.first { $0.value.contains(row: row, column: column) }?.key
  }
}

/// The smallest terminal attsim draws in.
public enum MinimumSize {
  public static let width = 80
  public static let height = 24
}
