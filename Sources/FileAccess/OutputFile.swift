import Platform
import TextSupport

/// Why an output file could not be written; the message names the file.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line a person can act on.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

/// The one way attsim writes files: reports, pages, recordings and casts.
///
/// Bytes go to a new temporary file beside the destination, created with an unpredictable name and
/// `O_CREAT|O_EXCL|O_NOFOLLOW` (so a planted link or file can never be written through), then renamed into
/// place. A destination that is a link, a folder, a device or a FIFO is refused, as is one that is also an
/// input. On any failure, a full disk included, the temporary file is removed and the destination is as it was.
public final class OutputFile {
  /// When the destination appears.
  public enum Mode: Sendable {
    /// At `commit()`, all at once: readers see the old file or the whole new one.
    case atomic
    /// At once, then growing with every `write`: a recording that survives a killed process. An existing
    /// file is replaced only when `replacing` is set.
    case streaming(replacing: Bool)
  }

  /// The destination, as given.
  public let path: FilePath
  private var descriptor: Int32
  /// The temporary file, until it is renamed into place.
  private var temporary: FilePath?
  private let finalMode: mode_t
  /// Whether the file is in place and growing (a recording): every write then checks it still is.
  private var isStreaming = false
  /// The bytes of the writes that went through whole: where a failed write is cut back to.
  private var length: off_t = 0

  private init(path: FilePath, descriptor: Int32, temporary: FilePath?, finalMode: mode_t) {
    self.path = path
    self.descriptor = descriptor
    self.temporary = temporary
    self.finalMode = finalMode
  }

  deinit { discard() }

  /// Opens `path` for writing; `inputs` are every file the command read or will read (by identity, with the
  /// path it was read by), which it must not replace.
  public static func create(_ path: FilePath, mode: Mode = .atomic, inputs: [FileIdentity: String] = [:])
    -> Result<OutputFile, OutputError>
  {
    let shown = "'\(path.shown())'"
    guard !path.bytes.isEmpty else { return .failure(OutputError("the output file name is empty")) }
    guard path.bytes.last != UInt8(ascii: "/") else {
      return .failure(OutputError("cannot write \(shown): it names a folder, not a file"))
    }
    var status = stat()
    let exists = path.withCString({ lstat($0, &status) }) == 0
    if exists {
      let kind = status.st_mode & S_IFMT
      if kind == S_IFLNK {
        let target = linkTarget(path).map { " to '\($0)'" } ?? ""
        return .failure(
          OutputError(
            "cannot write \(shown): it is a symbolic link\(target); attsim does not write through links, name the file itself"
          ))
      }
      guard kind == S_IFREG else {
        return .failure(OutputError("cannot write \(shown): it is \(FileKind.name(of: status.st_mode)), not a file"))
      }
      if let input = inputs[FileIdentity(status)] {
        let which = input == path.string ? "" : " ('\(input.forMessage())')"
        return .failure(
          OutputError("cannot write \(shown): it is one of this command's inputs\(which), and writing would destroy it")
        )
      }
      if case .streaming(replacing: false) = mode {
        return .failure(
          OutputError("\(shown) already exists; attsim does not overwrite it (use --force to replace it)"))
      }
      if case .streaming = mode, path.withCString(Platform.isLocked) {
        return .failure(
          OutputError(
            "cannot write \(shown): another attsim session is recording into it; --force replaces a finished recording, not a live one"
          ))
      }
    }
    // The old file's read and write bits, never its setuid, setgid or sticky bits.
    let permissions = exists ? status.st_mode & 0o777 : defaultPermissions()
    switch createTemporary(beside: path) {
    case .failure(let error): return .failure(error)
    case .success(let (descriptor, temporary)):
      let file = OutputFile(path: path, descriptor: descriptor, temporary: temporary, finalMode: permissions)
      if case .streaming = mode {
        // Held for as long as the session records: a second session cannot replace a live recording.
        Platform.lock(descriptor)
        file.isStreaming = true
        // The recording exists under its name from the start; later writes land in it at once.
        if case .streaming(replacing: false) = mode, let problem = file.linkIntoPlace() { return .failure(problem) }
        if let problem = file.moveIntoPlace() { return .failure(problem) }
      }
      return .success(file)
    }
  }

  /// Writes `text` to `path` atomically.
  public static func write(_ text: String, to path: FilePath, inputs: [FileIdentity: String] = [:]) -> OutputError? {
    switch create(path, inputs: inputs) {
    case .failure(let error): return error
    case .success(let file):
      do {
        try file.write(text)
        try file.commit()
        return nil
      } catch {
        return error
      }
    }
  }

  /// Appends `text`, with as many write(2) calls as it takes (one, nearly always).
  public func write(_ text: String) throws(OutputError) {
    var text = text
    var problem: OutputError?
    text.withUTF8 { buffer in
      do throws(OutputError) { try write(buffer) } catch { problem = error }
    }
    if let problem { throw problem }
  }

  /// Appends bytes, whole or not at all: a write that fails part way (a full disk, the file size limit) is cut
  /// back to where it started, so a recording never ends in half a line, and the file is closed.
  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(OutputError) {
    guard descriptor >= 0 else { throw OutputError("cannot write '\(path.shown())': it is closed") }
    switch Platform.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) {
    case nil: length += off_t(bytes.count)
    case .error(let code): throw abandon(failure(code))
    case .nothingWritten: throw abandon(OutputError("cannot write '\(path.shown())': no byte was written"))
    }
    if isStreaming, let problem = notInPlace() { throw discarding(problem) }
  }

  /// Why a streaming file is no longer the file at its path (deleted, or replaced by another), or nil.
  private func notInPlace() -> OutputError? {
    var open = stat()
    guard fstat(descriptor, &open) == 0 else { return failure(errno) }
    let shown = "'\(path.shown())'"
    if open.st_nlink == 0 { return OutputError("\(shown) was deleted while attsim was writing it") }
    var named = stat()
    guard path.withCString({ stat($0, &named) }) == 0, FileIdentity(named) == FileIdentity(open) else {
      return OutputError("\(shown) was replaced by another file while attsim was writing it")
    }
    return nil
  }

  /// Finishes the file: its data reaches the disk, it gets its permissions, and (atomic mode) it is renamed
  /// into place.
  public func commit() throws(OutputError) {
    guard descriptor >= 0 else { throw OutputError("cannot write '\(path.shown())': it is closed") }
    if isStreaming, let problem = notInPlace() { throw discarding(problem) }
    if fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS { throw discarding(failure(errno)) }
    fchmod(descriptor, finalMode)
    if temporary != nil, let problem = moveIntoPlace() { throw discarding(problem) }
    close(descriptor)
    descriptor = -1
  }

  /// Gives up after a failed write: cuts the file back to its last whole write, closes it, and returns
  /// `problem` (saying so when the cut failed too).
  private func abandon(_ problem: OutputError) -> OutputError {
    var problem = problem
    if ftruncate(descriptor, length) != 0 {
      problem.message += "; the part written could not be taken back (\(FileKind.reason(errno)))"
    }
    return discarding(problem)
  }

  /// `problem`, once the file is discarded (see `discard`).
  private func discarding(_ problem: OutputError) -> OutputError {
    discard()
    return problem
  }

  /// Gives up: closes the file and removes the temporary one, leaving the destination as it was.
  public func discard() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    if let temporary {
      _ = temporary.withCString { unlink($0) }
      self.temporary = nil
    }
  }

  /// Renames the temporary file over the destination, unless the destination has become something that
  /// must not be replaced in the meantime.
  private func moveIntoPlace() -> OutputError? {
    guard let temporary else { return nil }
    var status = stat()
    if path.withCString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT != S_IFREG {
      return OutputError(
        "cannot write '\(path.shown())': it is \(FileKind.name(of: status.st_mode)), not a file")
    }
    fchmod(descriptor, finalMode)
    guard temporary.withCString({ from in path.withCString { rename(from, $0) } }) == 0 else { return failure(errno) }
    self.temporary = nil
    return nil
  }

  /// Gives the temporary file the destination's name only if nothing has that name yet (a hard link cannot
  /// replace a file, unlike rename), then drops the temporary name.
  private func linkIntoPlace() -> OutputError? {
    guard let temporary else { return nil }
    if temporary.withCString({ from in path.withCString { link(from, $0) } }) != 0 {
      let code = errno
      // A file system without hard links: the check in `create` is all there is.
      if code == EPERM || code == EOPNOTSUPP || code == EXDEV { return nil }
      if code == EEXIST {
        return OutputError(
          "'\(path.shown())' already exists; attsim does not overwrite it (use --force to replace it)")
      }
      return failure(code)
    }
    fchmod(descriptor, finalMode)
    _ = temporary.withCString { unlink($0) }
    self.temporary = nil
    return nil
  }

  private func failure(_ code: Int32) -> OutputError {
    OutputError("cannot write '\(path.shown())': \(FileKind.reason(code))")
  }

  /// A new file beside `path`, named `.NAME.XXXXXXXXXX.tmp` with ten random letters, mode 0600.
  private static func createTemporary(beside path: FilePath) -> Result<(Int32, FilePath), OutputError> {
    let folder = path.parent
    var generator = SystemRandomNumberGenerator()
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var lastError: Int32 = 0
    for _ in 0..<16 {
      let random = String((0..<10).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
      let name = [UInt8(ascii: ".")] + path.lastComponentBytes.prefix(100) + Array(".\(random).tmp".utf8)
      let temporary = folder.appending(FilePath(bytes: name))
      let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
      if descriptor >= 0 { return .success((descriptor, temporary)) }
      lastError = errno
      guard lastError == EEXIST else { break }
    }
    let place = folder == "." ? "the current folder" : "'\(folder.shown())'"
    let reason = lastError == ENOENT ? "no such folder" : FileKind.reason(lastError)
    return .failure(
      OutputError("cannot write '\(path.shown())': cannot create a file in \(place): \(reason)"))
  }

  /// 0666 less the process's umask: what a newly created file gets.
  private static func defaultPermissions() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return 0o666 & ~mask
  }

  private static func linkTarget(_ path: FilePath) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = path.withCString { readlink($0, &buffer, buffer.count - 1) }
    guard count > 0 else { return nil }
    return FilePath(bytes: buffer[0..<count].map { UInt8(bitPattern: $0) }).shown()
  }
}
