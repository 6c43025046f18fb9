import TextSupport

/// The limits and failures of reading inputs (`InputFiles` opens and reads them): only regular files (a
/// FIFO or device is refused without being opened), and never more than a limit, so a hostile input cannot
/// hang attsim or fill its memory.
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

  /// Why a file of `size` bytes is refused with `limit`.
  static func tooLarge(size: Int, limit: Int) -> Failure {
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
