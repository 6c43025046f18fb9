// libFuzzer target for the property-list reader (built by Scripts/fuzz.sh, not by SwiftPM).
// Every input must be read, or refused with a line and column for text, without a crash or a hang. Where
// Foundation reads text the same way, the values must agree exactly; a binary list is given to Foundation
// only when the reader's first check passes it (a set crashes Foundation), and then the two must agree
// whenever both read it (which of them refuses a corrupt file may differ: DECISIONS D61); old-style text
// is compared where Foundation reads a dictionary from it.
import Foundation

@testable import StringsFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let isBinary = bytes.starts(with: Array("bplist".utf8))
  let read = PropertyListReader.read(bytes, file: "test.plist")
  // An encoding other than UTF-8, ASCII and ISO-8859-1 named in the declaration is refused on purpose (D61).
  if case .failure(let problem) = read, problem.message.contains("attsim reads property lists in") { return 0 }
  let ours = try? read.get()
  guard !isBinary || BinaryPropertyList.binaryProblem(bytes) == nil else { return 0 }
  let theirs = (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)).map(text)
  if isBinary && (ours == nil || theirs == nil) { return 0 }
  // Old-style text whose top is not a dictionary (`7xm`, `(a)`, or `<0fab>`, data, which CoreFoundation
  // tries when XML fails): no Info.plist, manifest or strings file can be one, and attsim's old-style
  // reading takes dictionaries alone. (XML whose top is not a dictionary is compared in the unit tests.)
  if ours == nil, let theirs, !theirs.hasPrefix("{") { return 0 }
  if let theirs, theirs.contains("keys that are not strings") { return 0 }
  if ours.map(text) != theirs {
    let message = "disagreement: ours \(ours.map(text) ?? "refused") Foundation \(theirs ?? "refused")\n"
    FileHandle.standardError.write(Data(message.utf8))
    abort()
  }
  return 0
}

/// A value as canonical text: dictionaries in key order, numbers and dates as numbers.
private func text(_ object: PlistObject) -> String {
  switch object {
  case .array(let items): "[" + items.map(text).joined(separator: ",") + "]"
  case .dictionary(let members):
    "{" + members.keys.sorted().map { "\($0.debugDescription):\(text(members[$0]!))" }.joined(separator: ",") + "}"
  case .string(let value): value.debugDescription
  // Foundation's NSNumber gives a 128-bit integer's low 64 bits.
  case .integer(let value):
    value > Int128(UInt64.max) || value < Int128(Int64.min) ? "\(Int64(truncatingIfNeeded: value))" : "\(value)"
  case .real(let value): "\(value)"
  case .boolean(let flag): "\(flag)"
  case .date(let seconds): "date \(seconds)"
  case .data(let bytes): "data \(bytes)"
  case .uid(let value): "uid \(value)"
  case .null: "null"
  }
}

/// Foundation's value as the same canonical text.
private func text(_ object: Any) -> String {
  if type(of: object) == Bool.self, let flag = object as? Bool { return "\(flag)" }
  switch object {
  case let value as String: return value.debugDescription
  case let value as Data: return "data \(Array(value))"
  case let value as Date: return "date \(value.timeIntervalSinceReferenceDate)"
  case let items as [Any]: return "[" + items.map(text).joined(separator: ",") + "]"
  case let members as [String: Any]:
    return "{" + members.keys.sorted().map { "\($0.debugDescription):\(text(members[$0]!))" }.joined(separator: ",")
      + "}"
  case let number as NSNumber:
    switch String(cString: number.objCType) {
    case "d", "f": return "\(number.doubleValue)"
    case "Q": return "\(number.uint64Value)"
    default: return "\(number.int64Value)"
    }
  default: return "keys that are not strings, or an archiver reference"
  }
}
