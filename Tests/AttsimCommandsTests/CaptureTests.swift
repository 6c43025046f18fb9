import Foundation
import FoundationXML
import TerminalModel
import Testing

/// Capture: screens as SVG, HTML and ANSI, and casts whose last frame is what `render` prints.
@Suite struct CaptureTests {
  static let capture = repositoryRoot.appendingPathComponent("docs/samples/capture.attsim").path

  @Test func theSVGIsAnImageWithTheDialogsText() throws {
    let outcome = attsim("render", "--script", Self.capture, "--format", "svg")
    #expect(outcome.status == 0)
    let document = try XMLDocument(data: Data(outcome.out.utf8))
    #expect(document.rootElement()?.name == "svg")
    let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue).joined(
      separator: "\n")
    #expect(texts.contains("Allow “Lumen Demo” to track"))
    #expect(texts.contains("Ask App Not to Track"))
    // Every cell of a row is accounted for: runs are placed at their columns and stretched to their cells.
    #expect(outcome.out.contains("textLength=") && outcome.out.contains("lengthAdjust=\"spacingAndGlyphs\""))
  }

  /// Captures draw the buttons as an iPhone does, without the keyboard's focus (brackets, reverse video, ▸),
  /// unless `--focus`; the text format, what snapshots and the tests read, keeps it.
  @Test(arguments: ["svg", "html", "ansi"])
  func capturesShowTheFocusOnlyWhenAsked(format: String) {
    let plain = attsim("render", "--script", Self.capture, "--format", format).out
    let focused = attsim("render", "--script", Self.capture, "--format", format, "--focus").out
    #expect(!plain.contains("[ Ask App Not to Track ]") && plain.contains("Ask App Not to Track"))
    #expect(focused.contains("[ Ask App Not to Track ]"))
    #expect(attsim("render", "--script", Self.capture).out.contains("[ Ask App Not to Track ]"))
  }

  @Test func theHTMLIsAPreWithStyledSpans() {
    let outcome = attsim("render", "--script", Self.capture, "--format", "html")
    #expect(outcome.out.hasPrefix("<!DOCTYPE html>") && outcome.out.contains("<pre"))
    #expect(outcome.out.contains("Allow “Lumen Demo” to track"))
    #expect(outcome.out.contains("<span style=\"font-weight:bold;\">"))
  }

  @Test func ansiHasColoursUnlessNoColor() throws {
    // The test runner may set NO_COLOR itself: each run says what it wants.
    let coloured = try runShell("env -u NO_COLOR \"$ATTSIM\" render --format ansi", in: repositoryRoot)
    #expect(coloured.out.contains("\u{1B}[0;33m") && coloured.out.contains("\u{1B}[0;32m"))
    let plain = try runShell("NO_COLOR=1 \"$ATTSIM\" render --format ansi", in: repositoryRoot)
    #expect(plain.out.contains("\u{1B}[0;1;7m"))
    #expect(!plain.out.contains("\u{1B}[0;33m") && !plain.out.contains(";3"))
  }

  @Test func aCastPlaysBackToWhatRenderPrints() throws {
    let folder = try temporaryFolder()
    let out = folder.appendingPathComponent("demo.cast").path
    let outcome = attsim("cast", Self.capture, "--out", out, "--pace", "0.5", "--focus")
    #expect(outcome.status == 0, "\(outcome.err)")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
    let header = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
    var terminal = TerminalModel(width: 80, height: 24)
    var times: [Double] = []
    for line in lines.dropFirst() {
      let event = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      times.append(try #require(event[0] as? Double))
      #expect(event[1] as? String == "o")
      terminal.feed(try #require(event[2] as? String))
    }
    #expect(times == (0..<times.count).map { Double($0) * 0.5 })
    #expect(terminal.text == attsim("render", "--script", Self.capture).out)
    // Without --focus the buttons look as on an iPhone.
    let plain = attsim("cast", Self.capture, "--out", "-").out
    #expect(plain.contains("Ask App Not to Track") && !plain.contains("[ Ask App Not to Track ]"))
  }
}
