import Diagnostics
import FileAccess
import StringsFiles
import TextSupport

/// One build setting's value and where it was written.
struct BuildSetting: Hashable, Sendable {
  /// The value as written (variables not yet expanded).
  var value: String
  /// The file that sets it (`project.pbxproj` or an `.xcconfig`).
  var file: String
  /// Where in that file, when known.
  var location: SourceLocation?
}

/// What an expansion met besides values: variables nothing defines, and where it gave up (a setting that
/// names itself, nesting too deep, a value too long).
struct ExpansionNotes: Sendable {
  /// Variables nothing defines (they expand to nothing, as in Xcode).
  var unresolved: Set<String> = []
  /// Why part of a value was not expanded, one sentence each.
  var problems: [String] = []
}

/// The build settings Xcode sets itself for every target (`XcodeProject` gives each its value): without a
/// project their value cannot be known, but a build has one.
public enum XcodeDefinedSettings {
  /// Their names.
  public static let names: Set<String> = [
    "SRCROOT", "PROJECT_DIR", "SOURCE_ROOT", "PROJECT_NAME", "PROJECT_FILE_PATH", "TARGET_NAME", "PRODUCT_NAME",
    "EXECUTABLE_NAME", "PRODUCT_MODULE_NAME", "CONFIGURATION", "DEVELOPMENT_LANGUAGE", "PLATFORM_NAME", "SDKROOT",
    "EFFECTIVE_PLATFORM_NAME", "WRAPPER_EXTENSION", "CONTENTS_FOLDER_PATH",
  ]
}

/// The build settings of one target in one configuration, as Xcode layers them: the project's xcconfig, the
/// project's settings, the target's xcconfig, the target's settings (each over the one before), plus the
/// settings Xcode defines itself (`SRCROOT`, `TARGET_NAME`, `DEVELOPMENT_LANGUAGE`, …). Never the process
/// environment: a project cannot read it through `$(HOME)` or `$(CI_TOKEN)`.
///
/// Expansion is bounded whatever the project says: each setting is expanded once per layer (memoized), a
/// setting that names itself is caught, references nest at most `maximumDepth` deep, and no value grows past
/// `maximumLength` characters; past a bound the value is cut and the reason noted, never a crash or a hang.
struct BuildSettings: Sendable {
  /// The layers, lowest first.
  var layers: [[String: BuildSetting]]
  /// Settings Xcode defines, under every layer.
  var builtIn: [String: String]

  /// How deep references may nest (`$(A)` whose value names `$(B)` …, and `$($(NAME))`).
  static let maximumDepth = 32
  /// The longest a value may grow, in UTF-8 bytes: far past any purpose string iOS shows.
  static let maximumLength = 64 << 10

  /// The setting as the highest layer that sets it writes it.
  func setting(_ name: String) -> BuildSetting? {
    for layer in layers.reversed() {
      if let setting = layer[name] { return setting }
    }
    return nil
  }

  /// The value of `name` with every variable expanded; `notes` collects what was left out and why.
  func value(_ name: String, notes: inout ExpansionNotes) -> String? {
    var expander = Expander(settings: self)
    defer { notes.merge(expander.notes) }
    return expander.resolve(name, below: layers.count, depth: 0)
  }

  /// `text` with `$(NAME)`, `${NAME}` and `$NAME` replaced by their values (with Xcode's `:lower`, `:upper`,
  /// `:rfc1034identifier`, `:c99extidentifier` and `:default=` operators). A variable nothing defines is
  /// named in `notes` and, as Xcode does, expands to nothing.
  func expand(_ text: String, notes: inout ExpansionNotes) -> String {
    var expander = Expander(settings: self)
    defer { notes.merge(expander.notes) }
    return expander.expand(text, below: layers.count, depth: 0)
  }

  /// Whether a Boolean setting is on (`YES`, `yes`, `true`, `1`).
  func isOn(_ name: String) -> Bool {
    var ignored = ExpansionNotes()
    guard let value = value(name, notes: &ignored) else { return false }
    return ["YES", "yes", "true", "TRUE", "1"].contains(value.trimmingSpaces)
  }

  /// Whether they build for iOS (not only a Mac, TV, watch or visionOS app): `SUPPORTED_PLATFORMS` names
  /// `iphoneos` (a multiplatform target's do), or without it `SDKROOT` is an iOS SDK, Xcode's default, or `auto`.
  var buildsForIOS: Bool {
    var notes = ExpansionNotes()
    if let platforms = value("SUPPORTED_PLATFORMS", notes: &notes) {
      return platforms.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains("iphoneos")
    }
    let sdk = value("SDKROOT", notes: &notes)?.trimmingSpaces ?? "iphoneos"
    return sdk.hasPrefix("iphoneos") || sdk == "auto"
  }
}

extension ExpansionNotes {
  mutating func merge(_ other: ExpansionNotes) {
    unresolved.formUnion(other.unresolved)
    for problem in other.problems where !problems.contains(problem) { problems.append(problem) }
  }
}

/// One expansion: the settings, what was already worked out, and what is being worked out now.
private struct Expander {
  let settings: BuildSettings
  var notes = ExpansionNotes()
  /// A setting's value as read from below a layer, once worked out.
  private var memo: [Key: String?] = [:]
  /// The settings being worked out, to catch one that names itself.
  private var resolving: Set<Key> = []

  private struct Key: Hashable {
    var name: String
    var below: Int
  }

  init(settings: BuildSettings) { self.settings = settings }

  /// The value of `name` from the layers below `below` (so `$(inherited)` reads the next layer down).
  mutating func resolve(_ name: String, below: Int, depth: Int) -> String? {
    let key = Key(name: name, below: below)
    if let known = memo[key] { return known }
    guard depth < BuildSettings.maximumDepth else {
      note(
        "build settings refer to each other more than \(BuildSettings.maximumDepth) deep (at \(name.forMessage(limit: 60)))"
      )
      return ""
    }
    // A setting defined in terms of itself is empty from there on, and said once, not "undefined".
    guard resolving.insert(key).inserted else {
      note("\(name.forMessage(limit: 60)) refers to itself")
      return ""
    }
    defer { resolving.remove(key) }
    var result: String?
    var found = false
    for index in stride(from: below - 1, through: 0, by: -1) {
      if let setting = settings.layers[index][name] {
        result = expand(setting.value, below: index, depth: depth + 1, inheriting: name)
        found = true
        break
      }
    }
    if !found { result = settings.builtIn[name].map { expand($0, below: 0, depth: depth + 1) } }
    memo[key] = result
    return result
  }

  mutating func expand(_ text: String, below: Int, depth: Int, inheriting: String? = nil) -> String {
    guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
    guard depth < BuildSettings.maximumDepth else {
      note("a build setting nests references more than \(BuildSettings.maximumDepth) deep")
      return ""
    }
    var out = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      out += rest[..<dollar]
      guard fits(&out) else { return out }
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
      let inner = expand(String(reference), below: below, depth: depth + 1)
      let parts = inner.split(separator: ":", maxSplits: 1).map(String.init)
      let name = parts.first ?? ""
      var value: String?
      // A setting that names itself (`OTHER_LDFLAGS = $(OTHER_LDFLAGS) -ObjC`) reads the next level down, as
      // `$(inherited)` does: swift-build's evaluation treats a reference to the macro being evaluated as one.
      if name == "inherited" || name == inheriting {
        value = inheriting.flatMap { resolve($0, below: below, depth: depth + 1) } ?? ""
      } else if name == "" {
        value = ""
      } else {
        value = resolve(name, below: settings.layers.count, depth: depth + 1)
      }
      if parts.count == 2 { value = Self.apply(operators: parts[1], to: value) }
      if let value {
        out += value
      } else {
        notes.unresolved.insert(name)
      }
      guard fits(&out) else { return out }
      rest = rest[end...]
    }
    out += rest
    _ = fits(&out)
    return out
  }

  /// Whether `text` is within the longest a value may be; past it, cuts it there and says so.
  private mutating func fits(_ text: inout String) -> Bool {
    guard text.utf8.count > BuildSettings.maximumLength else { return true }
    text = String(decoding: text.utf8.prefix(BuildSettings.maximumLength), as: UTF8.self)
    note("a build setting expands past \(ByteCount(BuildSettings.maximumLength)); attsim cut it there")
    return false
  }

  private mutating func note(_ problem: String) {
    if !notes.problems.contains(problem) { notes.problems.append(problem) }
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
