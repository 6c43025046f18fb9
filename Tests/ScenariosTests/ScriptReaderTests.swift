import ConsentCore
import Testing

@testable import Scenarios

/// Issue 37, items 6a and 7c: a script read a chunk at a time, line by line, into packed steps, with a step
/// limit, a line limit and an error limit.
@Suite struct ScriptReaderTests {
  static let source = """
    # title: Reader
    # why: chunks
    device ios=17.4 country=FR\r
      sdk init # set up\r\n\
    request
    tap allow

    expect status=authorized prompt-text="a \\"quoted\\" # not a comment"
    track sign_up
    """

  /// `bytes` read in chunks of `size`.
  func read(_ bytes: [UInt8], chunk size: Int, stepLimit: Int = ScriptParser.stepLimit) -> Result<
    Script, ScriptErrors
  > {
    var reader = ScriptReader(file: "r.attsim", stepLimit: stepLimit)
    var start = 0
    while start < bytes.count && reader.wantsMore {
      reader.read(Array(bytes[start..<min(start + size, bytes.count)]))
      start += size
    }
    return reader.finish()
  }

  @Test(arguments: [1, 2, 3, 7, 4096])
  func anyChunkingReadsTheSameScriptAsTheText(size: Int) throws {
    let parsed = try ScriptParser.parse(Self.source, file: "r.attsim")
    let script = try read([0xEF, 0xBB, 0xBF] + Array(Self.source.utf8), chunk: size).get()
    #expect(Array(script.steps) == Array(parsed.steps))
    #expect(script.steps.map(\.line) == [3, 4, 5, 6, 8, 9])
    #expect(script.steps.map(\.column) == [1, 3, 1, 1, 1, 1])
    #expect(script.steps[1].command == "sdk init")
    #expect(script.title == "Reader" && script.why == "chunks")
  }

  @Test func packedStepsKeepColumnsAndValues() throws {
    let script = try ScriptParser.parse("\n   expect status=denied prompt-text=\"a b\" # c\n", file: "p.attsim")
    guard case .expect(let expectations) = script.steps[0].kind else {
      Issue.record("not an expectation")
      return
    }
    #expect(expectations.map(\.column) == [11, 25])
    #expect(expectations.map(\.value) == [.status(.denied), .text("a b")])
    #expect(script.steps == ScriptSteps(Array(script.steps)))
  }

  @Test func aByteThatIsNotUTF8IsTheOneErrorWithItsPlace() {
    let bytes = Array("sdk init\nbad command\ntrack é".utf8) + [0xFF] + Array("\nrequest\n".utf8)
    guard case .failure(let errors) = read(bytes, chunk: 5) else {
      Issue.record("a file that is not UTF-8 was read")
      return
    }
    #expect(errors.errors.map(\.description) == ["r.attsim:3:8: error: not UTF-8 text (byte 0xFF at offset 29)"])
  }

  @Test func aLineLongerThanTheLimitIsAnErrorAndNotKept() {
    let long = Array("track ".utf8) + [UInt8](repeating: 0x61, count: ScriptReader.lineLimit)
    guard case .failure(let errors) = read(long + Array("\nrequest\nbogus\n".utf8), chunk: 1 << 16) else {
      Issue.record("an over-long line was read")
      return
    }
    let lines = errors.errors.map(\.description)
    #expect(lines.first == "r.attsim:1:1: error: a line may be at most 1,048,576 bytes long; this one is longer")
    #expect(lines.count == 2 && lines[1].hasPrefix("r.attsim:3:1: error: unknown command \"bogus\""))
  }

  @Test func theLinePastTheStepLimitIsRefusedAndReadingStops() {
    let bytes = Array("# comment\ntrack a\n\ntrack b\n  request\ntap allow\nbogus\n".utf8)
    guard case .failure(let errors) = read(bytes, chunk: 4, stepLimit: 3) else {
      Issue.record("a script past the step limit was read")
      return
    }
    #expect(
      errors.errors.map(\.description) == [
        "r.attsim:6:1: error: a script may have at most 3 steps; this line would be step 4"
      ])
    #expect(throws: ScriptErrors.self) { try ScriptParser.parse("track a\ntrack b\n", file: "s", stepLimit: 1) }
    #expect(ScriptParser.stepLimit == 1_000_000)
  }

  @Test func readingStopsAtTheErrorLimit() {
    let source = String(repeating: "bogus\n", count: 150)
    #expect(throws: ScriptErrors.self) { try ScriptParser.parse(source, file: "e") }
    do {
      _ = try ScriptParser.parse(source, file: "e")
    } catch {
      #expect(error.errors.count == ScriptParser.errorLimit)
      #expect(error.errors.last?.line == 100)
      #expect(error.errors.last?.message.hasSuffix("(100 errors: attsim reads no further)") == true)
    }
  }

  @Test func blankAndCommentLinesKeepNothing() throws {
    let bytes = Array(String(repeating: "   \r# note\r\n\n", count: 10_000).utf8) + Array("request".utf8)
    let script = try read(bytes, chunk: 1000).get()
    #expect(script.steps.map(\.line) == [30_001])
  }
}
