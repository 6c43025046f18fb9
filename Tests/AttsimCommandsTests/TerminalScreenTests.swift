import Foundation
import Testing

/// What a real terminal (tmux) shows is exactly what `attsim render` prints for the same state and size:
/// after resizes, and for text in every script the width model must get right.
@Suite(.enabled(if: Tmux.isAvailable, "needs tmux")) struct TerminalScreenTests {
  static let worldScripts = repositoryRoot.appendingPathComponent("Tests/Fixtures/WorldScripts").path

  /// `attsim render` with these arguments, as the expected screen.
  static func rendered(_ arguments: [String]) throws -> String {
    let outcome = try runBuilt(["render"] + arguments)
    #expect(outcome.status == 0, "\(outcome.err)")
    return outcome.out
  }

  @Test func afterEveryResizeTheScreenIsWhatRenderDraws() throws {
    let tmux = try Tmux(Tmux.attsim, width: 100, height: 30)
    for (width, height) in [(100, 30), (100, 40), (100, 30), (160, 50), (80, 24)] {
      try tmux.resize(width: width, height: height)
      let expected = try Self.rendered(["--width", "\(width)", "--height", "\(height)"])
      #expect(try tmux.waitForScreen(expected), "\(width)×\(height):\n\(tmux.screen)")
    }
    // A key after the resizes draws the next screen whole, too.
    try tmux.send("p")
    #expect(try tmux.waitForScreen(try Self.rendered(["--keys", "p"])), "\(tmux.screen)")
    try tmux.send("q")
    #expect(tmux.waitForExit() == 0)
  }

  @Test func ctrlLRepaintsWhatSomethingElseWroteOverTheScreen() throws {
    let tmux = try Tmux(Tmux.attsim)
    let expected = try Self.rendered([])
    #expect(try tmux.waitForScreen(expected), "\(tmux.screen)")
    // Another program scribbles on the terminal (as `wall` or a background job would).
    let tty = try tmux.paneFlag("pane_tty")
    try "\u{1B}[5;5Hscribble scribble".write(toFile: tty, atomically: false, encoding: .utf8)
    #expect(try tmux.waitFor("scribble"))
    try tmux.send("C-l")
    #expect(try tmux.waitForScreen(expected), "\(tmux.screen)")
  }

  /// The dialog with each locale's purpose string: Devanagari with spacing marks and conjuncts, Thai with
  /// tone marks, Arabic with harakat, Hebrew with niqqud, Japanese, and English with combining accents and
  /// emoji (a skin tone, a family joined by zero-width joiners, a heart with a variation selector).
  @Test(arguments: ["hi", "th", "ar", "he", "ja", "en"])
  func everyScriptTakesTheColumnsTheTerminalGivesIt(locale: String) throws {
    let tmux = try Tmux("'\(Tmux.attsim)' --app '\(Self.worldScripts)' --locale \(locale)")
    #expect(try tmux.waitFor("simulator controls"), "\(tmux.screen)")
    try tmux.send("p", "Enter")
    let expected = try Self.rendered(["--app", Self.worldScripts, "--locale", locale, "--keys", "p enter"])
    #expect(try tmux.waitForScreen(expected), "expected:\n\(expected)\nshown:\n\(tmux.screen)")
  }
}
