import FileAccess
import Foundation
import Testing

/// Issue 37, items 1, 2 and 4: one rule for every input, paths compared and opened as bytes, and a path that
/// cannot be resolved whole refused.
@Suite struct PathRuleTests {
  /// A folder named by bytes that are not UTF-8, made with the system's own calls.
  static func makeFolder(named bytes: [UInt8]) -> FilePath {
    let path = FilePath(bytes: bytes)
    #expect(path.withCString { mkdir($0, 0o700) } == 0)
    return path
  }

  @Test func aPathKeepsItsBytes() {
    let path = FilePath(bytes: Array("a/report".utf8) + [0xFF] + Array(".json".utf8))
    #expect(path.bytes.count == 14)
    #expect(!path.isUTF8)
    #expect(path.lastComponentBytes.elementsEqual(Array("report".utf8) + [0xFF] + Array(".json".utf8)))
    #expect(path.pathExtension == "json")
    #expect(path.parent == "a")
    #expect(path.shown() == "a/report\\xFF.json")
    // Two names that decode to the same text are two paths.
    #expect(FilePath(bytes: [0x61, 0xFF]) != FilePath(bytes: [0x61, 0xFE]))
    #expect(FilePath(bytes: [0x61, 0xFF]).string == FilePath(bytes: [0x61, 0xFE]).string)
    #expect(!FilePath(bytes: [0x2F, 0x61, 0xFF, 0x2F, 0x62]).isInside(FilePath(bytes: [0x2F, 0x61, 0xFE])))
  }

  @Test func aShownPathEscapesControlsAndForeignBytes() {
    #expect(FilePath(bytes: [0x61, 0x1B, 0x5B, 0x32, 0x4A]).shown() == "a\\u{1B}[2J")
    #expect(FilePath(bytes: [0xC3, 0xA9, 0xC3]).shown() == "é\\xC3")
  }

  @Test func aLinkToASystemFileIsRefusedWithoutARoot() throws {
    let folder = FilePath(try FileAccessTests.makeFolder())
    let link = folder.appending("env.attsim")
    #expect(link.withCString { symlink("/proc/self/environ", $0) } == 0)
    #expect(
      throws: FileReader.Failure(kind: .outsideProject, reason: "it is in /proc: attsim never reads system files")
    ) {
      try InputFiles().read(link).get()
    }
    let device = folder.appending("zero.strings")
    #expect(device.withCString { symlink("/dev/zero", $0) } == 0)
    #expect(throws: FileReader.Failure.self) { try InputFiles().read(device).get() }
    #expect(InputFiles().identities.isEmpty)
  }

  @Test func aSiblingWhoseNameDecodesTheSameIsOutside() throws {
    let base = FilePath(try FileAccessTests.makeFolder())
    // `p\xFF` is the project; `p\xFE` beside it decodes to the same text, `p\u{FFFD}`.
    let project = Self.makeFolder(named: base.bytes + Array("/p".utf8) + [0xFF])
    let sibling = Self.makeFolder(named: base.bytes + Array("/p".utf8) + [0xFE])
    Self.createFile(sibling.appending("secret.strings"), holding: "secret")
    let link = project.appending("leak")
    #expect(sibling.withCString { target in link.withCString { symlink(target, $0) } } == 0)
    let files = try #require(InputFiles(confinedTo: project))
    #expect(files.refusal(of: link.appending("secret.strings"))?.kind == .linkOutside)
    #expect(throws: FileReader.Failure.self) { try files.read(link.appending("secret.strings")).get() }
    #expect(files.children(of: link).isEmpty)
    #expect(files.identities.isEmpty)
  }

  @Test func aFileInsideAFolderNamedByForeignBytesIsRead() throws {
    let base = FilePath(try FileAccessTests.makeFolder())
    let project = Self.makeFolder(named: base.bytes + Array("/Caf".utf8) + [0xE9])
    Self.createFile(project.appending("a.strings"), holding: "x")
    let files = try #require(InputFiles(confinedTo: project))
    #expect(try files.read(project.appending("a.strings")).get() == Array("x".utf8))
    #expect(FolderListing.names(in: project) == [FilePath("a.strings")])
  }

  @Test func aLinkWhoseRealPathIsLongerThanTheSystemLimitIsRefused() throws {
    let base = FilePath(try FileAccessTests.makeFolder())
    // Three floors of 15 folders of 250-byte names (each floor under 4 KB as a relative path), built with
    // the *at calls so no path handed to the system is too long; a link on each floor leads to the next, so
    // `base/top` resolves to a file whose real path is past 11 KB, more than the system can name.
    let name = String(repeating: "d", count: 250)
    let floor = Array(repeating: name, count: 15).joined(separator: "/")
    var folder = base.withCString { open($0, O_RDONLY | O_DIRECTORY) }
    #expect(folder >= 0)
    #expect(symlinkat(floor + "/next", folder, "top") == 0)
    for level in 0..<3 {
      for _ in 0..<15 {
        #expect(mkdirat(folder, name, 0o700) == 0)
        let inner = openat(folder, name, O_RDONLY | O_DIRECTORY)
        close(folder)
        folder = inner
      }
      if level < 2 {
        #expect(symlinkat(floor + "/next", folder, "next") == 0)
      } else {
        let file = openat(folder, "next", O_WRONLY | O_CREAT, 0o600)
        #expect(file >= 0)
        close(file)
      }
    }
    close(folder)
    let files = try #require(InputFiles(confinedTo: base))
    let reason = "its real path cannot be known (it may be too long), so attsim does not read it"
    #expect(throws: FileReader.Failure(kind: .unreadable, reason: reason)) {
      try files.read(base.appending("top")).get()
    }
    #expect(throws: FileReader.Failure(kind: .unreadable, reason: reason)) {
      try InputFiles().read(base.appending("top")).get()
    }
  }

  /// Creates the file at `path` (any bytes) holding `text`.
  static func createFile(_ path: FilePath, holding text: String) {
    let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
    #expect(descriptor >= 0)
    #expect(write(descriptor, text, text.utf8.count) == text.utf8.count)
    close(descriptor)
  }
}
