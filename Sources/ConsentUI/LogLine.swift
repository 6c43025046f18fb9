/// One line of the side panel's event log.
public struct LogLine: Hashable, Sendable {
  /// What kind of line it is, for its colour.
  public enum Kind: Hashable, Sendable {
    /// What the app called and what iOS answered.
    case story
    /// Something the user did in the simulator (a locale or iOS change).
    case notice
    /// An action that could not happen, and why.
    case refusal
  }

  /// Seconds since 9:41:00 on the simulated clock.
  public var time: Int
  public var text: String
  public var kind: Kind

  /// `09:41:05`.
  public var clock: String {
    let seconds = 9 * 3600 + 41 * 60 + time
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(seconds / 3600 % 24)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
  }
}
