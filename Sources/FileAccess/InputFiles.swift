import Platform
import Synchronization
import TextSupport

/// The files one command reads, and the one rule every input is opened by: scripts, apps, projects,
/// catalogs, manifests, recordings, whatever is named on the command line or found inside a project.
///
/// Every path is resolved once by the kernel, without opening what it names, and refused unless it resolves
/// to a regular file, outside `/proc`, `/sys` and `/dev`; the file then opened is the one that was judged.
/// A project is untrusted: with a root (the folder given), every file and folder is reached inside it or not
/// at all, judged by its real path compared as bytes, so a symbolic link, a `..` or an `<absolute>` reference
/// out of the project is refused, and a path that cannot be resolved whole (one longer than the system's
/// limit) is refused too. Every byte read counts against one total budget, as well as the per-file limit, so
/// links to one large file cost as much as the file each time. Each file read is remembered by identity, so
/// no output of the command replaces it.
public final class InputFiles: Sendable {
  /// The real path of the folder everything must lie in; nil for what the user named (only the system rules).
  public let root: FilePath?
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
    guard let real = RealPath.of(root) else { return nil }
    self.root = real
    self.fileLimit = fileLimit
    state = Mutex(State(budgetLeft: budget))
  }

  /// Files the user named on the command line: no root, the system rules only, within the same limits.
  public init(unconfined: Void = (), fileLimit: Int = FileReader.defaultLimit, budget: Int = defaultBudget) {
    root = nil
    self.fileLimit = fileLimit
    state = Mutex(State(budgetLeft: budget))
  }

  /// Every file read so far, by identity, with the path it was read by.
  public var identities: [FileIdentity: String] { state.withLock { $0.read } }

  /// How many bytes may still be read.
  public var budgetLeft: Int { state.withLock { $0.budgetLeft } }

  /// Why `path` (a file or folder) may not be opened, or nil when it may. What it names is resolved through
  /// every link; a path to nothing is judged by its nearest existing folder.
  public func refusal(of path: FilePath) -> FileReader.Failure? {
    guard case .success(let named) = InputFile.resolve(path) else {
      // Nothing there: whoever opens it is told so; judged here by the folder it would be in.
      return RealPath.ofParent(path).flatMap { refusal(real: $0, as: path) }
    }
    guard let real = named.realPath else { return Self.unknowable }
    return refusal(real: real, as: path)
  }

  /// Why a path whose real path cannot be known whole is refused.
  private static let unknowable = FileReader.Failure(
    kind: .unreadable, reason: "its real path cannot be known (it may be too long), so attsim does not read it")

  /// The open regular file at `path`, judged by the one rule (see the type), no larger than `limit` (and the
  /// file limit), and counted against the budget.
  public func open(_ path: FilePath, limit: Int? = nil) -> Result<InputFile, FileReader.Failure> {
    let limit = min(limit ?? fileLimit, fileLimit)
    return judge(path, limit: limit).flatMap { named in
      let size = Int(named.status.st_size)
      // Every read counts, the same file's too: forty links to one large file cost forty times its size.
      let overBudget = state.withLock { state -> FileReader.Failure? in
        guard size <= state.budgetLeft else {
          return FileReader.Failure(
            kind: .overBudget,
            reason: "attsim has read as much as it reads for one command (\(ByteCount(Self.defaultBudget)))")
        }
        state.budgetLeft -= size
        state.read[FileIdentity(named.status)] = path.string
        return nil
      }
      if let overBudget { return .failure(overBudget) }
      return named.open(limit: limit)
    }
  }

  /// Why the regular file at `path` could not be opened by the one rule (see `open`), or nil when it could.
  /// It is opened and closed at once: nothing of it is read, it costs none of the budget, and it is not
  /// remembered as read.
  public func problemOpening(_ path: FilePath) -> FileReader.Failure? {
    switch judge(path, limit: fileLimit).flatMap({ $0.open(limit: fileLimit) }) {
    case .success: nil
    case .failure(let failure): failure
    }
  }

  /// The first of `needles` found in the regular file at `path` (judged by the one rule), within its first
  /// `limit` bytes, or nil. Read in chunks, so it costs no memory and none of the budget.
  public func firstMatch(in path: FilePath, of needles: [String], limit: Int = 512 << 20) -> String? {
    let patterns = needles.map { Array($0.utf8) }
    guard let longest = patterns.map(\.count).max(), longest > 0,
      case .success(let named) = judge(path, limit: .max), case .success(let file) = named.open(limit: limit)
    else { return nil }
    var window: [UInt8] = []
    while case .success(let chunk) = file.readChunk(maximum: 1 << 20), !chunk.isEmpty {
      // Keep the tail of the last chunk, so a needle across the boundary is still found.
      window = Array(window.suffix(longest - 1)) + chunk
      if let index = patterns.firstIndex(where: { ByteSearch.offset(of: $0, in: window) != nil }) {
        return needles[index]
      }
    }
    return nil
  }

  /// What `path` names, if the one rule lets it be opened: a regular file no larger than `limit`, whose real
  /// path is known, outside the system's folders and (with a root) inside the root.
  private func judge(_ path: FilePath, limit: Int) -> Result<InputFile.Named, FileReader.Failure> {
    InputFile.resolve(path).flatMap { named in
      let mode = named.status.st_mode & S_IFMT
      let notRegular = FileReader.Failure(
        kind: .notRegularFile,
        reason: mode == S_IFDIR
          ? "it is a folder" : "it is \(FileKind.name(of: named.status.st_mode)), not a regular file")
      // A pipe or a socket has no path (`pipe:[…]`): it is refused for what it is.
      guard let real = named.realPath else { return .failure(mode == S_IFREG ? Self.unknowable : notRegular) }
      if let problem = refusal(real: real, as: path) { return .failure(problem) }
      guard mode == S_IFREG else { return .failure(notRegular) }
      let size = Int(named.status.st_size)
      guard size <= limit else { return .failure(FileReader.tooLarge(size: size, limit: limit)) }
      return .success(named)
    }
  }

  /// The bytes of the regular file at `path`, opened by the one rule (see `open`), read whole.
  public func read(_ path: FilePath, limit: Int? = nil) -> Result<[UInt8], FileReader.Failure> {
    open(path, limit: limit).flatMap { $0.readAll() }
  }

  /// The entries of the folder at `path` when it may be read (else none), by name.
  public func children(of folder: FilePath) -> [FilePath] {
    guard refusal(of: folder) == nil else { return [] }
    return FolderListing.names(in: folder).map(folder.appending)
  }

  /// A bounded walk of `folder` (see `DirectoryWalk`), or the reason it may not be walked: a folder outside
  /// the root, or one reached through a link out of it.
  public func walk(
    _ folder: FilePath, maxDepth: Int = 8, limit: Int = 100_000,
    skip: (String) -> Bool = { $0.hasPrefix(".") }, descend: (DirectoryWalk.Entry) -> Bool = { _ in true }
  ) -> Result<DirectoryWalk, FileReader.Failure> {
    if let problem = refusal(of: folder) { return .failure(problem) }
    return .success(DirectoryWalk(folder, maxDepth: maxDepth, limit: limit, skip: skip, descend: descend))
  }

  /// Why the file whose real path is `real`, reached as `path`, may not be read: a sentence about "it", since
  /// whoever reports it names the file.
  private func refusal(real: FilePath, as path: FilePath) -> FileReader.Failure? {
    for system in ["/proc", "/sys", "/dev"] where real.isInside(FilePath(system)) {
      return FileReader.Failure(
        kind: .outsideProject, reason: "it is in \(system): attsim never reads system files")
    }
    // What the user named is read wherever it is; only a project is confined.
    guard let root else { return nil }
    // Real paths are absolute and normalized already: inside the root is a prefix of whole components, bytes.
    if real.isInside(root) { return nil }
    let written = path.normalized
    let absolute = FileURI.absolute(written).normalized
    if absolute.isInside(root) {
      return FileReader.Failure(
        kind: .linkOutside,
        reason:
          "it is reached through a symbolic link that leaves the project (to '\(real.shown())'); attsim does not follow it"
      )
    }
    return FileReader.Failure(
      kind: .outsideProject,
      reason: "it is outside the project ('\(root.shown())'), at '\(real.shown())'; attsim reads nothing outside it")
  }
}

/// Real paths: every link, `.` and `..` resolved by the kernel.
public enum RealPath {
  /// The real path of what `path` names, or nil when nothing is there or it cannot be known whole.
  public static func of(_ path: FilePath) -> FilePath? {
    guard case .success(let named) = InputFile.resolve(path) else { return nil }
    return named.realPath
  }

  /// The real path of the folder holding `path`, with `path`'s last name added: where a file that does not
  /// exist yet would be.
  static func ofParent(_ path: FilePath) -> FilePath? {
    guard let folder = of(path.parent) else { return nil }
    return folder.appending(FilePath(bytes: path.lastComponentBytes))
  }
}
