import Foundation
import Testing

/// Recordings and casts that cannot be written whole, in a real terminal: the file size limit stands in for a
/// full disk (a write that crosses it is cut short, as on a disk that fills), a line break in a value for what
/// the script language cannot hold. The session never traps, the terminal comes back, attsim exits 2, and
/// what reached the file is whole lines that `play` (or a cast player) reads to the end.
@Suite(.enabled(if: Tmux.isAvailable, "slow: ATTSIM_SLOW_TESTS=1, and tmux")) struct RecordingFailureTests {
  /// No line can be written: the header's first write fails, and the UI gives the terminal back at once.
  @Test func aRecordingWithNoRoomForALineFailsAtOnce() throws {
    let folder = try temporaryFolder()
    // The limit in a subshell: the pane's shell still writes the exit status afterwards.
    let tmux = try Tmux("(ulimit -f 0; exec \(Tmux.attsim) --record r.attsim)", width: 160, height: 30, in: folder.path)
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("attsim: ✗ REC FAILED: cannot write 'r.attsim'"), "\(tmux.screen)")
    try expectRestored(tmux)
    try expectReplayable(folder.appendingPathComponent("r.attsim"))
  }

  /// A later line crosses the limit part way: it is taken back, the screen says so, and the recording ends
  /// with the last line that went through whole.
  @Test func aLineCutShortIsTakenBack() throws {
    let folder = try temporaryFolder()
    // 1 KB holds the header and some 35 lines of `track demo_event_N`: the one that crosses is cut short.
    let tmux = try Tmux("(ulimit -f 1; exec \(Tmux.attsim) --record r.attsim)", width: 160, height: 30, in: folder.path)
    #expect(try tmux.waitFor("● REC"), "\(tmux.screen)")
    try tmux.sendLiteral(String(repeating: "t", count: 60))
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("attsim: ✗ REC FAILED: cannot write 'r.attsim'"), "\(tmux.screen)")
    try expectRestored(tmux)
    let recording = folder.appendingPathComponent("r.attsim")
    let text = try String(contentsOf: recording, encoding: .utf8)
    #expect(text.utf8.count < 1024 && text.contains("track demo_event_2\n"), "\(text)")
    try expectReplayable(recording)
  }

  /// An app whose folder name holds a line break: its `app bundle=` line cannot be written, so the recording
  /// stops before it rather than write a line `play` refuses.
  @Test func aValueWithALineBreakIsRefusedNotWrittenBroken() throws {
    let folder = try temporaryFolder()
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp"), to: folder.appendingPathComponent("my\napp"))
    let tmux = try Tmux("\(Tmux.attsim) --app my?app --record r.attsim", width: 200, height: 30, in: folder.path)
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("✗ REC FAILED"), "\(tmux.screen)")
    #expect(try tmux.waitFor("holds a line break"), "\(tmux.screen)")
    try expectRestored(tmux)
    let recording = folder.appendingPathComponent("r.attsim")
    #expect(try String(contentsOf: recording, encoding: .utf8).hasPrefix("# attsim session"))
    try expectReplayable(recording)
  }

  /// A live cast that reaches the limit keeps its whole lines: each one a JSON value a player reads.
  @Test func aLiveCastCutShortKeepsWholeLines() throws {
    let folder = try temporaryFolder()
    // 8 KB holds the header and the first frame (some 5.5 KB at 160×30), not the help overlay's frames.
    let tmux = try Tmux("(ulimit -f 8; exec \(Tmux.attsim) --cast c.cast)", width: 160, height: 30, in: folder.path)
    #expect(try tmux.waitFor("? help"), "\(tmux.screen)")
    try tmux.send("?")
    #expect(try tmux.waitFor("Keys (1/"), "\(tmux.screen)")
    try tmux.send("Escape")
    #expect(try tmux.waitUntil { !$0.contains("Keys (1/") }, "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 2)
    #expect(try tmux.waitFor("attsim: the cast is incomplete: cannot write 'c.cast'"), "\(tmux.screen)")
    try expectRestored(tmux)
    let data = try Data(contentsOf: folder.appendingPathComponent("c.cast"))
    #expect(data.count < 8192 && data.last == UInt8(ascii: "\n"))
    let lines = data.split(separator: UInt8(ascii: "\n"))
    #expect(lines.count >= 2)
    for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil) }
  }

  /// The terminal as the shell had it: the main screen, the cursor shown, no mouse reporting.
  private func expectRestored(_ tmux: Tmux) throws {
    #expect(try tmux.waitForFlag("alternate_on", "0"))
    #expect(try tmux.waitForFlag("cursor_flag", "1"))
    #expect(try tmux.waitForFlag("mouse_any_flag", "0"))
  }

  /// `play` reads `recording` to its end: whole lines only, the last step played being its last line.
  private func expectReplayable(_ recording: URL) throws {
    let text = try String(contentsOf: recording, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), "\(text)")
    let played = try runBuilt(["play", recording.lastPathComponent], in: recording.deletingLastPathComponent())
    #expect(played.status == 0, "\(played.err)")
    let lastStep = text.split(separator: "\n").last { !$0.hasPrefix("#") }
    let lastPlayed = played.out.split(separator: "\n").last
    #expect(lastStep.map { lastPlayed?.contains("\"command\":\"\($0)\"") == true } ?? (lastPlayed == nil))
  }
}

/// `cast` streams its frames to the file: what it needs in memory does not grow with the script's length or
/// with how many frames it draws, only with one frame's size.
@Suite struct CastMemoryTests {
  /// 16 frames of 1000×200 cells (some 75 MB of cells if they were kept together) in 128 MB of address space,
  /// where the cast needs about 90.
  @Test func aCastOfLargeFramesStaysWithinABound() throws {
    try expectCast(steps: 15, width: 1000, height: 200, megabytes: 128, seconds: 120)
  }

  /// Casts whose frames together would take gigabytes, in 512 MB.
  @Test(
    .enabled(if: slowTestsEnabled, "slow: ATTSIM_SLOW_TESTS=1"),
    arguments: [(200, 1000, 1000), (20_000, 80, 24)])
  func aLongCastStaysWithinABound(steps: Int, width: Int, height: Int) throws {
    try expectCast(steps: steps, width: width, height: height, megabytes: 512, seconds: 900)
  }

  /// Casts a script of `steps` steps (`sdk init`, then tracked events) at `width`×`height` under `ulimit -v`,
  /// and checks the cast has every frame: the first, and one a step.
  /// `seconds` only stops a hang: a busy machine's parallel tests can take a 1-second cast past 30.
  /// glibc gives a thread that allocates while another holds the main heap an arena of its own, reserving
  /// 64 MB of address space that `ulimit -v` counts though it is never used: whether a background thread met
  /// the main one there depended on the machine's load (the 128 MB case failed once in many loaded runs).
  /// One arena (`MALLOC_ARENA_MAX=1`) bounds what attsim allocates, not how threads happened to meet.
  private func expectCast(steps: Int, width: Int, height: Int, megabytes: Int, seconds: Int) throws {
    let folder = try temporaryFolder()
    let lines = ["sdk init"] + (1..<steps).map { "track event_\($0)" }
    _ = try write(lines.joined(separator: "\n") + "\n", to: "long.attsim", in: folder)
    let outcome = try runShell(
      "export MALLOC_ARENA_MAX=1; ulimit -v \(megabytes * 1024); exec \"$ATTSIM\" cast long.attsim --out long.cast --width \(width) --height \(height)",
      in: folder, seconds: seconds)
    #expect(outcome.status == 0, "\(outcome.err.prefix(500))")
    #expect(outcome.err.contains("\(steps + 1) frames written to long.cast"), "\(outcome.err.prefix(500))")
    let cast = try Data(contentsOf: folder.appendingPathComponent("long.cast"))
    // The header, then one event a frame.
    #expect(cast.split(separator: UInt8(ascii: "\n")).count == steps + 2)
  }
}
