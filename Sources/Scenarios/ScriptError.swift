import Diagnostics
import TextSupport

extension Diagnostic {
  /// A mistake in a script at 1-based `line` and `column` (in characters) of `file`, the path as the user gave
  /// it; nothing of a script with one runs.
  static func scriptError(file: String, line: Int, column: Int, message: String) -> Diagnostic {
    Diagnostic(file: file, location: SourceLocation(line: line, column: column), severity: .error, message: message)
  }
}

/// Every error found in one script.
public struct ScriptErrors: Error, Sendable, CustomStringConvertible {
  /// The errors, in line order.
  public var errors: [Diagnostic]

  /// The errors `errors`, in line order.
  public init(errors: [Diagnostic]) { self.errors = errors }

  /// One line per error, `file:line:column: error: message` as compilers print; safe for a terminal.
  public var lines: [String] { errors.map(\.description.escapingControlCharacters) }

  public var description: String { lines.joined(separator: "\n") }
}
