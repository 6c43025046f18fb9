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
  /// calls it, and returns the offered words in order.
  private func bashCompletes(_ line: String) throws -> [String] {
    let script = """
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
    let outcome = try runShell(script, in: repositoryRoot)
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
  @Test(.enabled(if: installed("zsh") && Tmux.isAvailable, "needs zsh and tmux"))
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
