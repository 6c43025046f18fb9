import Foundation
import Testing

/// Tuist manifests built to make a pattern reader backtrack or rescan (issue 40): each is read in one pass and
/// answered at once. The shell's timeout only tells a hang from an answer; it is not a measure of speed.
@Suite struct TuistBoundsTests {
  /// A folder holding `manifest` as its Project.swift and an `InfoPlist.strings` at each of `strings`.
  static func project(_ manifest: String, strings: [String] = []) throws -> URL {
    let folder = try temporaryFolder()
    _ = try write(manifest, to: "Project.swift", in: folder)
    for path in strings {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try "\"NSUserTrackingUsageDescription\" = \"From \(path).\";\n".write(to: file, atomically: true, encoding: .utf8)
    }
    return folder
  }

  /// Stars that the old recursive matcher tried in every combination (`a*a*…b` against forty `a`s, sixty `**`
  /// against a path eight folders deep): neither matches, and the one glob that does gives the strings file.
  @Test func resourceGlobsOfManyStarsAreMatchedAtOnce() throws {
    let names = String(repeating: "a*", count: 12) + "b.lproj/InfoPlist.strings"
    let folders = String(repeating: "**/", count: 60) + "de.lproj/InfoPlist.strings"
    let deep = "Res/a/a/a/a/a/en.lproj/InfoPlist.strings"
    let folder = try Self.project(
      """
      let project = Project(name: "Tu", targets: [.target(name: "Tu", destinations: .iOS, product: .app,
        infoPlist: .extendingDefault(with: ["NSUserTrackingUsageDescription": "Tracks."]),
        resources: ["Res/\(names)", "Res/\(folders)", "Res/**/en.lproj/*.strings"])])
      """, strings: ["Res/\(String(repeating: "a", count: 40)).lproj/InfoPlist.strings", deep])
    let outcome = try runShell("\"$ATTSIM\" prompts \"\(folder.path)\"", in: folder, seconds: 120)
    #expect(outcome.status == 0, "\(outcome.out) \(outcome.err)")
    #expect(outcome.out.contains("\(deep):1:36"), "\(outcome.out)")
    #expect(!outcome.out.contains("aaaa"), "\(outcome.out)")
  }

  /// Each unclosed call's arguments once ran to the end of the file: now every bracket is matched in one pass.
  @Test func tensOfThousandsOfUnclosedTargetCallsAreReadInOnePass() throws {
    let folder = try Self.project(
      "let p = Project(name: \"X\", targets: [" + String(repeating: "Target(", count: 40_000))
    let outcome = try runShell("\"$ATTSIM\" prompts \"\(folder.path)\"", in: folder, seconds: 120)
    #expect(outcome.status == 2, "\(outcome.out) \(outcome.err)")
    #expect(outcome.err.contains("has an Xcode project but no iOS app target"), "\(outcome.err)")
  }

  /// Thousands of targets share one large dictionary defined after thousands of others: found and read once.
  @Test func manyTargetsExtendingOneNamedInfoPlistFindItOnce() throws {
    let targets = (0..<5_000).map {
      ".target(name: \"App\($0)\", product: .app, infoPlist: .extendingDefault(with: entries)),\n"
    }
    let folder = try Self.project(
      "let project = Project(name: \"App\", targets: [\n" + targets.joined() + "])\n"
        + String(repeating: "let unused = 1\n", count: 5_000)
        + "let entries: [String: Plist.Value] = [\"NSUserTrackingUsageDescription\": \"Tracks.\", "
        + (0..<20_000).map { "\"K\($0)\": \"v\"" }.joined(separator: ", ") + "]\n")
    let outcome = try runShell("\"$ATTSIM\" prompts --target App4999 \"\(folder.path)\"", in: folder, seconds: 120)
    #expect(outcome.status == 0, "\(outcome.out) \(outcome.err)")
    #expect(outcome.out.contains("Project.swift:10003:39  \"Tracks.\""), "\(outcome.out)")
  }
}
