import Diagnostics
import Foundation
import Testing

@testable import StringsFiles

/// The readers' bounds and shortcuts (issue 23): each agrees with the slow, obvious way on inputs it can
/// handle, and refuses what would cost without bound.
@Suite struct ReaderBoundsTests {
  /// Lines and columns the obvious way: count from the start every time.
  static func naiveLocation(of offset: Int, in bytes: [UInt8]) -> Diagnostics.SourceLocation {
    var line = 1
    var column = 1
    var index = 0
    while index < offset {
      let byte = bytes[index]
      if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return Diagnostics.SourceLocation(line: line, column: column)
  }

  @Test(arguments: 0..<6)
  func theLineMapsShortcutAgreesWithCountingFromTheStart(seed: Int) {
    var generator = SystemRandomNumberGenerator()
    let pieces: [[UInt8]] = [
      Array("ab".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8), Array("日本".utf8), Array("😀".utf8),
      Array(String(repeating: "x", count: 5000).utf8),
    ]
    var bytes: [UInt8] = []
    while bytes.count < 40_000 { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
    let map = LineMap(bytes: bytes)
    for _ in 0..<300 {
      var offset = Int(generator.next() % UInt64(bytes.count + 1))
      // Offsets the readers give start characters.
      while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      #expect(map.location(of: offset) == Self.naiveLocation(of: offset, in: bytes), "seed \(seed) offset \(offset)")
    }
  }

  /// Catalogs are read with attsim's own JSON reader; on every valid document it agrees with Foundation's.
  @Test(arguments: [
    #"{"a": 1, "b": [true, false, null, -0.5e3, "x\"y\\z\/\b\f\n\r\t\u00e9\ud83d\ude00"], "c": {"": {}}}"#,
    #"  [ ]  "#, #"{"dup": 1, "dup": "last"}"#, #"{"k":"\u0000 and \u001f"}"#, #"[1e5, 0, -0, 12.25]"#,
    // Foundation lets a trailing comma pass; so does attsim.
    #"[1,]"#, #"{"a": [2, ], }"#,
  ])
  func theJSONReaderAgreesWithFoundation(text: String) throws {
    let ours = try JSONReader.parse(Array(text.utf8)).get()
    let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    #expect(Self.same(ours, theirs), "\(text)")
  }

  @Test(arguments: [
    #"{"a": 01}"#, #"{"a" 1}"#, #"[,]"#, #"{"a": "\x"}"#, #"[tru]"#, "{\"a\": \"line\nbreak\"}", #"[1] 2"#,
  ])
  func theJSONReaderRefusesWhatFoundationRefuses(text: String) {
    #expect(throws: JSONProblem.self) { try JSONReader.parse(Array(text.utf8)).get() }
    #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil)
  }

  @Test func deeplyNestedJSONIsRefusedNotRecursedInto() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    guard case .failure(let problem) = JSONReader.parse(Array(text.utf8)) else {
      Issue.record("read")
      return
    }
    #expect(problem.message == "values are nested more than 512 deep")
  }

  static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
    switch ours {
    case .object(let object):
      guard let dictionary = theirs as? [String: Any], dictionary.count == object.members.count else { return false }
      return object.members.allSatisfy { key, value in dictionary[key].map { same(value, $0) } ?? false }
    case .array(let elements):
      guard let array = theirs as? [Any], array.count == elements.count else { return false }
      return zip(elements, array).allSatisfy { same($0, $1) }
    case .string(let text): return (theirs as? String) == text
    case .number(let number): return (theirs as? NSNumber)?.doubleValue == number
    case .bool(let flag): return (theirs as? Bool) == flag
    case .null: return theirs is NSNull
    }
  }

  /// A binary property list: `objects` in order (the first is the top), references one byte each.
  static func binaryPlist(_ objects: [[UInt8]]) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let table = bytes.count
    func bigEndian(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(UInt64(value) >> (56 - 8 * UInt64($0)) & 0xFF) } }
    return bytes + offsets + [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(objects.count) + bigEndian(0) + bigEndian(table)
  }

  @Test func aPropertyListWhoseArraysShareChildrenIsCountedAsFoundationBuildsIt() {
    // Six levels of arrays listing the next one sixteen times: 16^6 = 16.7 million values.
    var objects: [[UInt8]] = (0..<6).map { [0xAF, 0x10, 16] + [UInt8](repeating: UInt8($0 + 1), count: 16) }
    objects.append([0x51, 0x78])
    #expect(BinaryPropertyList.binaryProblem(Self.binaryPlist(objects))?.contains("more than 1000000 values") == true)
    // Four levels (65,536 values) are read.
    var small: [[UInt8]] = (0..<4).map { [0xAF, 0x10, 16] + [UInt8](repeating: UInt8($0 + 1), count: 16) }
    small.append([0x51, 0x78])
    #expect(BinaryPropertyList.binaryProblem(Self.binaryPlist(small)) == nil)
  }

  @Test func aPropertyListThatContainsItselfIsRefused() {
    let objects: [[UInt8]] = [[0xA1, 1], [0xA1, 0]]
    let problem = BinaryPropertyList.binaryProblem(Self.binaryPlist(objects))
    #expect(problem == "a binary property list that contains itself")
  }

  @Test func valuesNestedTooDeepSaySoEvenInsideAnArray() {
    let text = "\"k\" = " + String(repeating: "(", count: 600) + String(repeating: ")", count: 600) + ";"
    let table = StringsReader.parse(Array(text.utf8))
    #expect(table.syntaxError?.message == "values are nested more than 512 levels deep")
  }
}
