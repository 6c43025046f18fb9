import Diagnostics
import FileAccess
import TextSupport

/// An app's Info.plist as the built app has it: read from the file (XML or binary), with Xcode's build
/// variables expanded, and, for projects that generate it, the `INFOPLIST_KEY_*` build settings merged in.
public struct InfoPlist: Sendable {
  /// The Info.plist file (for a generated one without a file, the project file that sets its keys).
  public var path: String
  /// Top-level string values by key, build variables expanded (non-string values are left out).
  public var strings: [String: String]
  /// Top-level arrays of strings by key (`CFBundleLocalizations`).
  public var arrays: [String: [String]] = [:]
  /// Every top-level key.
  public var keys: [String]
  /// Positions of `<key>…</key>` elements in the XML form; empty for binary plists.
  public var keyLocations: [String: SourceLocation]
  /// Keys that come from build settings (`INFOPLIST_KEY_…`): the setting, its file and line.
  public var generatedKeys: [String: GeneratedKey] = [:]
  /// What each top-level value that is not a string is, in words (`an array`, `a Boolean`).
  public var valueKinds: [String: String] = [:]

  /// A key written as a build setting (`INFOPLIST_KEY_NSUserTrackingUsageDescription = …`).
  public struct GeneratedKey: Hashable, Sendable {
    /// The build setting's name.
    public var setting: String
    /// The file that sets it (`project.pbxproj` or an `.xcconfig`).
    public var file: String
    /// Where in that file.
    public var location: SourceLocation?

    /// A key set by `setting` in `file`.
    public init(setting: String, file: String, location: SourceLocation?) {
      self.setting = setting
      self.file = file
      self.location = location
    }
  }

  /// An Info.plist of these keys and values.
  public init(
    path: String, strings: [String: String], arrays: [String: [String]] = [:], keys: [String],
    keyLocations: [String: SourceLocation]
  ) {
    self.path = path
    self.strings = strings
    self.arrays = arrays
    self.keys = keys
    self.keyLocations = keyLocations
  }

  /// The key whose absence crashes an app that requests tracking.
  public static let usageDescriptionKey = "NSUserTrackingUsageDescription"

  /// The purpose string in Markdown that iOS 27.2's EU sheet shows instead, when the app has it.
  public static let markdownUsageDescriptionKey = "NSUserTrackingMarkdownUsageDescription"

  /// Reads an Info.plist, or says why it cannot.
  public static func read(_ file: FilePath, from files: InputFiles = InputFiles()) -> Result<InfoPlist, ReadProblem> {
    let path = file.string
    let bytes: [UInt8]
    switch ReadProblem.bytes(of: file, from: files) {
    case .failure(let failure): return .failure(failure)
    case .success(let read): bytes = read
    }
    let dictionary: [String: PlistObject]
    switch PropertyListReader.read(bytes, file: path) {
    case .failure(let problem):
      return .failure(ReadProblem(file: path, "not a property list: \(problem.message)", location: problem.location))
    case .success(let object):
      guard let members = object.dictionary else {
        return .failure(ReadProblem(file: path, "not a dictionary property list"))
      }
      dictionary = members
    }
    var strings: [String: String] = [:]
    var arrays: [String: [String]] = [:]
    var kinds: [String: String] = [:]
    for (key, value) in dictionary {
      if case .string(let text) = value {
        strings[key] = text
        continue
      }
      if case .array(let list) = value { arrays[key] = list.compactMap(\.string) }
      kinds[key] = value.kindName
    }
    let locations = bytes.starts(with: Array("bplist".utf8)) ? [:] : Self.keyLocations(in: bytes)
    var plist = InfoPlist(
      path: path, strings: strings, arrays: arrays, keys: dictionary.keys.sorted(), keyLocations: locations)
    plist.valueKinds = kinds
    return .success(plist)
  }

  /// `CFBundleDevelopmentRegion`, the language the app falls back to.
  public var developmentRegion: String? { strings["CFBundleDevelopmentRegion"] }

  /// The purpose string iOS shows when no localization overrides it.
  public var usageDescription: String? { strings[Self.usageDescriptionKey] }

  /// The languages `CFBundleLocalizations` declares.
  public var declaredLocalizations: [String] { arrays["CFBundleLocalizations"] ?? [] }

  /// Where the value of `key` comes from: the Info.plist file, or a build setting.
  public func source(of key: String) -> (source: TextSource, location: SourceLocation?) {
    if let generated = generatedKeys[key] {
      return (.buildSetting(path: generated.file, setting: generated.setting), generated.location)
    }
    return (.infoPlist(path: path), keyLocations[key])
  }

  /// Where each `<key>name</key>` starts in XML text.
  static func keyLocations(in bytes: [UInt8]) -> [String: SourceLocation] {
    let map = LineMap(bytes: bytes)
    return keyOffsets(in: bytes).mapValues { map.location(of: $0.key) }
  }

  /// Where each `<key>name</key>` of XML text starts, and the element after it (its value), as byte offsets;
  /// the first of a name that stands twice. A name written with entities (`&amp;`) is not found.
  static func keyOffsets(in bytes: [UInt8]) -> [String: (key: Int, value: Int)] {
    let open = Array("<key>".utf8)
    let close = Array("</key>".utf8)
    var result: [String: (key: Int, value: Int)] = [:]
    var index = 0
    // A byte search: an Info.plist may be 64 MB, and the standard library's generic search took a 10.8 MB one
    // twice as long to check.
    while let start = ByteSearch.offset(of: open, in: bytes, from: index) {
      guard let end = ByteSearch.offset(of: close, in: bytes, from: start + open.count) else { break }
      let name = String(decoding: bytes[(start + open.count)..<end], as: UTF8.self)
      index = end + close.count
      let value = ByteSearch.offset(of: [UInt8(ascii: "<")], in: bytes, from: index) ?? start
      if result[name] == nil { result[name] = (start, value) }
    }
    return result
  }
}
