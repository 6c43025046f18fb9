import Foundation
import PromptStrings

/// What Foundation's CoreFoundation parser makes of bytes: the dictionary iOS would use, or nil when it
/// rejects them (or returns something that is not a dictionary).
/// Empty text (no bytes, or only a byte-order mark) Foundation refuses outright; iOS then has no table,
/// which shows the same as an empty one, so the oracle calls it empty.
func foundationValues(_ bytes: [UInt8]) -> [String: PlistValue]? {
  if case .success(let decoded) = TextDecoder.decode(bytes), decoded.utf8.isEmpty { return [:] }
  guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
    let dictionary = object as? [String: Any]
  else { return nil }
  return dictionary.mapValues(PlistValue.init(foundationObject:))
}

/// What our reader says iOS uses: nil when iOS ignores the whole file.
func ourValues(_ bytes: [UInt8]) -> [String: PlistValue]? {
  guard case .success(let table) = StringsReader.read(bytes), table.isReadByIOS else { return nil }
  return table.values
}

extension PlistValue {
  init(foundationObject object: Any) {
    switch object {
    case let string as String: self = .string(string)
    case let array as [Any]: self = .array(array.map(PlistValue.init(foundationObject:)))
    case let dictionary as [String: Any]: self = .dictionary(dictionary.mapValues(PlistValue.init(foundationObject:)))
    case let data as Data: self = .data(Array(data))
    default: self = .string("unexpected \(type(of: object))")
    }
  }
}

/// A small deterministic random number generator (SplitMix64), so generated tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
