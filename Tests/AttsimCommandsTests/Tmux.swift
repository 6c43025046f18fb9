import Foundation

/// A real terminal for end-to-end tests: the built `attsim` running in a detached tmux session, on a tmux
/// server of its own (`tmux -L`), so tests never share a server or wait on each other's.
final class Tmux {
  let name: String
  /// The tmux server's socket name, unique to this terminal.
  let socket: String
  /// Where the pane's shell writes the command's exit status when it ends.
  let statusFile: String
  private static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether the suites in tmux run: they are slow (`ATTSIM_SLOW_TESTS=1`, which CI sets) and need tmux.
  static var isAvailable: Bool { slowTestsEnabled && tmux != nil }

  /// The built attsim next to the test bundle.
  static var attsim: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("attsim").path
  }

  /// Starts `command` in a new `width`×`height` session, in `directory` if given. The pane's shell stays
  /// after the command (so its last screen stays to be read: a pane that dies is cleared by tmux).
  init(_ command: String, width: Int = 80, height: Int = 24, in directory: String? = nil) throws {
    let id = UUID().uuidString.prefix(8)
    name = "attsim-test-\(id)"
    socket = "attsim-test-\(id)"
    statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-exit-\(id)").path
    // The pane's shell writes attsim's exit status to a file when it ends, first to a temporary name and then
    // renamed, so a reader never sees half of it; then it waits until the test kills the server.
    let change = directory.map { "cd '\($0)' && " } ?? ""
    let script =
      "\(change)\(command); echo $? > '\(statusFile).part'; mv '\(statusFile).part' '\(statusFile)'; exec sleep 86400"
    // No configuration file: every test starts from tmux's defaults.
    try run(
      ["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", script],
      capturing: false)
  }

  deinit {
    _ = try? run(["kill-server"], capturing: false)
    unlink(statusFile)
  }

  /// Sends tmux key names (`p`, `Enter`, `C-c`).
  func send(_ keys: String...) throws {
    for key in keys { try run(["send-keys", "-t", name, key], capturing: false) }
  }

  /// The pane's text.
  func capture() throws -> String {
    try run(["capture-pane", "-p", "-t", name])
  }

  /// The pane's text with the SGR codes of its cells' styles, trailing spaces kept (they may be styled).
  func captureWithStyles() throws -> String {
    try run(["capture-pane", "-p", "-e", "-N", "-t", name])
  }

  /// Sends `text` as typed, byte for byte (escape sequences included).
  func sendLiteral(_ text: String) throws {
    try run(["send-keys", "-t", name, "-l", text], capturing: false)
  }

  /// The pane's text, or nothing if tmux fails (for failure messages).
  var screen: String { (try? capture()) ?? "" }

  /// Waits until the pane shows `text`; returns whether it did within `seconds`.
  func waitFor(_ text: String, seconds: Double = 20) throws -> Bool {
    try waitUntil(seconds: seconds) { $0.contains(text) }
  }

  /// The process id of the command (a child of the pane's shell).
  func commandPID() throws -> Int32 {
    let shell = try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    // Never 0: kill(0, …) would signal the whole process group, the test runner included.
    guard let pid = Int32(children.split(separator: " ").first ?? ""), pid > 0 else { throw TmuxError.noCommand }
    return pid
  }

  /// The command's exit status once it has ended, from the file the pane's shell wrote.
  func exitStatus() -> Int? {
    guard let text = try? String(contentsOfFile: statusFile, encoding: .utf8) else { return nil }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Waits until the command has ended and returns its exit status (nil if it did not end in `seconds`).
  func waitForExit(seconds: Double = 20) -> Int? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let status = exitStatus() { return status }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return nil
  }

  /// Waits until `condition` holds for the pane's text; returns whether it did within `seconds`.
  func waitUntil(seconds: Double = 20, _ condition: (String) -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(try capture()) { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// Waits until the pane's format variable `name` reads `value` (tmux reads a pane's output on its own time:
  /// the process may have ended before tmux has seen its last bytes).
  func waitForFlag(_ name: String, _ value: String, seconds: Double = 20) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try paneFlag(name) == value { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// A tmux format variable of the pane (`alternate_on`, `cursor_flag`, `mouse_any_flag`).
  func paneFlag(_ variable: String) throws -> String {
    try run(["display-message", "-p", "-t", name, "#{\(variable)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits until the pane shows exactly `expected` (each line without trailing spaces), as `attsim render`
  /// prints a screen; returns whether it did within `seconds`.
  func waitForScreen(_ expected: String, seconds: Double = 20) throws -> Bool {
    let wanted = Tmux.normalized(expected)
    return try waitUntil(seconds: seconds) { Tmux.normalized($0) == wanted }
  }

  /// A screen's lines without trailing spaces, and without trailing empty lines.
  static func normalized(_ screen: String) -> [String] {
    var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Resizes the window.
  func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"], capturing: false)
  }

  /// Runs tmux with posix_spawn rather than Foundation's `Process`. The child gets /dev/null for input and
  /// errors and a fresh temporary file for output (read after it exits: no pipe whose end a tmux server
  /// could keep open), and every other descriptor is closed in it, atomically, with glibc's
  /// `posix_spawn_file_actions_addclosefrom_np`: the server a command may start lives on, and must not hold
  /// any descriptor of ours or of a test running beside this one.
  @discardableResult
  private func run(_ arguments: [String], capturing: Bool = true) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-tmux-\(UUID().uuidString)").path
    defer { unlink(output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, capturing ? output : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    guard let closeFrom = Tmux.closeFrom else { throw TmuxError.spawnFailed }
    _ = closeFrom(&actions, 3)
    let path = Tmux.tmux ?? "/usr/bin/tmux"
    let argv = ([path, "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // The calling thread may block signals (test runners' worker threads do); the child must not inherit
    // that, or the server it starts ignores the SIGTERM that `kill-server` sends it and lives on.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 else { throw TmuxError.spawnFailed }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard capturing else { return "" }
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not
  /// declare.
  private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(
      symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
  }()
}

/// tmux could not be started.
enum TmuxError: Error {
  case spawnFailed
  /// The pane's shell has no child: the command has already ended.
  case noCommand
}
