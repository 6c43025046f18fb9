import Glibc
import TextSupport

/// Reads input files whole, safely: only regular files (a FIFO or device is refused without blocking),
/// and never more than a limit, so a hostile input cannot hang attsim or fill its memory.
public enum FileReader {
  /// The most a file may hold: 64 MB. Larger inputs are refused, not read.
  public static let defaultLimit = 64 << 20

  /// Why a file was not read.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
      /// Nothing is at the path.
      case missing
      /// Something other than a regular file is there (a folder, a FIFO, a device).
      case notRegularFile
      /// The file is larger than the limit.
      case tooLarge
      /// Any other error (permissions, I/O).
      case unreadable
      /// The file lies outside the project being read, or is a system file (`/proc`, `/sys`, `/dev`).
      case outsideProject
      /// The path lies in the project, but a symbolic link on it leads out.
      case linkOutside
      /// The command has read as much as it may in all.
      case overBudget
    }

    /// What went wrong.
    public var kind: Kind
    /// A few words a person understands: `no such file`, `it is a FIFO (named pipe), not a regular file`.
    public var reason: String

    /// A failure of `kind`, saying `reason`.
    public init(kind: Kind, reason: String) {
      self.kind = kind
      self.reason = reason
    }

    public var description: String { reason }
  }

  /// The bytes of the regular file at `path`, at most `limit` of them; `admit` may refuse the file once it is
  /// open (from its descriptor and status), before anything is read.
  public static func read(
    _ path: String, limit: Int = defaultLimit, admit: (Int32, stat) -> Failure? = { _, _ in nil }
  ) -> Result<[UInt8], Failure> {
    // O_NONBLOCK: opening a FIFO must not wait for a writer. It changes nothing for regular files.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENXIO { return .failure(Failure(kind: .notRegularFile, reason: "it is a socket, not a regular file")) }
      return .failure(Failure(kind: code == ENOENT ? .missing : .unreadable, reason: FileKind.reason(code)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(Failure(kind: .unreadable, reason: FileKind.reason(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      let kind = FileKind.name(of: status.st_mode)
      let reason = status.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is \(kind), not a regular file"
      return .failure(Failure(kind: .notRegularFile, reason: reason))
    }
    let size = Int(status.st_size)
    guard size <= limit else { return .failure(tooLarge(size: size, limit: limit)) }
    if let refused = admit(descriptor, status) { return .failure(refused) }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        // The file grew while being read: take more, up to the limit.
        guard count <= limit else { return .failure(tooLarge(size: count, limit: limit)) }
        bytes.append(contentsOf: repeatElement(0, count: Swift.min(Swift.max(count, 4096), limit + 1 - count)))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return .failure(Failure(kind: .unreadable, reason: FileKind.reason(errno)))
      }
      if got == 0 { break }
      count += got
    }
    guard count <= limit else { return .failure(tooLarge(size: count, limit: limit)) }
    bytes.removeSubrange(count...)
    return .success(bytes)
  }

  private static func tooLarge(size: Int, limit: Int) -> Failure {
    let (shownSize, shownLimit) = ByteCount.pair(size, limit)
    return Failure(kind: .tooLarge, reason: "it is \(shownSize), more than the \(shownLimit) attsim reads")
  }
}

/// A number of bytes in words: `812 bytes`, `3.4 KB`, `120 MB`.
public struct ByteCount: CustomStringConvertible, Sendable {
  let bytes: Int

  /// The count `bytes`.
  public init(_ bytes: Int) { self.bytes = bytes }

  /// `size` and `limit` in the same words, told apart: when rounding would make them read the same
  /// (64 MiB + 1 against 64 MiB), both in bytes, the limit with its short form (`67,108,864 bytes (64 MB)`).
  public static func pair(_ size: Int, _ limit: Int) -> (size: String, limit: String) {
    let (shownSize, shownLimit) = (ByteCount(size).description, ByteCount(limit).description)
    guard shownSize == shownLimit, size != limit else { return (shownSize, shownLimit) }
    return ("\(MessageList.grouped(size)) bytes", "\(MessageList.grouped(limit)) bytes (\(shownLimit))")
  }

  public var description: String {
    if bytes < 1024 { return "\(bytes) bytes" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
    let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    return "\(text) \(units[unit])"
  }
}
