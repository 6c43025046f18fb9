import Platform

/// What a path names on disk: its device and inode, so two paths can be seen to be one file.
public struct FileIdentity: Hashable, Sendable {
  /// The file system's device number.
  public let device: UInt64
  /// The file's inode number.
  public let inode: UInt64

  /// The identity of what `path` names (following symbolic links), or nil when nothing is there.
  public init?(path: FilePath) {
    var status = stat()
    guard path.withCString({ stat($0, &status) }) == 0 else { return nil }
    self.init(status)
  }

  init(_ status: stat) {
    // Bit for bit: macOS's device numbers are signed.
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
  }
}

/// What kind of thing a path or a `stat` names.
public enum FileKind {
  /// Whether `path` names a folder (following links), as stat(2) says; nil when nothing is there. For commands
  /// choosing what to do with a path the user gave: reading goes through `InputFiles`.
  public static func isFolder(_ path: FilePath) -> Bool? {
    var status = stat()
    guard !path.bytes.isEmpty, path.withCString({ stat($0, &status) }) == 0 else { return nil }
    return status.st_mode & S_IFMT == S_IFDIR
  }

  /// `a FIFO`, `a folder`, … for a mode that is not a regular file.
  static func name(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// The reason an errno gives, as a short phrase.
  static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES, EPERM: "permission denied"
    case ENOSPC: "no space left on the device"
    case EDQUOT: "the disk quota is used up"
    case EFBIG: "the file is larger than this process may write"
    case EROFS: "the file system is read-only"
    case ENOTDIR: "a part of the path is not a folder"
    case ELOOP: "too many symbolic links"
    case ENAMETOOLONG: "the name is too long"
    case EISDIR: "it is a folder"
    default: String(cString: strerror(code))
    }
  }
}
