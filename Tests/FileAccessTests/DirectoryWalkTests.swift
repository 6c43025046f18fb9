import FileAccess
import Foundation
import Testing

/// The walk ends quickly whatever the tree: no folder links, no second visit, no other file system.
@Suite struct DirectoryWalkTests {
  @Test func linksToFoldersAreNotFollowedButLinksToFilesAre() throws {
    let root = try makeFolder()
    try FileManager.default.createDirectory(atPath: root + "/de.lproj", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: root + "/de.lproj/InfoPlist.strings", contents: Data()))
    for index in 1...5 { #expect(symlink(".", root + "/loop\(index)") == 0) }
    #expect(symlink("de.lproj/InfoPlist.strings", root + "/linked.strings") == 0)
    let walk = DirectoryWalk(FilePath(root))
    #expect(walk.entries.map(\.path.lastComponent) == ["de.lproj", "InfoPlist.strings", "linked.strings"])
    #expect(!walk.isTruncated)
  }

  @Test func theWalkStopsAtItsLimitsAndSaysSo() throws {
    let root = try makeFolder()
    var folder = root
    for depth in 0..<12 {
      folder += "/d\(depth)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    #expect(DirectoryWalk(FilePath(root), maxDepth: 3).entries.map(\.depth) == [0, 1, 2])
    let limited = DirectoryWalk(FilePath(root), limit: 5)
    #expect(limited.entries.count == 5 && limited.isTruncated)
  }

  @Test func anotherFileSystemIsListedButNotEntered() {
    // /proc is its own file system: a walk of / names it and stays out.
    let walk = DirectoryWalk(FilePath("/"), maxDepth: 2)
    #expect(walk.entries.contains { $0.path == FilePath("/proc") })
    #expect(!walk.entries.contains { $0.path.string.hasPrefix("/proc/") })
  }
}
