import Foundation
import StringsFiles
import Testing

/// Issue 15: bad files, odd paths, FIFOs, devices, full disks, closed streams. Each test makes its FIFOs and
/// links in a temporary folder, and never renames anything onto a device.
@Suite struct HostileInputTests {
  static let script = "sdk init\nrequest\ntap allow\nexpect status=authorized\n"

  // MARK: 1. No overwrite through a planted link

  @Test func aPlantedLinkAtTheOldTemporaryNameNoLongerRedirectsTheOutput() throws {
    let folder = try temporaryFolder()
    let victim = try write("precious\n", to: "victim", in: folder)
    let work = folder.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    _ = try write(Self.script, to: "ok.attsim", in: work)
    // The attack of the issue: the shell's PID is the PID attsim gets after exec.
    let outcome = try runShell(
      "ln -s ../victim .tt.json.$$.tmp; exec \"$ATTSIM\" play --output tt.json ok.attsim", in: work)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    #expect(try String(contentsOf: work.appendingPathComponent("tt.json"), encoding: .utf8).contains("authorized"))
  }

  @Test func anOutputThatIsALinkIsRefusedAndItsTargetKept() throws {
    let folder = try temporaryFolder()
    let target = try write("keep me\n", to: "target.txt", in: folder)
    let script = try write(Self.script, to: "s.attsim", in: folder)
    let link = folder.appendingPathComponent("out.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let outcome = attsim("play", "--output", link, script)
    #expect(outcome.status == 2)
    #expect(outcome.err.contains("is a symbolic link") && outcome.err.split(separator: "\n").count == 1)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    #expect(names(in: folder) == ["out.json", "s.attsim", "target.txt"])
  }

  @Test func anOutputThatIsAFIFOOrAFolderIsRefusedWithoutWaiting() throws {
    let folder = try temporaryFolder()
    let script = try write(Self.script, to: "s.attsim", in: folder)
    let fifo = folder.appendingPathComponent("fifo.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let toFIFO = attsim("play", "--output", fifo, script)
    #expect(toFIFO.status == 2 && toFIFO.err.contains("FIFO"))
    let toFolder = attsim("play", "--output", folder.path, script)
    #expect(toFolder.status == 2 && toFolder.err.contains("folder"))
    #expect(names(in: folder) == ["fifo.json", "s.attsim"])
  }

  // MARK: 2. No crash on odd paths or closed streams

  @Test func oneCharacterPathsWork() throws {
    let folder = try temporaryFolder()
    _ = try write(Self.script, to: "s", in: folder)
    let outcome = try runShell(
      """
      "$ATTSIM" play s >/dev/null && "$ATTSIM" gallery --out a 2>/dev/null && "$ATTSIM" play --output o s \
        && mkdir x && "$ATTSIM" gallery --out x/ 2>/dev/null && "$ATTSIM" gallery --out - | head -c 15
      """, in: folder)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out == "<!DOCTYPE html>")
    #expect(names(in: folder) == ["a", "o", "s", "x"])
    #expect(names(in: folder.appendingPathComponent("x")) == ["gallery.html"])
  }

  @Test func aGalleryIntoAFolderThatDoesNotExistSaysSo() throws {
    let folder = try temporaryFolder()
    let outcome = try runShell("\"$ATTSIM\" gallery --out missing/", in: folder)
    #expect(outcome.status == 2)
    #expect(
      outcome.err == "attsim: cannot write 'missing/gallery.html': cannot create a file in 'missing': no such folder\n")
  }

  @Test(arguments: [
    ("\"$ATTSIM\" matrix > /dev/full", 2, "attsim: cannot write to standard output: no space left on the device\n"),
    ("\"$ATTSIM\" matrix >&-", 2, "attsim: cannot write to standard output: it is closed\n"),
    // The CSV plan is larger than a pipe's buffer, so a write must fail once the reader has gone.
    ("trap '' PIPE; \"$ATTSIM\" matrix --format csv | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}", 141, ""),
  ])
  func aStandardStreamThatFailsEndsWithOneLine(script: String, status: Int32, message: String) throws {
    let outcome = try runShell(script, in: try temporaryFolder())
    #expect(outcome.status == status)
    #expect(outcome.err == message)
  }

  // MARK: 3. No hang, no unbounded read

  @Test(arguments: ["de.lproj/InfoPlist.strings", "Info.plist", "InfoPlist.xcstrings"])
  func aFIFOInAnAppIsReportedNotOpenedForever(name: String) throws {
    let folder = try temporaryFolder()
    let app = folder.appendingPathComponent("App")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    if name != "Info.plist" {
      _ = try write(
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSUserTrackingUsageDescription</key><string>Ads.</string></dict></plist>",
        to: "Info.plist", in: app)
    }
    #expect(mkfifo(app.appendingPathComponent(name).path, 0o600) == 0)
    _ = try write("app bundle=App\nsdk init\nexpect status=notDetermined\n", to: "s.attsim", in: folder)
    let outcome = try runShell(
      """
      "$ATTSIM" check App; echo "check=$?"; "$ATTSIM" render --app App >/dev/null; echo "render=$?"
      "$ATTSIM" gallery --app App --out g.html; echo "gallery=$?"; "$ATTSIM" play s.attsim >/dev/null; echo "play=$?"
      """, in: folder, seconds: 60)
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("\(name): error: cannot be read: it is a FIFO (named pipe), not a regular file"))
    // An app whose Info.plist cannot be read is not simulated (DECISIONS D91).
    let simulated = name == "Info.plist" ? 2 : 0
    #expect(["render", "gallery", "play"].allSatisfy { outcome.out.contains("\($0)=\(simulated)") }, "\(outcome.out)")
  }

  @Test func aDeviceOrAHugeFileIsRefusedWithoutReadingIt() throws {
    let folder = try temporaryFolder()
    let zero = attsim("check", "/dev/zero")
    #expect(zero.status == 2)
    #expect(zero.err == "attsim: cannot check '/dev/zero': it is in /dev: attsim never reads system files\n")
    // A sparse 65 MB file: refused by its size alone.
    let huge = folder.appendingPathComponent("Huge.strings").path
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    #expect(truncate(huge, 65 << 20) == 0)
    let outcome = attsim("check", huge)
    #expect(outcome.status == 2)
    #expect(outcome.err == "attsim: cannot check '\(huge)': it is 65 MB, more than the 64 MB attsim reads\n")
  }

  @Test func aHugePurposeStringIsCheckedAndDrawnOnlyAsFarAsItCanBeShown() throws {
    let folder = try temporaryFolder()
    let app = folder.appendingPathComponent("App")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
    let words = String(repeating: "tracking helps us show ads ", count: 400_000)  // 10.8 MB
    _ = try write(
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSUserTrackingUsageDescription</key><string>\(words)</string></dict></plist>",
      to: "Info.plist", in: app)
    let check = attsim("check", app.path)
    #expect(check.out.contains("read only its first 4096 characters"), "\(check.out)")
    let render = attsim("render", "--app", app.path, "--script", try write("request\n", to: "r.attsim", in: folder))
    #expect(render.status == 0 && render.out.contains("…"))
  }

  // MARK: 4. The folder walk

  @Test func linksToTheFolderItselfDoNotMultiplyTheWalk() throws {
    let folder = try temporaryFolder()
    let app = folder.appendingPathComponent("App")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    _ = try write("\"NSUserTrackingUsageDescription\" = \"Werbung.\";\n", to: "de.lproj/InfoPlist.strings", in: app)
    for index in 1...5 {
      try FileManager.default.createSymbolicLink(
        atPath: app.appendingPathComponent("loop\(index)").path, withDestinationPath: ".")
    }
    let outcome = try runShell("\"$ATTSIM\" check --format json App", in: folder)
    let findings = try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [[String: Any]] ?? []
    // One folder, one file: the links are not walked.
    #expect(findings.map { $0["rule"] as? String } == ["no-app"])
  }

  // MARK: 5. Memory that does not grow with the history

  @Test func twentyThousandEventsRunAndCountRight() throws {
    let folder = try temporaryFolder()
    let lines = ["sdk init"] + (1...20_000).map { "track e\($0)" } + ["expect event=sent"]
    let path = try write(lines.joined(separator: "\n") + "\n", to: "many.attsim", in: folder)
    let outcome = attsim("play", "--report", "junit", path)
    #expect(outcome.status == 0)
    let last = attsim("play", path).out.split(separator: "\n").last ?? ""
    #expect(last.contains("\"events\":{\"sent\":20000,\"queued\":0,\"held\":0,\"dropped\":0,\"blocked\":0}"))
  }

  // MARK: 6. No output replaces an input

  @Test func anOutputThatIsTheScriptIsRefused() throws {
    let folder = try temporaryFolder()
    let script = try write(Self.script, to: "s.attsim", in: folder)
    let outcome = attsim("play", "--output", script, script)
    #expect(outcome.status == 2)
    #expect(outcome.err.contains("it is one of this command's inputs"))
    #expect(try String(contentsOfFile: script, encoding: .utf8) == Self.script)
  }

  @Test func aFullDiskLeavesNoTemporaryFileAndNoHalfOutput() throws {
    let folder = try temporaryFolder()
    _ = try write(Self.script + String(repeating: "track event\n", count: 100), to: "s.attsim", in: folder)
    // A file size limit of 1 KB plays the full disk: the report is larger.
    let outcome = try runShell("ulimit -f 1; \"$ATTSIM\" play --report markdown --output out.md s.attsim", in: folder)
    #expect(outcome.status == 2)
    #expect(outcome.err == "attsim: cannot write 'out.md': the file is larger than this process may write\n")
    #expect(names(in: folder) == ["s.attsim"])
  }

  // MARK: 7. Reports that render as text

  @Test func aMarkdownReportQuotesWhatScriptsAndAppsSay() throws {
    let folder = try temporaryFolder()
    let path = try write(
      "# title: <script>alert(1)</script> *bold* | pipe\n# why: <img src=x onerror=alert(2)>\nsdk init\ntrack `x`\nexpect status=denied\n",
      to: "x.attsim", in: folder)
    let report = attsim("play", "--report", "markdown", path).out
    #expect(!report.contains("<script>") && !report.contains("<img"))
    #expect(report.contains("&lt;script&gt;alert(1)&lt;/script&gt; \\*bold\\* \\| pipe"))
    #expect(report.contains("&lt;img src=x onerror=alert(2)&gt;"))
    #expect(report.contains("1. `sdk init`") && report.contains("`track 'x'`"))
  }

  @Test func sarifURIsArePercentEncodedAndRelativeToTheCheckedFolder() throws {
    let folder = try temporaryFolder()
    let app = folder.appendingPathComponent("My App#1")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("Localized Files/de.lproj"), withIntermediateDirectories: true)
    _ = try write(
      "\"NSUserTrackingUsageDescription\" = \"\";\n", to: "Localized Files/de.lproj/InfoPlist.strings", in: app)
    let outcome = attsim("check", "--format", "sarif", app.path)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["SRCROOT"]?["uri"]
    #expect(
      base == "file://" + app.path.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "#", with: "%23")
        + "/")
    let locations = (run["results"] as? [[String: Any]] ?? []).compactMap {
      (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
        as? [String: String]
    }
    #expect(
      locations.contains { $0 == ["uri": "Localized%20Files/de.lproj/InfoPlist.strings", "uriBaseId": "SRCROOT"] })
  }

  // MARK: 8. Escapes are measured as they are drawn

  @Test func wrappingCountsTheEscapeOfAControlCharacter() throws {
    let folder = try temporaryFolder()
    let app = folder.appendingPathComponent("App")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    _ = try write(
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSUserTrackingUsageDescription</key><string>abc\u{202C}def and zero width and more words here to wrap</string></dict></plist>",
      to: "Info.plist", in: app)
    let script = try write("request\n", to: "r.attsim", in: folder)
    let screen = attsim("render", "--app", app.path, "--script", script).out
    let text = screen.split(separator: "\n").joined(separator: " ")
    for word in ["abc\\u{202C}def", "zero", "width", "and more", "words", "here", "wrap"] {
      #expect(text.contains(word), "\(word) in \(screen)")
    }
  }

  // MARK: 10. Smaller

  @Test func aFolderWithoutAnAppSaysSo() throws {
    let folder = try temporaryFolder()
    _ = try write("\"a\" = \"b\";\n", to: "Localizable.strings", in: try subfolder("de.lproj", of: folder))
    let outcome = attsim("check", folder.path)
    #expect(outcome.out.contains("warning: found no Info.plist, Xcode project or built app here"))
  }

  @Test func anUnreadableStringsFileIsReportedOnce() throws {
    let folder = try temporaryFolder()
    _ = try write(
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSUserTrackingUsageDescription</key><string>Ads.</string></dict></plist>",
      to: "Info.plist", in: folder)
    let lproj = try subfolder("de.lproj", of: folder)
    #expect(mkfifo(lproj.appendingPathComponent("InfoPlist.strings").path, 0o600) == 0)
    let outcome = attsim("check", folder.path)
    let lines = outcome.out.split(separator: "\n").filter { $0.contains("de.lproj") }
    #expect(
      lines == [
        "\(lproj.path)/InfoPlist.strings: error: cannot be read: it is a FIFO (named pipe), not a regular file [parse-error]"
      ])
  }

  @Test func catalogValuesOfTheWrongTypeAreReported() throws {
    let folder = try temporaryFolder()
    let path = try write(
      """
      {"sourceLanguage":"en","strings":{
        "NSUserTrackingUsageDescription":{"localizations":{
          "de":{"stringUnit":{"state":"translated","value":5}},
          "fr":"oops"}}}}
      """, to: "InfoPlist.xcstrings", in: folder)
    let outcome = attsim("check", folder.path)
    #expect(
      outcome.out.contains(
        "\(path):3:5: error: the de localization of \"NSUserTrackingUsageDescription\" has a \"value\" that is not a string"
      ))
    #expect(
      outcome.out.contains(
        "\(path):4:5: error: the fr localization of \"NSUserTrackingUsageDescription\" is not an object"))
    #expect(outcome.status == 1)
  }

  @Test func aHugeTokenIsCutInTheError() throws {
    let token = String(repeating: "x", count: 1_000_000)
    let folder = try temporaryFolder()
    let path = try write(token + "\n", to: "t.attsim", in: folder)
    let outcome = attsim("play", path)
    #expect(outcome.status == 2)
    #expect(outcome.err.count < 400 && outcome.err.contains("…"))
    let argument = attsim("matrix", "--format", token)
    #expect(argument.err.count < 300 && argument.err.contains("…"))
  }

  @Test func aLookAlikeLetterIsNamedWhereItIs() throws {
    let folder = try temporaryFolder()
    let path = try write("r\u{0435}quest\n", to: "c.attsim", in: folder)
    let outcome = attsim("play", path)
    #expect(
      outcome.err
        == "\(path):1:1: error: unknown command \"r\u{0435}quest\"; \"r\u{0435}quest\" is not \"request\": its character 2 is U+0435 CYRILLIC SMALL LETTER IE, which only looks like \"e\"\n"
    )
    let argument = attsim("pl\u{0430}y", "x")
    #expect(argument.err.contains("its character 3 is U+0430 CYRILLIC SMALL LETTER A, which only looks like \"a\""))
  }

  @Test func aDevelopmentRegionMustBeALanguageTag() {
    let outcome = attsim("check", "--dev-region", "../../etc", "Assets")
    #expect(outcome.status == 2)
    #expect(
      outcome.err.hasPrefix("attsim: --dev-region must be a language tag like en, pt-BR or zh-Hant, not '../../etc'"))
  }

  private func subfolder(_ name: String, of folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
