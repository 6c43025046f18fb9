// libFuzzer target for the script parser (built by Scripts/fuzz.sh, not by SwiftPM).
// Every input must parse or fail without a crash; every step that parses must be written back by the
// script writer as a line that parses to the same action (the round trip `--record` relies on).
import ConsentCore
import Foundation
import Scenarios

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let script = try? ScriptParser.parse(text, file: "fuzz.attsim") else { return 0 }
  for step in script.steps {
    guard case .action(let action) = step.kind else { continue }
    let line = ScriptWriter.line(for: action)
    guard let reparsed = try? ScriptParser.parse(line, file: "written.attsim"), reparsed.steps.count == 1,
      case .action(let again) = reparsed.steps[0].kind, again == action
    else {
      FileHandle.standardError.write(Data("round trip failed: \(step.command) → \(line)\n".utf8))
      abort()
    }
  }
  return 0
}
