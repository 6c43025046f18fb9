import Diagnostics
import TextSupport

/// A mistake in a script, at a file, line and column; nothing of a script with one runs.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The script's path as the user gave it.
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column, in characters.
  public var column: Int
  /// What is wrong, in one sentence.
  public var message: String

  /// An error at a position.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// The mistake as a located error.
  public var diagnostic: Diagnostic {
    Diagnostic(file: file, location: SourceLocation(line: line, column: column), severity: .error, message: message)
  }

  /// `file:line:column: error: message`, as compilers print; safe for a terminal.
  public var description: String { diagnostic.description.escapingControlCharacters }
}

/// Every error found in one script.
public struct ScriptErrors: Error, Sendable, CustomStringConvertible {
  /// The errors, in line order.
  public var errors: [ScriptError]

  public var description: String { errors.map(\.description).joined(separator: "\n") }
}
