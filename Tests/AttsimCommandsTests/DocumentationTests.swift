import AttsimCommands
import ConsentCore
import ConsentUI
import FileAccess
import Foundation
import PromptCheck
import PromptStrings
import Scenarios
import Testing

/// The README and the pages in docs/ cannot drift from the program. Each block after a
/// `<!-- output (in DIR): COMMAND -->` or `<!-- transcript (in DIR): CMD; CMD -->` comment is made by running
/// the built `attsim` there; every other block is a command attsim accepts, a script it parses, or a command
/// of the build; the tables of keys, rules, script commands, dependencies and installed files are the code's.
/// `RECORD_DOCS=1 swift test --filter DocumentationTests` writes the generated parts anew.
@Suite(.serialized) struct DocumentationTests {
  /// The README and every page of docs/, as paths from the repository's root.
  static let documents: [String] = {
    let docs = repositoryRoot.appendingPathComponent("docs").path
    let pages = (try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []
    return ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }()

  /// Whether the generated parts are written anew rather than compared (`RECORD_DOCS=1`).
  static let recording = ProcessInfo.processInfo.environment["RECORD_DOCS"] != nil

  static func text(of document: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
  }

  static func write(_ text: String, to document: String) throws {
    try text.write(to: repositoryRoot.appendingPathComponent(document), atomically: true, encoding: .utf8)
  }

  /// A fenced block of a document: its opening line's language, the comment line before it, and its lines.
  struct Block {
    var language: String
    var marker: String
    var bodyRange: Range<Int>
    var body: [String]
  }

  /// Every fenced block of `lines`.
  static func blocks(in lines: [String]) -> [Block] {
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```"),
        let end = lines[(index + 1)...].firstIndex(where: { $0 == "```" })
      else {
        index += 1
        continue
      }
      let marker = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
      blocks.append(
        Block(
          language: String(lines[index].dropFirst(3)), marker: marker, bodyRange: (index + 1)..<end,
          body: Array(lines[(index + 1)..<end])))
      index = end + 1
    }
    return blocks
  }

  /// A generated block: the folder its commands run in, the commands, and whether the commands are shown.
  struct Sample {
    var folder: String
    var commands: [String]
    var isTranscript: Bool

    /// The sample a block's marker asks for, or nil when the block is not generated.
    init?(marker: String) {
      guard marker.hasPrefix("<!-- output (in ") || marker.hasPrefix("<!-- transcript (in "),
        let open = marker.range(of: "(in "), let close = marker.range(of: "): "), marker.hasSuffix(" -->")
      else { return nil }
      folder = String(marker[open.upperBound..<close.lowerBound])
      commands = marker[close.upperBound...].dropLast(" -->".count).split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      isTranscript = marker.hasPrefix("<!-- transcript")
    }

    /// What the commands print, run with bash in the folder with the built attsim first on PATH.
    func output() throws -> String {
      var script = "export PATH=\"\(builtAttsim.deletingLastPathComponent().path):$PATH\"\n"
      for command in commands {
        let quoted = command.replacingOccurrences(of: "'", with: "'\\''")
        if command == "echo $?" {
          script += "status=$?; printf '$ %s\\n' 'echo $?'; echo $status\n"
        } else {
          if isTranscript { script += "printf '$ %s\\n' '\(quoted)'\n" }
          script += "\(command) 2>&1\n"
        }
      }
      return try runShell(script, in: repositoryRoot.appendingPathComponent(folder)).out
    }
  }

  @Test(arguments: documents)
  func everySampleIsWhatTheProgramPrints(document: String) throws {
    var lines = try Self.text(of: document).components(separatedBy: "\n")
    for block in Self.blocks(in: lines).reversed() {
      guard let sample = Sample(marker: block.marker) else { continue }
      let made = try sample.output()
      if Self.recording {
        lines.replaceSubrange(
          block.bodyRange,
          with: made.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
      } else {
        #expect(
          block.body.map { $0 + "\n" }.joined() == made,
          "\(document): the block after \(block.marker) differs; RECORD_DOCS=1 writes it")
      }
    }
    if Self.recording { try Self.write(lines.joined(separator: "\n"), to: document) }
  }

  /// The words of a shell command line as a user types them: quotes removed, a comment, a redirection or
  /// a pipe ending the command.
  static func words(of line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
        continue
      }
      if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else if !inWord && (character == "#" || character == ">" || character == "|") {
        return words
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// Why a command line shown in a document would not work, or nil when it would.
  static func problem(with line: String) -> String? {
    var words = words(of: line)
    while let first = words.first, first.contains("="), first.first?.isUppercase == true { words.removeFirst() }
    guard let program = words.first else { return nil }
    let arguments = Array(words.dropFirst())
    let root = repositoryRoot.path + "/"
    switch program {
    case "attsim":
      do {
        _ = try ArgumentParser.parse(arguments)
        return nil
      } catch { return "attsim refuses it: \(error)" }
    case "swift":
      guard let subcommand = arguments.first, ["run", "test", "build"].contains(subcommand) else {
        return "not a swift command the project uses"
      }
      if let filter = arguments.firstIndex(of: "--filter"), filter + 1 < arguments.count {
        let suite = arguments[filter + 1]
        let tests = FileManager.default.subpaths(atPath: root + "Tests") ?? []
        return tests.contains { $0.hasSuffix("/\(suite).swift") } ? nil : "no test suite \(suite)"
      }
      return nil
    case "make":
      let makefile = (try? String(contentsOfFile: root + "Makefile", encoding: .utf8)) ?? ""
      let targets = arguments.filter { !$0.contains("=") }
      return targets.allSatisfy { makefile.contains("\n\($0):") } ? nil : "not a target of the Makefile"
    case "bash":
      guard let script = arguments.first else { return "bash with no script" }
      return FileManager.default.fileExists(atPath: root + script) ? nil : "no script \(script)"
    case "chromium":
      return nil
    default:
      return FileManager.default.isExecutableFile(atPath: root + program) ? nil : "an unknown program"
    }
  }

  /// Every block that is not generated holds commands attsim and the build accept, or a script attsim parses.
  @Test(arguments: documents)
  func everyOtherBlockIsACommandOrAScriptThatWorks(document: String) throws {
    let lines = try Self.text(of: document).components(separatedBy: "\n")
    for block in Self.blocks(in: lines) where Sample(marker: block.marker) == nil {
      switch block.language {
      case "sh":
        for line in block.body where !line.hasPrefix("#") && !line.isEmpty {
          if let problem = Self.problem(with: line) { Issue.record("\(document): `\(line)`: \(problem)") }
        }
      case "attsim":
        do {
          _ = try ScriptParser.parse(block.body.joined(separator: "\n"), file: document)
        } catch { Issue.record("\(document): a script that does not parse: \(error)") }
      default:
        Issue.record("\(document): a block that is neither generated nor a command (```\(block.language))")
      }
    }
  }

  /// ARCHITECTURE.md's code map names every target of Package.swift, so a module added is a module explained.
  @Test func theArchitectureNamesEveryTarget() throws {
    let package = try Self.text(of: "Package.swift")
    let map = try Self.text(of: "ARCHITECTURE.md")
    let targets = package.components(separatedBy: "name: \"").dropFirst().compactMap { $0.split(separator: "\"").first }
    #expect(targets.count > 20, "\(targets)")
    for target in targets { #expect(map.contains("`\(target)`"), "ARCHITECTURE.md does not name \(target)") }
  }

  /// The README links every page of docs/, and every relative link of every document reaches a file.
  @Test func everyPageIsLinkedAndEveryLinkResolves() throws {
    let readme = try Self.text(of: "README.md")
    for document in Self.documents where document != "README.md" {
      #expect(readme.contains("](\(document))"), "the README does not link \(document)")
    }
    for document in Self.documents + ["ARCHITECTURE.md"] {
      let folder = repositoryRoot.appendingPathComponent(document).deletingLastPathComponent()
      for piece in try Self.text(of: document).components(separatedBy: "](").dropFirst() {
        let target = piece.prefix { $0 != ")" && $0 != "#" }
        guard !target.isEmpty, !target.contains("://") else { continue }
        let path = folder.appendingPathComponent(String(target)).standardized.path
        #expect(FileManager.default.fileExists(atPath: path), "\(document) links \(target), which is not there")
      }
    }
  }

  /// The pictures and casts in docs/, each made by one attsim command from the repository's root.
  static let pictures: [(file: String, arguments: [String])] = [
    ("docs/demo.svg", ["render", "--script", "docs/samples/capture.attsim", "--format", "svg"]),
    ("docs/demo.cast", ["cast", "docs/samples/capture.attsim", "--out", "-"]),
  ]

  @Test(arguments: pictures.map(\.file))
  func everyPictureIsWhatTheProgramMakes(file: String) throws {
    let arguments = try #require(Self.pictures.first { $0.file == file }).arguments
    let made = try runBuilt(arguments, in: repositoryRoot)
    #expect(made.status == 0, "\(made.err)")
    if Self.recording {
      try Self.write(made.out, to: file)
    } else {
      #expect(try Self.text(of: file) == made.out, "\(file) differs; RECORD_DOCS=1 writes it")
    }
  }

  /// The rows of the Markdown table that follows `heading` in `document`, as cells.
  static func table(after heading: String, in document: String) throws -> [[String]] {
    let text = try Self.text(of: document)
    let rest = try #require(text.components(separatedBy: heading).dropFirst().first, "\(document): \(heading)")
    let lines = rest.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("|") }
    return lines.prefix { $0.hasPrefix("|") }.dropFirst(2).map { row in
      row.dropFirst().dropLast().components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  /// The Install table lists what `make install` writes: the Makefile's files and the assets.
  @Test func theInstallTableIsWhatTheMakefileInstalls() throws {
    let makefile = try Self.text(of: "Makefile").replacingOccurrences(of: "\\\n", with: " ")
    let filesLine = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("FILES := ") })
    let installed = Set(filesLine.dropFirst("FILES := ".count).split(whereSeparator: \.isWhitespace).map(String.init))
      .union(["share/attsim/Assets"])
    let listed = try Self.table(after: "## Install\n", in: "docs/building.md").map {
      String($0[0].dropFirst().prefix { $0 != "`" })
    }
    #expect(Set(listed) == installed)
  }

  /// The table of build dependencies names every system header the C targets include, every library a module
  /// map or `Package.swift` links, and every library the code loads by name: a new one cannot come in unlisted.
  /// What only macOS uses (`#ifdef __APPLE__`, `.when(platforms: [.macOS])`) is named in docs/platforms.md.
  @Test func theDependencyTableNamesEveryHeaderAndLibrary() throws {
    let table = try Self.table(after: "<!-- build-dependencies -->", in: "docs/building.md").map {
      $0.joined(separator: " | ")
    }.joined(separator: "\n")
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.subpaths(atPath: sources.path)).filter {
      $0.hasSuffix(".c") || $0.hasSuffix(".h") || $0.hasSuffix(".modulemap")
    }
    var needed: Set<String> = []
    var macOS: Set<String> = []
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      var inApple = false
      for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.hasPrefix("#if") || line.hasPrefix("#else") || line.hasPrefix("#endif") {
          inApple = line == "#ifdef __APPLE__"
        }
        if line.hasPrefix("#include <") {
          let header = "`" + line.dropFirst("#include ".count) + "`"
          if inApple { macOS.insert(header) } else { needed.insert(header) }
        }
        if line.hasPrefix("link \"") { needed.insert("`lib" + line.dropFirst(6).prefix { $0 != "\"" } + ".so`") }
        for call in line.components(separatedBy: "dlopen(\"").dropFirst() {
          needed.insert("`" + call.prefix { $0 != "\"" } + "`")
        }
      }
    }
    let package = try Self.text(of: "Package.swift")
    for setting in package.components(separatedBy: ".linkedLibrary(\"").dropFirst() {
      let name = setting.prefix { $0 != "\"" }
      if setting.prefix(while: { $0 != ")" }).contains(".macOS") {
        macOS.insert("`lib\(name)`")
      } else {
        needed.insert("`lib\(name).so`")
      }
    }
    #expect(
      needed.isSuperset(of: ["`<ncursesw/curses.h>`", "`libncursesw.so`", "`<unicode/ubidi.h>`", "`libicuuc.so`"]),
      "\(needed)")
    #expect(macOS.isSuperset(of: ["`<curses.h>`", "`libncurses`"]), "\(macOS)")
    for name in needed.sorted() { #expect(table.contains(name), "the dependency table lacks \(name)") }
    let platforms = try Self.text(of: "docs/platforms.md")
    for name in macOS.sorted() { #expect(platforms.contains(name), "docs/platforms.md lacks \(name)") }
  }

  /// The rule table names every rule `check` has, each with its usual severity first, and each rule has a
  /// section saying what it finds, why, its severity, how to fix it and where the rule comes from.
  @Test func theRulePageIsEveryRuleWithItsSeverity() throws {
    var listed: [String: String] = [:]
    for cells in try Self.table(after: "<!-- rules:", in: "docs/check-rules.md") {
      listed[String(cells[0].dropFirst().dropLast())] = String(cells[1].prefix { $0.isLetter })
    }
    #expect(Set(listed.keys) == Set(RuleID.allCases.map(\.rawValue)))
    let page = try Self.text(of: "docs/check-rules.md")
    for rule in RuleID.allCases {
      #expect(listed[rule.rawValue] == rule.severity.rawValue, "\(rule.rawValue)")
      let section = try #require(
        page.components(separatedBy: "\n### `\(rule.rawValue)`\n").dropFirst().first, "no section \(rule.rawValue)"
      ).components(separatedBy: "\n#")[0]
      for label in ["**What**", "**Why**", "**Severity**", "**How to fix**", "**Source**"] {
        #expect(section.contains(label), "the section of \(rule.rawValue) lacks \(label)")
      }
    }
  }

  /// The script table names every command the parser reads.
  @Test func theScriptTableNamesEveryCommand() throws {
    let rows = try Self.table(after: "## Commands\n", in: "docs/script-language.md").map(\.[0])
    for command in ScriptParser.commands {
      #expect(rows.contains { $0.contains("`\(command)") }, "the script table lacks \(command)")
    }
  }

  /// The pre-permission table's keys are the ones attsim reads (an app with exactly them shows no sample),
  /// and its English column is the sample an app without them shows.
  @Test func thePrePermissionTableIsWhatAttsimReads() throws {
    let rows = try Self.table(after: "## The pre-permission screen's texts", in: "docs/real-projects.md")
    let keys = rows.map { String($0[0].dropFirst().dropLast()) }
    let app = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
    try "<plist><dict><key>CFBundleDisplayName</key><string>Kite</string></dict></plist>".write(
      to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let system = try AppResources.load(FilePath(repositoryRoot.appendingPathComponent("Assets/System").path)).get()
    func texts() throws -> ScreenTexts {
      AppTexts(app: try AppResources.load(FilePath(app.path)).get(), system: system).texts(locale: "en")
    }
    let sample = try texts()
    let shown = [sample.prePermissionTitle, sample.prePermissionBody, sample.continueLabel, sample.notNowLabel]
    #expect(rows.map { $0[2].replacing("%@", with: "Kite") } == shown)
    try keys.map { "\"\($0)\" = \"own\";\n" }.joined().write(
      to: app.appendingPathComponent("en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
    let own = try texts()
    #expect(!own.prePermissionIsSample && own.prePermissionTitle == "own" && own.notNowLabel == "own")
  }

  /// The numbers and lists the documents' prose quotes, as the code has them: each stands between
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

  /// The generated tables: each stands between `<!-- generated: NAME … -->` and `<!-- end -->`.
  static let generated: [String: String] = ["keys": KeyMap.markdownTable]

  /// Every fact and generated table in every document is what the code says, and each is quoted somewhere;
  /// `RECORD_DOCS=1` writes them anew.
  @Test func everyFactAndGeneratedTableIsWhatTheCodeSays() throws {
    let facts = try Self.facts()
    var seen: Set<String> = []
    for document in Self.documents {
      var text = try Self.text(of: document)
      for (prefix, values, separator) in [("<!-- fact: ", facts, ""), ("<!-- generated: ", Self.generated, "\n")] {
        var searchFrom = text.startIndex
        while let open = text.range(of: prefix, range: searchFrom..<text.endIndex),
          let close = text.range(of: "-->", range: open.upperBound..<text.endIndex),
          let end = text.range(of: "<!-- end -->", range: close.upperBound..<text.endIndex)
        {
          let name = String(text[open.upperBound..<close.lowerBound].prefix { $0 != " " })
          let value = try #require(values[name], "\(document) names \(name), which the test does not know")
          seen.insert(name)
          let wanted = separator + value
          if Self.recording {
            text.replaceSubrange(close.upperBound..<end.lowerBound, with: wanted)
          } else {
            #expect(String(text[close.upperBound..<end.lowerBound]) == wanted, "\(document): \(name); RECORD_DOCS=1")
          }
          searchFrom =
            text.range(of: "<!-- end -->", range: open.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
        }
      }
      if Self.recording { try Self.write(text, to: document) }
    }
    #expect(seen == Set(facts.keys).union(Self.generated.keys))
  }

  /// The README stays a front door: short enough to read before trying the program.
  @Test func theReadmeIsAFrontDoor() throws {
    let lines = try Self.text(of: "README.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 300, "README.md has \(lines.count) lines; depth belongs in docs/")
  }
}
