import Platform

/// A regular file opened for reading by `InputFiles`' rule, read whole or in chunks (a script line by line),
/// never past its limit. Closed when released.
public final class InputFile {
  private let descriptor: Int32
  private let limit: Int
  /// How many bytes have been read so far.
  private var bytesRead = 0

  fileprivate init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    self.limit = limit
  }

  deinit { close(descriptor) }

  /// The next bytes, at most `maximum` of them; empty at the end of the file. A file that grows past its
  /// limit while being read is refused.
  public func readChunk(maximum: Int = 64 << 10) -> Result<[UInt8], FileReader.Failure> {
    let capacity = max(1, min(maximum, limit + 1 - bytesRead))
    var failure: FileReader.Failure?
    // read(2) fills the buffer: nothing is zeroed first, and only the bytes it gives are kept.
    let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      while true {
        let got = read(descriptor, buffer.baseAddress!, capacity)
        if got < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          failure = FileReader.Failure(kind: .unreadable, reason: FileKind.reason(errno))
          return
        }
        count = got
        return
      }
    }
    if let failure { return .failure(failure) }
    bytesRead += chunk.count
    guard bytesRead <= limit else { return .failure(FileReader.tooLarge(size: bytesRead, limit: limit)) }
    return .success(chunk)
  }

  /// The rest of the file: in one read of its size (and a byte more, to meet its end), then in small chunks
  /// while it grows.
  public func readAll() -> Result<[UInt8], FileReader.Failure> {
    var status = stat()
    let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    var bytes: [UInt8] = []
    while true {
      let rest = size + 1 - bytesRead
      switch readChunk(maximum: rest > 1 ? rest : 64 << 10) {
      case .failure(let failure): return .failure(failure)
      case .success(let chunk):
        if chunk.isEmpty { return .success(bytes) }
        if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      }
    }
  }

  /// What a path names, resolved by the kernel without reading it (`Platform.openForIdentity`: a FIFO or a
  /// device is not opened), with its status and real path.
  final class Named {
    let status: stat
    /// Its real path, or nil when it cannot be known whole.
    let realPath: FilePath?
    private let descriptor: Int32

    fileprivate init(descriptor: Int32, status: stat) {
      self.descriptor = descriptor
      self.status = status
      realPath = Platform.realPath(of: descriptor).map { FilePath(bytes: $0) }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The file itself, opened for reading: the one that was resolved, reopened through its descriptor, so
    /// nothing renamed in between can take its place.
    func open(limit: Int) -> Result<InputFile, FileReader.Failure> {
      let reading = Platform.openForReading(descriptor)
      guard reading >= 0 else {
        return .failure(FileReader.Failure(kind: .unreadable, reason: FileKind.reason(errno)))
      }
      var opened = stat()
      guard fstat(reading, &opened) == 0, FileIdentity(opened) == FileIdentity(status) else {
        close(reading)
        return .failure(FileReader.Failure(kind: .unreadable, reason: "it changed while attsim opened it"))
      }
      return .success(InputFile(descriptor: reading, limit: limit))
    }
  }

  /// Resolves `path` (following links) without reading what it names.
  static func resolve(_ path: FilePath) -> Result<Named, FileReader.Failure> {
    guard !path.bytes.isEmpty, !path.bytes.contains(0) else {
      return .failure(FileReader.Failure(kind: .missing, reason: "no such file"))
    }
    guard let (descriptor, status) = path.withCString({ Platform.openForIdentity($0) }) else {
      let code = errno
      return .failure(FileReader.Failure(kind: code == ENOENT ? .missing : .unreadable, reason: FileKind.reason(code)))
    }
    return .success(Named(descriptor: descriptor, status: status))
  }
}
