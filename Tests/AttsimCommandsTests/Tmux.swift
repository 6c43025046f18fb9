import Foundation

/// A real terminal for end-to-end tests: the built `attsim` running in a detached tmux session.
final class Tmux {
  let name: String
  private static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether tmux is installed.
  static var isAvailable: Bool { tmux != nil }

  /// The built attsim next to the test bundle.
  static var attsim: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("attsim").path
  }

  /// Starts `command` in a new `width`×`height` session; the pane stays after the command exits.
  init(_ command: String, width: Int = 80, height: Int = 24) throws {
    name = "attsim-test-\(UUID().uuidString.prefix(8))"
    // The first tmux command may start the server, which must not inherit a pipe of ours.
    try run(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)"], capturing: false)
    try run(["set-option", "-w", "-t", name, "remain-on-exit", "on"], capturing: false)
    // The pane's shell prints attsim's exit status when it ends (tmux does not always know it).
    try run(["respawn-pane", "-k", "-t", name, command + "; echo attsim-exit=$?"], capturing: false)
  }

  deinit { try? run(["kill-session", "-t", name], capturing: false) }

  /// Sends tmux key names (`p`, `Enter`, `C-c`).
  func send(_ keys: String...) throws {
    for key in keys { try run(["send-keys", "-t", name, key], capturing: false) }
  }

  /// The pane's text.
  func capture() throws -> String {
    try run(["capture-pane", "-p", "-t", name])
  }

  /// Waits until the pane shows `text`; returns whether it did within `seconds`.
  func waitFor(_ text: String, seconds: Double = 15) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try capture().contains(text) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  /// The process id of the command (a child of the pane's shell).
  func commandPID() throws -> Int32 {
    let shell = try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return Int32(children.split(separator: " ").first ?? "") ?? 0
  }

  /// The command's exit status once it has ended, read off the pane.
  func exitStatus() throws -> Int? {
    // After a kill -9 the terminal is left as it was, so the line may start anywhere on screen.
    let text = try capture()
    guard let range = text.range(of: "attsim-exit=", options: .backwards) else { return nil }
    let digits = text[range.upperBound...].prefix { $0.isNumber }
    return Int(digits)
  }

  /// Resizes the window.
  func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"], capturing: false)
  }

  @discardableResult
  private func run(_ arguments: [String], capturing: Bool = true) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Tmux.tmux ?? "/usr/bin/tmux")
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard capturing else {
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return ""
    }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
