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
    let referenceSize = Int(bytes[trailer + 7])
    var offsets: [Int] = []
    offsets.reserveCapacity(objects)
    for index in 0..<objects {
      guard let offset = number(at: table + index * offsetSize, size: offsetSize), offset >= 8, offset < table else {
        return "a binary property list with an object outside the file"
      }
      if bytes[offset] >> 4 == 0xC { return "a binary property list holding a set, which attsim does not read" }
      offsets.append(offset)
    }
    guard let top = number(at: trailer + 16, size: 8), top < objects else {
      return "a binary property list whose top object is not in it"
    }
    /// The objects an array or dictionary refers to (for a dictionary, its keys and values).
    func children(_ object: Int) -> [Int]? {
      let offset = offsets[object]
      let marker = bytes[offset]
      guard marker >> 4 == 0xA || marker >> 4 == 0xD else { return [] }
      var count = Int(marker & 0x0F)
      var start = offset + 1
      if count == 0x0F {
        guard start < table, bytes[start] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[start] & 0x0F)
        guard let read = number(at: start + 1, size: size) else { return nil }
        count = read
        start += 1 + size
      }
      let references = marker >> 4 == 0xD ? count * 2 : count
      guard references <= (table - start) / max(referenceSize, 1) else { return nil }
      var found: [Int] = []
      found.reserveCapacity(references)
      for index in 0..<references {
        guard let reference = number(at: start + index * referenceSize, size: referenceSize), reference < objects
        else { return nil }
        found.append(reference)
      }
      return found
    }
    // Foundation builds every value each time it is referred to: an array that lists the same child many
    // times, nested, is gigabytes of values from a few hundred bytes. Count them as it would, shared children
    // each time, and refuse past the cap (or a cycle).
    var expanded = [Int](repeating: -1, count: objects)
    var onPath = [Bool](repeating: false, count: objects)
    var stack: [(object: Int, children: [Int], next: Int, total: Int)] = []
    func push(_ object: Int) -> String? {
      guard let list = children(object) else { return "a binary property list with an object outside the file" }
      onPath[object] = true
      stack.append((object, list, 0, 1))
      return nil
    }
    if let problem = push(top) { return problem }
    while var frame = stack.popLast() {
      if frame.next < frame.children.count {
        let child = frame.children[frame.next]
        frame.next += 1
        if expanded[child] >= 0 {
          frame.total = min(frame.total + expanded[child], maximumValues + 1)
          stack.append(frame)
        } else {
          guard !onPath[child] else { return "a binary property list that contains itself" }
          stack.append(frame)
          if let problem = push(child) { return problem }
        }
        continue
      }
      onPath[frame.object] = false
      expanded[frame.object] = frame.total
      guard frame.total <= maximumValues else {
        return "a binary property list of more than \(maximumValues) values (its arrays share children)"
      }
      if var parent = stack.popLast() {
        parent.total = min(parent.total + frame.total, maximumValues + 1)
        stack.append(parent)
      }
    }
    return nil
  }

  /// The most values a property list may hold, counted as Foundation builds them.
  static let maximumValues = 1_000_000
}
