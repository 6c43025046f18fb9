import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// An `.xcconfig` file's settings, with its `#include`s read in place (relative to the including file;
/// `#include?` may be missing, as Flutter's Pods include often is before `pod install`).
///
/// Includes are read through the project's sandbox: one that lies outside the project, or is reached
/// through a link out of it, is refused and named (`refusedIncludes`). A file that includes itself, however
/// spelled (`a/../Base.xcconfig`), is caught by its identity; each file is read and parsed once however often
/// it is included, and at most `maximumIncludes` includes are followed in all.
struct XcconfigFile: Sendable {
  /// The settings in the order they apply (later lines win).
  var settings: [String: BuildSetting] = [:]
  /// Files named by `#include` that could not be read, with why.
  var missingIncludes: [(file: String, reason: String)] = []
  /// Includes that were not followed, and where they are written: outside the project, through a link out of
  /// it, a loop, or past the limit.
  var refusedIncludes: [RefusedInclude] = []

  /// How deep includes may nest, and how many may be followed in all.
  static let maximumDepth = 16
  static let maximumIncludes = 256

  /// One line that matters: a setting, or an include.
  private enum Line {
    case setting(name: String, conditions: Substring?, value: String, location: SourceLocation)
    case include(path: String, optional: Bool, location: SourceLocation)
  }

  /// What a read is in the middle of: the files being included (for loops), the files parsed, the count.
  private struct Reading {
    var including: [FileIdentity] = []
    var parsed: [FileIdentity: [Line]] = [:]
    var includes = 0
  }

  /// Reads `path` and everything it includes through `reader`; settings conditional on a configuration apply
  /// only to `configuration`, and those conditional on an SDK only when it is an iOS one.
  init(path: FilePath, configuration: String, reader: InputFiles) {
    var reading = Reading()
    read(path, configuration: configuration, reader: reader, reading: &reading)
  }

  private mutating func read(_ path: FilePath, configuration: String, reader: InputFiles, reading: inout Reading) {
    if let refusal = reader.refusal(of: path) {
      missingIncludes.append((path.string, refusal.reason))
      return
    }
    guard let identity = FileIdentity(path: path) else {
      missingIncludes.append((path.string, "no such file"))
      return
    }
    let lines: [Line]
    if let known = reading.parsed[identity] {
      lines = known
    } else {
      switch reader.read(path, limit: 1 << 20) {
      case .failure(let failure):
        missingIncludes.append((path.string, failure.reason))
        return
      case .success(let bytes): lines = Self.parse(bytes)
      }
      reading.parsed[identity] = lines
    }
    reading.including.append(identity)
    defer { reading.including.removeLast() }
    for line in lines {
      switch line {
      case .setting(let name, let conditions, let value, let location):
        if let conditions, !Self.applies(conditions, configuration: configuration) { continue }
        settings[name] = BuildSetting(value: value, file: path.string, location: location)
      case .include(let included, let optional, let location):
        let target = path.parent.resolving(included)
        func refuse(_ reason: String, leavesProject: Bool = false) {
          refusedIncludes.append(
            RefusedInclude(file: path.string, location: location, reason: reason, leavesProject: leavesProject))
        }
        if let refusal = reader.refusal(of: target) {
          refuse("#include \"\(included.forMessage(limit: 60))\": \(refusal.reason)", leavesProject: true)
          continue
        }
        if let next = FileIdentity(path: target), reading.including.contains(next) {
          refuse("'\(included.forMessage(limit: 60))' includes itself (through the files that include it)")
          continue
        }
        guard reading.including.count < Self.maximumDepth, reading.includes < Self.maximumIncludes else {
          refuse(
            "attsim follows at most \(Self.maximumIncludes) includes, \(Self.maximumDepth) deep; '\(included.forMessage(limit: 60))' is past that"
          )
          continue
        }
        reading.includes += 1
        let before = missingIncludes.count
        read(target, configuration: configuration, reader: reader, reading: &reading)
        if optional && missingIncludes.count > before { missingIncludes.removeLast(missingIncludes.count - before) }
      }
    }
  }

  /// The lines of an xcconfig file that set something or include something.
  private static func parse(_ bytes: [UInt8]) -> [Line] {
    let text = String(decoding: bytes, as: UTF8.self)
    var result: [Line] = []
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (index, rawLine) in lines.enumerated() {
      let line = withoutComment(rawLine).trimmingSpaces
      let indent = rawLine.prefix { $0 == " " || $0 == "\t" }.count
      let location = SourceLocation(line: index + 1, column: indent + 1)
      if line.hasPrefix("#include") {
        guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { continue }
        let included = String(line[line.index(after: first)..<last])
        result.append(.include(path: included, optional: line.hasPrefix("#include?"), location: location))
        continue
      }
      // The `=` that assigns is the first one outside `[condition=value]` brackets.
      var depth = 0
      guard
        let equals = line.firstIndex(where: { character in
          if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
          return character == "=" && depth == 0
        })
      else { continue }
      var name = String(line[..<equals]).trimmingSpaces
      var conditions: Substring?
      if let bracket = name.firstIndex(of: "[") {
        conditions = Substring(name[bracket...])
        name = String(name[..<bracket])
      }
      guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
        continue
      }
      var value = String(line[line.index(after: equals)...]).trimmingSpaces
      // One trailing `;` is dropped, as swift-build's MacroConfigFileParser does (`SDKROOT = macosx;`).
      if value.hasSuffix(";") { value = String(value.dropLast()).trimmingSpaces }
      result.append(.setting(name: name, conditions: conditions, value: value, location: location))
    }
    return result
  }

  /// The line before a `//` comment (xcconfig files have no quoting: `//` starts a comment anywhere).
  private static func withoutComment(_ line: Substring) -> String {
    guard let range = line.firstRange(of: "//") else { return String(line) }
    return String(line[..<range.lowerBound])
  }

  /// Whether `[sdk=iphoneos*][config=Release]` conditions hold for an iOS build of `configuration`.
  private static func applies(_ conditions: Substring, configuration: String) -> Bool {
    for condition in conditions.split(separator: "]") {
      let body = condition.drop { $0 == "[" }
      let parts = body.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      let pattern = parts[1]
      let matches: (String) -> Bool = { candidate in
        pattern.hasSuffix("*") ? candidate.hasPrefix(pattern.dropLast()) : candidate == pattern
      }
      switch parts[0] {
      case "sdk": if !matches("iphoneos") { return false }
      case "config": if !matches(configuration) { return false }
      case "arch": continue
      default: return false
      }
    }
    return true
  }
}
