import FileAccess
import Glibc
import PromptStrings
import Scenarios
import StringsFiles
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
  /// The UTF-8 text of `path` (a leading BOM dropped), or the line that says why it cannot be read: a file
  /// that is not UTF-8 is named as compilers name a bad line (`file:line:col: error: …`).
  static func read(_ path: String) -> Result<String, UsageError> {
    let shown = "attsim: cannot read '\(path.forMessage())'"
    switch FileReader.read(path) {
    case .failure(let failure): return .failure(UsageError("\(shown): \(failure.reason)"))
    case .success(let bytes):
      guard var text = String(validating: bytes, as: UTF8.self) else {
        let offset = TextDecoder.firstInvalidUTF8(bytes) ?? 0
        let place = LineMap(bytes: bytes).location(of: offset)
        let byte = "0x" + String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true)
        return .failure(
          UsageError("\(path.forMessage()):\(place): error: not UTF-8 text (byte \(byte) at offset \(offset))"))
      }
      if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
      return .success(text)
    }
  }
}

/// Writes command output to a file (`-`: standard output), through the one safe writer.
enum CommandOutput {
  /// Writes `text` to `path` (`-` or nil: `console`), refusing to replace any of `inputs`; a one-line problem
  /// or nil.
  static func write(_ text: String, to path: String?, inputs: CommandInputs, console: Console) -> String? {
    guard let path, path != "-" else {
      console.out(text)
      return nil
    }
    return OutputFile.write(text, to: FilePath(path), inputs: inputs.files)?.message
  }
}

/// Every file a command read or will read — scripts, and every file of every app it opened (Info.plist,
/// strings, catalogs, project and xcconfig files, manifests, the code the check reads) — by identity, so no
/// output of the command replaces one of them.
struct CommandInputs {
  /// The files, by device and inode, with the path each was read by.
  private(set) var files: [FileIdentity: String] = [:]

  /// Adds the file at `path` (when there is one).
  mutating func add(path: String) {
    if let identity = FileIdentity(path: path) { files[identity] = files[identity] ?? path }
  }

  /// Adds every file attsim read for `app`.
  mutating func add(_ app: AppResources) {
    files.merge(app.inputs) { first, _ in first }
  }

  /// Adds files the command will read later.
  mutating func add(willRead paths: [FilePath]) {
    for path in paths { add(path: path.string) }
  }

  /// Adds every file of the apps in `bundles`.
  mutating func add(_ bundles: [AppBundleReference: AppResources]) {
    for app in bundles.values { add(app) }
  }
}
