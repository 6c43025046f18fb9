import Foundation
import Testing

/// What issue 41's QA tester tripped over: one answer per script, apps that cannot be read, library names,
/// failures that show the difference, runnable matrix rows, JUnit for dashboards.
@Suite struct QATesterTests {
  /// A copy of the demo app (whose privacy manifest declares the SDK's endpoint a tracking domain) beside
  /// the script.
  static func folderWithDemoApp() throws -> URL {
    let folder = try temporaryFolder()
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp"), to: folder.appendingPathComponent("Lumen"))
    return folder
  }

  /// The issue's case: an `app bundle=` line taken back, then an event. `play`, `render --script` and `cast`
  /// all send it (before, `render` and `cast` started from the demo app and showed it blocked).
  @Test func theSameScriptGivesTheSameAnswerInPlayRenderAndCast() throws {
    let folder = try Self.folderWithDemoApp()
    let script = try write(
      "app bundle=Lumen\nundo\ndevice ios=17.5\nsdk init\nrequest\ntap ask-not-to-track\ntrack purchase\n",
      to: "undo.attsim", in: folder)
    let played = attsim("play", script)
    #expect(played.status == 0, "\(played.err)")
    #expect(
      played.out.split(separator: "\n").last?.contains(#""sent":1,"queued":0,"held":0,"dropped":0,"blocked":0"#) == true
    )
    let rendered = attsim("render", "--script", script)
    #expect(rendered.status == 0, "\(rendered.err)")
    #expect(rendered.out.contains("Events       1 sent"), "\(rendered.out)")
    #expect(rendered.out.contains("purchase sent with the payload"))
    let cast = attsim("cast", script, "--out", "-")
    #expect(cast.status == 0, "\(cast.err)")
    // Frames are drawn over the one before: the event's log line is in the last.
    #expect(cast.out.split(separator: "\n").last?.contains("purchase sent with the payloa") == true, "\(cast.out)")
  }
}
