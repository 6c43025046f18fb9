// libFuzzer target for the YAML reader of project specs (built by Scripts/fuzz.sh, not by SwiftPM). Every input
// must be read, or refused with a line and column, without a crash or a hang, within the reader's bounds; a
// document read, written back in flow style with every scalar double-quoted, must read back as the same tree.
import Foundation

@testable import StringsFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch YAMLReader.parse(bytes, file: "project.yml") {
  case .failure(let problem):
    if problem.location == nil { fail("a refusal without a place: \(problem.message)") }
  case .success(let node):
    let written = flow(node)
    guard case .success(let again) = YAMLReader.parse(Array(written.utf8), file: "again.yml") else {
      fail("the tree written back is refused: \(written)")
    }
    if flow(again) != written { fail("the tree written back reads differently: \(written)") }
  }
  return 0
}

private func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  abort()
}

/// A node in flow style, each scalar double-quoted with every character that needs it escaped.
private func flow(_ node: YAMLNode) -> String {
  func quoted(_ text: String) -> String {
    let escaped = text.unicodeScalars.map { scalar in
      if scalar == "\"" || scalar == "\\" { return "\\\(scalar)" }
      let plain =
        scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
        && !["\u{FEFF}", "\u{2028}", "\u{2029}"].contains(scalar)
      return plain ? String(scalar) : String(format: "\\U%08X", scalar.value)
    }
    return "\"" + escaped.joined() + "\""
  }
  switch node.value {
  case .scalar(let text): return quoted(text)
  case .list(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
  case .map(let entries):
    return "{" + entries.map { quoted($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
  }
}
