import Foundation
import Testing

@testable import AttsimCommands

/// The completion scripts and the man page, run in the real shells and in groff: they are written from the
/// command table, so these tests check that what they offer is what the parser accepts.
@Suite struct CompletionTests {
  /// The Flutter fixture, whose app has exactly these languages.
  private let flutterApp = repositoryRoot.appendingPathComponent("Tests/Fixtures/FlutterApp").path

  private static func installed(_ tool: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)")
  }

  @Test func completionWordsAreTheAppsLocalesAndTheLibrarysScenarios() {
    #expect(attsim("completion", "words", "locales", flutterApp).out == "en\nde\nit\nja\n")
    let demo = attsim("completion", "words", "locales").out.split(separator: "\n")
    #expect(demo.contains("de") && demo.contains("pt-BR") && demo.contains("th"))
    let scenarios = attsim("completion", "words", "scenarios").out.split(separator: "\n").map(String.init)
    #expect(scenarios.contains("allow-method-a"))
    #expect(scenarios.count == ScenarioLibrary.entries().count)
  }

  @Test(arguments: [
    (["completion", "ksh"], "attsim completion needs bash, zsh or fish, not 'ksh'"),
    (["completion", "words", "colours"], "attsim completion words needs locales or scenarios"),
  ])
  func rejectsAnUnknownShellOrWordList(arguments: [String], message: String) {
    let outcome = attsim(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.err.contains(message))
  }

  /// Completes `line` (ending where the cursor is) with the bash script, as bash's programmable completion
  /// calls it, in `directory` and with `assets` as `ATTSIM_ASSETS` if given, and returns the offered words in
  /// order.
  private func bashCompletes(_ line: String, in directory: URL = repositoryRoot, assets: String? = nil) throws
    -> [String]
  {
    let script = """
      \(assets.map { "export ATTSIM_ASSETS='\($0)'" } ?? "")
      PATH="$(dirname "$ATTSIM"):$PATH"
      source <("$ATTSIM" completion bash)
      COMP_LINE='\(line)'
      # As bash splits a command line: at spaces, and around an equals sign.
      read -ra COMP_WORDS <<<"${COMP_LINE//=/ = }"
      [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      _attsim
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try runShell(script, in: directory)
    #expect(outcome.status == 0, "\(outcome.err)")
    return outcome.out.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesSubcommandsOptionsValuesLocalesAndScenarios() throws {
    #expect(try bashCompletes("attsim ren") == ["render"])
    #expect(try Set(bashCompletes("attsim ma")) == ["man", "matrix"])
    #expect(try bashCompletes("attsim render --format ") == ["text", "ansi", "svg", "html"])
    #expect(try bashCompletes("attsim play --rep") == ["--report"])
    #expect(try bashCompletes("attsim completion ") == ["--help", "bash", "zsh", "fish"])
    #expect(try bashCompletes("attsim --app Tests/Fixtures/FlutterApp --locale ") == ["en", "de", "it", "ja"])
    #expect(try bashCompletes("attsim --app=Tests/Fixtures/FlutterApp --locale=") == ["en", "de", "it", "ja"])
    #expect(try bashCompletes("attsim render --format=s") == ["svg"])
    #expect(try bashCompletes("attsim --scenario allow-method-").contains("allow-method-a"))
    #expect(try bashCompletes("attsim check Tests/Fixtures/Flu") == ["Tests/Fixtures/FlutterApp"])
  }

  @Test(.enabled(if: installed("fish"), "needs fish"))
  func fishCompletesTheSameWords() throws {
    let script = """
      PATH="$(dirname "$ATTSIM"):$PATH"
      "$ATTSIM" completion fish > "$TMPDIR_COMPLETION/attsim.fish"
      fish --no-config -c "source $TMPDIR_COMPLETION/attsim.fish
        complete -C 'attsim ren'; echo ==
        complete -C 'attsim render --format '; echo ==
        complete -C 'attsim --app Tests/Fixtures/FlutterApp --locale '; echo ==
        complete -C 'attsim completion '; echo ==
        complete -C 'attsim --app=Tests/Fixtures/FlutterApp --locale='"
      """
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try runShell("TMPDIR_COMPLETION='\(folder.path)'\n" + script, in: repositoryRoot)
    #expect(outcome.status == 0, "\(outcome.err)")
    let groups = outcome.out.components(separatedBy: "==\n").map { group in
      group.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(groups.count == 5)
    guard groups.count == 5 else { return }
    #expect(groups[0] == ["render"])
    #expect(Set(groups[1]) == ["text", "ansi", "svg", "html"])
    #expect(Set(groups[2]) == ["en", "de", "it", "ja"])
    #expect(Set(groups[3]) == ["bash", "zsh", "fish"])
    #expect(Set(groups[4]) == ["--locale=en", "--locale=de", "--locale=it", "--locale=ja"])
  }

  /// zsh's completion system only runs in an interactive shell: this types into zsh in tmux and reads the
  /// list it shows.
  @Test(.enabled(if: installed("zsh") && Tmux.isAvailable, "slow: ATTSIM_SLOW_TESTS=1, and zsh and tmux"))
  func zshCompletesInAnInteractiveShell() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try runShell("\"$ATTSIM\" completion zsh > '\(folder.path)/_attsim'", in: folder).status == 0)
    let binFolder = URL(fileURLWithPath: Tmux.attsim).deletingLastPathComponent().path
    let shell = try Tmux("env PATH='\(binFolder)':$PATH zsh -f", width: 100, height: 30, in: repositoryRoot.path)
    try shell.sendLiteral(
      "fpath=('\(folder.path)' $fpath); autoload -U compinit; compinit -u; print ready-$((6 * 7))\n")
    #expect(try shell.waitFor("ready-42"), "\(shell.screen)")

    let typedAndListed = [
      ("attsim render --format ", "ansi  html  svg   text"),
      ("attsim --app Tests/Fixtures/FlutterApp --locale ", "de  en  it  ja"),
      ("attsim ma", "matrix  -- the QA test plan of every combination"),
      ("attsim completion ", "bash  fish  zsh"),
      ("attsim --app=Tests/Fixtures/FlutterApp --locale=", "de  en  it  ja"),
    ]
    for (typed, listed) in typedAndListed {
      try shell.sendLiteral(typed)
      try shell.send("Tab")
      #expect(try shell.waitFor(listed), "\(typed): \(shell.screen)")
      // A clear line and a clear screen, so the next list cannot be this one's.
      try shell.send("C-u")
      try shell.send("C-l")
      #expect(try shell.waitUntil { !$0.contains(listed) }, "\(typed): \(shell.screen)")
    }
  }

  @Test(arguments: [
    ("allow-method-a", true), ("x y", true), ("$(touch PWNED)", true), ("zh-Hant", true), ("café", true),
    ("", false), ("esc\u{1B}[31m", false), ("new\nline", false), ("tab\t", false), ("nul\u{0}", false),
    ("del\u{7F}", false), ("csi\u{9B}31m", false), ("nel\u{85}", false), ("\u{202E}lanif", false),
    ("zero\u{200B}width", false), ("line\u{2028}separator", false),
  ])
  func offersOnlyWordsThatCanBeShown(word: String, offered: Bool) {
    #expect(Completions.isOfferable(word) == offered)
  }

  @Test func completionWordsLeaveOutWhatCannotBeShown() throws {
    let hostile = try HostileFolders()
    defer { hostile.remove() }
    let outcome = try runShell(
      """
      export ATTSIM_ASSETS='\(hostile.assets)'
      "$ATTSIM" completion words scenarios; echo ==
      "$ATTSIM" completion words locales '\(hostile.app)'
      """, in: hostile.work)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out == HostileFolders.offered.sorted().map { $0 + "\n" }.joined() + "==\nen\nde\n")
  }

  @Test func bashOffersHostileNamesAsTheyAreAndRunsNone() throws {
    let hostile = try HostileFolders()
    defer { hostile.remove() }
    func completes(_ line: String) throws -> [String] {
      try bashCompletes(line, in: hostile.work, assets: hostile.assets)
    }
    let offered = try completes("attsim --scenario ")
    #expect(offered == HostileFolders.offered.sorted())
    #expect(!offered.joined().contains("\u{1B}"))
    #expect(try completes("attsim --scenario al") == ["allow-method-a"])
    // What is typed is a prefix, not a pattern.
    #expect(try completes("attsim --scenario *") == ["*"])
    #expect(try completes("attsim --scenario $(") == ["$(touch PWNED)"])
    #expect(try completes("attsim --app \(hostile.app) --locale ") == ["en", "de"])
    #expect(names(in: hostile.work).isEmpty)
  }

  @Test(.enabled(if: installed("fish"), "needs fish"))
  func fishOffersHostileNamesAsTheyAreAndRunsNone() throws {
    let hostile = try HostileFolders()
    defer { hostile.remove() }
    let outcome = try runShell(
      """
      export ATTSIM_ASSETS='\(hostile.assets)'
      PATH="$(dirname "$ATTSIM"):$PATH"
      "$ATTSIM" completion fish > '\(hostile.root.path)/attsim.fish'
      fish --no-config -c "source '\(hostile.root.path)/attsim.fish'
        complete -C 'attsim --scenario '; echo ==
        complete -C 'attsim --scenario al'; echo ==
        complete -C 'attsim --app \(hostile.app) --locale '"
      """, in: hostile.work)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(!outcome.out.contains("\u{1B}"))
    let groups = outcome.out.components(separatedBy: "==\n").map { group in
      group.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(groups.count == 3)
    guard groups.count == 3 else { return }
    #expect(groups[0].sorted() == HostileFolders.offered.sorted())
    #expect(groups[1] == ["allow-method-a"])
    #expect(Set(groups[2]) == ["en", "de"])
    #expect(names(in: hostile.work).isEmpty)
  }

  /// zsh lists each word quoted as it would insert it.
  @Test(.enabled(if: installed("zsh") && Tmux.isAvailable, "slow: ATTSIM_SLOW_TESTS=1, and zsh and tmux"))
  func zshOffersHostileNamesQuotedAndRunsNone() throws {
    let hostile = try HostileFolders()
    defer { hostile.remove() }
    #expect(try runShell("\"$ATTSIM\" completion zsh > '\(hostile.root.path)/_attsim'", in: hostile.root).status == 0)
    let binFolder = URL(fileURLWithPath: Tmux.attsim).deletingLastPathComponent().path
    let shell = try Tmux(
      "env PATH='\(binFolder)':$PATH ATTSIM_ASSETS='\(hostile.assets)' zsh -f", width: 120, height: 30,
      in: hostile.work.path)
    try shell.sendLiteral(
      "fpath=('\(hostile.root.path)' $fpath); autoload -U compinit; compinit -u; print ready-$((6 * 7))\n")
    #expect(try shell.waitFor("ready-42"), "\(shell.screen)")

    try shell.sendLiteral("attsim --scenario ")
    try shell.send("Tab")
    #expect(try shell.waitFor("ask-not-to-track"), "\(shell.screen)")
    let listed = shell.screen
    for quoted in ["\\$\\(touch\\ PWNED\\)", "\\`touch\\ PWNED2\\`", "a\\;touch\\ PWNED3", "\\$HOME", "\\*", "x\\ y"] {
      #expect(listed.contains(quoted), "\(quoted): \(listed)")
    }
    #expect(!listed.contains("ESCAPED") && !listed.contains("NEWLINE"), "\(listed)")
    try shell.send("C-u")
    try shell.send("C-l")
    #expect(try shell.waitUntil { !$0.contains("ask-not-to-track") }, "\(shell.screen)")

    try shell.sendLiteral("attsim --scenario al")
    try shell.send("Tab")
    #expect(try shell.waitFor("attsim --scenario allow-method-a"), "\(shell.screen)")
    try shell.send("C-u")
    try shell.sendLiteral("attsim --app \(hostile.app) --locale ")
    try shell.send("Tab")
    #expect(try shell.waitFor("de  en"), "\(shell.screen)")
    #expect(names(in: hostile.work).isEmpty)
  }

  @Test func theManPageNamesEverySubcommandAndOptionAndIsPlainASCII() {
    let page = attsim("man").out
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    for spec in CommandTable.every {
      if !spec.name.isEmpty { #expect(page.contains(".SS attsim \(ManPage.roff(spec.name))\n")) }
      for option in spec.options {
        #expect(page.contains(".B \\-\\-\(ManPage.roff(option.name))"), "--\(option.name) of \(spec.name)")
      }
    }
  }

  @Test(.enabled(if: installed("groff"), "needs groff"))
  func groffRendersTheManPageWithoutAWarning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try runShell(
      """
      "$ATTSIM" man > '\(folder.path)/attsim.1'
      groff -man -ww -z -Tutf8 '\(folder.path)/attsim.1'
      groff -man -Tutf8 '\(folder.path)/attsim.1' 2>/dev/null | col -b | grep -c 'attsim render'
      """, in: folder)
    #expect(outcome.status == 0)
    #expect(outcome.err.isEmpty, "\(outcome.err)")
    #expect((Int(outcome.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 2)
  }
}

/// A scenario library and an app that are not to be trusted, in a temporary folder: file and folder names
/// that would run `touch PWNED…` if a shell expanded them, drive the terminal if printed, or split a line.
/// Completion runs in `work`, an empty folder, where any `touch` would leave its file.
private struct HostileFolders {
  /// The scenario names a library may hold that a shell must take as they are.
  static let hostile = ["$(touch PWNED)", "`touch PWNED2`", "a;touch PWNED3", "$HOME", "*", "x y"]
  /// The names completion offers: the hostile ones and two ordinary ones.
  static let offered = hostile + ["allow-method-a", "ask-not-to-track"]
  /// Names no completion offers: an escape sequence and a newline.
  static let unshowable = ["ESCAPED\u{1B}[31mWORD", "NEWLINE\nWORD"]

  let root: URL
  /// The folder to set as `ATTSIM_ASSETS`: the real demo app and system texts, and the hostile scenarios.
  let assets: String
  /// An app whose lproj folders are `en`, `de` and hostile names.
  let app: String
  let work: URL

  init() throws {
    let files = FileManager.default
    root = try temporaryFolder()
    let assetsURL = root.appendingPathComponent("Assets")
    let scenarios = assetsURL.appendingPathComponent("Scenarios")
    try files.createDirectory(at: scenarios, withIntermediateDirectories: true)
    for folder in ["DemoApp", "System"] {
      try files.createSymbolicLink(
        at: assetsURL.appendingPathComponent(folder),
        withDestinationURL: repositoryRoot.appendingPathComponent("Assets/\(folder)"))
    }
    let script = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Assets/Scenarios/allow-method-a.attsim"), encoding: .utf8)
    for name in Self.offered + Self.unshowable { _ = try write(script, to: name + ".attsim", in: scenarios) }
    assets = assetsURL.path

    let appURL = root.appendingPathComponent("App")
    try files.createDirectory(at: appURL, withIntermediateDirectories: true)
    _ = try write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDevelopmentRegion</key><string>en</string>
      <key>NSUserTrackingUsageDescription</key><string>Hostile uses your data.</string>
      </dict></plist>
      """, to: "Info.plist", in: appURL)
    for locale in ["en", "de"] + Self.hostile + Self.unshowable {
      let folder = appURL.appendingPathComponent(locale + ".lproj")
      try files.createDirectory(at: folder, withIntermediateDirectories: true)
      _ = try write("\"NSUserTrackingUsageDescription\" = \"Hi\";\n", to: "InfoPlist.strings", in: folder)
    }
    app = appURL.path

    work = root.appendingPathComponent("work")
    try files.createDirectory(at: work, withIntermediateDirectories: true)
  }

  /// Removes the whole temporary folder.
  func remove() { try? FileManager.default.removeItem(at: root) }
}
