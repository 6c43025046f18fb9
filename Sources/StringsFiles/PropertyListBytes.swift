import Foundation

/// Property lists (XML or binary) read through Foundation, after a check of binary ones that keeps Foundation
/// away from what crashes it on Linux: a set in a binary property list makes its bridging fault. No
/// Info.plist, strings file or privacy manifest holds a set, so one is refused with a reason instead.
enum PropertyListBytes {
  /// The object in `bytes`, or a few words on why there is none.
  static func object(from bytes: [UInt8]) -> Result<Any, ReadProblem> {
    if bytes.starts(with: Array("bplist".utf8)), let problem = binaryProblem(bytes) {
      return .failure(ReadProblem(problem))
    }
    do {
      return .success(try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil))
    } catch {
      return .failure(ReadProblem(StringsReader.reason(error)))
    }
  }

  /// What makes a binary property list unsafe to hand to Foundation: a trailer that does not fit the file,
  /// an object outside it, or a set.
  static func binaryProblem(_ bytes: [UInt8]) -> String? {
    let count = bytes.count
    guard count >= 8 + 32 else { return "a binary property list too short for its trailer" }
    let trailer = count - 32
    func number(at start: Int, size: Int) -> Int? {
      guard start >= 0, size >= 1, size <= 8, start + size <= count else { return nil }
      var value: UInt64 = 0
      for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize), (1...8).contains(Int(bytes[trailer + 7])),
      let objects = number(at: trailer + 8, size: 8), let table = number(at: trailer + 24, size: 8),
      objects >= 1, objects <= count, table >= 8, table <= trailer, objects <= (trailer - table) / offsetSize
    else { return "a binary property list whose trailer does not fit the file" }
    for index in 0..<objects {
      guard let offset = number(at: table + index * offsetSize, size: offsetSize), offset >= 8, offset < table else {
        return "a binary property list with an object outside the file"
      }
      if bytes[offset] >> 4 == 0xC { return "a binary property list holding a set, which attsim does not read" }
    }
    return nil
  }
}
