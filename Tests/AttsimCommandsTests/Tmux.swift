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

  /// Whether tmux is installed.
  static var isAvailable: Bool { tmux != nil }

  /// The built attsim next to the test bundle.
  static var attsim: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("attsim").path
  }

  /// Starts `command` in a new `width`×`height` session, in `directory` if given; the pane stays after the
  /// command exits.
  init(_ command: String, width: Int = 80, height: Int = 24, in directory: String? = nil) throws {
    let id = UUID().uuidString.prefix(8)
    name = "attsim-test-\(id)"
    socket = "attsim-test-\(id)"
    statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-exit-\(id)").path
    // The first tmux command starts the server, which must not inherit a pipe of ours.
    try run(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)"], capturing: false)
    try run(["set-option", "-w", "-t", name, "remain-on-exit", "on"], capturing: false)
    // The pane's shell writes attsim's exit status to a file when it ends (tmux does not always know it),
    // first to a temporary name and then renamed, so a reader never sees half of it.
    let change = directory.map { "cd '\($0)' && " } ?? ""
    let script = "\(change)\(command); echo $? > '\(statusFile).part'; mv '\(statusFile).part' '\(statusFile)'"
    try run(["respawn-pane", "-k", "-t", name, script], capturing: false)
  }

  deinit {
    try? run(["kill-server"], capturing: false)
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

  /// A tmux format variable of the pane (`alternate_on`, `cursor_flag`, `mouse_any_flag`).
  func paneFlag(_ variable: String) throws -> String {
    try run(["display-message", "-p", "-t", name, "#{\(variable)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window.
  func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"], capturing: false)
  }

  /// Runs tmux with posix_spawn rather than Foundation's `Process`, closing every descriptor above 2 in the
  /// child: the tmux server a command may start lives on, and must not hold any descriptor of ours
  /// (Foundation watches one per child to see it exit; a pipe end would never reach end of file).
  @discardableResult
  private func run(_ arguments: [String], capturing: Bool = true) throws -> String {
    var output: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else { throw TmuxError.spawnFailed }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capturing {
      posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Close every other descriptor in the child (glibc ignores ones another thread closed meanwhile).
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let path = Tmux.tmux ?? "/usr/bin/tmux"
    let argv = ([path, "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    close(output[1])
    defer { close(output[0]) }
    guard spawned == 0 else { throw TmuxError.spawnFailed }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(output[0], &chunk, chunk.count)
      if count <= 0 { break }
      data += chunk[0..<count]
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return String(decoding: data, as: UTF8.self)
  }
}

/// tmux could not be started.
enum TmuxError: Error {
  case spawnFailed
  /// The pane's shell has no child: the command has already ended.
  case noCommand
}
