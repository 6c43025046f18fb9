import Diagnostics
import FileAccess

/// Why a resource file could not be used: it cannot be read (missing, a FIFO, too large, outside the project)
/// or it is not in the format expected. The file, the place in it and the reason are one `Diagnostic`.
public struct ReadProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as given, where in it (when the problem has a place), and why, as an error.
  public var diagnostic: Diagnostic
  /// Why the file was not read at all (missing, not a regular file, too large, outside the project), or nil
  /// when it was read and is not in the format expected.
  public var refusal: FileReader.Failure.Kind?

  /// The file at `path` that could not be used, for `reason` (at `location` in it).
  public init(
    file path: String, _ reason: String, refusal: FileReader.Failure.Kind? = nil, location: SourceLocation? = nil
  ) {
    diagnostic = Diagnostic(file: path, location: location, severity: .error, message: reason)
    self.refusal = refusal
  }

  /// The file.
  public var path: String { diagnostic.file }
  /// A few words a person understands.
  public var reason: String { diagnostic.message }
  /// Where in the file, when the problem has a place.
  public var location: SourceLocation? { diagnostic.location }

  public var description: String { reason }

  /// The bytes of the regular file at `path`, read through `files` (confined to a project, within its
  /// limits), or why not.
  public static func bytes(of path: FilePath, from files: InputFiles) -> Result<[UInt8], ReadProblem> {
    files.read(path).mapError { ReadProblem(file: path.string, $0.reason, refusal: $0.kind) }
  }
}
