import Foundation
import StringsFiles
import TextSupport

/// What Foundation's CoreFoundation parser makes of bytes: the dictionary iOS would use, or nil when it
/// rejects them (or returns something that is not a dictionary).
/// Empty text (no bytes, or only a byte-order mark) Foundation refuses outright; iOS then has no table,
/// which shows the same as an empty one, so the oracle calls it empty.
func foundationValues(_ bytes: [UInt8]) -> [String: PlistValue]? {
  if case .success(let decoded) = TextDecoder.decode(bytes, file: "test.strings"), decoded.utf8.isEmpty { return [:] }
  guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
    let dictionary = object as? [String: Any]
  else { return nil }
  return dictionary.mapValues(PlistValue.init(foundation:))
}

/// What our reader says iOS uses: nil when iOS ignores the whole file.
func ourValues(_ bytes: [UInt8]) -> [String: PlistValue]? {
  guard case .success(let table) = StringsReader.read(bytes, file: "test.strings"), table.isReadByIOS else {
    return nil
  }
  return table.values
}

extension PlistValue {
  /// The value of a Foundation property-list object, as a strings table keeps it.
  init(foundation object: Any) {
    switch object {
    case let string as String: self = .string(string)
    case let array as [Any]: self = .array(array.map(PlistValue.init(foundation:)))
    case let dictionary as [String: Any]: self = .dictionary(dictionary.mapValues(PlistValue.init(foundation:)))
    case let data as Data: self = .data(Array(data))
    default: self = .string("\(object)")
    }
  }
}
