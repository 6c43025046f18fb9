import Glibc
import Synchronization
import TextSupport

/// The files one command reads from a project it was given, and the rules it reads them by.
///
/// A project is untrusted: every file and folder is reached inside its root (the folder given) or not at
/// all. The real path of what was opened is checked, not the path as written, so a symbolic link, a `..` or
/// an `<absolute>` reference out of the project is refused, and `/proc`, `/sys` and `/dev` always are: no file
/// of a project can make attsim read the process environment or another file on the disk. Every byte read
/// counts against one total budget, as well as the per-file limit, so links to one large file cost as much
/// as the file each time. Each file read is remembered by identity, so no output of the command replaces it.
public final class InputFiles: Sendable {
  /// The real path of the folder everything must lie in; nil reads anything (a file the user named).
  public let root: FilePath?
  /// The root's real path with a trailing slash: what every path inside it starts with.
  private let rootPrefix: String
  /// The most one file may hold.
  public let fileLimit: Int
  private let state: Mutex<State>

  private struct State {
    var budgetLeft: Int
    var read: [FileIdentity: String] = [:]
  }

  /// How much a command reads in all, by default: 64 MB.
  public static let defaultBudget = 64 << 20

  /// Files confined to `root` (its real path is taken now), at most `fileLimit` bytes each and `budget` in all;
  /// nil when `root` cannot be resolved.
  public init?(confinedTo root: FilePath, fileLimit: Int = FileReader.defaultLimit, budget: Int = defaultBudget) {
    guard let real = RealPath.of(root.string) else { return nil }
    self.root = FilePath(real)
    rootPrefix = real.hasSuffix("/") ? real : real + "/"
    self.fileLimit = fileLimit
    state = Mutex(State(budgetLeft: budget))
  }

  /// Files read from anywhere (what the user named on the command line), within the same limits.
  public init(unconfined: Void = (), fileLimit: Int = FileReader.defaultLimit, budget: Int = defaultBudget) {
    root = nil
    rootPrefix = "/"
    self.fileLimit = fileLimit
    state = Mutex(State(budgetLeft: budget))
  }

  /// Every file read so far, by identity, with the path it was read by.
  public var identities: [FileIdentity: String] { state.withLock { $0.read } }

  /// How many bytes may still be read.
  public var budgetLeft: Int { state.withLock { $0.budgetLeft } }

  /// Why `path` (a file or folder) may not be opened, or nil when it lies inside the root. What it names is
  /// resolved through every link; a path to nothing is judged by its nearest existing folder.
  public func refusal(of path: String) -> FileReader.Failure? {
    guard let real = RealPath.of(path) ?? RealPath.ofParent(path) else { return nil }
    return refusal(real: real, as: path)
  }

  /// The bytes of the regular file at `path`, if it lies inside the root, is no larger than `limit` (and
  /// the file limit) and fits what is left of the budget.
  public func read(_ path: String, limit: Int? = nil) -> Result<[UInt8], FileReader.Failure> {
    let limit = min(limit ?? fileLimit, fileLimit)
    // Judged before it is opened when opening it could have effects (a device, a FIFO, a link to one), and
    // always once it is open, by the file the kernel opened. Opening a plain regular file has no effect, so
    // one is judged only when open: its bytes are read only if it lies inside.
    var status = stat()
    let isPlainFile = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    if !isPlainFile, let problem = refusal(of: path) { return .failure(problem) }
    return FileReader.read(path, limit: limit) { descriptor, status in
      if let real = RealPath.of(descriptor: descriptor) ?? RealPath.of(path),
        let problem = refusal(real: real, as: path)
      {
        return problem
      }
      let size = Int(status.st_size)
      let identity = FileIdentity(status)
      // Every read counts, the same file's too: forty links to one large file cost forty times its size.
      return state.withLock { state -> FileReader.Failure? in
        guard size <= state.budgetLeft else {
          return FileReader.Failure(
            kind: .overBudget,
            reason: "attsim has read as much as it reads for one command (\(ByteCount(Self.defaultBudget)))")
        }
        state.budgetLeft -= size
        state.read[identity] = path
        return nil
      }
    }
  }

  /// Whether the file at `path` was read by this command (by device and inode, wherever it was reached from).
  public func wasRead(_ identity: FileIdentity) -> Bool { state.withLock { $0.read[identity] != nil } }

  /// The entries of the folder at `path` when it lies inside the root (else none), by name.
  public func children(of folder: FilePath) -> [FilePath] {
    guard refusal(of: folder.string) == nil else { return [] }
    return FolderListing.names(in: folder.string).map(folder.appending)
  }

  /// A bounded walk of `folder` (see `DirectoryWalk`), or the reason it may not be walked: a folder outside
  /// the root, or one reached through a link out of it.
  public func walk(
    _ folder: FilePath, maxDepth: Int = 8, limit: Int = 100_000,
    skip: (String) -> Bool = { $0.hasPrefix(".") }, descend: (DirectoryWalk.Entry) -> Bool = { _ in true }
  ) -> Result<DirectoryWalk, FileReader.Failure> {
    if let problem = refusal(of: folder.string) { return .failure(problem) }
    return .success(DirectoryWalk(folder, maxDepth: maxDepth, limit: limit, skip: skip, descend: descend))
  }

  /// Why the file whose real path is `real`, reached as `path`, may not be read: a sentence about "it", since
  /// whoever reports it names the file.
  private func refusal(real: String, as path: String) -> FileReader.Failure? {
    // What the user named on the command line is read as named; only a project is confined.
    guard let root else { return nil }
    for system in ["/proc", "/sys", "/dev"] where real == system || real.hasPrefix(system + "/") {
      return FileReader.Failure(
        kind: .outsideProject, reason: "it is in \(system): attsim never reads system files through a project")
    }
    // A real path is absolute and normalized already: inside the root is a prefix.
    if real == root.string || real.hasPrefix(rootPrefix) { return nil }
    let written = FilePath(path).normalized
    let absolute = written.isAbsolute ? written : FilePath(FileURI.absolutePath(written)).normalized
    if absolute.isInside(root) {
      return FileReader.Failure(
        kind: .linkOutside,
        reason:
          "it is reached through a symbolic link that leaves the project (to '\(real.forMessage(limit: 200))'); attsim does not follow it"
      )
    }
    return FileReader.Failure(
      kind: .outsideProject,
      reason:
        "it is outside the project ('\(root.string.forMessage(limit: 200))'), at '\(real.forMessage(limit: 200))'; attsim reads nothing outside it"
    )
  }
}

/// Real paths: every link, `.` and `..` resolved by the kernel.
public enum RealPath {
  /// Linux's `O_PATH` (Glibc's module leaves it out: it is a GNU extension).
  private static let openForNameOnly: Int32 = 0o10_000_000

  /// The real path of what `path` names, or nil when nothing is there. The kernel resolves the whole path
  /// when it is opened for its name alone (`O_PATH`: nothing is read, a FIFO or device is not opened), in
  /// three calls however deep it is, where realpath(3) reads every folder on the way as a possible link;
  /// realpath is the fallback where `/proc` is not mounted.
  public static func of(_ path: String) -> String? {
    let descriptor = open(path, openForNameOnly | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    if let real = of(descriptor: descriptor) { return real }
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The real path of the folder holding `path`, with `path`'s last name added: where a file that does not
  /// exist yet would be.
  static func ofParent(_ path: String) -> String? {
    let file = FilePath(path)
    guard let folder = of(file.parent.string) else { return nil }
    return FilePath(folder).appending(file.lastComponent).string
  }

  /// The real path of the file open on `descriptor`, as the kernel knows it (`/proc/self/fd`), or nil where
  /// `/proc` is not mounted.
  static func of(descriptor: Int32) -> String? {
    // The buffer is not cleared first: readlink(2) says how many bytes it wrote, and only those are read.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(PATH_MAX) + 1) { buffer in
      let count = readlink("/proc/self/fd/\(descriptor)", buffer.baseAddress!, buffer.count - 1)
      guard count > 0, buffer[0] == 0x2F else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
    }
  }
}
