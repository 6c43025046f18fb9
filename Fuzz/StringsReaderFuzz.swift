// libFuzzer target for the strings reader (built by Scripts/fuzz.sh, not by SwiftPM).
// Every input must be read without a crash, and where CoreFoundation reads the same bytes, our reader must
// agree with it exactly; a disagreement is a finding. Every value is also read as the EU sheet's Markdown,
// as the linter and the UI read it.
import Foundation
import PromptStrings
import StringsFiles
import TextSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let result = StringsReader.read(bytes, file: "test.strings")
  if case .success(let table) = result {
    let map = table.lineMap
    for entry in table.entries {
      _ = map.location(of: entry.keyOffset)
      _ = map.location(of: entry.valueOffset)
    }
    if let error = table.syntaxError { _ = map.location(of: error.offset) }
    for case .string(let value) in table.values.values {
      let (shown, _) = value.prefixForDisplay(DialogMetrics.longestMessage)
      _ = MarkdownText(parsing: shown).lines(width: SheetMetrics.messageWidth)
      _ = MarkdownText.firstMarkup(in: shown)
      _ = MarkdownText.firstUnderline(in: shown)
    }
  }
  if !bytes.starts(with: Array("bplist".utf8)) {
    let ours: [String: PlistValue]? = {
      guard case .success(let table) = result, table.isReadByIOS else { return nil }
      return table.values
    }()
    let theirs: [String: PlistValue]? = {
      if case .success(let decoded) = TextDecoder.decode(bytes, file: "test.strings"), decoded.utf8.isEmpty {
        return [:]
      }
      guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
        let dictionary = object as? [String: Any]
      else { return nil }
      return dictionary.mapValues(PlistValue.init(foundation:))
    }()
    if ours != theirs {
      FileHandle.standardError.write(
        Data("disagreement: ours \(String(describing: ours)) Foundation \(String(describing: theirs))\n".utf8))
      abort()
    }
  }
  return 0
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
