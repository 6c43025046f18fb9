import FileAccess
import Foundation
import Testing

/// The one writer of output files: a new unpredictable temporary beside the destination, then a rename.
@Suite struct OutputFileTests {
  @Test func writesAFileAndLeavesNothingElse() throws {
    let folder = try makeFolder()
    let path = FilePath(folder).appending("out.txt")
    #expect(OutputFile.write("hello\n", to: path) == nil)
    #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "hello\n")
    #expect(contents(of: folder) == ["out.txt"])
  }

  @Test func replacingAFileKeepsItsPermissions() throws {
    let folder = try makeFolder()
    let path = FilePath(folder).appending("out.txt")
    #expect(OutputFile.write("old", to: path) == nil)
    #expect(chmod(path.string, 0o640) == 0)
    #expect(OutputFile.write("new", to: path) == nil)
    var status = stat()
    #expect(stat(path.string, &status) == 0 && status.st_mode & 0o777 == 0o640)
    #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "new")
  }

  @Test func aNewFileGetsTheUsualPermissionsNotTheTemporaryOnes() throws {
    let folder = try makeFolder()
    let path = FilePath(folder).appending("new.txt")
    #expect(OutputFile.write("x", to: path) == nil)
    let mask = umask(0o022)
    umask(mask)
    var status = stat()
    #expect(stat(path.string, &status) == 0 && status.st_mode & 0o777 == 0o666 & ~mask)
  }

  @Test func plantedFilesAndLinksBesideTheDestinationAreNeverWritten() throws {
    let folder = try makeFolder()
    let victim = FilePath(folder).appending("victim")
    #expect(OutputFile.write("precious", to: victim) == nil)
    // Every name a predictable writer might use, linked to the victim.
    for name in [".out.txt.tmp", ".out.txt.\(getpid()).tmp", "out.txt.tmp", ".out.txt.swp"] {
      #expect(symlink(victim.string, FilePath(folder).appending(name).string) == 0)
    }
    #expect(OutputFile.write("report", to: FilePath(folder).appending("out.txt")) == nil)
    #expect(try String(contentsOfFile: victim.string, encoding: .utf8) == "precious")
  }

  @Test func theDestinationMustBeAPlainFileThatIsNotAnInput() throws {
    let folder = try makeFolder()
    let target = FilePath(folder).appending("target")
    #expect(OutputFile.write("keep", to: target) == nil)
    let link = FilePath(folder).appending("link")
    #expect(symlink(target.string, link.string) == 0)
    let fifo = FilePath(folder).appending("fifo")
    #expect(mkfifo(fifo.string, 0o600) == 0)
    let cases: [(FilePath, [FileIdentity: String], String)] = [
      (link, [:], "is a symbolic link to '\(target.string)'"),
      (fifo, [:], "it is a FIFO (named pipe), not a file"),
      (FilePath(folder), [:], "it is a folder, not a file"),
      (FilePath(folder + "/"), [:], "it names a folder, not a file"),
      (target, [try #require(FileIdentity(path: link)): link.string], "it is one of this command's inputs"),
      (FilePath(folder).appending("missing/out"), [:], "cannot create a file in '\(folder)/missing': no such folder"),
    ]
    for (path, inputs, message) in cases {
      let error = OutputFile.write("x", to: path, inputs: inputs)
      #expect(error?.message.contains(message) == true, "\(path): \(String(describing: error))")
    }
    #expect(try String(contentsOfFile: target.string, encoding: .utf8) == "keep")
    #expect(contents(of: folder) == ["fifo", "link", "target"])
  }

  @Test func aStreamingFileIsThereAtOnceAndGrowsWithEveryWrite() throws {
    let folder = try makeFolder()
    let path = FilePath(folder).appending("session.attsim")
    let file = try OutputFile.create(path, mode: .streaming(replacing: false)).get()
    #expect(FileManager.default.fileExists(atPath: path.string))
    try file.write("sdk init\n")
    #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "sdk init\n")
    try file.write("request\n")
    #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "sdk init\nrequest\n")
    try file.commit()
    #expect(contents(of: folder) == ["session.attsim"])
  }

  @Test func aStreamingFileReplacesAnExistingOneOnlyWhenAsked() throws {
    let folder = try makeFolder()
    let path = FilePath(folder).appending("session.attsim")
    #expect(OutputFile.write("old recording\n", to: path) == nil)
    let refused = OutputFile.create(path, mode: .streaming(replacing: false))
    #expect(throws: OutputError.self) { try refused.get() }
    #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "old recording\n")
    let file = try OutputFile.create(path, mode: .streaming(replacing: true)).get()
    try file.write("new\n")
    try file.commit()
    #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "new\n")
    #expect(contents(of: folder) == ["session.attsim"])
  }

  @Test func discardingLeavesTheDestinationAsItWas() throws {
    let folder = try makeFolder()
    let path = FilePath(folder).appending("out.txt")
    #expect(OutputFile.write("before", to: path) == nil)
    let file = try OutputFile.create(path).get()
    try file.write("half a report")
    file.discard()
    #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "before")
    #expect(contents(of: folder) == ["out.txt"])
  }
}

/// A fresh temporary folder.
func makeFolder() throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-files-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// The names in a folder, hidden ones included, sorted.
func contents(of folder: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}
