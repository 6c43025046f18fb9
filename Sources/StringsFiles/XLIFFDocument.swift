import Diagnostics
import FileAccess
import TextSupport

/// An XLIFF 1.2 document as Xcode exports it (`Localized Contents/<lang>.xliff` in an `.xcloc`, or a plain
/// `.xliff`): one `<file>` per strings table or catalog of the project, each a list of `<trans-unit>`s with
/// their source text, their translation and its state. Read with `XMLTree`, within its limits.
public struct XLIFFDocument: Sendable {
  /// One `<trans-unit>`: a key of the table, its text in the source language and its translation.
  public struct Unit: Sendable {
    /// The key (`id`).
    public var id: String
    /// The text in the source language.
    public var source: String
    /// The translation, when the unit has a `<target>`.
    public var target: String?
    /// The target's `state` as written (`new`, `translated`, `needs-review-l10n`), when it has one.
    public var state: String?
    /// Where the `<trans-unit>` tag starts.
    public var location: SourceLocation
    /// Where the `<source>` tag starts.
    public var sourceLocation: SourceLocation
    /// Where the `<target>` tag starts, when there is one.
    public var targetLocation: SourceLocation?
  }

  /// One `<file>`: the units of one table or catalog of the project.
  public struct File: Sendable {
    /// The project file it was exported from (`App/en.lproj/InfoPlist.strings`, `App/InfoPlist.xcstrings`).
    public var original: String
    /// The language the units' sources are in: the project's development region.
    public var sourceLanguage: String
    /// The language the targets are in (the same as the source in the development region's own export).
    public var targetLanguage: String
    /// The units, in order.
    public var units: [Unit]

    /// Whether the units are the Info.plist's localizable keys: `InfoPlist.strings` up to Xcode 14,
    /// `InfoPlist.xcstrings` from Xcode 15.
    public var isInfoPlist: Bool { Self.isInfoPlist(original: original) }

    /// Whether a `<file>` whose `original` is `original` holds the Info.plist's keys.
    static func isInfoPlist(original: String) -> Bool {
      let name = original.split(separator: "/").last.map(String.init) ?? original
      return name == "InfoPlist.strings" || name == "InfoPlist.xcstrings"
    }
  }

  /// The document's path.
  public var path: String
  /// Its `<file>`s, in order.
  public var files: [File]

  /// The files that hold the Info.plist's keys, where purpose strings are translated.
  public var infoPlistFiles: [File] { files.filter(\.isInfoPlist) }

  /// Reads the XLIFF file at `file` through `files`, or says where and why it is not one.
  public static func read(_ file: FilePath, from files: InputFiles) -> Result<XLIFFDocument, ReadProblem> {
    XMLTree.read(file, from: files).flatMap { read($0, path: file.string) }
  }

  /// The document `tree` holds, read from `path`.
  static func read(_ tree: XMLTree, path: String) -> Result<XLIFFDocument, ReadProblem> {
    func problem(_ message: String, _ element: XMLTree.Element) -> ReadProblem {
      ReadProblem(file: path, message, location: element.location)
    }
    let root = tree.root
    guard root.name == "xliff" else {
      return .failure(problem("not an XLIFF document: the top element is <\(root.name.forMessage(limit: 40))>", root))
    }
    guard let version = root.attribute("version"), version.hasPrefix("1.") else {
      let found = root.attribute("version").map { " (this one is \($0.forMessage(limit: 20)))" } ?? ""
      return .failure(problem("attsim reads XLIFF 1.2, the version Xcode exports\(found)", root))
    }
    var files: [File] = []
    for element in root.children(named: "file") {
      guard let original = element.attribute("original") else {
        return .failure(problem("this <file> has no original attribute", element))
      }
      guard let sourceLanguage = element.attribute("source-language") else {
        return .failure(problem("this <file> has no source-language attribute", element))
      }
      var units: [Unit] = []
      for body in element.children(named: "body") {
        switch self.units(in: body, path: path, plainText: File.isInfoPlist(original: original)) {
        case .success(let found): units += found
        case .failure(let failure): return .failure(failure)
        }
      }
      files.append(
        File(
          original: original, sourceLanguage: sourceLanguage,
          targetLanguage: element.attribute("target-language") ?? sourceLanguage, units: units))
    }
    return .success(XLIFFDocument(path: path, files: files))
  }

  /// The `<trans-unit>`s in `element`, and in the `<group>`s in it, in order; with `plainText`, a unit whose
  /// text holds markup is refused.
  private static func units(in element: XMLTree.Element, path: String, plainText: Bool) -> Result<
    [Unit], ReadProblem
  > {
    var units: [Unit] = []
    for child in element.children {
      switch child.name {
      case "group":
        switch self.units(in: child, path: path, plainText: plainText) {
        case .success(let found): units += found
        case .failure(let failure): return .failure(failure)
        }
      case "trans-unit":
        guard let id = child.attribute("id") else {
          return .failure(ReadProblem(file: path, "this <trans-unit> has no id attribute", location: child.location))
        }
        guard let source = child.children(named: "source").first else {
          return .failure(ReadProblem(file: path, "this <trans-unit> has no <source>", location: child.location))
        }
        let target = child.children(named: "target").first
        // Inline markup (`<g>`, `<x/>`, `<ph>`, …) would leave a hole in the text: Xcode writes none.
        if plainText, let markup = ([source] + (target.map { [$0] } ?? [])).lazy.flatMap(\.children).first {
          return .failure(
            ReadProblem(
              file: path,
              "inline markup (<\(markup.name.forMessage(limit: 40))>) in a unit's text: Xcode writes plain text",
              location: markup.location))
        }
        units.append(
          Unit(
            id: id, source: source.text, target: target?.text, state: target?.attribute("state"),
            location: child.location, sourceLocation: source.location, targetLocation: target?.location))
      default: continue
      }
    }
    return .success(units)
  }
}

extension StringCatalog {
  /// The `InfoPlist` catalog an XLIFF file's units stand for, as the translation would ship once imported: each
  /// unit's target in the target language, or its source where it has none (iOS shows the development
  /// region's text then); and, with `withSource`, each source in the source language.
  public init(exported file: XLIFFDocument.File, path: String, withSource: Bool) {
    var translations: [String: [String: Translation]] = [:]
    var keyLocations: [String: SourceLocation] = [:]
    for unit in file.units where translations[unit.id] == nil {
      var perLanguage: [String: Translation] = [:]
      if withSource {
        perLanguage[file.sourceLanguage] = Translation(value: unit.source, location: unit.sourceLocation)
      }
      if file.targetLanguage != file.sourceLanguage || unit.target != nil {
        perLanguage[file.targetLanguage] = Translation(
          value: unit.target ?? unit.source, location: unit.targetLocation ?? unit.sourceLocation,
          isSourceText: unit.target == nil)
      }
      translations[unit.id] = perLanguage
      keyLocations[unit.id] = unit.location
    }
    let languages = Set(translations.values.flatMap(\.keys))
    self.init(
      path: path, tableName: "InfoPlist", sourceLanguage: file.sourceLanguage, translations: translations,
      staleKeys: [], keyLocations: keyLocations, languages: languages.sorted(), languageSet: languages)
  }
}
