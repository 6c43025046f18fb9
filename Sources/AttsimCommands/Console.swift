import FileAccess
import Platform
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

  /// The process's standard output and error, unbuffered. A failed write ends the process: 141 when the
  /// reader went away (as SIGPIPE would), else 2 after one line on standard error.
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

/// Reading the scripts a user names.
enum TextFile {
  /// The script at `path`, named `name` in its messages, or one line per problem; read through `InputFiles`
  /// a chunk at a time into a `ScriptReader`, so memory never holds the file.
  static func script(_ path: FilePath, named name: String) -> Result<Script, ScriptProblems> {
    func cannotRead(_ failure: FileReader.Failure) -> ScriptProblems {
      .unusable("attsim: cannot read '\(path.shown())': \(failure.reason)")
    }
    let file: InputFile
    switch InputFiles().open(path) {
    case .failure(let failure): return .failure(cannotRead(failure))
    case .success(let opened): file = opened
    }
    var reader = ScriptReader(file: name)
    reading: while reader.wantsMore {
      switch file.readChunk() {
      case .failure(let failure): return .failure(cannotRead(failure))
      case .success(let chunk) where chunk.isEmpty: break reading
      case .success(let chunk): reader.read(chunk)
      }
    }
    return reader.finish().mapError { .invalid($0) }
  }
}

/// Writes command output to a file (`-`: standard output), through the one safe writer.
enum CommandOutput {
  /// Writes `text` to `path` (`-` or nil: `console`), refusing to replace any of `inputs`; a one-line problem
  /// or nil.
  static func write(_ text: String, to path: FilePath?, inputs: CommandInputs, console: Console) -> String? {
    guard let path, path != "-" else {
      console.out(text)
      return nil
    }
    return OutputFile.write(text, to: path, inputs: inputs.files)?.message
  }
}

/// Every file a command read or will read (scripts, every file of every app it opened), by identity, so no
/// output of the command replaces one of them.
struct CommandInputs {
  /// The files, by device and inode, with the path each was read by.
  private(set) var files: [FileIdentity: String] = [:]

  /// Adds the file at `path` (when there is one).
  mutating func add(path: FilePath) {
    if let identity = FileIdentity(path: path) { files[identity] = files[identity] ?? path.string }
  }

  /// Adds every file attsim read for `app`.
  mutating func add(_ app: AppResources) { add(read: app.inputs) }

  /// Adds files read, by identity, with the path each was read by.
  mutating func add(read inputs: [FileIdentity: String]) {
    files.merge(inputs) { first, _ in first }
  }

  /// Adds files the command will read later.
  mutating func add(willRead paths: [FilePath]) {
    for path in paths { add(path: path) }
  }

  /// Adds every file of the apps in `bundles`.
  mutating func add(_ bundles: [AppBundleReference: AppResources]) {
    for app in bundles.values { add(app) }
  }
}
