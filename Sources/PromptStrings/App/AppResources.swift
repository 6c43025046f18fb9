import Diagnostics
import FileAccess
import StringsFiles

/// A `.strings` file found in an app, read or not.
public struct StringsFile: Sendable {
  /// The file's path.
  public var path: String
  /// The table, or why the bytes are not text.
  public var contents: Result<StringsTable, EncodingProblem>

  /// Reads the file at `path` through `files`, or says why it cannot be opened.
  public static func read(_ path: FilePath, from files: InputFiles = InputFiles()) -> Result<StringsFile, ReadProblem> {
    ReadProblem.bytes(of: path, from: files).map {
      StringsFile(path: path.string, contents: StringsReader.read($0, file: path.string))
    }
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
  /// What Xcode exports for translators: an `.xcloc` localization catalog, a folder of them, or an `.xliff`.
  case localizationExport
}

/// A file in the tree that looks like the app's, but that the app does not contain: another target's, a
/// copy in build output, or a file no target copies.
public struct FileOutsideApp: Hashable, Sendable {
  /// The file.
  public var path: String
  /// Why it is not the app's, in a few words: `not in the Runner target`.
  public var reason: String
}

/// An xcconfig `#include` attsim did not follow: outside the project (or through a link out of it), a loop,
/// or past the limits.
public struct RefusedInclude: Hashable, Sendable {
  /// The xcconfig file that includes.
  public var file: String
  /// Where the `#include` stands.
  public var location: SourceLocation
  /// Why it was not followed.
  public var reason: String
  /// Whether it leaves the project (rather than a loop or a limit).
  public var leavesProject: Bool
}

/// A file the project copies into the app that is not on disk (nor in another case).
public struct MissingFile: Hashable, Sendable {
  /// The path the project names.
  public var path: String
  /// The project file that names it.
  public var referencedIn: String
  /// Where in that file.
  public var location: SourceLocation?
  /// The file on disk whose name differs from `path` only in case, which Xcode on a Mac (whose disk ignores
  /// case) builds under the project's name; nil when nothing on disk matches.
  public var onDisk: String?
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
  /// How the app's files are read: inside the project (or the folder given), within one byte budget; it
  /// also knows every file read, which no output may replace.
  public let reader: InputFiles
  /// What the path was.
  public var input: AppInput
  /// The app's name for a person: the target's, else the folder's.
  public var name: String
  /// The Xcode target the app comes from, when read from a project.
  public var target: String?
  /// Which app attsim chose where there are several (an app target, an Info.plist in a folder), why, and the
  /// others; nil when the path holds one, or a target was named.
  public var choice: String?
  /// The app's Info.plist (with build settings applied), if found and readable.
  public var infoPlist: InfoPlist?
  /// The app's localization folders, one per language, by name.
  public var folders: [LocalizationFolder]
  /// The app's String Catalogs.
  public var catalogs: [StringCatalog]
  /// Files and folders found that could not be read (Info.plist, catalogs, strings files), and why.
  public var unreadable: [ReadProblem]
  /// `file:line:col: error: the app's Info.plist cannot be read: …` when it was found and could not be read (it
  /// is in `unreadable` too): the simulators stop there rather than run an app without one (DECISIONS D91).
  public var infoPlistError: Diagnostic?
  /// Localization files in the tree that are not the app's (a project's are not looked for by `prompts`' read).
  public var outside: [FileOutsideApp] = []
  /// How attsim chose among folders of the same name, one line each.
  public var notes: [String] = []
  /// Build variables nothing defines.
  public var unresolved: [UnresolvedVariable] = []
  /// xcconfig files the build settings include that are not there (Flutter's generated one, before
  /// `flutter pub get`), with why.
  public var missingIncludes: [String] = []
  /// The target's `IPHONEOS_DEPLOYMENT_TARGET` (`15.0`), when a project sets it.
  public var deploymentTarget: String?
  /// xcconfig includes attsim did not follow.
  public var refusedIncludes: [RefusedInclude] = []
  /// Localization files the project copies that are not on disk.
  public var missingFiles: [MissingFile] = []
  /// Where expanding the Info.plist's build variables gave up (a setting that names itself, nesting too deep,
  /// a value too long), with the key it was for.
  public var expansionProblems: [(key: String, problem: String)] = []
  /// Where to look into the app's code. The look (a walk of the sources, or a read of the binaries) waits for
  /// `scanCode(askingWhetherItTracks:)`, which the check calls: the UI's first frame does not.
  public var trackingSearch: TrackingSearch = .nothing

  /// What the app's code says: its calls under a beta spelling and, when asked, whether it asks for tracking.
  /// Reads what `trackingSearch` names, within the look's limits, and no more than the answers need.
  public func scanCode(askingWhetherItTracks tracking: Bool) -> CodeScan {
    CodeScan.scan(trackingSearch, reader: reader, tracking: tracking)
  }

  /// The strings file `file` in the tree that the app does not contain, read through the app's reader (for
  /// `check`, which judges what it holds), or nil when it is no strings file or cannot be read.
  public func read(outside file: FileOutsideApp) -> StringsFile? {
    let path = FilePath(file.path)
    guard path.pathExtension == "strings" else { return nil }
    return try? StringsFile.read(path, from: reader).get()
  }

  /// The files the check of this app may still read (its code, or its binaries: the look stops once it has
  /// its answers), and the tables in the folders a partial read left, not yet read.
  public func prospectiveInputs() -> [FilePath] {
    deferredFolders.flatMap { AppLoader.stringsFiles(in: $0, reader: reader) }
      + CodeScan.candidates(trackingSearch, reader: reader)
  }
  /// Localization folders a partial read left unlisted and unread (`StringsToParse.shownIn`).
  var deferredFolders: [FilePath] = []
  /// Which strings tables `add(stringsFile:localization:folder:)` reads.
  var strings: StringsToParse = .all
  /// The tables `strings` left unread, as `localization/table`: each is judged once, as it would have been
  /// read once.
  private var unreadTables: Set<String> = []
  /// The XLIFF files of a localization export, read (their `InfoPlist` units are also in `catalogs`).
  public var localizationExports: [XLIFFDocument] = []
  /// The app's privacy manifests and its SDKs' (`PrivacyInfo.xcprivacy`); not looked for by `prompts`' read.
  public var privacyManifests: [PrivacyManifest] = []
  /// The languages the project lists in `knownRegions` (not `Base`), and its file, when the app comes from one.
  public var knownRegions: (file: String, languages: [String])?
  /// The project's development region, when the app comes from one (`$(DEVELOPMENT_LANGUAGE)`).
  var projectDevelopmentRegion: String?

  /// Why a path is not an app attsim can read.
  public struct LoadFailure: Error, Hashable, Sendable {
    public var message: String
    /// Whether the projects read have no iOS app target (a library's, for one).
    public var isNoAppTarget = false

    /// A failure saying `message`.
    public init(message: String, isNoAppTarget: Bool = false) {
      self.message = message
      self.isNoAppTarget = isNoAppTarget
    }
  }

  /// A development region given on the command line, overriding the app's own.
  private var developmentRegionOverride: String?

  /// An app with the given parts, read through `reader`.
  init(root: String, input: AppInput, name: String, reader: InputFiles) {
    self.root = root
    self.reader = reader
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
  /// `CFBundleLocalizations` declares; never `Base` or `mul` (they are not languages). Worked out once, when
  /// the app is read.
  public private(set) var localizations: [String] = []
  /// The localizations indexed for lookups, worked out with them.
  private(set) var localeIndex = LocaleIndex([])
  /// The names `localizations` and `localeIndex` were worked out from.
  private var indexedNames: Set<String> = []
  /// Each localization folder's index in `folders`, by name.
  private var folderIndex: [String: Int] = [:]
  /// The paths of `unreadable`, to look one up at once.
  private(set) var unreadablePaths: Set<String> = []
  /// The purpose strings the app has anywhere — its Info.plist (generated keys included), its
  /// `InfoPlist.strings` tables and catalogs — tracking first. Worked out when the app is read.
  public private(set) var purposeKeys: [String] = []

  /// The localization folder called `name`, if the app has one.
  public func folder(named name: String) -> LocalizationFolder? { folderIndex[name].map { folders[$0] } }

  /// The localizations of the app's parts, worked out again (after `folders`, `catalogs` or the Info.plist
  /// changed).
  mutating func indexLocalizations() {
    var names = Set(folders.map(\.name))
    for catalog in catalogs { names.formUnion(catalog.languages) }
    names.formUnion(infoPlist?.declaredLocalizations ?? [])
    // The partial read indexes twice, with the same names (the second time after its tables were added).
    if names != indexedNames {
      localizations = names.filter { !Self.notLanguages.contains($0) && LocaleTag($0) != nil }.sorted()
      localeIndex = LocaleIndex(localizations)
      indexedNames = names
    }
    folderIndex = Dictionary(folders.enumerated().map { ($1.name, $0) }) { first, _ in first }
    unreadablePaths = Set(unreadable.map(\.path))
    var keys = Set(infoPlist?.keys ?? [])
    for folder in folders { keys.formUnion(folder.files["InfoPlist"]?.table?.keys ?? [:].keys) }
    for catalog in catalogs where catalog.tableName == "InfoPlist" { keys.formUnion(catalog.translations.keys) }
    purposeKeys = PurposeKeys.ordered(keys.filter(PurposeKeys.isPurposeKey))
  }

  /// Why the app has the localization `name`, in a few words: `a de.lproj folder`, `the String Catalog
  /// InfoPlist.xcstrings has de`, `CFBundleLocalizations declares de`.
  public func origin(ofLocalization name: String) -> String {
    if folderIndex[name] != nil { return "a \(name).lproj folder" }
    if let catalog = catalogs.first(where: { $0.languageSet.contains(name) }) {
      return "the String Catalog \(FilePath(catalog.path).lastComponent) has \(name)"
    }
    return "CFBundleLocalizations declares \(name)"
  }

  /// The languages the app offers, each once and spelled as a user's language is (`English.lproj` is `en`,
  /// `zh_CN.lproj` is `zh-Hans`): the development region first, then every localization whose tag no
  /// earlier one stands for.
  public var distinctLanguages: [String] {
    var tags = Set<LocaleTag>()
    var labels = Set<String>()
    return ([developmentRegion] + localizations).compactMap { name in
      guard LocaleTag(name).map({ tags.insert($0.withImpliedScript).inserted }) ?? true else { return nil }
      let label = LocaleTag.modernSpelling(ofLegacy: name) ?? name
      return labels.insert(label).inserted ? label : nil
    }
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
  /// A localization export has it when its InfoPlist units do: Xcode exports the keys the Info.plist has.
  public var hasUsageDescription: Bool {
    infoPlist?.usageDescription != nil
      || (input == .localizationExport && purposeKeys.contains(InfoPlist.usageDescriptionKey))
  }

  /// Every file attsim read for the app (Info.plist, strings files, catalogs, project files, xcconfig files,
  /// manifests), by identity: an output must never replace one.
  public var inputs: [FileIdentity: String] { reader.identities }

  /// Reads the app at `path`: of a project's app targets, `target`, or the one a person means (or a tie's
  /// failure). `strings` says which strings tables are read (a file named on its own is always read).
  public static func load(
    _ path: FilePath, target: String? = nil, configuration: String? = nil, strings: StringsToParse = .all
  ) -> Result<AppResources, LoadFailure> {
    AppLoader.load(path, target: target, configuration: configuration, strings: strings).map { $0[0] }
  }

  /// Reads the app at `path` as `load` does, or with `allTargets` one per iOS app target of a project.
  public static func loadAll(
    _ path: FilePath, target: String? = nil, configuration: String? = nil, allTargets: Bool = false,
    strings: StringsToParse = .all
  ) -> Result<[AppResources], LoadFailure> {
    AppLoader.load(path, target: target, configuration: configuration, allTargets: allTargets, strings: strings)
  }

  /// The app in a plain folder of lproj folders (and perhaps an Info.plist), read without looking for
  /// projects in or around it: attsim's own assets (the demo app, the system texts), whose layout is known.
  /// With `strings` `.shownIn`, only the tables of that locale's lookup are parsed (the UI's first frame).
  public static func loadFolder(_ path: FilePath, strings: StringsToParse = .all) -> Result<AppResources, LoadFailure> {
    guard let reader = InputFiles(confinedTo: path) else {
      return .failure(LoadFailure(message: "cannot resolve '\(path.shown())'"))
    }
    return FolderApp.read(path, reader: reader, strings: strings)
  }

  /// Which strings tables a read parses.
  public enum StringsToParse: Sendable {
    /// Every table: the app whole.
    case all
    /// Only the tables iOS looks `locale` up in (nil: the development region's), and Base's, and only their
    /// folders listed; every localization is still known. What the UI needs for its first frame.
    case shownIn(locale: String?)
    /// What `prompts` shows and (`forCheck`) `check` judges without `--all-strings`: only the tables purpose
    /// strings are looked up in, `InfoPlist.strings` and `InfoPlist.xcstrings` (and one named in another case,
    /// which iOS never reads but `check` names). Every other strings file is left unread, though its folder
    /// is still a localization; every other catalog is read for its languages only, as they are the app's.
    /// For `check`, also what only its rules read: each other strings file is opened
    /// (`InputFiles.problemOpening`) so that one that could not be is `unreadable`, as reading it would have
    /// made it; the InfoPlist tables on disk that the app does not contain; the privacy manifests.
    case purposeTables(forCheck: Bool)

    /// Whether the strings table `table` (a file's name without `.strings`) is read.
    func reads(table: String) -> Bool {
      guard case .purposeTables = self else { return true }
      return table.lowercased() == "infoplist"
    }

    /// Whether the read finds what only `check` reads (every read but `prompts`').
    var findsCheckInputs: Bool {
      guard case .purposeTables(forCheck: false) = self else { return true }
      return false
    }
  }

  /// Whether localization folders were left unlisted and unread (`StringsToParse.shownIn`): the app is whole
  /// only once read again.
  public var isPartial: Bool { !deferredFolders.isEmpty }

  /// Resources that hold nothing yet, at `root`: texts that load after the first frame.
  public static func notYetRead(root: String) -> AppResources {
    var app = AppResources(root: root, input: .folder, name: FilePath(root).lastComponent, reader: InputFiles())
    app.finish()
    return app
  }

  /// Adds the strings file at `path` to the localization folder `name` (at `folder`): read when `strings` reads
  /// its table, else left unread (and, to judge it, only opened).
  mutating func add(stringsFile path: FilePath, localization name: String, folder: FilePath, table: String? = nil) {
    let table = table ?? path.stem
    let index =
      folderIndex[name]
      ?? {
        folders.append(LocalizationFolder(name: name, path: folder.string, files: [:]))
        folderIndex[name] = folders.count - 1
        return folders.count - 1
      }()
    guard folders[index].files[table] == nil, !unreadTables.contains(name + "/" + table) else { return }
    guard strings.reads(table: table) else {
      if case .purposeTables(forCheck: true) = strings, let problem = reader.problemOpening(path) {
        unreadable.append(ReadProblem(file: path.string, problem.reason, refusal: problem.kind))
      } else {
        unreadTables.insert(name + "/" + table)
      }
      return
    }
    switch StringsFile.read(path, from: reader) {
    case .success(let file): folders[index].files[table] = file
    case .failure(let failure): unreadable.append(failure)
    }
  }

  /// Adds a localization folder that holds no strings file (it still counts as a language).
  mutating func add(emptyFolder path: FilePath) {
    guard folderIndex[path.stem] == nil else { return }
    folders.append(LocalizationFolder(name: path.stem, path: path.string, files: [:]))
    folderIndex[path.stem] = folders.count - 1
  }

  /// Reads a String Catalog into the app: whole, or (a table `strings` leaves unread) only its languages.
  mutating func add(catalog path: FilePath) {
    switch StringCatalog.read(path, from: reader, entries: strings.reads(table: path.stem)) {
    case .success(let catalog): catalogs.append(catalog)
    case .failure(let failure): unreadable.append(failure)
    }
  }

  /// Reads the Info.plist at `path` into the app.
  mutating func read(infoPlist path: FilePath) {
    switch InfoPlist.read(path, from: reader) {
    case .success(let plist): infoPlist = plist
    case .failure(let failure):
      infoPlistError = failure.diagnostic
      infoPlistError?.message = "the app's Info.plist cannot be read: \(failure.reason)"
      unreadable.append(failure)
    }
  }

  /// Expands build variables in the Info.plist's strings as Xcode does when it builds the app; one that
  /// `settings` does not define becomes empty and is named in `unresolved`.
  mutating func expandVariables(with settings: BuildSettings) {
    guard var plist = infoPlist else { return }
    // A value without a `$` byte has nothing to expand (asked of its bytes, not of each character).
    let withVariables = plist.strings.filter { $0.value.utf8.contains(UInt8(ascii: "$")) }
    for (key, value) in withVariables.sorted(by: { $0.key < $1.key }) {
      var notes = ExpansionNotes()
      let expanded = settings.expand(value, notes: &notes)
      plist.strings[key] = expanded
      for variable in notes.unresolved.sorted() {
        unresolved.append(UnresolvedVariable(key: key, variable: variable, used: expanded))
      }
      expansionProblems += notes.problems.map { (key, $0) }
    }
    infoPlist = plist
    unresolved.sort { ($0.key, $0.variable) < ($1.key, $1.variable) }
  }

  /// Sorts what was found, for stable output.
  mutating func finish() {
    folders.sort { $0.name < $1.name }
    catalogs.sort { $0.path < $1.path }
    outside.sort { $0.path < $1.path }
    indexLocalizations()
  }
}
