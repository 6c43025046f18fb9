import Diagnostics
import FileAccess

/// Why a resource file could not be used: it cannot be read (missing, a FIFO, too large, …) or it is not
/// in the format expected.
public struct ReadProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// A few words a person understands.
  public var reason: String
  /// Why the file was not read at all (missing, not a regular file, too large, outside the project), or nil
  /// when it was read and is not in the format expected.
  public var refusal: FileReader.Failure.Kind?

  /// Where in the file, when the problem has a place.
  public var location: SourceLocation?

  /// A problem saying `reason`.
  public init(_ reason: String, refusal: FileReader.Failure.Kind? = nil, location: SourceLocation? = nil) {
    self.reason = reason
    self.refusal = refusal
    self.location = location
  }

  public var description: String { reason }

  /// The bytes of the regular file at `path`, read through `files` (confined to a project, within its
  /// limits), or why not.
  public static func bytes(of path: FilePath, from files: InputFiles) -> Result<[UInt8], ReadProblem> {
    files.read(path).mapError { ReadProblem($0.reason, refusal: $0.kind) }
  }
}
