import Foundation
import FoundationXML
import Testing

@Suite struct ReportTests {
  static let library = repositoryRoot.appendingPathComponent("Assets/Scenarios")

  static var libraryFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).filter { $0.hasSuffix(".attsim") }
      .sorted().map { library.appendingPathComponent($0).path }
  }

  func failingScript() throws -> String {
    let folder = try temporaryFolder()
    return try write(
      """
      # title: A scenario that fails
      # why: to test reports
      sdk init
      request
      tap allow
      expect status=denied advertising_id=zero
      tap allow
      expect status=authorized

      """,
      to: "failing.attsim", in: folder)
  }

  @Test func junitCoversTheWholeLibraryForCI() throws {
    let outcome = attsim(["play", "--report", "junit"] + Self.libraryFiles)
    #expect(outcome.status == 0)
    let document = try XMLDocument(data: Data(outcome.out.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "failures")?.stringValue == "0")
    let suites = root.elements(forName: "testsuite")
    #expect(suites.count == Self.libraryFiles.count)
    let cases = suites.flatMap { $0.elements(forName: "testcase") }
    #expect(cases.count == Int(root.attribute(forName: "tests")?.stringValue ?? ""))
    #expect(cases.count > 60)
  }

  @Test func junitNamesEachFailureAndRefusal() throws {
    let script = try failingScript()
    let outcome = attsim("play", "--report", "junit", script)
    #expect(outcome.status == 1)
    let document = try XMLDocument(data: Data(outcome.out.utf8))
    let root = try #require(document.rootElement())
    #expect(root.attribute(forName: "failures")?.stringValue == "2")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
    let failures = cases.flatMap { $0.elements(forName: "failure") }
    #expect(
      failures.compactMap { $0.attribute(forName: "message")?.stringValue } == [
        "status: expected denied, got authorized",
        "advertising_id: expected zero, got 6D92078A-8246-4BA4-AE5B-76104861E7DC",
      ])
    let errors = cases.flatMap { $0.elements(forName: "error") }
    #expect(errors.first?.attribute(forName: "message")?.stringValue == "no ATT dialog is on screen")
    #expect(cases.flatMap { $0.elements(forName: "skipped") }.count == 1)
  }

  @Test func markdownIsABugReport() throws {
    let script = try failingScript()
    let outcome = attsim("play", "--report", "markdown", script)
    #expect(outcome.status == 1)
    let report = outcome.out
    #expect(report.hasPrefix("# attsim report\n\n1 scenario · 1 failed\n"))
    #expect(report.contains("## ✗ A scenario that fails"))
    #expect(report.contains("— to test reports"))
    #expect(report.contains("1. `sdk init` (line 3)"))
    #expect(report.contains("4. `tap allow` (line 7) ✗ could not happen: no ATT dialog is on screen"))
    #expect(report.contains("| 6 | `status=denied` | authorized | ✗ |"))
    #expect(report.contains("| 8 | `expect status=authorized` | not reached | – |"))
    #expect(report.contains("\"att_authorization_status\":\"authorized\""))
  }

  @Test func outputIsWrittenAtomically() throws {
    let folder = try temporaryFolder()
    let target = folder.appendingPathComponent("report.xml").path
    let outcome = attsim(["play", "--report", "junit", "--output", target] + Self.libraryFiles.prefix(2))
    #expect(outcome.status == 0 && outcome.out.isEmpty)
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<?xml"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
    let json = folder.appendingPathComponent("lines.jsonl").path
    #expect(attsim(["play", "--output", json, Self.libraryFiles[0]]).status == 0)
    #expect(try String(contentsOfFile: json, encoding: .utf8).hasPrefix("{\"file\":"))
    let nowhere = attsim(["play", "--report", "markdown", "--output", "/no/such/dir/r.md", Self.libraryFiles[0]])
    #expect(nowhere.status == 2 && nowhere.err.hasPrefix("attsim: cannot write '/no/such/dir/r.md'"))
  }

  @Test func scenariosListsTheLibraryWithTitles() {
    let outcome = attsim("scenarios")
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("allow-method-a"))
    #expect(outcome.out.contains("A request at launch on iOS 15+ shows no prompt"))
    #expect(outcome.out.contains("\(Self.libraryFiles.count) scenarios"))
  }

  @Test func scenariosNameTheAppTheyNeed() {
    let outcome = attsim("play", Self.library.appendingPathComponent("missing-locale-falls-back.attsim").path)
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("\"prompt_source\":\"Info.plist\""))
  }

  @Test func aMissingBundleIsAScriptError() throws {
    let folder = try temporaryFolder()
    let script = try write("app bundle=../nowhere\nrequest\n", to: "b.attsim", in: folder)
    let outcome = attsim("play", script)
    #expect(outcome.status == 2)
    #expect(outcome.err.hasPrefix("\(script):1:1: error: cannot open the app bundle:"))
  }
}
