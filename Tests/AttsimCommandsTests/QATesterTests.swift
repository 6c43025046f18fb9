import Foundation
import FoundationXML
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

  /// An app whose Info.plist does not parse (a `<string>` closed by `</strin>` on line 5), beside a script
  /// that names it.
  static func folderWithBrokenApp() throws -> (folder: URL, script: String) {
    let folder = try temporaryFolder()
    let app = folder.appendingPathComponent("Broken")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
    _ = try write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>NSUserTrackingUsageDescription</key>
        <string>We track</strin>
      </dict>
      </plist>

      """, to: "Info.plist", in: app)
    _ = try write(#""NSUserTrackingUsageDescription" = "x";"# + "\n", to: "en.lproj/InfoPlist.strings", in: app)
    return (folder, try write("app bundle=Broken\nsdk init\nrequest\n", to: "broken.attsim", in: folder))
  }

  /// `play`, `render --script` and `cast` stop at the reader's place, exit 2, run nothing; the UI, `render`
  /// and `cast` given the app with `--app` refuse it the same way.
  @Test func anAppThatCannotBeReadStopsTheScript() throws {
    let (folder, script) = try Self.folderWithBrokenApp()
    let place =
      folder.appendingPathComponent("Broken/Info.plist").path + ":5:19: error: the app's Info.plist cannot be read: "
    for arguments in [["play", script], ["render", "--script", script], ["cast", script, "--out", "-"]] {
      let outcome = attsim(arguments)
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.out.isEmpty, "\(arguments)")
      #expect(outcome.err.hasPrefix(place), "\(arguments): \(outcome.err)")
      #expect(outcome.err.hasSuffix(" (the app \(script):1:1 names)\n"), "\(arguments): \(outcome.err)")
      #expect(outcome.err.split(separator: "\n").count == 1)
    }
    let app = folder.appendingPathComponent("Broken").path
    for arguments in [["render", "--app", app], ["cast", "--app", app, script, "--out", "-"]] {
      let outcome = attsim(arguments)
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.err.hasPrefix("attsim: " + place), "\(arguments): \(outcome.err)")
    }
    // The UI says it on the terminal before it takes the terminal over.
    let ui = try runShell("TERM=xterm script -qec '$ATTSIM --app Broken' /dev/null", in: folder)
    #expect(ui.status == 2)
    #expect(ui.out.contains("Broken/Info.plist:5:19: error: the app's Info.plist cannot be read"), "\(ui.out)")
  }

  /// A library scenario's name works wherever a script does; a file of that name wins; a typo is exit 2 with
  /// the closest names.
  @Test func libraryNamesWorkWhereverAScriptDoes() throws {
    let played = attsim("play", "prepermission")
    #expect(played.status == 0, "\(played.err)")
    #expect(played.err.hasSuffix("attsim play: 1 script, 6 of 6 expectations passed\n"))
    #expect(attsim("render", "--script", "ios13-no-att").out.contains("iOS 13.7"))
    #expect(attsim("cast", "allow-method-a", "--out", "-").status == 0)
    let typo = attsim("play", "prepermision")
    #expect(typo.status == 2)
    #expect(
      typo.err
        == "attsim: no file or library scenario 'prepermision'; did you mean 'prepermission'? ('attsim scenarios' lists all 41)\n"
    )
    for arguments in [["render", "--script", "ios14-queued-promt"], ["cast", "opt-ot", "--out", "-"]] {
      let outcome = attsim(arguments)
      #expect(outcome.status == 2 && outcome.err.contains("; did you mean '"), "\(arguments): \(outcome.err)")
    }
    // A file named like a library scenario is the one run.
    let folder = try temporaryFolder()
    _ = try write("device ios=13.7\nexpect status=unavailable\n", to: "prepermission", in: folder)
    let local = try runShell("$ATTSIM play prepermission", in: folder)
    #expect(local.status == 0 && local.out.contains(#""file":"prepermission""#), "\(local.out)\(local.err)")
  }

  /// Both sides quoted; a long purpose string shows 60 columns of each around the first difference, with a
  /// caret under it.
  @Test func aFailedExpectationShowsTheDifference() throws {
    let folder = try Self.folderWithDemoApp()
    let long = "Lumen uses your data to show you ads that fit your interests and to measure how well they wörk"
    let script = try write(
      "app bundle=Lumen\nsdk init\nrequest\nexpect prompt-text=\"\(long)\" status=denied\n", to: "diff.attsim",
      in: folder)
    let outcome = attsim("play", script)
    #expect(outcome.status == 1)
    let lines = outcome.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines[0].hasSuffix(
        #"expect failed: prompt-text: expected "Lumen uses your data to show you ads that fit your interests…", got "Lumen uses your data to show you ads that fit your interests…""#
      ))
    #expect(lines[1] == #"  expected "…sure how well they wörk""#)
    #expect(lines[2] == #"  got      "…sure how well they work.""#)
    #expect(lines[3] == String(repeating: " ", count: 33) + "^")
    #expect(lines[4].hasSuffix(#"expect failed: status: expected "denied", got "notDetermined""#))
    // The JSON line keeps both values whole, as before.
    #expect(outcome.out.contains("prompt-text: expected \(long), got Lumen uses your data"))
  }

  /// `matrix --row N` prints a script that parses and passes in `play`; `--format attsim --out DIR` writes every
  /// row, one file each, named by its number, and every one passes.
  @Test func everyMatrixRowIsAScriptThatPlays() throws {
    let row = attsim("matrix", "--row", "170")
    #expect(row.status == 0)
    #expect(row.out.hasPrefix("# title: attsim matrix row 170, iOS 14.5\ndevice ios=14.5 kind=device"))
    #expect(
      row.out.hasSuffix(
        "\ntap ask-not-to-track\ntrack purchase\nexpect status=denied prompt=none device-idfa=zero att_authorization_status=denied advertising_id=absent event=sent warning=none\n"
      ))
    #expect(attsim("matrix", "--row", "1561").err == "attsim: --row must be a row of the plan, 1 to 1560, not '1561'\n")
    #expect(attsim("matrix", "--format", "attsim").status == 2)
    let folder = try temporaryFolder()
    let written = attsim("matrix", "--format", "attsim", "--out", folder.path)
    #expect(written.status == 0 && written.err == "attsim matrix: 1560 scripts written to \(folder.path)\n")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files.count == 1560 && files.first == "row-0001.attsim" && files.last == "row-1560.attsim")
    #expect(try String(contentsOf: folder.appendingPathComponent("row-0170.attsim"), encoding: .utf8) == row.out)
    let played = attsim(["play"] + files.map { folder.appendingPathComponent($0).path })
    #expect(played.status == 0)
    #expect(played.err.hasPrefix("attsim play: 1560 scripts, ") && played.err.hasSuffix(" expectations passed\n"))
    // Markdown names each row as --row takes it.
    #expect(attsim("matrix").out.contains("| Row | Device | Tracking switch |"))
  }

  /// Every case and suite has a `time` from the simulated clock, every suite that ran the app, target and
  /// locale its setup leaves; hostile names keep the XML well-formed.
  @Test func junitHasTimesAndPropertiesAndStaysWellFormed() throws {
    let folder = try Self.folderWithDemoApp()
    let hostile = #"L&<b>"q'\#u{1B}[2J"#
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("Lumen"), to: folder.appendingPathComponent(hostile))
    let script = try write(
      """
      # title: <a & "b"> \u{1B}[31m
      app bundle="\(hostile.replacingOccurrences(of: "\"", with: "\\\""))"
      app locale=de
      device ios=17.5
      sdk init
      request
      clock advance=30s
      expect prompt=shown
      tap allow
      clock advance=2d
      expect status=authorized

      """, to: "j.attsim", in: folder)
    let outcome = attsim("play", "--report", "junit", script, "prepermission")
    #expect(outcome.status == 0, "\(outcome.err)")
    let root = try #require(try XMLDocument(data: Data(outcome.out.utf8)).rootElement())
    #expect(root.attribute(forName: "time")?.stringValue == "172830")
    let suites = root.elements(forName: "testsuite")
    #expect(suites.map { $0.attribute(forName: "time")?.stringValue } == ["172830", "0"])
    let cases = suites.flatMap { $0.elements(forName: "testcase") }
    #expect(cases.prefix(2).map { $0.attribute(forName: "time")?.stringValue } == ["30", "172800"])
    #expect(cases.allSatisfy { $0.attribute(forName: "time") != nil })
    let properties = suites[0].elements(forName: "properties").first?.elements(forName: "property") ?? []
    #expect(
      properties.map { [$0.attribute(forName: "name")?.stringValue, $0.attribute(forName: "value")?.stringValue] }
        == [
          ["app", hostile.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")], ["target", "none"], ["locale", "de"],
        ])
    #expect(suites[0].attribute(forName: "name")?.stringValue?.hasPrefix(#"<a & "b">"#) == true)
  }
}
