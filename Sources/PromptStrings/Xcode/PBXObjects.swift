import Diagnostics
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
  private let lineMap: LineMap
  /// Where each key inside each object stands (the first of a name), found in the one parse of the file.
  private let keyOffsets: [String: [String: Int]]
  /// For a graph made from a generator's spec: the file and place each key of each object comes from.
  private var places: [String: [String: (file: String, location: SourceLocation?)]] = [:]

  /// The graph a generator's spec (`spec`) describes, with where each key of each object comes from.
  init(
    spec: String, objects: [String: [String: PlistValue]], rootObject: String,
    places: [String: [String: (file: String, location: SourceLocation?)]]
  ) {
    (path, self.objects, self.rootObject, self.places) = (spec, objects, rootObject, places)
    (lineMap, keyOffsets) = (LineMap(bytes: []), [:])
  }

  /// Parses the text of the `project.pbxproj` at `path`; an error says why it cannot be read, and where.
  init(path: String, bytes: [UInt8]) throws(Diagnostic) {
    func failure(_ location: SourceLocation?, _ message: String) -> Diagnostic {
      Diagnostic(file: path, location: location, severity: .error, message: message)
    }
    let decoded: DecodedText
    switch TextDecoder.decode(bytes, file: path) {
    case .failure(let problem): throw problem.diagnostic
    case .success(let text): decoded = text
    }
    let table = StringsReader.parse(decoded.utf8, encoding: decoded.encoding, recordingNestedKeys: true)
    if let error = table.syntaxError {
      throw failure(table.lineMap.location(of: error.offset), error.message)
    }
    // The objects are the keys one level in; everything deeper belongs to the object last named.
    var offsets: [String: [String: Int]] = [:]
    var current: String?
    for key in table.nestedKeys {
      if key.depth == 1 {
        current = key.key
      } else if let current, offsets[current]?[key.key] == nil {
        offsets[current, default: [:]][key.key] = key.offset
      }
    }
    var values: [String: PlistValue] = [:]
    for entry in table.entries { values[entry.key] = entry.value }
    guard case .dictionary(let objectValues)? = values["objects"], let root = values["rootObject"]?.string else {
      throw failure(nil, "not an Xcode project: no \"objects\" or \"rootObject\"")
    }
    var objects: [String: [String: PlistValue]] = [:]
    for (identifier, value) in objectValues {
      if case .dictionary(let properties) = value { objects[identifier] = properties }
    }
    guard objects[root]?["isa"]?.string == "PBXProject" else {
      throw failure(nil, "not an Xcode project: the root object is not a PBXProject")
    }
    self.path = path
    self.objects = objects
    self.rootObject = root
    self.lineMap = table.lineMap
    self.keyOffsets = offsets
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

  /// Where `key = …` stands inside the object `identifier` (or in a dictionary inside it), for findings; nil
  /// if not found.
  func location(ofKey key: String, inObject identifier: String) -> SourceLocation? {
    places[identifier]?[key]?.location ?? keyOffsets[identifier]?[key].map(lineMap.location(of:))
  }

  /// The file that writes `key` inside the object `identifier`: the project file, or a spec's file.
  func file(ofKey key: String, inObject identifier: String) -> String { places[identifier]?[key]?.file ?? path }
}
