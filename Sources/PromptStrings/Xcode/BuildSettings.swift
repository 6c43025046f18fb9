import FileAccess
import StringsFiles

/// One build setting's value and where it was written.
struct BuildSetting: Hashable, Sendable {
  /// The value as written (variables not yet expanded).
  var value: String
  /// The file that sets it (`project.pbxproj` or an `.xcconfig`).
  var file: String
  /// Where in that file, when known.
  var location: SourceLocation?
}

/// The build settings of one target in one configuration, as Xcode layers them: the project's xcconfig, the
/// project's settings, the target's xcconfig, the target's settings (each over the one before), plus the
/// settings Xcode defines itself (`SRCROOT`, `TARGET_NAME`, `DEVELOPMENT_LANGUAGE`, …).
struct BuildSettings: Sendable {
  /// The layers, lowest first.
  var layers: [[String: BuildSetting]]
  /// Settings Xcode defines, under every layer.
  var builtIn: [String: String]

  /// The setting as the highest layer that sets it writes it.
  func setting(_ name: String) -> BuildSetting? {
    for layer in layers.reversed() {
      if let setting = layer[name] { return setting }
    }
    return nil
  }

  /// The value of `name` with every variable expanded; `unresolved` collects variables nothing defines.
  func value(_ name: String, unresolved: inout Set<String>) -> String? {
    resolve(name, below: layers.count, depth: 0, unresolved: &unresolved)
  }

  /// `text` with `$(NAME)`, `${NAME}` and `$NAME` replaced by their values (with Xcode's `:lower`, `:upper`,
  /// `:rfc1034identifier`, `:c99extidentifier` and `:default=` operators). A variable nothing defines is
  /// named in `unresolved` and, as Xcode does, expands to nothing.
  func expand(_ text: String, unresolved: inout Set<String>) -> String {
    expand(text, below: layers.count, depth: 0, unresolved: &unresolved)
  }

  /// Whether a Boolean setting is on (`YES`, `yes`, `true`, `1`).
  func isOn(_ name: String) -> Bool {
    var ignored = Set<String>()
    guard let value = value(name, unresolved: &ignored) else { return false }
    return ["YES", "yes", "true", "TRUE", "1"].contains(value.trimmingSpaces)
  }

  /// The value of `name` from the layers below `below` (so `$(inherited)` reads the next layer down).
  private func resolve(_ name: String, below: Int, depth: Int, unresolved: inout Set<String>) -> String? {
    guard depth < 32 else { return nil }
    for index in stride(from: below - 1, through: 0, by: -1) {
      if let setting = layers[index][name] {
        return expand(setting.value, below: index, depth: depth + 1, unresolved: &unresolved, inheriting: name)
      }
    }
    return builtIn[name].map { expand($0, below: 0, depth: depth + 1, unresolved: &unresolved) }
  }

  private func expand(
    _ text: String, below: Int, depth: Int, unresolved: inout Set<String>, inheriting: String? = nil
  ) -> String {
    guard text.contains("$") else { return text }
    var out = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      out += rest[..<dollar]
      let afterDollar = rest.index(after: dollar)
      guard afterDollar < rest.endIndex else {
        out += "$"
        rest = rest[afterDollar...]
        break
      }
      let opener = rest[afterDollar]
      let reference: Substring
      let end: Substring.Index
      if opener == "(" || opener == "{" {
        let closer: Character = opener == "(" ? ")" : "}"
        guard let close = Self.matchingClose(rest, from: afterDollar, open: opener, close: closer) else {
          out += rest[dollar...]
          rest = rest[rest.endIndex...]
          break
        }
        reference = rest[rest.index(after: afterDollar)..<close]
        end = rest.index(after: close)
      } else if opener.isLetter || opener == "_" {
        let stop = rest[afterDollar...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
        reference = rest[afterDollar..<stop]
        end = stop
      } else {
        out += "$"
        rest = rest[afterDollar...]
        continue
      }
      let inner = expand(String(reference), below: below, depth: depth + 1, unresolved: &unresolved)
      let parts = inner.split(separator: ":", maxSplits: 1).map(String.init)
      let name = parts.first ?? ""
      var value: String?
      if name == "inherited" {
        value = inheriting.flatMap { resolve($0, below: below, depth: depth + 1, unresolved: &unresolved) } ?? ""
      } else if name == "" {
        value = ""
      } else {
        value = resolve(name, below: layers.count, depth: depth + 1, unresolved: &unresolved)
      }
      if parts.count == 2 { value = Self.apply(operators: parts[1], to: value) }
      if let value {
        out += value
      } else {
        unresolved.insert(name)
      }
      rest = rest[end...]
    }
    out += rest
    return out
  }

  private static func matchingClose(
    _ text: Substring, from open: Substring.Index, open opener: Character, close: Character
  )
    -> Substring.Index?
  {
    var depth = 0
    var index = open
    while index < text.endIndex {
      if text[index] == opener { depth += 1 }
      if text[index] == close {
        depth -= 1
        if depth == 0 { return index }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// Xcode's value operators, applied in order (`$(PRODUCT_NAME:rfc1034identifier:lower)`).
  private static func apply(operators: String, to value: String?) -> String? {
    var value = value
    for operation in operators.split(separator: ":") {
      if operation.hasPrefix("default=") {
        if value?.isEmpty ?? true { value = String(operation.dropFirst("default=".count)) }
        continue
      }
      guard let current = value else { return nil }
      switch operation {
      case "lower": value = current.lowercased()
      case "upper": value = current.uppercased()
      case "rfc1034identifier":
        value = String(current.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") ? $0 : "-" })
      case "c99extidentifier", "identifier":
        value = String(current.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
      default: break
      }
    }
    return value
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
