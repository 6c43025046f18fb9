import FileAccess
import StringsFiles

/// An `.xcconfig` file's settings, with its `#include`s read in place (relative to the including file;
/// `#include?` may be missing, as Flutter's Pods include often is before `pod install`).
struct XcconfigFile: Sendable {
  /// The settings in the order they apply (later lines win).
  var settings: [String: BuildSetting] = [:]
  /// Files named by `#include` that could not be read, with why.
  var missingIncludes: [(file: String, reason: String)] = []

  /// Reads `path` and everything it includes, at most 16 deep; settings conditional on a configuration
  /// apply only to `configuration`, and those conditional on an SDK only when it is an iOS one.
  init(path: FilePath, configuration: String) {
    var visited = Set<String>()
    read(path, configuration: configuration, depth: 0, visited: &visited)
  }

  private mutating func read(_ path: FilePath, configuration: String, depth: Int, visited: inout Set<String>) {
    guard depth < 16, visited.insert(path.string).inserted else { return }
    let text: String
    switch FileReader.read(path.string, limit: 1 << 20) {
    case .failure(let failure):
      missingIncludes.append((path.string, failure.reason))
      return
    case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
    }
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (index, rawLine) in lines.enumerated() {
      let line = Self.withoutComment(rawLine).trimmingSpaces
      if line.hasPrefix("#include") {
        let optional = line.hasPrefix("#include?")
        guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { continue }
        let included = path.parent.resolving(String(line[line.index(after: first)..<last]))
        let before = missingIncludes.count
        read(included, configuration: configuration, depth: depth + 1, visited: &visited)
        if optional && missingIncludes.count > before { missingIncludes.removeLast(missingIncludes.count - before) }
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
      if let bracket = name.firstIndex(of: "[") {
        let conditions = name[bracket...]
        name = String(name[..<bracket])
        guard Self.applies(conditions, configuration: configuration) else { continue }
      }
      guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
        continue
      }
      let value = String(line[line.index(after: equals)...]).trimmingSpaces
      let indent = rawLine.prefix { $0 == " " || $0 == "\t" }.count
      settings[name] = BuildSetting(
        value: value, file: path.string, location: SourceLocation(line: index + 1, column: indent + 1))
    }
  }

  /// The line before a `//` comment (xcconfig files have no quoting: `//` starts a comment anywhere).
  private static func withoutComment(_ line: Substring) -> String {
    guard let range = line.range(of: "//") else { return String(line) }
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
