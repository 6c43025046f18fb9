import Platform

/// Writing to standard output and standard error with every error seen: a full disk, a closed stream, a
/// reader that went away.
public enum StandardStream {
  /// Why a write to a standard stream failed.
  public enum Failure: Error, Hashable, Sendable {
    /// The reader went away (a pipe to `head`): nothing more can be said to it.
    case brokenPipe
    /// Anything else, in a few words.
    case failed(String)
  }

  /// Writes all of `text` to `descriptor` (1 or 2), retrying short and interrupted writes.
  public static func write(_ text: String, to descriptor: Int32) -> Failure? {
    var text = text
    return text.withUTF8 { buffer -> Failure? in
      switch Platform.writeAll(UnsafeRawBufferPointer(buffer), to: descriptor) {
      case nil: nil
      case .error(EPIPE): .brokenPipe
      case .error(EBADF): .failed("it is closed")
      case .error(let code): .failed(FileKind.reason(code))
      case .nothingWritten: .failed("it takes no more bytes")
      }
    }
  }
}
