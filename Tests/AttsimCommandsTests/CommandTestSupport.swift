import AttsimCommands
import Foundation

/// What a command printed and returned.
struct Outcome {
  var status: Int32
  var out: String
  var err: String
}

/// Runs attsim in-process with captured output.
func attsim(_ arguments: String...) -> Outcome { attsim(arguments) }

/// Runs attsim in-process with captured output.
func attsim(_ arguments: [String]) -> Outcome {
  final class Buffer: @unchecked Sendable { var text = "" }
  let out = Buffer()
  let err = Buffer()
  let status = Attsim.run(arguments, console: Console(out: { out.text += $0 }, err: { err.text += $0 }))
  return Outcome(status: status, out: out.text, err: err.text)
}

/// The repository's root folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A fresh temporary folder for one test.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Writes `text` to `name` in `folder` and returns its path.
func write(_ text: String, to name: String, in folder: URL) throws -> String {
  let url = folder.appendingPathComponent(name)
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url.path
}

/// Whether the slow suites run (the real terminal in tmux, inputs of tens of megabytes): `ATTSIM_SLOW_TESTS=1`,
/// which CI sets. Plain `swift test` is the quick tier.
let slowTestsEnabled = ProcessInfo.processInfo.environment["ATTSIM_SLOW_TESTS"] == "1"

/// The built `attsim` next to the test bundle.
let builtAttsim = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  .appendingPathComponent("attsim")

/// Runs the built binary as a process (stdin from /dev/null), in `directory`.
func runBuilt(_ arguments: [String], in directory: URL? = nil) throws -> Outcome {
  try runProcess(builtAttsim, arguments, in: directory)
}

/// Runs a bash script (with the built attsim as `$ATTSIM`) in `directory`, stopped after `seconds` so a hang
/// fails the test instead of the suite (status 124, as timeout(1) reports it).
func runShell(_ script: String, in directory: URL, seconds: Int = 30) throws -> Outcome {
  var environment = ProcessInfo.processInfo.environment
  environment["ATTSIM"] = builtAttsim.path
  return try runProcess(
    URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "KILL", "\(seconds)", "/bin/bash", "-c", script], in: directory,
    environment: environment)
}

/// Runs `executable` with its output and errors in files (no pipe to fill up or to be held open by a child
/// that lives on), and returns both with its exit status.
private func runProcess(
  _ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String]? = nil
) throws -> Outcome {
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let outURL = folder.appendingPathComponent("out")
  let errURL = folder.appendingPathComponent("err")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let environment { process.environment = environment }
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = out
  process.standardError = err
  try process.run()
  process.waitUntilExit()
  try out.close()
  try err.close()
  return Outcome(
    status: process.terminationStatus, out: try String(contentsOf: outURL, encoding: .utf8),
    err: try String(contentsOf: errURL, encoding: .utf8))
}

/// The names in `folder`, sorted (to see that no temporary file was left behind).
func names(in folder: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}
