import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// Tuist's `Project.swift` (and the `Tuist/ProjectDescriptionHelpers` it calls) read by pattern, never run:
/// each `.target(…)` or `Target(…)` call's literal `name`, `product`, `destinations` or `platform`,
/// `infoPlist` (`.extendingDefault(with: [...])` over Tuist's defaults, written at
/// `Derived/InfoPlists/<name>-Info.plist` as Tuist does; `.file(path:)` or a path), `resources` (globs),
/// and `developmentRegion`. A value computed in code is named in a note as "from code, not evaluated",
/// never guessed.
enum TuistManifest {
  /// The project `spec` describes, with its helpers, read through `reader`.
  static func read(_ spec: FilePath, reader: InputFiles) throws(Diagnostic) -> GeneratedProject {
    let manifest = try SwiftSource(spec, reader: reader)
    var sources = [manifest]
    for folder in [spec.parent, spec.parent.parent] {
      for file in reader.children(of: folder.appending("Tuist/ProjectDescriptionHelpers"))
      where file.pathExtension == "swift" {
        sources.append(try SwiftSource(file, reader: reader))
      }
    }
    var project = GeneratedProject(spec: spec, name: spec.parent.normalized.lastComponent)
    project.name = manifest.literal(after: "name:") ?? project.name
    project.developmentRegion = "en"
    for source in sources {
      for offset in source.offsets(of: "developmentRegion:") {
        guard let region = source.value(at: offset + "developmentRegion:".count).flatMap(source.string) else {
          project.notes.append(source.fromCode("developmentRegion", at: offset))
          continue
        }
        project.developmentRegion = region
      }
    }
    let files = (AppLoader.walk(spec.parent, reader: reader)?.entries ?? []).filter { !$0.isDirectory }.map(\.path)
    for source in sources {
      for call in source.offsets(of: ".target(") + source.offsets(of: "Target(") {
        guard let open = source.bytes[call...].firstIndex(of: UInt8(ascii: "(")), let close = source.closing(open),
          call == 0 || !source.isIdentifier(source.bytes[call - 1]) || source.bytes[call] == UInt8(ascii: ".")
        else { continue }
        let arguments = source.labelled(open + 1..<close)
        let name = arguments["name"].flatMap(source.string) ?? project.name
        var target = GeneratedProject.Target(name: name, productType: "com.apple.product-type.application")
        let product = arguments["product"].map { source.text($0) } ?? ".app"
        if product != ".app" {
          target.productType += product == ".appClip" ? ".on-demand-install-capable" : product
        }
        let platform = (arguments["destinations"] ?? arguments["platform"]).map { source.text($0) } ?? ".iOS"
        let sdk = ["iOS", "iPhone", "iPad"].contains(where: platform.contains) || !platform.contains(".") ? "iphoneos" : "macosx"
        var settings: [String: GeneratedProject.Setting] = ["SDKROOT": (.string(sdk), source.file, nil)]
        if let plist = arguments["infoPlist"] {
          let file = source.string(plist) ?? source.call(".file(path:", in: plist).flatMap(source.string)
          if let file {
            settings["INFOPLIST_FILE"] = (.string(file), source.file, source.location(plist.lowerBound))
          } else if let dictionary = source.call(".extendingDefault(with:", in: plist) {
            let path = "Derived/InfoPlists/\(name)-Info.plist"
            settings["INFOPLIST_FILE"] = (.string(path), source.file, source.location(plist.lowerBound))
            project.infoPlists[spec.parent.appending(path)] = infoPlist(dictionary, in: source, among: sources, notes: &project.notes)
          } else if source.text(plist) != ".default" {
            project.notes.append(source.fromCode("\(name)'s infoPlist", at: plist.lowerBound))
          }
        }
        target.settings = Dictionary(uniqueKeysWithValues: project.configurations.map { ($0, settings) })
        let patterns = arguments["resources"].map { source.strings(in: $0) } ?? []
        for file in files where patterns.contains(where: { Glob.matches(file.relative(to: spec.parent) ?? "", $0) }) {
          if file.parent.pathExtension == "lproj" || ["xcstrings", "xcprivacy"].contains(file.pathExtension ?? "") {
            target.resources.append((file, (source.file, arguments["resources"].map { source.location($0.lowerBound) })))
          }
        }
        project.targets.append(target)
      }
    }
    return project
  }

  /// Tuist's default Info.plist extended with the literal entries of the dictionary at `range` (or of the
  /// one a name there is given, in any of `sources`); an entry computed in code is noted, not read.
  private static func infoPlist(
    _ range: Range<Int>, in source: SwiftSource, among sources: [SwiftSource], notes: inout [String]
  ) -> InfoPlist {
    var (source, range) = (source, range)
    let name = source.text(range)
    if source.isIdentifier(source.bytes[range.lowerBound]),
      let found = sources.lazy.compactMap({ other in other.definition(of: name).map { (other, $0) } }).first
    {
      (source, range) = found
    }
    var plist = GeneratedProject.defaultInfoPlist(path: source.file)
    guard source.bytes[range.lowerBound] == UInt8(ascii: "[") else {
      notes.append(source.fromCode("the Info.plist entries", at: range.lowerBound))
      return plist
    }
    for entry in source.arguments(range.lowerBound + 1..<range.upperBound - 1) {
      guard let keyRange = entry.key, let key = source.string(keyRange) else { continue }
      let value = source.call(".string(", in: entry.value) ?? entry.value
      if let text = source.string(value) {
        plist.strings[key] = text
      } else if source.bytes[value.lowerBound] == UInt8(ascii: "[") || source.call(".array(", in: value) != nil {
        plist.arrays[key] = source.strings(in: value)
      } else {
        notes.append(source.fromCode(key, at: value.lowerBound))
        continue
      }
      plist.keyLocations[key] = source.location(keyRange.lowerBound)
      plist.keys.append(key)
    }
    plist.keys = Array(Set(plist.keys)).sorted()
    return plist
  }
}

/// A Swift file as bytes with its comments blanked, for reading literals by pattern.
struct SwiftSource {
  let file: String
  var bytes: [UInt8]
  let lines: LineMap

  init(_ path: FilePath, reader: InputFiles) throws(Diagnostic) {
    switch reader.read(path, limit: 1 << 20) {
    case .failure(let failure): throw Diagnostic(file: path.string, severity: .error, message: failure.reason)
    case .success(let read): bytes = read
    }
    file = path.string
    lines = LineMap(bytes: bytes)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\"") {
        index = endOfString(index)
      } else if bytes[index...].starts(with: "//".utf8) {
        while index < bytes.count, bytes[index] != 0x0A { (bytes[index], index) = (0x20, index + 1) }
      } else if bytes[index...].starts(with: "/*".utf8) {
        while index < bytes.count, !bytes[index...].starts(with: "*/".utf8) {
          if bytes[index] != 0x0A { bytes[index] = 0x20 }
          index += 1
        }
        if index < bytes.count { (bytes[index], bytes[index + 1], index) = (0x20, 0x20, index + 2) }
      } else {
        index += 1
      }
    }
  }

  func isIdentifier(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || byte >= 0x80 || Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber }

  /// The offset past the string literal starting at `start` (a `"`).
  func endOfString(_ start: Int) -> Int {
    var index = start + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    return index + 1
  }

  func location(_ offset: Int) -> SourceLocation { lines.location(of: offset) }

  func text(_ range: Range<Int>) -> String { String(decoding: bytes[trimmed(range)], as: UTF8.self) }

  /// `Project.swift:3:5: KEY is from code, not evaluated`.
  func fromCode(_ what: String, at offset: Int) -> String {
    "\(Diagnostic.place(file, location(offset))): \(what.forMessage(limit: 60)) is from code, not evaluated"
  }

  /// Where `needle` starts, outside string literals.
  func offsets(of needle: String) -> [Int] {
    var found: [Int] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\"") {
        index = endOfString(index)
        continue
      }
      if bytes[index...].starts(with: needle.utf8) { found.append(index) }
      index += 1
    }
    return found
  }

  /// The offset of the bracket closing the one at `open`, skipping string literals.
  func closing(_ open: Int) -> Int? {
    var depth = 0
    var index = open
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""): index = endOfString(index) - 1
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The top-level comma-separated parts of `range`, each split at its first top-level `:` (a label, or a
  /// dictionary's key) into key and value.
  func arguments(_ range: Range<Int>) -> [(key: Range<Int>?, value: Range<Int>)] {
    var parts: [(Range<Int>?, Range<Int>)] = []
    var (start, colon, index) = (range.lowerBound, Int?.none, range.lowerBound)
    while index <= range.upperBound {
      let byte = index < range.upperBound ? bytes[index] : UInt8(ascii: ",")
      if byte == UInt8(ascii: "\"") {
        index = endOfString(index)
        continue
      }
      if [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{")].contains(byte), let close = closing(index) {
        index = close + 1
        continue
      }
      if byte == UInt8(ascii: ":"), colon == nil { colon = index }
      if byte == UInt8(ascii: ",") {
        let value = (colon.map { $0 + 1 } ?? start)..<index
        if !text(value).isEmpty { parts.append((colon.map { trimmed(start..<$0) }, trimmed(value))) }
        (start, colon) = (index + 1, nil)
      }
      index += 1
    }
    return parts
  }

  /// The labelled arguments of a call by label.
  func labelled(_ range: Range<Int>) -> [String: Range<Int>] {
    Dictionary(arguments(range).compactMap { part in part.key.map { (text($0), part.value) } }) { a, _ in a }
  }

  func trimmed(_ range: Range<Int>) -> Range<Int> {
    var (low, high) = (range.lowerBound, range.upperBound)
    while low < high, [0x20, 0x0A, 0x09, 0x0D].contains(bytes[low]) { low += 1 }
    while high > low, [0x20, 0x0A, 0x09, 0x0D].contains(bytes[high - 1]) { high -= 1 }
    return low..<high
  }

  /// The text of the string literal that is all of `range`, its escapes read; nil for anything else
  /// (an interpolation, a name, a call).
  func string(_ range: Range<Int>) -> String? {
    let range = trimmed(range)
    guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\""), endOfString(range.lowerBound) == range.upperBound
    else { return nil }
    var out: [UInt8] = []
    var index = range.lowerBound + 1
    while index < range.upperBound - 1 {
      guard bytes[index] == UInt8(ascii: "\\") else {
        out.append(bytes[index])
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      guard let plain = [0x6E: 0x0A, 0x74: 0x09, 0x72: 0x0D, 0x30: 0x00, 0x22: 0x22, 0x27: 0x27, 0x5C: 0x5C][escaped]
      else { return nil }
      out.append(UInt8(plain))
      index += 2
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Every string literal in `range`.
  func strings(in range: Range<Int>) -> [String] {
    var found: [String] = []
    var index = range.lowerBound
    while index < range.upperBound {
      guard bytes[index] == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      let end = endOfString(index)
      if let text = string(index..<min(end, range.upperBound)) { found.append(text) }
      index = end
    }
    return found
  }

  /// The value after `offset` up to the next top-level comma or closing bracket.
  func value(at offset: Int) -> Range<Int>? {
    var index = offset
    while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: ")"), UInt8(ascii: "]")].contains(bytes[index]) {
      if bytes[index] == UInt8(ascii: "\"") { index = endOfString(index) } else { index += 1 }
    }
    return index > offset ? trimmed(offset..<min(index, bytes.count)) : nil
  }

  /// The first literal string after `label` in the file.
  func literal(after label: String) -> String? {
    offsets(of: label).lazy.compactMap { value(at: $0 + label.utf8.count).flatMap(string) }.first
  }

  /// The argument inside `prefix(…)` when `range` is that call (`.file(path: "x")` → `"x"`).
  func call(_ prefix: String, in range: Range<Int>) -> Range<Int>? {
    let range = trimmed(range)
    guard bytes[range].starts(with: prefix.utf8), let open = bytes[range].firstIndex(of: UInt8(ascii: "(")),
      closing(open) == range.upperBound - 1
    else { return nil }
    return trimmed(range.lowerBound + prefix.utf8.count..<range.upperBound - 1)
  }

  /// The literal a `let` or `var` named `name` is set to.
  func definition(of name: String) -> Range<Int>? {
    for keyword in ["let ", "var "] {
      for offset in offsets(of: keyword + name) {
        guard let equals = bytes[offset...].firstIndex(of: UInt8(ascii: "=")),
          let open = bytes[equals...].firstIndex(where: { $0 != 0x20 && $0 != UInt8(ascii: "=") && $0 != 0x0A }),
          let close = bytes[open] == UInt8(ascii: "[") ? closing(open) : nil
        else { continue }
        return open..<close + 1
      }
    }
    return nil
  }
}

/// Tuist's resource globs: `*` within a folder's name, `**` across folders.
enum Glob {
  /// Whether the relative `path` matches `pattern`.
  static func matches(_ path: String, _ pattern: String) -> Bool {
    match(path.split(separator: "/"), pattern.split(separator: "/"))
  }

  private static func match(_ path: [Substring], _ pattern: [Substring]) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      return (0...path.count).contains { match(Array(path.dropFirst($0)), Array(pattern.dropFirst())) }
    }
    guard let component = path.first, matchesName(Array(component.utf8)[...], Array(first.utf8)[...]) else {
      return false
    }
    return match(Array(path.dropFirst()), Array(pattern.dropFirst()))
  }

  private static func matchesName(_ name: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
    guard let head = pattern.first else { return name.isEmpty }
    if head == UInt8(ascii: "*") {
      return (0...name.count).contains { matchesName(name.dropFirst($0), pattern.dropFirst()) }
    }
    return name.first == head && matchesName(name.dropFirst(), pattern.dropFirst())
  }
}
