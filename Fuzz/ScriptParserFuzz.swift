// libFuzzer target for the script parser (built by Scripts/fuzz.sh, not by SwiftPM).
// Every input must parse or fail without a crash; a file read a chunk at a time (ScriptReader, chunk sizes
// from 1 to 16 bytes, chosen by the input's first byte) must give what the whole text gives; and every step
// that parses must be written back by the script writer as a line that parses to the same action (the round
// trip `--record` relies on).
import ConsentCore
import Foundation
import Scenarios

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  let whole = Result { () throws(ScriptErrors) in try ScriptParser.parse(text, file: "fuzz.attsim") }
  if String(validating: bytes, as: UTF8.self) != nil, !text.hasPrefix("\u{FEFF}") {
    var reader = ScriptReader(file: "fuzz.attsim")
    let chunk = 1 + Int(bytes.first ?? 0) % 16
    var start = 0
    while start < bytes.count {
      reader.read(Array(bytes[start..<min(start + chunk, bytes.count)]))
      start += chunk
    }
    let chunked = reader.finish()
    let same: Bool
    switch (whole, chunked) {
    case (.success(let one), .success(let other)): same = Array(one.steps) == Array(other.steps)
    case (.failure(let one), .failure(let other)):
      same = one.errors.map(\.description) == other.errors.map(\.description)
    default: same = false
    }
    if !same {
      FileHandle.standardError.write(Data("read in chunks of \(chunk), the script differs from the text's\n".utf8))
      abort()
    }
  }
  guard case .success(let script) = whole else { return 0 }
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
