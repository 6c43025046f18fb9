import FileAccess
import Glibc
import TextSupport

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

/// One `<name>.lproj` folder and the strings tables in it.
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

/// Everything attsim reads from an app folder: Info.plist, `*.lproj` folders and String Catalogs.
public struct AppResources: Sendable {
  /// The folder given.
  public var root: String
  /// The app's Info.plist, if found and readable.
  public var infoPlist: InfoPlist?
  /// Localization folders, by name.
  public var folders: [LocalizationFolder]
  /// String Catalogs.
  public var catalogs: [StringCatalog]
  /// Files found that could not be read (Info.plist, catalogs, strings files).
  public var unreadable: [UnreadableFile]

  /// Why a folder is not an app attsim can read.
  public struct LoadFailure: Error, Hashable, Sendable {
    public var message: String
  }

  /// A development region given on the command line, overriding the app's own.
  private var developmentRegionOverride: String?

  /// The language the app falls back to: `--dev-region`, else `CFBundleDevelopmentRegion`, else a
  /// catalog's source language, else `en`.
  public var developmentRegion: String {
    developmentRegionOverride ?? infoPlist?.developmentRegion ?? catalogs.first?.sourceLanguage ?? "en"
  }

  /// Treats `region` as the development region (`attsim check --dev-region`).
  public mutating func overrideDevelopmentRegion(_ region: String) {
    developmentRegionOverride = region
  }

  /// Every localization the app offers: lproj folders (Base included) and catalog languages.
  public var localizations: [String] {
    var names = Set(folders.map(\.name))
    for catalog in catalogs { names.formUnion(catalog.languages) }
    return names.sorted()
  }

  /// Every file attsim read from the app: Info.plist, strings files and catalogs.
  public var files: [String] {
    (infoPlist.map { [$0.path] } ?? []) + folders.flatMap { $0.files.values.map(\.path) } + catalogs.map(\.path)
  }

  /// Reads the app at `path`: a built `.app`, or a source folder holding Info.plist and lproj folders.
  public static func load(_ path: String) -> Result<AppResources, LoadFailure> {
    var status = stat()
    guard stat(path, &status) == 0 else {
      return .failure(LoadFailure(message: "'\(path.forMessage())' does not exist"))
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      return .failure(LoadFailure(message: "'\(path.forMessage())' is not a folder"))
    }
    var resources = AppResources(
      root: path, infoPlist: nil, folders: [], catalogs: [], unreadable: [], developmentRegionOverride: nil)
    var infoPlistPaths: [FilePath] = []
    let skipped: Set<String> = [".build", "node_modules", "DerivedData", "Pods"]
    let walk = DirectoryWalk(FilePath(path)) { $0.hasPrefix(".") || skipped.contains($0) }
    for file in walk.entries where !file.isDirectory {
      let name = file.path.lastComponent
      let parent = file.path.parent
      if name == "Info.plist" && parent.pathExtension != "lproj" {
        infoPlistPaths.append(file.path)
      } else if file.path.pathExtension == "xcstrings" {
        switch StringCatalog.read(file.path.string) {
        case .success(let catalog): resources.catalogs.append(catalog)
        case .failure(let failure):
          resources.unreadable.append(UnreadableFile(path: file.path.string, reason: failure.reason))
        }
      } else if file.path.pathExtension == "strings" && parent.pathExtension == "lproj" {
        resources.add(stringsFile: file.path)
      }
    }
    for folder in walk.entries where folder.isDirectory && folder.path.pathExtension == "lproj" {
      guard !resources.folders.contains(where: { $0.path == folder.path.string }) else { continue }
      resources.folders.append(LocalizationFolder(name: folder.path.stem, path: folder.path.string, files: [:]))
    }
    resources.folders.sort { $0.name < $1.name }
    resources.catalogs.sort { $0.path < $1.path }
    if let shallowest = infoPlistPaths.min(by: { $0.components.count < $1.components.count }) {
      switch InfoPlist.read(shallowest.string) {
      case .success(let plist): resources.infoPlist = plist
      case .failure(let failure):
        resources.unreadable.append(UnreadableFile(path: shallowest.string, reason: failure.reason))
      }
    }
    if infoPlistPaths.isEmpty && resources.folders.isEmpty && resources.catalogs.isEmpty {
      return .failure(
        LoadFailure(message: "'\(path.forMessage())' holds no Info.plist, no .lproj folder and no .xcstrings"))
    }
    return .success(resources)
  }

  private mutating func add(stringsFile path: FilePath) {
    let folder = path.parent
    let index =
      folders.firstIndex { $0.path == folder.string }
      ?? {
        folders.append(LocalizationFolder(name: folder.stem, path: folder.string, files: [:]))
        return folders.count - 1
      }()
    switch StringsFile.read(path.string) {
    case .success(let file): folders[index].files[path.stem] = file
    case .failure(let failure): unreadable.append(UnreadableFile(path: path.string, reason: failure.reason))
    }
  }
}
