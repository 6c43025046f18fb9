import FileAccess
import StringsFiles

/// A `.strings` file found in an app, read or not.
public struct StringsFile: Sendable {
  /// The file's path.
  public var path: String
  /// The table, or why the bytes are not text.
  public var contents: Result<StringsTable, EncodingProblem>

  /// Reads the file at `path`, or says why it cannot be opened.
  public static func read(_ path: String) -> Result<StringsFile, ReadProblem> {
    ReadProblem.bytes(of: path).map { StringsFile(path: path, contents: StringsReader.read($0)) }
  }

  /// The table when the file could be decoded.
  public var table: StringsTable? { try? contents.get() }
}

/// One `<name>.lproj` folder of the app and the strings tables in it.
public struct LocalizationFolder: Sendable {
  /// The folder's name without `.lproj` (`pt-BR`, `Base`).
  public var name: String
  /// The folder's path.
  public var path: String
  /// Its `.strings` files by table name (`InfoPlist`, `Localizable`).
  public var files: [String: StringsFile]
}

/// A file that is there but could not be read.
public struct UnreadableFile: Hashable, Sendable {
  public var path: String
  public var reason: String
}

/// What attsim was pointed at.
public enum AppInput: Hashable, Sendable {
  /// An Xcode project (a `.xcodeproj`, a folder holding one, or a Flutter or React Native root's `ios/`).
  case xcodeProject
  /// A built `.app` (or an unzipped `.ipa`'s `Payload/*.app`).
  case builtApp
  /// A folder without a project: its shallowest Info.plist and the lproj folders beside it.
  case folder
  /// One `.strings`, `.xcstrings` or Info.plist file.
  case file
}

/// A file in the tree that looks like the app's, but that the app does not contain: another target's, a
/// copy in build output, or a file no target copies.
public struct FileOutsideApp: Hashable, Sendable {
  /// The file.
  public var path: String
  /// Why it is not the app's, in a few words: `not in the Runner target`.
  public var reason: String
}

/// A build variable (`$(NAME)`) that nothing defines, and the Info.plist key that uses it.
public struct UnresolvedVariable: Hashable, Sendable {
  public var key: String
  public var variable: String
  /// What attsim used instead.
  public var used: String
}

/// Everything attsim reads of one app: its Info.plist, the lproj folders and String Catalogs it contains,
/// found the way Xcode builds it and iOS looks it up.
public struct AppResources: Sendable {
  /// The path given.
  public var root: String
  /// What the path was.
  public var input: AppInput
  /// The app's name for a person: the target's, else the folder's.
  public var name: String
  /// The Xcode target the app comes from, when read from a project.
  public var target: String?
  /// The app's Info.plist (with build settings applied), if found and readable.
  public var infoPlist: InfoPlist?
  /// The app's localization folders, one per language, by name.
  public var folders: [LocalizationFolder]
  /// The app's String Catalogs.
  public var catalogs: [StringCatalog]
  /// Files found that could not be read (Info.plist, catalogs, strings files).
  public var unreadable: [UnreadableFile]
  /// Localization files in the tree that are not the app's.
  public var outside: [FileOutsideApp] = []
  /// How attsim chose among folders of the same name, one line each.
  public var notes: [String] = []
  /// Build variables nothing defines.
  public var unresolved: [UnresolvedVariable] = []
  /// xcconfig files the build settings include that are not there (Flutter's generated one, before
  /// `flutter pub get`), with why.
  public var missingIncludes: [String] = []
  /// Where to look for whether the app asks for tracking. The look (a walk of the sources, or a read of
  /// the binaries) waits for `trackingEvidence()`, which the linter calls: the UI's first frame does not.
  public var trackingSearch: TrackingSearch = .nothing

  /// Whether the app asks for tracking, and how attsim knows: reads what `trackingSearch` names.
  public func trackingEvidence() -> TrackingEvidence { TrackingEvidence.scan(trackingSearch) }
  /// Whether the app is an App Clip target.
  public var isAppClip = false
  /// The app's privacy manifests and its SDKs' (`PrivacyInfo.xcprivacy`).
  public var privacyManifests: [PrivacyManifest] = []
  /// The project's development region, when the app comes from one (`$(DEVELOPMENT_LANGUAGE)`).
  var projectDevelopmentRegion: String?

  /// Why a path is not an app attsim can read.
  public struct LoadFailure: Error, Hashable, Sendable {
    public var message: String

    /// A failure saying `message`.
    public init(message: String) { self.message = message }
  }

  /// A development region given on the command line, overriding the app's own.
  private var developmentRegionOverride: String?

  /// An app with the given parts.
  init(root: String, input: AppInput, name: String) {
    self.root = root
    self.input = input
    self.name = name
    infoPlist = nil
    folders = []
    catalogs = []
    unreadable = []
  }

  /// The language the app falls back to: `--dev-region`, else `CFBundleDevelopmentRegion` (when it is a
  /// language tag), else the project's development region, else a catalog's source language, else `en`.
  public var developmentRegion: String {
    if let developmentRegionOverride { return developmentRegionOverride }
    if let region = infoPlist?.developmentRegion, LocaleTag(region) != nil { return region }
    return projectDevelopmentRegion ?? catalogs.first?.sourceLanguage ?? "en"
  }

  /// Treats `region` as the development region (`attsim check --dev-region`).
  public mutating func overrideDevelopmentRegion(_ region: String) {
    developmentRegionOverride = region
  }

  /// Every localization the app offers: its lproj folders, its catalogs' languages, and the languages
  /// `CFBundleLocalizations` declares; never `Base` or `mul` (they are not languages).
  public var localizations: [String] {
    var names = Set(folders.map(\.name))
    for catalog in catalogs { names.formUnion(catalog.languages) }
    names.formUnion(infoPlist?.declaredLocalizations ?? [])
    return names.filter { !Self.notLanguages.contains($0) && LocaleTag($0) != nil }.sorted()
  }

  /// lproj names that are not languages: interface bases and Xcode's multi-language catalogs.
  static let notLanguages: Set<String> = ["Base", "mul"]

  /// The tracking domains iOS enforces for the app (iOS 17+): the domains of every manifest, the app's and
  /// its SDKs', that declares tracking.
  public var trackingDomains: [String] {
    var seen = Set<String>()
    return privacyManifests.flatMap(\.enforcedDomains).filter { seen.insert($0).inserted }
  }

  /// Whether the app's Info.plist has `NSUserTrackingUsageDescription` (else requesting tracking crashes it).
  public var hasUsageDescription: Bool { infoPlist?.usageDescription != nil }

  /// Every file attsim read from the app: Info.plist, strings files and catalogs.
  public var files: [String] {
    (infoPlist.map { [$0.path] } ?? []) + folders.flatMap { $0.files.values.map(\.path) } + catalogs.map(\.path)
  }

  /// Reads the one app at `path`: a project with several app targets needs `target`.
  public static func load(_ path: String, target: String? = nil, configuration: String? = nil)
    -> Result<AppResources, LoadFailure>
  {
    AppLoader.load(path, target: target, configuration: configuration).flatMap { apps in
      guard apps.count > 1 else { return .success(apps[0]) }
      let names = apps.compactMap(\.target).joined(separator: ", ")
      return .failure(
        LoadFailure(message: "'\(path.forMessage())' has several app targets (\(names)): choose one with --target NAME")
      )
    }
  }

  /// Reads every app at `path`: one per application target of a project (or only `target`).
  public static func loadAll(_ path: String, target: String? = nil, configuration: String? = nil)
    -> Result<[AppResources], LoadFailure>
  {
    AppLoader.load(path, target: target, configuration: configuration)
  }

  /// Adds the strings file at `path` to the localization folder `name` (at `folder`).
  mutating func add(stringsFile path: FilePath, localization name: String, folder: FilePath) {
    let index =
      folders.firstIndex { $0.name == name }
      ?? {
        folders.append(LocalizationFolder(name: name, path: folder.string, files: [:]))
        return folders.count - 1
      }()
    guard folders[index].files[path.stem] == nil else { return }
    switch StringsFile.read(path.string) {
    case .success(let file): folders[index].files[path.stem] = file
    case .failure(let failure): unreadable.append(UnreadableFile(path: path.string, reason: failure.reason))
    }
  }

  /// Adds a localization folder that holds no strings file (it still counts as a language).
  mutating func add(emptyFolder path: FilePath) {
    guard !folders.contains(where: { $0.name == path.stem }) else { return }
    folders.append(LocalizationFolder(name: path.stem, path: path.string, files: [:]))
  }

  /// Reads a String Catalog into the app.
  mutating func add(catalog path: FilePath) {
    switch StringCatalog.read(path.string) {
    case .success(let catalog): catalogs.append(catalog)
    case .failure(let failure): unreadable.append(UnreadableFile(path: path.string, reason: failure.reason))
    }
  }

  /// Reads the Info.plist at `path` into the app.
  mutating func read(infoPlist path: FilePath) {
    switch InfoPlist.read(path.string) {
    case .success(let plist): infoPlist = plist
    case .failure(let failure): unreadable.append(UnreadableFile(path: path.string, reason: failure.reason))
    }
  }

  /// Expands build variables in the Info.plist's strings as Xcode does when it builds the app; one that
  /// `settings` does not define becomes empty and is named in `unresolved`.
  mutating func expandVariables(with settings: BuildSettings) {
    guard var plist = infoPlist else { return }
    for (key, value) in plist.strings where value.contains("$") {
      var missing = Set<String>()
      let expanded = settings.expand(value, unresolved: &missing)
      plist.strings[key] = expanded
      for variable in missing.sorted() {
        unresolved.append(UnresolvedVariable(key: key, variable: variable, used: expanded))
      }
    }
    infoPlist = plist
    unresolved.sort { ($0.key, $0.variable) < ($1.key, $1.variable) }
  }

  /// Sorts what was found, for stable output.
  mutating func finish() {
    folders.sort { $0.name < $1.name }
    catalogs.sort { $0.path < $1.path }
    outside.sort { $0.path < $1.path }
  }
}
