import ConsentCore
import ConsentUI
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import Scenarios
import Testing

/// The README's captures and samples are the program's own output: each block after a
/// `<!-- output (in DIR): COMMAND -->` or `<!-- transcript (in DIR): CMD; CMD -->` comment is made by running
/// the built `attsim` there, so the README cannot drift. `RECORD_README=1 swift test --filter ReadmeTests`
/// writes them anew.
@Suite(.serialized) struct ReadmeTests {
  static let readme = repositoryRoot.appendingPathComponent("README.md")

  /// A generated block: where it is, how to make it, and what the README holds.
  struct Sample {
    var marker: String
    var folder: String
    var commands: [String]
    var isTranscript: Bool
    var blockRange: Range<Int>
    var text: String
  }

  /// Every marked block of the README.
  static func samples(in lines: [String]) -> [Sample] {
    var samples: [Sample] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("<!-- output (in ") || trimmed.hasPrefix("<!-- transcript (in "),
        let open = trimmed.range(of: "(in "), let close = trimmed.range(of: "): "),
        index + 1 < lines.count, lines[index + 1].hasPrefix("```")
      else { continue }
      let folder = String(trimmed[open.upperBound..<close.lowerBound])
      let body = trimmed[close.upperBound...].dropLast(" -->".count)
      let commands = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let end = lines[(index + 2)...].firstIndex(where: { $0 == "```" }) else { continue }
      samples.append(
        Sample(
          marker: trimmed, folder: folder, commands: commands, isTranscript: trimmed.hasPrefix("<!-- transcript"),
          blockRange: (index + 2)..<end, text: lines[(index + 2)..<end].map { $0 + "\n" }.joined()))
    }
    return samples
  }

  /// What the sample's commands print, run with bash in its folder with the built attsim first on PATH.
  static func output(of sample: Sample) throws -> String {
    var script = "export PATH=\"\(builtAttsim.deletingLastPathComponent().path):$PATH\"\n"
    for command in sample.commands {
      let quoted = command.replacingOccurrences(of: "'", with: "'\\''")
      if command == "echo $?" {
        script += "status=$?; printf '$ %s\\n' 'echo $?'; echo $status\n"
      } else {
        if sample.isTranscript { script += "printf '$ %s\\n' '\(quoted)'\n" }
        script += "\(command) 2>&1\n"
      }
    }
    let outcome = try runShell(script, in: repositoryRoot.appendingPathComponent(sample.folder))
    return outcome.out
  }

  @Test func everySampleIsWhatTheProgramPrints() throws {
    var lines = try String(contentsOf: Self.readme, encoding: .utf8).components(separatedBy: "\n")
    let samples = Self.samples(in: lines)
    #expect(samples.count >= 6, "the README's generated samples")
    let recording = ProcessInfo.processInfo.environment["RECORD_README"] != nil
    for sample in samples.reversed() {
      let made = try Self.output(of: sample)
      if recording {
        lines.replaceSubrange(
          sample.blockRange,
          with: made.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
      } else {
        #expect(sample.text == made, "README block after \(sample.marker) differs; RECORD_README=1 writes it")
      }
    }
    if recording { try lines.joined(separator: "\n").write(to: Self.readme, atomically: true, encoding: .utf8) }
  }

  /// ARCHITECTURE.md's code map names every target of Package.swift, so a module added is a module explained.
  @Test func theArchitectureNamesEveryTarget() throws {
    let package = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let map = try String(contentsOf: repositoryRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let targets = package.components(separatedBy: "name: \"").dropFirst().compactMap { $0.split(separator: "\"").first }
    #expect(targets.count > 20, "\(targets)")
    for target in targets { #expect(map.contains("`\(target)`"), "ARCHITECTURE.md does not name \(target)") }
  }

  /// The pictures and casts in docs/, each made by one attsim command from the repository's root.
  static let documents: [(file: String, arguments: [String])] = [
    ("docs/demo.svg", ["render", "--script", "docs/samples/capture.attsim", "--format", "svg"]),
    ("docs/demo.cast", ["cast", "docs/samples/capture.attsim", "--out", "-"]),
  ]

  @Test(arguments: documents.map(\.file))
  func everyDocumentIsWhatTheProgramMakes(file: String) throws {
    let arguments = try #require(Self.documents.first { $0.file == file }).arguments
    let made = try runBuilt(arguments, in: repositoryRoot)
    #expect(made.status == 0, "\(made.err)")
    let url = repositoryRoot.appendingPathComponent(file)
    if ProcessInfo.processInfo.environment["RECORD_README"] != nil {
      try made.out.write(to: url, atomically: true, encoding: .utf8)
    } else {
      #expect(try String(contentsOf: url, encoding: .utf8) == made.out, "\(file) differs; RECORD_README=1 writes it")
    }
  }

  /// The README's Install table lists what `make install` writes: the Makefile's files and the assets.
  @Test func theInstallTableIsWhatTheMakefileInstalls() throws {
    let makefile = try String(contentsOf: repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
    let joined = makefile.replacingOccurrences(of: "\\\n", with: " ")
    let filesLine = try #require(joined.split(separator: "\n").first { $0.hasPrefix("FILES := ") })
    let installed = Set(filesLine.dropFirst("FILES := ".count).split(whereSeparator: \.isWhitespace).map(String.init))
      .union(["share/attsim/Assets"])
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Install\n").dropFirst().first)
      .components(separatedBy: "\n## ")[0]
    let listed = Set(
      section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { String($0.dropFirst(3).prefix { $0 != "`" }) }
    )
    #expect(listed == installed)
  }

  /// The README's table of build dependencies names every system header the C targets include, every library
  /// a module map links, and every library the code loads by name: a new one cannot come in unlisted.
  @Test func theDependencyTableNamesEveryHeaderAndLibrary() throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let table = try #require(readme.components(separatedBy: "<!-- build-dependencies -->").dropFirst().first)
      .components(separatedBy: "\n\n")[0]
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.subpaths(atPath: sources.path)).filter {
      $0.hasSuffix(".c") || $0.hasSuffix(".h") || $0.hasSuffix(".modulemap")
    }
    var needed: Set<String> = []
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.hasPrefix("#include <") { needed.insert("`" + line.dropFirst("#include ".count) + "`") }
        if line.hasPrefix("link \"") { needed.insert("`lib" + line.dropFirst(6).prefix { $0 != "\"" } + ".so`") }
        // A name built from a macro ("libicuuc.so." and ICU's version) is matched by its literal start.
        for call in line.components(separatedBy: "dlopen(\"").dropFirst() {
          needed.insert("`" + call.prefix { $0 != "\"" })
        }
      }
    }
    #expect(needed.isSuperset(of: ["`<ncursesw/curses.h>`", "`libncursesw.so`", "`libfribidi.so.0"]), "\(needed)")
    for name in needed.sorted() { #expect(table.contains(name), "the README's dependency table lacks \(name)") }
  }

  /// The README's rule table names every rule `check` has, each with its usual severity first.
  @Test func theRuleTableIsEveryRuleWithItsSeverity() throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let table = try #require(readme.components(separatedBy: "<!-- rules:").dropFirst().first)
      .components(separatedBy: "\n\n")[0]
    var listed: [String: String] = [:]
    for row in table.split(separator: "\n") where row.hasPrefix("| `") {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      listed[String(cells[0].dropFirst().dropLast())] = String(cells[1].prefix { $0.isLetter })
    }
    #expect(Set(listed.keys) == Set(RuleID.allCases.map(\.rawValue)))
    for rule in RuleID.allCases { #expect(listed[rule.rawValue] == rule.severity.rawValue, "\(rule.rawValue)") }
  }

  /// The numbers and lists the README's prose quotes, as the code has them: each stands between
  /// `<!-- fact: NAME -->` and `<!-- end -->`.
  static func facts() throws -> [String: String] {
    let demo = try AppResources.load(FilePath(repositoryRoot.appendingPathComponent("Assets/DemoApp").path)).get()
    let scenarios = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Assets/Scenarios").path
    ).filter { $0.hasSuffix(".attsim") }
    return [
      "demo-languages": String(demo.localizations.count),
      "plan-releases": IOSVersion.planVersions.map(\.description).joined(separator: ", "),
      "plan-release-count": String(IOSVersion.planVersions.count),
      "matrix-rows": TestPlan.rows().count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))),
      "scenario-count": String(scenarios.count),
      "system-languages": String(
        try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Assets/System").path)
          .filter { $0.hasSuffix(".lproj") }.count),
    ]
  }

  /// The README's generated tables: each stands between `<!-- generated: NAME … -->` and `<!-- end -->`.
  static let generated: [String: String] = ["keys": KeyMap.markdownTable]

  /// Every fact and generated table is what the code says; `RECORD_README=1` writes them anew.
  @Test func everyFactAndGeneratedTableIsWhatTheCodeSays() throws {
    var readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let facts = try Self.facts()
    let recording = ProcessInfo.processInfo.environment["RECORD_README"] != nil
    var seen: Set<String> = []
    for (prefix, values, separator) in [("<!-- fact: ", facts, ""), ("<!-- generated: ", Self.generated, "\n")] {
      var searchFrom = readme.startIndex
      while let open = readme.range(of: prefix, range: searchFrom..<readme.endIndex),
        let close = readme.range(of: "-->", range: open.upperBound..<readme.endIndex),
        let end = readme.range(of: "<!-- end -->", range: close.upperBound..<readme.endIndex)
      {
        let name = String(readme[open.upperBound..<close.lowerBound].prefix { $0 != " " })
        let value = try #require(values[name], "the README names \(name), which the test does not know")
        seen.insert(name)
        let wanted = separator + value
        if recording {
          readme.replaceSubrange(close.upperBound..<end.lowerBound, with: wanted)
        } else {
          #expect(String(readme[close.upperBound..<end.lowerBound]) == wanted, "README \(name); RECORD_README=1")
        }
        searchFrom =
          readme.range(of: "<!-- end -->", range: open.upperBound..<readme.endIndex)?.upperBound ?? readme.endIndex
      }
    }
    #expect(seen == Set(facts.keys).union(Self.generated.keys))
    if recording { try readme.write(to: Self.readme, atomically: true, encoding: .utf8) }
  }

  /// The script table names every command the parser reads.
  @Test func theScriptTableNamesEveryCommand() throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let table = try #require(readme.components(separatedBy: "| command | meaning |").dropFirst().first)
      .components(separatedBy: "\n\n")[0]
    let rows = table.split(separator: "\n").map { $0.split(separator: "|").first.map(String.init) ?? "" }
    for command in ScriptParser.commands {
      #expect(rows.contains { $0.contains("`\(command)") }, "the README's script table lacks \(command)")
    }
  }
}
