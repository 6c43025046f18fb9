import Foundation

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

  /// The process's standard output and error, unbuffered so every line reaches a pipe at once.
  public static var standard: Console {
    Console(
      out: { FileHandle.standardOutput.write(Data($0.utf8)) },
      err: { FileHandle.standardError.write(Data($0.utf8)) })
  }
}

/// Reading the text files a user names.
enum TextFile {
  /// The UTF-8 text of `path` (a leading BOM dropped), or a one-line reason it cannot be read.
  static func read(_ path: String) -> Result<String, UsageError> {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(UsageError("cannot read '\(path)': no such file"))
    }
    if isDirectory.boolValue { return .failure(UsageError("cannot read '\(path)': it is a folder")) }
    guard let data = try? Data(contentsOf: url) else {
      return .failure(UsageError("cannot read '\(path)': permission denied or unreadable"))
    }
    guard var text = String(data: data, encoding: .utf8) else {
      return .failure(UsageError("cannot read '\(path)': not UTF-8 text"))
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    return .success(text)
  }
}
