extension Platform {
  /// What a path names (following links), unread: its status and a descriptor holding it for `realPath(of:)` and
  /// `openForReading(_:)`, -1 where macOS cannot hold it unopened. Nil with `errno` set on failure.
  public static func openForIdentity(_ path: UnsafePointer<CChar>) -> (descriptor: Int32, status: stat)? {
    var status = stat()
    #if canImport(Glibc)
      // O_PATH (Glibc's module leaves it out, a GNU extension): nothing is read, a FIFO or device is not opened.
      let descriptor = open(path, 0o10_000_000 | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
    #elseif canImport(Darwin)
      // No O_PATH: only a regular file or folder is opened, and it must be the one stat(2) saw; a FIFO (whose
      // opening would wake a writer) or a device is described by its status alone.
      guard stat(path, &status) == 0 else { return nil }
      guard [S_IFREG, S_IFDIR].contains(status.st_mode & S_IFMT) else { return (-1, status) }
      let seen = status
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
    #endif
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)  // which leaves errno as fstat set it
      return nil
    }
    #if canImport(Darwin)
      guard status.st_dev == seen.st_dev, status.st_ino == seen.st_ino else {
        close(descriptor)
        errno = EAGAIN
        return nil
      }
    #endif
    return (descriptor, status)
  }

  /// The file `descriptor` (from `openForIdentity`) holds, opened afresh for reading: the one looked up, whatever
  /// has been renamed since. -1 with `errno` set on failure.
  public static func openForReading(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      open("/proc/self/fd/\(descriptor)", O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    #elseif canImport(Darwin)
      fcntl(descriptor, F_DUPFD_CLOEXEC, 0)  // opened for reading already
    #endif
  }

  /// The real path of what is open on `descriptor` (every link, `.` and `..` resolved by the kernel), or nil
  /// where it cannot be known whole: a cut path is never taken.
  public static func realPath(of descriptor: Int32) -> [UInt8]? {
    guard descriptor >= 0 else { return nil }
    #if canImport(Glibc)
      // The descriptor's link in /proc; a count that fills the buffer may be a cut path.
      let capacity = Int(PATH_MAX) * 2
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
        let count = readlink("/proc/self/fd/\(descriptor)", buffer.baseAddress!, capacity)
        guard count > 0, count < capacity, buffer[0] == 0x2F else { return nil }
        return Array(buffer[0..<count])
      }
    #elseif canImport(Darwin)
      // F_GETPATH writes the path and a NUL into MAXPATHLEN bytes, or fails.
      return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(MAXPATHLEN)) { buffer in
        guard fcntl(descriptor, F_GETPATH, buffer.baseAddress!) == 0, buffer[0] == 0x2F else { return nil }
        return Array(UnsafeRawBufferPointer(start: buffer.baseAddress!, count: strlen(buffer.baseAddress!)))
      }
    #endif
  }

  /// The real path of the running program, or nil when it cannot be known.
  public static func executablePath() -> [UInt8]? {
    #if canImport(Glibc)
      let path = Array("/proc/self/exe".utf8CString)
    #elseif canImport(Darwin)
      // The path it was started by, which may go through links or `..` (fails if longer than the buffer).
      var (path, size) = ([CChar](repeating: 0, count: Int(MAXPATHLEN) * 2), UInt32(MAXPATHLEN) * 2)
      guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
    #endif
    guard let (descriptor, _) = openForIdentity(path) else { return nil }
    defer { if descriptor >= 0 { close(descriptor) } }
    return realPath(of: descriptor)
  }

  /// Takes the exclusive flock(2) on `descriptor` without waiting; false when another open file holds it.
  @discardableResult public static func lock(_ descriptor: Int32) -> Bool {
    flock(descriptor, LOCK_EX | LOCK_NB) == 0
  }

  /// Whether another open file holds the lock on the file at `path` (a live recording's; a final link is not
  /// followed): the lock is taken and let go at once when it is free.
  public static func isLocked(_ path: UnsafePointer<CChar>) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard lock(descriptor) else { return errno == EWOULDBLOCK }
    flock(descriptor, LOCK_UN)
    return false
  }

  /// What a folder's listing says an entry is (`unknown` on file systems that do not say).
  public enum EntryKind: Sendable { case folder, link, unknown, other }

  /// The names in the folder at `path` (without `.` and `..`) with their kinds, unsorted; empty if unreadable.
  public static func entries(of path: UnsafePointer<CChar>) -> [(name: [UInt8], kind: EntryKind)] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    var result: [(name: [UInt8], kind: EntryKind)] = []
    while let entry = readdir(folder) {
      // The kernel sizes each entry to its name: read up to the NUL, never the whole d_name array.
      let pointer = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
      let name = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
      guard !name.elementsEqual([0x2E]), !name.elementsEqual([0x2E, 0x2E]) else { continue }
      let type = Int(entry.pointee.d_type)
      let kind: EntryKind =
        type == Int(DT_DIR) ? .folder : type == Int(DT_LNK) ? .link : type == Int(DT_UNKNOWN) ? .unknown : .other
      result.append((name: Array(name), kind: kind))
    }
    return result
  }
}
