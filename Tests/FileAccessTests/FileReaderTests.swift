import FileAccess
import Foundation
import Testing

/// Only regular files are read, never more than the limit, and nothing blocks.
@Suite struct FileReaderTests {
  @Test func readsARegularFile() throws {
    let folder = try makeFolder()
    let path = folder + "/a.strings"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("\"a\" = \"b\";".utf8)))
    #expect(try InputFiles().read(FilePath(path)).get() == Array("\"a\" = \"b\";".utf8))
  }

  @Test func refusesWhatIsNotARegularFileAtOnce() throws {
    let folder = try makeFolder()
    let fifo = folder + "/InfoPlist.strings"
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases: [(String, FileReader.Failure)] = [
      (fifo, .init(kind: .notRegularFile, reason: "it is a FIFO (named pipe), not a regular file")),
      (folder, .init(kind: .notRegularFile, reason: "it is a folder")),
      ("/dev/zero", .init(kind: .outsideProject, reason: "it is in /dev: attsim never reads system files")),
      (folder + "/missing", .init(kind: .missing, reason: "no such file")),
    ]
    for (path, failure) in cases {
      #expect(throws: failure) { try InputFiles().read(FilePath(path)).get() }
    }
  }

  @Test func refusesAFileLargerThanTheLimitByItsSize() throws {
    let folder = try makeFolder()
    let path = folder + "/big"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 65, count: 2048)))
    #expect(throws: FileReader.Failure(kind: .tooLarge, reason: "it is 2 KB, more than the 1 KB attsim reads")) {
      try InputFiles().read(FilePath(path), limit: 1024).get()
    }
    #expect(try InputFiles().read(FilePath(path), limit: 2048).get().count == 2048)
  }

  @Test func byteCountsReadLikeAPersonWritesThem() {
    #expect(ByteCount(812).description == "812 bytes")
    #expect(ByteCount(3482).description == "3.4 KB")
    #expect(ByteCount(65 << 20).description == "65 MB")
    #expect(ByteCount(64 << 20).description == "64 MB")
  }
}
