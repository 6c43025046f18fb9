/// A position in a text file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  /// A position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
