import Foundation
import Testing
import TextSupport

@Suite struct CommandLineTests {
  @Test func usageErrorIsOneLineAndExitsTwo() {
    let outcome = attsim("matrix", "--format", "pdf")
    #expect(outcome.status == 2)
    #expect(outcome.err == "attsim: --format must be one of csv, markdown, attsim, not 'pdf' (see 'attsim --help')\n")
  }

  @Test func helpAndVersion() {
    #expect(attsim("--help").out.contains("attsim play [--report junit|markdown] [--output FILE] NAME|FILE…"))
    #expect(
      attsim("--help").out.contains(
        "attsim gallery [--app PATH] [--target NAME] [--configuration NAME] --out FILE.html"))
    #expect(attsim("help", "gallery").out.hasPrefix("USAGE: attsim gallery"))
    #expect(attsim("help", "matrix").out.hasPrefix("USAGE: attsim matrix"))
    // The second line names the ICU that orders right-to-left text, and its Unicode version.
    #expect(attsim("--version").out == "attsim 0.1.0\n\(ICULibrary.summary)\n")
  }

  @Test func matrixPrintsTheTestPlan() {
    let markdown = attsim("matrix")
    #expect(markdown.status == 0 && markdown.out.hasPrefix("# attsim QA test plan"))
    let csv = attsim("matrix", "--format", "csv")
    #expect(csv.status == 0 && csv.out.hasPrefix("row,ios,"))
  }

  @Test func theBuiltExecutablePassesArgumentsAndExitStatusThrough() throws {
    try #require(FileManager.default.isExecutableFile(atPath: builtAttsim.path), "built attsim next to the tests")
    let outcome = try runBuilt(["matrix", "--format", "pdf"])
    #expect(outcome.status == 2)
    #expect(outcome.err.hasPrefix("attsim: --format must be one of"))
  }
}

@Suite struct AssetLookupTests {
  @Test func theBuiltBinaryFindsTheDemoAppFromAnyDirectory() throws {
    let outcome = try runBuilt(["render"], in: URL(fileURLWithPath: "/"))
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("Lumen Demo"))
  }
}

@Suite struct GalleryCommandTests {
  @Test func writesThePageAtomically() throws {
    let folder = try temporaryFolder()
    let out = folder.appendingPathComponent("gallery.html").path
    let outcome = attsim("gallery", "--out", out)
    #expect(outcome.status == 0)
    #expect(outcome.err == "attsim gallery: 16 locales written to \(out)\n")
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["gallery.html"])
  }

  @Test func anAppWithoutLocalizationsShowsItsDevelopmentRegion() throws {
    let app = try temporaryFolder()
    _ = try write(
      "<plist><dict><key>CFBundleDevelopmentRegion</key><string>de</string>"
        + "<key>NSUserTrackingUsageDescription</key><string>Wir zeigen Werbung.</string></dict></plist>",
      to: "Info.plist", in: app)
    let out = app.appendingPathComponent("gallery.html").path
    let outcome = attsim("gallery", app.path, "--out", out)
    #expect(outcome.status == 0 && outcome.err == "attsim gallery: 1 locale written to \(out)\n")
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Wir zeigen Werbung."))
  }

  @Test func needsAnOutputFile() {
    let outcome = attsim("gallery")
    #expect(
      outcome.status == 2 && outcome.err == "attsim: attsim gallery needs --out FILE.html (see 'attsim --help')\n")
    let nowhere = attsim("gallery", "--out", "/no/such/dir/g.html")
    #expect(nowhere.status == 2 && nowhere.err.hasPrefix("attsim: cannot write '/no/such/dir/g.html'"))
  }
}
