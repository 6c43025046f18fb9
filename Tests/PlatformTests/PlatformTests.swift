import Foundation
import Platform
import Testing

/// The platform layer's calls, as they behave on Linux (the system the tests run on).
@Suite struct PlatformTests {
  /// A new folder holding `file` (with a byte in it) and `link`, a symbolic link to it; both as real paths.
  static func makeFiles() throws -> (folder: String, file: String, link: String) {
    let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
    let folder = base + "/attsim-platform-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "file")
    return (folder, folder + "/file", folder + "/link")
  }

  @Test func aPathIsResolvedThroughLinksToTheFileItNamesAndItsRealPath() throws {
    let files = try Self.makeFiles()
    let named = try #require(Platform.openForIdentity(files.link))
    defer { close(named.descriptor) }
    var status = stat()
    #expect(stat(files.file, &status) == 0)
    #expect(named.status.st_ino == status.st_ino && named.status.st_dev == status.st_dev)
    #expect(Platform.realPath(of: named.descriptor) == Array(files.file.utf8))
    #expect(Platform.openForIdentity(files.folder + "/none") == nil && errno == ENOENT)
    #expect(Platform.realPath(of: -1) == nil)
  }

  @Test func aFileIsReopenedAsTheOneResolvedWhateverIsRenamedSince() throws {
    let files = try Self.makeFiles()
    let named = try #require(Platform.openForIdentity(files.file))
    defer { close(named.descriptor) }
    try Data("other".utf8).write(to: URL(fileURLWithPath: files.folder + "/other"))
    #expect(rename(files.folder + "/other", files.file) == 0)
    let reading = Platform.openForReading(named.descriptor)
    defer { close(reading) }
    var byte: UInt8 = 0
    #expect(read(reading, &byte, 1) == 1 && byte == UInt8(ascii: "x"))
  }

  @Test func aFIFOIsResolvedWithoutBeingOpened() throws {
    let files = try Self.makeFiles()
    let fifo = files.folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opening a FIFO for reading would wait for a writer: resolving it returns at once.
    let named = try #require(Platform.openForIdentity(fifo))
    defer { close(named.descriptor) }
    #expect(named.status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func theExecutablePathIsTheRunningProgram() throws {
    let path = try #require(Platform.executablePath())
    #expect(path.first == UInt8(ascii: "/"))
    var running = stat()
    var found = stat()
    #expect(stat(CommandLine.arguments[0], &running) == 0)
    #expect(stat(String(decoding: path, as: UTF8.self), &found) == 0)
    #expect(found.st_ino == running.st_ino && found.st_dev == running.st_dev)
  }

  @Test func aLockExcludesEveryOtherOpenFileUntilItIsClosed() throws {
    let files = try Self.makeFiles()
    let first = open(files.file, O_RDONLY)
    let second = open(files.file, O_RDONLY)
    defer { close(second) }
    #expect(!Platform.isLocked(files.file))
    #expect(Platform.lock(first))
    #expect(Platform.isLocked(files.file))
    #expect(!Platform.lock(second))
    close(first)
    #expect(!Platform.isLocked(files.file))
    #expect(Platform.lock(second))
    #expect(Platform.isLocked(files.file))
    #expect(!Platform.isLocked(files.folder + "/none"))
  }

  @Test func aFolderListsItsEntriesWithTheirKinds() throws {
    let files = try Self.makeFiles()
    #expect(mkdir(files.folder + "/sub", 0o700) == 0)
    let entries = Platform.entries(of: files.folder).map { (String(decoding: $0.name, as: UTF8.self), $0.kind) }
    let kinds = Dictionary(uniqueKeysWithValues: entries)
    // A file system may not say what an entry is (`unknown`); tmpfs and ext4 do.
    #expect(kinds == ["file": .other, "link": .link, "sub": .folder])
    #expect(Platform.entries(of: files.folder + "/none").isEmpty)
  }

  @Test func waitingSaysWhichDescriptorCanBeReadAndAHangUpIsSeen() {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    #expect(Platform.waitUntilReady([ends[0], -1], milliseconds: 0) == [false, false])
    #expect(!Platform.hasHungUp(ends[0]))
    var byte: UInt8 = 1
    #expect(write(ends[1], &byte, 1) == 1)
    #expect(Platform.waitUntilReady([-1, ends[0]], milliseconds: nil) == [false, true])
    close(ends[1])
    // Hung up once what was written before is read.
    #expect(!Platform.hasHungUp(ends[0]))
    #expect(read(ends[0], &byte, 1) == 1)
    #expect(Platform.hasHungUp(ends[0]))
    #expect(Platform.windowSize(of: ends[0]) == nil)
  }

  @Test func everythingIsWrittenToADescriptorThatCannotTakeItAtOnce() {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    // A pipe holds 64 KB: the rest waits until the reader, on a thread of its own, has taken some.
    _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
    let bytes = [UInt8](repeating: 7, count: 1 << 20)
    let reader = PipeReader(descriptor: ends[0])
    Thread { reader.readToEnd() }.start()
    #expect(bytes.withUnsafeBytes { Platform.writeAll($0, to: ends[1]) } == nil)
    close(ends[1])
    reader.done.wait()
    #expect(reader.count == bytes.count)
  }

  @Test func theTerminatingSignalsLeaveOutCrashesAndTheFileSizeLimit() {
    #expect(Platform.terminatingSignals.contains(SIGTERM) && Platform.terminatingSignals.contains(SIGHUP))
    #expect(!Platform.terminatingSignals.contains(SIGSEGV) && !Platform.terminatingSignals.contains(SIGXFSZ))
  }

  /// ARCHITECTURE.md's rule: only the platform module imports the C library or asks which system it runs on.
  @Test func noModuleButPlatformImportsTheCLibraryOrAsksForTheSystem() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources")
      .standardized
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
    let swiftFiles = files.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Platform/") }
    #expect(swiftFiles.count > 100)
    let rule = #/(^|\s)import\s+(Glibc|Darwin|Musl)\b|canImport\(|\bos\((Linux|macOS)\)/#
    for file in swiftFiles {
      let text = try String(contentsOfFile: sources.path + "/" + file, encoding: .utf8)
      #expect(text.firstMatch(of: rule) == nil, "\(file) imports the C library or asks for the system")
    }
  }
}

/// Reads a pipe to its end on another thread, counting the bytes; `done` is signalled at the end.
private final class PipeReader: @unchecked Sendable {
  let descriptor: Int32
  let done = DispatchSemaphore(value: 0)
  /// Written by the reading thread only, read after `done`.
  var count = 0

  init(descriptor: Int32) { self.descriptor = descriptor }

  func readToEnd() {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let got = read(descriptor, &buffer, buffer.count)
      if got <= 0 { break }
      count += got
    }
    close(descriptor)
    done.signal()
  }
}
