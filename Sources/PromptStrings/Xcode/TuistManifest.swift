import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// Tuist's `Project.swift` and its `Tuist/ProjectDescriptionHelpers` read by pattern, never run: each
/// `.target(…)` or `Target(…)` call's literal `name`, `product`, `destinations` (or `platform`), `infoPlist`
/// (`.extendingDefault(with: [...])` or a name given such a literal, over Tuist's defaults and written, as
/// Tuist does, to `Derived/InfoPlists/<name>-Info.plist`; `.file(path:)` or a path) and `resources` globs, and
/// `developmentRegion`. A value computed in code is named in a note as "from code, not evaluated", never guessed.
enum TuistManifest {
  /// The project `spec` describes, with its helpers, read through `reader`.
  static func read(_ spec: FilePath, reader: InputFiles) throws(Diagnostic) -> GeneratedProject {
    var sources = [try SwiftTokens(spec, reader: reader)]
    for folder in [spec.parent, spec.parent.parent] {
      for file in reader.children(of: folder.appending("Tuist/ProjectDescriptionHelpers"))
      where file.pathExtension == "swift" {
        sources.append(try SwiftTokens(file, reader: reader))
      }
    }
    var project = GeneratedProject(spec: spec, name: sources[0].literal(after: "name") ?? spec.parent.lastComponent)
    project.developmentRegion = "en"
    var plists: [String: InfoPlist] = [:]
    let files = (AppLoader.walk(spec.parent, reader: reader)?.entries ?? []).filter { !$0.isDirectory }.map(\.path)
    for source in sources {
      for index in source.tokens.indices where source.tokens[index].text == "developmentRegion" {
        guard let region = source.literal(at: index + 2) else {
          project.notes.append(source.fromCode("developmentRegion", at: index))
          continue
        }
        project.developmentRegion = region
      }
      for index in source.tokens.indices
      where ["target", "Target"].contains(source.tokens[index].text) && source.text(index + 1) == "(" {
        let arguments = source.arguments(of: index + 1)
        // A dependency (`.target(name: "Widget")`) names a target without making one.
        guard arguments["product"] != nil else { continue }
        let name = arguments["name"].flatMap(source.literal) ?? project.name
        let product = arguments["product"].map { source.text($0 + 1) } ?? "app"
        var target = GeneratedProject.Target(
          name: name,
          productType: "com.apple.product-type."
            + (product == "app"
              ? "application" : product == "appClip" ? "application.on-demand-install-capable" : product))
        let platform =
          (arguments["destinations"] ?? arguments["platform"]).map { value in
            (value..<value + 3).map(source.text).joined()
          } ?? ""
        let isIOS =
          ["iOS", "iPhone", "iPad"].contains(where: platform.contains)
          || !["mac", "tv", "watch", "vision"].contains(where: platform.contains)
        var settings: [String: GeneratedProject.Setting] = [
          "SDKROOT": (.string(isIOS ? "iphoneos" : "macosx"), source.file, nil)
        ]
        if let plist = arguments["infoPlist"] {
          let call = source.text(plist + 1)
          let place = (source.file, Optional(source.location(plist)))
          if let path = source.literal(at: plist) ?? (call == "file" ? source.literal(at: plist + 5) : nil) {
            settings["INFOPLIST_FILE"] = (.string(path), place.0, place.1)
          } else if call == "extendingDefault" {
            let path = "Derived/InfoPlists/\(name)-Info.plist"
            settings["INFOPLIST_FILE"] = (.string(path), place.0, place.1)
            project.infoPlists[spec.parent.appending(path).normalized] = infoPlist(
              at: plist + 5, in: source, among: sources, read: &plists, notes: &project.notes)
          } else if call != "default" {
            project.notes.append(source.fromCode("\(name)'s infoPlist", at: plist))
          }
        }
        target.settings = Dictionary(uniqueKeysWithValues: project.configurations.map { ($0, settings) })
        if let resources = arguments["resources"] {
          let patterns = source.literals(in: resources)
          for file in files.filter(GeneratedProject.isResource)
          where patterns.contains(where: { Glob.matches(file.relative(to: spec.parent) ?? "", $0) }) {
            target.resources.append((file, (source.file, source.location(resources))))
          }
        }
        project.targets.append(target)
      }
    }
    return project
  }

  /// Tuist's default Info.plist extended with the literal entries of the dictionary at `start` (or of the one
  /// a `let` or `var` of the name there holds, in any of `sources`); an entry computed in code is noted. Each
  /// dictionary is read once however many targets extend it: `read` holds those read so far, by file and token.
  private static func infoPlist(
    at start: Int, in source: SwiftTokens, among sources: [SwiftTokens], read: inout [String: InfoPlist],
    notes: inout [String]
  ) -> InfoPlist {
    var (source, start) = (source, start)
    let name = source.text(start)
    for other in sources {
      if let value = other.definitions[name] {
        (source, start) = (other, value)
        break
      }
    }
    if let plist = read["\(source.file):\(start)"] { return plist }
    var plist = GeneratedProject.defaultInfoPlist(path: source.file)
    guard source.text(start) == "[" else {
      notes.append(source.fromCode("the Info.plist entries", at: start))
      return plist
    }
    for (key, value) in source.elements(of: start) {
      guard let key = source.literal(at: key), let value else { continue }
      if let text = source.literal(at: value)
        ?? (source.text(value + 1) == "string" ? source.literal(at: value + 3) : nil)
      {
        plist.strings[key] = text
      } else if source.text(value) == "[" || source.text(value + 1) == "array" {
        plist.arrays[key] = source.literals(in: value)
      } else {
        notes.append(source.fromCode(key, at: value))
        continue
      }
      plist.keyLocations[key] = source.location(value - 2)
    }
    plist.keys = Array(Set(plist.keys).union(plist.keyLocations.keys)).sorted()
    read["\(source.file):\(start)"] = plist
    return plist
  }
}

/// A Swift file as tokens, for reading literals by pattern: string literals (their text, escapes read; nil for
/// one with an interpolation), names, and single punctuation characters; comments and spaces dropped.
struct SwiftTokens {
  let file: String
  private(set) var tokens: [(text: String, literal: String??, offset: Int)] = []
  private let lines: LineMap
  /// For each bracket token, the index past the bracket that closes it (the end of the file for an unclosed one).
  private var ends: [Int: Int] = [:]
  /// For each name a `let` or `var` defines, the index of the value its first definition is given.
  private(set) var definitions: [String: Int] = [:]

  init(_ path: FilePath, reader: InputFiles) throws(Diagnostic) {
    let bytes: [UInt8]
    switch reader.read(path, limit: 1 << 20) {
    case .failure(let failure): throw Diagnostic(file: path.string, severity: .error, message: failure.reason)
    case .success(let read): bytes = read
    }
    (file, lines) = (path.string, LineMap(bytes: bytes))
    var index = 0
    func isName(_ byte: UInt8) -> Bool {
      byte >= 0x80 || byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte)
    }
    while index < bytes.count {
      let start = index
      if bytes[index...].starts(with: "//".utf8) {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      } else if bytes[index...].starts(with: "/*".utf8) {
        index = (bytes[(index + 2)...].firstRange(of: "*/".utf8)?.upperBound ?? bytes.count)
      } else if bytes[index] == UInt8(ascii: "\"") {
        var text: [UInt8]? = []
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A {
          let escapes: [UInt8: UInt8] = [0x6E: 0x0A, 0x74: 0x09, 0x22: 0x22, 0x5C: 0x5C, 0x27: 0x27]
          let byte = bytes[index] == UInt8(ascii: "\\") ? escapes[bytes[min(index + 1, bytes.count - 1)]] : bytes[index]
          if let byte { text?.append(byte) } else { text = nil }
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        tokens.append(("\"", .some(text.map { String(decoding: $0, as: UTF8.self) }), start))
      } else if isName(bytes[index]) {
        while index < bytes.count, isName(bytes[index]) { index += 1 }
        tokens.append((String(decoding: bytes[start..<index], as: UTF8.self), nil, start))
      } else {
        index += 1
        if bytes[start] > 0x20 { tokens.append((String(UnicodeScalar(bytes[start])), nil, start)) }
      }
    }
    indexBracketsAndDefinitions()
  }

  /// Fills `ends` and `definitions` in one pass over the tokens, so that no lookup scans the file again.
  private mutating func indexBracketsAndDefinitions() {
    var (open, undefined) = ([Int](), Set<String>())
    for index in tokens.indices {
      switch text(index) {
      case "(", "[", "{": open.append(index)
      case ")", "]", "}": if let opener = open.popLast() { ends[opener] = index + 1 }
      case "=":
        for name in undefined { definitions[name] = index + 1 }
        undefined = []
      default:
        if ["let", "var"].contains(text(index - 1)), definitions[text(index)] == nil { undefined.insert(text(index)) }
      }
    }
    for opener in open { ends[opener] = tokens.count }
  }

  func text(_ index: Int) -> String { tokens.indices.contains(index) ? tokens[index].text : "" }
  func location(_ index: Int) -> SourceLocation {
    lines.location(of: tokens.indices.contains(index) ? tokens[index].offset : 0)
  }

  /// The literal string that is the token at `index`, or nil.
  func literal(at index: Int) -> String? { tokens.indices.contains(index) ? tokens[index].literal ?? nil : nil }

  /// The first literal given to a `label:` in the file.
  func literal(after label: String) -> String? {
    tokens.indices.lazy.compactMap { text($0) == label && text($0 + 1) == ":" ? literal(at: $0 + 2) : nil }.first
  }

  /// The index past the bracket that closes the one at `open`.
  func end(of open: Int) -> Int { ends[open] ?? open + 1 }

  /// The elements of the bracketed list at `open`, each split at its top-level `:` (a label or a key) into the
  /// index of its key and of its value.
  func elements(of open: Int) -> [(key: Int, value: Int?)] {
    var (found, index, start) = ([(Int, Int?)](), open + 1, open + 1)
    let close = end(of: open) - 1
    while index <= close {
      if index == close || text(index) == "," {
        if index > start { found.append((start, text(start + 1) == ":" ? start + 2 : nil)) }
        start = index + 1
      }
      index = ["(", "[", "{"].contains(text(index)) ? end(of: index) : index + 1
    }
    return found
  }

  /// The labelled arguments of the call whose `(` is at `open`: label → index of its value.
  func arguments(of open: Int) -> [String: Int] {
    Dictionary(elements(of: open).compactMap { element in element.value.map { (text(element.key), $0) } }) { first, _ in
      first
    }
  }

  /// Every literal string in the value at `index` (up to its end).
  func literals(in index: Int) -> [String] {
    let stop =
      ["(", "["].contains(text(index)) || ["(", "["].contains(text(index + 2))
      ? end(of: index + (text(index + 2) == "(" ? 2 : 0)) : index + 1
    return (index..<stop).compactMap(literal(at:))
  }

  /// `Project.swift:3:5: KEY is from code, not evaluated`.
  func fromCode(_ what: String, at index: Int) -> String {
    "\(Diagnostic.place(file, location(index))): \(what.forMessage(limit: 60)) is from code, not evaluated"
  }
}

/// Tuist's resource globs: `*` within a name, `**` across folders.
enum Glob {
  /// Whether the relative `path` matches `pattern`.
  static func matches(_ path: String, _ pattern: String) -> Bool {
    wildcard(path.split(separator: "/"), pattern.split(separator: "/"), star: "**") { name, part in
      wildcard(Array(name.utf8), Array(part.utf8), star: UInt8(ascii: "*"), matches: ==)
    }
  }

  /// Whether `items` match `pattern`, in which `star` stands for any run of items (none too) and any other part
  /// for one item it `matches`. Greedy, in at most items × parts steps: on a mismatch the scan goes back to the
  /// last star only, letting it take one more item (a later star can take whatever an earlier one could).
  private static func wildcard<Item, Part: Equatable>(
    _ items: [Item], _ pattern: [Part], star: Part, matches: (Item, Part) -> Bool
  ) -> Bool {
    var (item, part) = (0, 0)
    var lastStar: (part: Int, item: Int)?
    while item < items.count {
      if part < pattern.count, pattern[part] == star {
        lastStar = (part, item)
        part += 1
      } else if part < pattern.count, matches(items[item], pattern[part]) {
        (item, part) = (item + 1, part + 1)
      } else if let retry = lastStar {
        lastStar = (retry.part, retry.item + 1)
        (item, part) = (retry.item + 1, retry.part + 1)
      } else {
        return false
      }
    }
    return pattern[part...].allSatisfy { $0 == star }
  }
}
