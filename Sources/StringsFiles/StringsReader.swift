/// Reads `.strings` files: old-style text (UTF-8, UTF-16 or UTF-32, with or without BOM), XML and binary
/// property lists.
public enum StringsReader {
  /// The table in `bytes` (the file `file`, as shown in its problems), or why the bytes are not text at all.
  public static func read(_ bytes: [UInt8], file: String) -> Result<StringsTable, EncodingProblem> {
    if bytes.starts(with: Array("bplist".utf8)) {
      return propertyList(bytes, encoding: .binaryPropertyList, text: [], file: file)
    }
    switch TextDecoder.decode(bytes, file: file) {
    case .failure(let problem):
      return .failure(problem)
    case .success(let decoded):
      if looksLikeXML(decoded.utf8) {
        return propertyList(bytes, encoding: decoded.encoding, text: decoded.utf8, file: file)
      }
      var table = parse(decoded.utf8, encoding: decoded.encoding)
      table.encodingFlaws = decoded.flaws
      return .success(table)
    }
  }

  /// Parses old-style strings text (valid UTF-8); `recordingNestedKeys` keeps where every key of a nested
  /// dictionary stands (for project files).
  public static func parse(_ text: [UInt8], encoding: TextEncoding = .utf8, recordingNestedKeys: Bool = false)
    -> StringsTable
  {
    text.withUnsafeBufferPointer { buffer in
      var parser = OldStyleParser(bytes: buffer, recordsNestedKeys: recordingNestedKeys)
      let error = parser.parseFile()
      var table = StringsTable(encoding: encoding, text: text, entries: parser.entries, syntaxError: error)
      table.nestedKeys = parser.nestedKeys
      return table
    }
  }

  private static func looksLikeXML(_ text: [UInt8]) -> Bool {
    let start = text.firstIndex { !($0 == 0x20 || (0x09...0x0D).contains($0)) } ?? text.endIndex
    let head = text[start...].prefix(9)
    return head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("<!DOCTYPE".utf8))
      || head.starts(with: Array("<plist".utf8))
  }

  /// XML and binary property lists: an XML file's entries stand where their `<key>` does, a binary one's at
  /// no position.
  private static func propertyList(_ bytes: [UInt8], encoding: TextEncoding, text: [UInt8], file: String)
    -> Result<StringsTable, EncodingProblem>
  {
    func ignored(_ message: String) -> Result<StringsTable, EncodingProblem> {
      let error = StringsSyntaxError(offset: 0, message: message, effect: .fileIgnored)
      return .success(StringsTable(encoding: encoding, text: text, entries: [], syntaxError: error))
    }
    switch PropertyListReader.read(bytes, file: file) {
    case .failure(let problem):
      return ignored("this property list cannot be read: \(problem.message)")
    case .success(let object):
      guard let dictionary = object.dictionary else {
        return ignored("a strings file holds a dictionary of strings; this property list holds something else")
      }
      let offsets = InfoPlist.keyOffsets(in: text)
      let entries = dictionary.keys.sorted().map { key in
        StringsEntry(
          key: key, value: PlistValue(dictionary[key]!), keyOffset: offsets[key]?.key ?? 0,
          valueOffset: offsets[key]?.value ?? 0)
      }
      return .success(StringsTable(encoding: encoding, text: text, entries: entries, syntaxError: nil))
    }
  }
}
