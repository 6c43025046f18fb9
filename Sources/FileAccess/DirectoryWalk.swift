import Platform

/// A bounded walk of a folder tree: depth first in name order, never through a symbolic link to a folder,
/// never onto another file system, never into a folder twice, and never past a number of entries, so a
/// tree of links to `.` or a walk of `/` ends quickly.
public struct DirectoryWalk: Sendable {
  /// One file or folder found.
  public struct Entry: Hashable, Sendable {
    /// Its path (the root's path joined with the names below it).
    public var path: FilePath
    /// Whether it is a folder (links to folders are never entries).
    public var isDirectory: Bool
    /// How many folders deep below the root (0: directly inside it).
    public var depth: Int
    /// Whether it is a symbolic link (to a file: links to folders are never entries).
    public var isLink = false
  }

  /// What the walk found, in order.
  public private(set) var entries: [Entry] = []
  /// Whether the walk stopped at the entry limit before seeing everything.
  public private(set) var isTruncated = false

  /// Walks `root` at most `maxDepth` folders deep and `limit` entries far. `skip` leaves out entries by name
  /// (and does not enter such folders); `descend` says whether to enter a folder that is listed.
  public init(
    _ root: FilePath, maxDepth: Int = 8, limit: Int = 100_000, skip: (String) -> Bool = { $0.hasPrefix(".") },
    descend: (Entry) -> Bool = { _ in true }
  ) {
    var rootStatus = stat()
    guard root.withCString({ stat($0, &rootStatus) }) == 0, rootStatus.st_mode & S_IFMT == S_IFDIR else { return }
    var visited: Set<FileIdentity> = [FileIdentity(rootStatus)]
    visit(
      root, depth: 0, device: rootStatus.st_dev, maxDepth: maxDepth, limit: limit, visited: &visited, skip: skip,
      descend: descend)
  }

  private mutating func visit(
    _ folder: FilePath, depth: Int, device: dev_t, maxDepth: Int, limit: Int, visited: inout Set<FileIdentity>,
    skip: (String) -> Bool, descend: (Entry) -> Bool
  ) {
    guard depth < maxDepth, !isTruncated else { return }
    let names = folder.withCString { Platform.entries(of: $0) }.filter {
      !skip(String(decoding: $0.name, as: UTF8.self))
    }
    for (name, kind) in names.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
      guard entries.count < limit else {
        isTruncated = true
        return
      }
      let path = folder.appending(FilePath(bytes: name))
      var status = stat()
      var isDirectory = kind == .folder
      var isLink = false
      if kind == .link || kind == .unknown {
        guard path.withCString({ lstat($0, &status) }) == 0 else { continue }
        let mode = status.st_mode & S_IFMT
        if mode == S_IFLNK {
          // A link to a file is read as the file; a link to a folder is never followed.
          var target = stat()
          guard path.withCString({ stat($0, &target) }) == 0, target.st_mode & S_IFMT == S_IFREG else { continue }
          isLink = true
        }
        isDirectory = mode == S_IFDIR
      }
      let entry = Entry(path: path, isDirectory: isDirectory, depth: depth, isLink: isLink)
      entries.append(entry)
      guard isDirectory, descend(entry) else { continue }
      // A folder the listing named as one is asked for its identity only when it is to be entered (the demo
      // app's first frame enters none of its seventeen).
      if kind == .folder {
        guard path.withCString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
      }
      guard status.st_dev == device, visited.insert(FileIdentity(status)).inserted else { continue }
      visit(
        path, depth: depth + 1, device: device, maxDepth: maxDepth, limit: limit, visited: &visited,
        skip: skip, descend: descend)
    }
  }
}
