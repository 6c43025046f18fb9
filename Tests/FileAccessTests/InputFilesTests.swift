import FileAccess
import Foundation
import Testing

/// A project is a sandbox: nothing outside it is read through it, links out of it are refused, system files
/// always are, and every byte counts against one budget.
@Suite struct InputFilesTests {
  /// A project folder with a file inside, and a secret beside it.
  static func project() throws -> (root: String, inside: String, outside: String) {
    let folder = try makeFolder()
    try FileManager.default.createDirectory(atPath: folder + "/project/de.lproj", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: folder + "/project/de.lproj/a.strings", contents: Data("a".utf8)))
    #expect(FileManager.default.createFile(atPath: folder + "/secret", contents: Data("secret".utf8)))
    return (folder + "/project", folder + "/project/de.lproj/a.strings", folder + "/secret")
  }

  @Test func aFileInsideIsReadAndRemembered() throws {
    let (root, inside, _) = try Self.project()
    let files = try #require(InputFiles(confinedTo: FilePath(root)))
    #expect(try files.read(FilePath(inside)).get() == Array("a".utf8))
    #expect(files.identities[try #require(FileIdentity(path: FilePath(inside)))] != nil)
    #expect(files.identities.values.contains(inside))
  }

  @Test func aPathOutIsRefusedHoweverItIsWritten() throws {
    let (root, _, outside) = try Self.project()
    let files = try #require(InputFiles(confinedTo: FilePath(root)))
    for path in [outside, root + "/../secret", root + "/de.lproj/../../secret"] {
      #expect(throws: FileReader.Failure.self) { try files.read(FilePath(path)).get() }
      #expect(files.refusal(of: FilePath(path))?.kind == .outsideProject, "\(path)")
    }
    #expect(files.identities.isEmpty)
  }

  @Test func aLinkOutIsRefusedAndALinkInsideIsFollowed() throws {
    let (root, inside, outside) = try Self.project()
    #expect(symlink(outside, root + "/leak.strings") == 0)
    #expect(symlink(FilePath(outside).parent.string, root + "/folder") == 0)
    #expect(symlink(inside, root + "/alias.strings") == 0)
    let files = try #require(InputFiles(confinedTo: FilePath(root)))
    #expect(files.refusal(of: FilePath(root + "/leak.strings"))?.kind == .linkOutside)
    #expect(files.refusal(of: FilePath(root + "/folder/secret"))?.kind == .linkOutside)
    #expect(files.children(of: FilePath(root + "/folder")).isEmpty)
    #expect(throws: FileReader.Failure.self) { try files.walk(FilePath(root + "/folder")).get() }
    #expect(try files.read(FilePath(root + "/alias.strings")).get() == Array("a".utf8))
  }

  @Test func systemFilesAreRefusedEvenInAProjectAtTheRoot() throws {
    let files = try #require(InputFiles(confinedTo: "/"))
    for path in ["/proc/self/environ", "/proc/1/cmdline", "/sys/kernel/hostname", "/dev/null"] {
      #expect(files.refusal(of: FilePath(path))?.reason.contains("never reads system files") == true, "\(path)")
    }
  }

  @Test func everyReadCountsAgainstOneBudgetLinksToOneFileToo() throws {
    let folder = try makeFolder()
    #expect(FileManager.default.createFile(atPath: folder + "/big", contents: Data(repeating: 65, count: 1000)))
    for index in 0..<10 { #expect(symlink(folder + "/big", folder + "/link\(index)") == 0) }
    let files = try #require(InputFiles(confinedTo: FilePath(folder), budget: 3500))
    let results = (0..<10).map { files.read(FilePath(folder + "/link\($0)")) }
    #expect(results.prefix(3).allSatisfy { (try? $0.get())?.count == 1000 })
    #expect(
      results.dropFirst(3).allSatisfy {
        if case .failure(let failure) = $0 { failure.kind == .overBudget } else { false }
      })
    #expect(files.budgetLeft == 500)
  }

  @Test func anUnconfinedReaderReadsWhatTheUserNamed() throws {
    let (_, _, outside) = try Self.project()
    #expect(try InputFiles().read(FilePath(outside)).get() == Array("secret".utf8))
  }

  @Test(arguments: [
    (67_108_865, 67_108_864, "67,108,865 bytes", "67,108,864 bytes (64 MB)"),
    (70 << 20, 64 << 20, "70 MB", "64 MB"),
    (2048, 1024, "2 KB", "1 KB"),
  ])
  func sizesAreToldApartFromTheirLimit(size: Int, limit: Int, shownSize: String, shownLimit: String) {
    let pair = ByteCount.pair(size, limit)
    #expect(pair.size == shownSize && pair.limit == shownLimit)
  }
}
