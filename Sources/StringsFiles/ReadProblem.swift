import FileAccess

/// Why a resource file could not be used: it cannot be read (missing, a FIFO, too large, …) or it is not
/// in the format expected.
public struct ReadProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// A few words a person understands.
  public var reason: String
  /// Whether the file was there but is something other than a regular file, or too large to read.
  public var isRefusedInput: Bool

  /// A problem saying `reason`.
  public init(_ reason: String, isRefusedInput: Bool = false) {
    self.reason = reason
    self.isRefusedInput = isRefusedInput
  }

  public var description: String { reason }

  /// The bytes of the regular file at `path` (at most `FileReader.defaultLimit`), or why not.
  public static func bytes(of path: String) -> Result<[UInt8], ReadProblem> {
    FileReader.read(path).mapError { failure in
      ReadProblem(failure.reason, isRefusedInput: failure.kind == .notRegularFile || failure.kind == .tooLarge)
    }
  }
}
