import Foundation
import Testing

/// Issue 37, items 6a, 7c and 8: a script costs memory for its steps, never for its blank or comment lines
/// or a whole copy of its text; a script has at most 1,000,000 steps; a message quotes at most 60 columns of
/// a value. Each case runs the built binary with its address space limited, so a script that made attsim
/// grow past the bound fails the test instead of the machine.
@Suite struct ScriptBoundsTests {
  /// `attsim play` of `file` in `folder`, its address space limited to `kilobytes` (512 MB unless told). The
  /// 300 seconds only stop a hang: a million steps take 40 s of a debug build on an idle machine, and CI runs
  /// the slow suites side by side on two cores.
  func playBounded(_ file: String, in folder: URL, kilobytes: Int = 524_288) throws -> Outcome {
    try runShell("ulimit -v \(kilobytes) && exec \"$ATTSIM\" play '\(file)' >/dev/null", in: folder, seconds: 300)
  }

  /// Writes `repeating` `count` times, after `head`, to `name` in `folder`, a megabyte at a time.
  func writeLines(_ name: String, in folder: URL, head: String = "", repeating line: String, count: Int) throws {
    let url = folder.appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: url.path, contents: Data(head.utf8))
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    let perBlock = max(1, (1 << 20) / line.utf8.count)
    var left = count
    while left > 0 {
      let lines = min(left, perBlock)
      try handle.write(contentsOf: Data(String(repeating: line, count: lines).utf8))
      left -= lines
    }
  }

  // MARK: 6a. Memory

  @Test func blankAndCommentLinesAreReadInBoundedMemory() throws {
    let folder = try temporaryFolder()
    // 72 MB of address space: attsim needs 56 MB of it to start (ICU's data library maps 30 MB, read only as
    // needed); the old reader, which kept the text and a substring per line, ran out of the 16 MB left with
    // either file.
    try writeLines("blank.attsim", in: folder, repeating: "\n", count: 1_000_000)
    try writeLines("comment.attsim", in: folder, repeating: "# nothing to see here\n", count: 300_000)
    for file in ["blank.attsim", "comment.attsim"] {
      let outcome = try playBounded(file, in: folder, kilobytes: 73_728)
      #expect(outcome.status == 0, "\(file): \(outcome.err)")
    }
  }

  @Test func aLineOfTwentyMegabytesIsRefusedWithoutBeingKept() throws {
    let folder = try temporaryFolder()
    try writeLines("long.attsim", in: folder, head: "track ", repeating: "e", count: 20 << 20)
    let outcome = try playBounded("long.attsim", in: folder)
    #expect(outcome.status == 2)
    #expect(
      outcome.err == "long.attsim:1:1: error: a line may be at most 1,048,576 bytes long; this one is longer\n")
  }

  @Test func aFileThatIsNotUTF8IsNamedAtItsByte() throws {
    let folder = try temporaryFolder()
    let url = folder.appendingPathComponent("bad.attsim")
    try Data([0xEF, 0xBB, 0xBF] + Array("sdk init\nrequest\n  track \u{E9}".utf8) + [0xFF, 0x0A]).write(to: url)
    let outcome = try playBounded("bad.attsim", in: folder)
    #expect(outcome.status == 2)
    #expect(outcome.err == "bad.attsim:3:10: error: not UTF-8 text (byte 0xFF at offset 30)\n")
  }

  @Test(.enabled(if: slowTestsEnabled)) func fortyMegabytesOfBlankOrCommentLinesStayUnder64MB() throws {
    let folder = try temporaryFolder()
    try writeLines("blank.attsim", in: folder, repeating: "\n", count: 40_000_000)
    try writeLines("comment.attsim", in: folder, repeating: "# a comment that says nothing\n", count: 1_333_333)
    for file in ["blank.attsim", "comment.attsim"] {
      let outcome = try playBounded(file, in: folder, kilobytes: 65_536)
      #expect(outcome.status == 0, "\(file): \(outcome.err)")
    }
  }

  @Test(.enabled(if: slowTestsEnabled)) func aMillionStepsRunWithinTheBound() throws {
    let folder = try temporaryFolder()
    try writeLines("steps.attsim", in: folder, head: "sdk init\n", repeating: "track e\n", count: 999_999)
    let outcome = try playBounded("steps.attsim", in: folder)
    #expect(outcome.status == 0, "\(outcome.err)")
  }

  // MARK: 7c. The step limit

  @Test(.enabled(if: slowTestsEnabled)) func theStepPastAMillionIsRefusedOnItsLine() throws {
    let folder = try temporaryFolder()
    try writeLines("over.attsim", in: folder, repeating: "track e\n", count: 5_000_000)
    let outcome = try playBounded("over.attsim", in: folder)
    #expect(outcome.status == 2)
    #expect(
      outcome.err
        == "over.attsim:1000001:1: error: a script may have at most 1,000,000 steps; this line would be step 1,000,001\n"
    )
  }

  // MARK: 8. Messages

  @Test func anUnknownCommandOfOneHugeCharacterIsOneShortLine() throws {
    let folder = try temporaryFolder()
    let huge = "x" + String(repeating: "\u{301}", count: 100_000)
    _ = try write("\(huge)\nexpect \(huge)=1\n", to: "marks.attsim", in: folder)
    let outcome = try playBounded("marks.attsim", in: folder)
    #expect(outcome.status == 2)
    let lines = outcome.err.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.unicodeScalars.count < 600 }, "\(lines.map(\.unicodeScalars.count))")
    // The one character is cut inside, after its first 240 scalars (x and 239 marks), then "…".
    let head = "marks.attsim:1:1: error: unknown command \"x" + String(repeating: "\u{301}", count: 239) + "…\""
    #expect(lines.first?.unicodeScalars.starts(with: head.unicodeScalars) == true)
    #expect(lines.allSatisfy { $0.contains("…\"") })
  }

  @Test func aFailedPromptTextQuotesBothSidesCut() throws {
    let folder = try temporaryFolder()
    let demo = repositoryRoot.appendingPathComponent("Assets/DemoApp").path
    let expected = String(repeating: "words ", count: 20_000)
    _ = try write(
      "app bundle=\"\(demo)\"\nsdk init\nrequest\nexpect prompt-text=\"\(expected)\"\n", to: "p.attsim", in: folder)
    let outcome = try runShell("ulimit -v 524288 && exec \"$ATTSIM\" play p.attsim", in: folder)
    #expect(outcome.status == 1)
    let failed = try #require(outcome.err.split(separator: "\n").first)
    #expect(failed.hasPrefix("p.attsim:4:8: expect failed: prompt-text: expected \"words words"))
    #expect(failed.contains("…\", got \""))
    #expect(failed.count < 200)
    // The JSON line keeps the whole value.
    #expect(outcome.out.contains(expected))
  }
}
