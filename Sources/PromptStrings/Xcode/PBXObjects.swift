import StringsFiles

/// The object graph of a `project.pbxproj`: every object by its identifier, read with attsim's own old-style
/// property-list reader, with the text kept to point at a setting's line.
struct PBXObjects: Sendable {
  /// The file's path.
  let path: String
  /// Object identifier → its properties.
  let objects: [String: [String: PlistValue]]
  /// The `PBXProject` object's identifier.
  let rootObject: String
  /// The file's UTF-8 text.
  let text: [UInt8]
  private let lineMap: LineMap

  /// Why a project file cannot be read.
  struct Failure: Error, Sendable {
    var message: String
  }

  /// Parses the text of a `project.pbxproj`.
  init(path: String, bytes: [UInt8]) throws(Failure) {
    let decoded: DecodedText
    switch TextDecoder.decode(bytes) {
    case .failure(let problem): throw Failure(message: "\(problem.message) at byte \(problem.byteOffset)")
    case .success(let text): decoded = text
    }
    let table = StringsReader.parse(decoded.utf8, encoding: decoded.encoding)
    if let error = table.syntaxError {
      let location = table.lineMap.location(of: error.offset)
      throw Failure(message: "\(location): \(error.message)")
    }
    var values: [String: PlistValue] = [:]
    for entry in table.entries { values[entry.key] = entry.value }
    guard case .dictionary(let objectValues)? = values["objects"], let root = values["rootObject"]?.string else {
      throw Failure(message: "not an Xcode project: no \"objects\" or \"rootObject\"")
    }
    var objects: [String: [String: PlistValue]] = [:]
    for (identifier, value) in objectValues {
      if case .dictionary(let properties) = value { objects[identifier] = properties }
    }
    guard objects[root]?["isa"]?.string == "PBXProject" else {
      throw Failure(message: "not an Xcode project: the root object is not a PBXProject")
    }
    self.path = path
    self.objects = objects
    self.rootObject = root
    self.text = decoded.utf8
    self.lineMap = LineMap(bytes: decoded.utf8)
  }

  /// The `isa` of an object.
  func isa(_ identifier: String) -> String? { objects[identifier]?["isa"]?.string }

  /// A string property of an object.
  func string(_ identifier: String, _ key: String) -> String? { objects[identifier]?[key]?.string }

  /// A list property of an object (identifiers or strings).
  func list(_ identifier: String, _ key: String) -> [String] {
    guard case .array(let values)? = objects[identifier]?[key] else { return [] }
    return values.compactMap(\.string)
  }

  /// A dictionary property of an object.
  func dictionary(_ identifier: String, _ key: String) -> [String: PlistValue] {
    guard case .dictionary(let values)? = objects[identifier]?[key] else { return [:] }
    return values
  }

  /// Where `key = …` stands inside the object `identifier` as Xcode writes it, for findings (nil if not found).
  func location(ofKey key: String, inObject identifier: String) -> SourceLocation? {
    guard let start = firstOffset(of: Array(identifier.utf8), from: 0) else { return nil }
    let needle = Array(key.utf8)
    var from = start
    while let offset = firstOffset(of: needle, from: from) {
      from = offset + needle.count
      let before = offset > 0 ? text[offset - 1] : 0x20
      guard before == 0x20 || before == 0x09 || before == 0x0A || before == 0x22 || before == 0x7B else { continue }
      var next = offset + needle.count
      if next < text.count && text[next] == 0x22 { next += 1 }
      while next < text.count && (text[next] == 0x20 || text[next] == 0x09) { next += 1 }
      if next < text.count && text[next] == UInt8(ascii: "=") { return lineMap.location(of: offset) }
    }
    return nil
  }

  private func firstOffset(of needle: [UInt8], from start: Int) -> Int? {
    text.firstRange(of: needle, from: start)?.lowerBound
  }
}
