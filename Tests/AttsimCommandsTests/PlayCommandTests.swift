import Foundation
import Testing

@Suite struct PlayCommandTests {
  static let scenarioFolder = repositoryRoot.appendingPathComponent("Assets/Scenarios")

  static var scenarioFiles: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".attsim") }.sorted()
  }

  @Test func theLibraryHoldsAtLeastTwelveScenarios() {
    #expect(Self.scenarioFiles.count >= 12)
  }

  @Test(arguments: scenarioFiles)
  func everyLibraryScenarioPassesThroughPlay(name: String) throws {
    let path = Self.scenarioFolder.appendingPathComponent(name).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("# title: "), "\(name) starts with its title")
    #expect(text.contains("\nexpect "), "\(name) checks something")
    let outcome = attsim("play", path)
    #expect(outcome.status == 0, "\(outcome.err)")
    let summary = try #require(
      outcome.err.wholeMatch(of: /attsim play: 1 script, (\d+) of (\d+) expectations? passed\n/))
    #expect(summary.1 == summary.2 && summary.1 != "0")
  }

  @Test func printsOneJSONObjectPerCommand() throws {
    let folder = try temporaryFolder()
    let path = try write(
      "# comment\nsdk init\n\nrequest\ntap allow\nexpect status=authorized\n", to: "s.attsim", in: folder)
    let outcome = attsim("play", path)
    #expect(outcome.status == 0)
    let lines = outcome.out.split(separator: "\n")
    #expect(lines.count == 4)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      for key in ["line", "command", "status", "prompt", "crashed", "device_idfa", "payload", "events", "warnings"] {
        #expect(object?[key] != nil, "\(key) in \(line)")
      }
    }
    // One object per command line, in order: lines 2, 4, 5 and 6 (1 is a comment, 3 is empty).
    let numbers = try lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["line"] as? Int
    }
    #expect(numbers == [2, 4, 5, 6])
  }

  @Test func failedExpectationExitsOneAndNamesFileLineColumnKey() throws {
    let folder = try temporaryFolder()
    let path = try write("sdk init\nrequest\ntap allow\nexpect prompt=none status=denied\n", to: "f.attsim", in: folder)
    let outcome = attsim("play", path)
    #expect(outcome.status == 1)
    #expect(
      outcome.err
        == "\(path):4:20: expect failed: status: expected \"denied\", got \"authorized\"\nattsim play: 1 script, 1 of 2 expectations passed\n"
    )
  }

  @Test func refusedStepExitsOne() throws {
    let folder = try temporaryFolder()
    let path = try write("  tap allow\n", to: "r.attsim", in: folder)
    let outcome = attsim("play", path)
    #expect(outcome.status == 1)
    #expect(
      outcome.err
        == "\(path):1:3: step failed: tap allow: no ATT dialog is on screen\nattsim play: 1 script, 0 of 0 expectations passed, 1 stopped at a step that could not happen\n"
    )
  }

  /// A script with an error runs nothing of itself; the others run, and the exit status says one could not.
  @Test func aScriptErrorRunsNothingOfItsScriptTheOthersRunAndExitsTwo() throws {
    let folder = try temporaryFolder()
    let good = try write("sdk init\nexpect status=notDetermined\n", to: "good.attsim", in: folder)
    let bad = try write("sdk init\ntap alow\n", to: "bad.attsim", in: folder)
    let outcome = attsim("play", good, bad)
    #expect(outcome.status == 2)
    #expect(outcome.out.split(separator: "\n").count == 2 && !outcome.out.contains("bad.attsim"))
    #expect(
      outcome.err
        == "\(bad):2:5: error: tap cannot do \"alow\"; did you mean \"allow\"? expected one of allow, ask-not-to-track, additional-information\nattsim play: 2 scripts, 1 of 1 expectation passed, 1 could not run\n"
    )
  }

  /// In a report, a file that cannot run is an errored case with its error: CI still gets the whole report.
  @Test func aReportKeepsEveryScriptAndMakesAnUnusableOneAnErroredCase() throws {
    let folder = try temporaryFolder()
    let good = try write("sdk init\nexpect status=notDetermined\n", to: "good.attsim", in: folder)
    let bad = try write("tapp allow\n", to: "bad.attsim", in: folder)
    let missing = folder.appendingPathComponent("missing.attsim").path
    let junit = attsim("play", "--report", "junit", good, bad, missing)
    #expect(junit.status == 2)
    #expect(junit.out.contains("<testsuites name=\"attsim\" tests=\"3\" failures=\"0\" errors=\"2\" time=\"0\">"))
    #expect(junit.out.contains("<error type=\"script\" message=\"\(bad):1:1: error: unknown command"))
    #expect(junit.out.contains("cannot read"))
    let markdown = attsim("play", "--report", "markdown", good, bad)
    #expect(markdown.status == 2 && markdown.out.contains("2 scenarios · 1 failed"))
    #expect(markdown.out.contains("**Could not run**"))
  }

  @Test(arguments: [
    ("missing.attsim", "attsim: cannot read '{dir}/missing.attsim': no such file\n"),
    ("", "attsim: cannot read '{dir}/': it is a folder\n"),
  ])
  func unreadableFileExitsTwo(name: String, message: String) throws {
    let folder = try temporaryFolder()
    let outcome = attsim("play", folder.path + "/" + name)
    #expect(outcome.status == 2)
    #expect(outcome.err == message.replacingOccurrences(of: "{dir}", with: folder.path))
  }

  @Test func nonUTF8FileExitsTwo() throws {
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("latin1.attsim").path
    #expect(
      FileManager.default.createFile(atPath: path, contents: Data([0x74, 0x72, 0x61, 0x63, 0x6B, 0x20, 0xE9, 0x0A])))
    let outcome = attsim("play", path)
    #expect(outcome.status == 2 && outcome.err == "\(path):1:7: error: not UTF-8 text (byte 0xE9 at offset 6)\n")
  }
}
