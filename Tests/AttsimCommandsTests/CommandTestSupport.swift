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

/// The built `attsim` next to the test bundle.
let builtAttsim = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  .appendingPathComponent("attsim")

/// Runs the built binary as a process (stdin from /dev/null), in `directory`.
func runBuilt(_ arguments: [String], in directory: URL? = nil) throws -> Outcome {
  let process = Process()
  process.executableURL = builtAttsim
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  process.standardInput = FileHandle.nullDevice
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return Outcome(status: process.terminationStatus, out: out, err: err)
}

/// Runs a bash script (with the built attsim as `$ATTSIM`) in `directory`, stopped after `seconds` so a hang
/// fails the test instead of the suite (status 124, as timeout(1) reports it).
func runShell(_ script: String, in directory: URL, seconds: Int = 30) throws -> Outcome {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
  process.arguments = ["-s", "KILL", "\(seconds)", "/bin/bash", "-c", script]
  process.currentDirectoryURL = directory
  var environment = ProcessInfo.processInfo.environment
  environment["ATTSIM"] = builtAttsim.path
  process.environment = environment
  process.standardInput = FileHandle.nullDevice
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return Outcome(status: process.terminationStatus, out: out, err: err)
}

/// The names in `folder`, sorted (to see that no temporary file was left behind).
func names(in folder: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}
