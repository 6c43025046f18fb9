import FileAccess
import Glibc
import TextSupport

/// Where a command writes: standard output and standard error, or buffers in tests.
public struct Console {
  /// Writes to standard output.
  public var out: (String) -> Void
  /// Writes to standard error.
  public var err: (String) -> Void

  /// A console writing to `out` and `err`.
  public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
    self.out = out
    self.err = err
  }

  /// The process's standard output and error, unbuffered so every line reaches a pipe at once. A write that
  /// fails ends the process: quietly with status 141 when the reader went away (as SIGPIPE would), else with
  /// one line on standard error (if it can still be written) and status 2.
  public static var standard: Console {
    Console(
      out: { text in
        guard let failure = StandardStream.write(text, to: 1) else { return }
        if case .failed(let reason) = failure {
          _ = StandardStream.write("attsim: cannot write to standard output: \(reason)\n", to: 2)
        }
        exit(failure == .brokenPipe ? 141 : 2)
      },
      err: { text in
        guard let failure = StandardStream.write(text, to: 2) else { return }
        exit(failure == .brokenPipe ? 141 : 2)
      })
  }
}

extension Console {
  /// Whether the user asked for no colour (`NO_COLOR` set and not empty).
  static var noColor: Bool { getenv("NO_COLOR").map { $0.pointee != 0 } ?? false }
}

/// Reading the text files a user names (scripts).
enum TextFile {
  /// The UTF-8 text of `path` (a leading BOM dropped), or a one-line reason it cannot be read.
  static func read(_ path: String) -> Result<String, UsageError> {
    let shown = "cannot read '\(path.forMessage())'"
    switch FileReader.read(path) {
    case .failure(let failure): return .failure(UsageError("\(shown): \(failure.reason)"))
    case .success(let bytes):
      guard var text = String(validating: bytes, as: UTF8.self) else {
        return .failure(UsageError("\(shown): not UTF-8 text"))
      }
      if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
      return .success(text)
    }
  }
}

/// Writes command output to a file (`-`: standard output), through the one safe writer.
enum CommandOutput {
  /// Writes `text` to `path` (`-` or nil: `console`), refusing to replace `inputs`; a one-line problem or nil.
  static func write(_ text: String, to path: String?, inputs: [String] = [], console: Console) -> String? {
    guard let path, path != "-" else {
      console.out(text)
      return nil
    }
    let identities = inputs.compactMap(FileIdentity.init(path:))
    return OutputFile.write(text, to: FilePath(path), inputs: identities)?.message
  }
}
