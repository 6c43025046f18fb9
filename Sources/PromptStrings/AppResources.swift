import Foundation

/// A `.strings` file found in an app, read or not.
public struct StringsFile: Sendable {
  /// The file's path.
  public var path: String
  /// The table, or why the bytes are not text.
  public var contents: Result<StringsTable, EncodingProblem>

  /// Reads the file at `path`, or says why it cannot be opened.
  public static func read(_ path: String) -> Result<StringsFile, FileBytes.Failure> {
    FileBytes.read(path).map { StringsFile(path: path, contents: StringsReader.read($0)) }
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

  /// Reads the app at `path`: a built `.app`, or a source folder holding Info.plist and lproj folders.
  public static func load(_ path: String) -> Result<AppResources, LoadFailure> {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(LoadFailure(message: "'\(path)' does not exist"))
    }
    guard isDirectory.boolValue else { return .failure(LoadFailure(message: "'\(path)' is not a folder")) }
    var resources = AppResources(
      root: path, infoPlist: nil, folders: [], catalogs: [], unreadable: [], developmentRegionOverride: nil)
    var infoPlistPaths: [String] = []
    let entries = Self.walk(path)
    for file in entries.filter({ !$0.isDirectory }).map(\.path) {
      let name = (file as NSString).lastPathComponent
      let parent = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent
      if name == "Info.plist" && !parent.hasSuffix(".lproj") {
        infoPlistPaths.append(file)
      } else if name.hasSuffix(".xcstrings") {
        switch StringCatalog.read(file) {
        case .success(let catalog): resources.catalogs.append(catalog)
        case .failure(let failure): resources.unreadable.append(UnreadableFile(path: file, reason: failure.reason))
        }
      } else if name.hasSuffix(".strings") && parent.hasSuffix(".lproj") {
        resources.add(stringsFile: file, folder: String(parent.dropLast(".lproj".count)))
      }
    }
    let lprojFolders = entries.filter { $0.isDirectory && $0.path.hasSuffix(".lproj") }.map(\.path)
    for folder in lprojFolders where !resources.folders.contains(where: { $0.path == folder }) {
      let name = String((folder as NSString).lastPathComponent.dropLast(".lproj".count))
      resources.folders.append(LocalizationFolder(name: name, path: folder, files: [:]))
    }
    resources.folders.sort { $0.name < $1.name }
    resources.catalogs.sort { $0.path < $1.path }
    if let shallowest = infoPlistPaths.min(by: { $0.split(separator: "/").count < $1.split(separator: "/").count }) {
      switch InfoPlist.read(shallowest) {
      case .success(let plist): resources.infoPlist = plist
      case .failure(let failure): resources.unreadable.append(UnreadableFile(path: shallowest, reason: failure.reason))
      }
    }
    if infoPlistPaths.isEmpty && resources.folders.isEmpty && resources.catalogs.isEmpty {
      return .failure(LoadFailure(message: "'\(path)' holds no Info.plist, no .lproj folder and no .xcstrings"))
    }
    return .success(resources)
  }

  private mutating func add(stringsFile path: String, folder name: String) {
    let table = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let folderPath = (path as NSString).deletingLastPathComponent
    let index =
      folders.firstIndex { $0.path == folderPath }
      ?? {
        folders.append(LocalizationFolder(name: name, path: folderPath, files: [:]))
        return folders.count - 1
      }()
    switch StringsFile.read(path) {
    case .success(let file): folders[index].files[table] = file
    case .failure(let failure): unreadable.append(UnreadableFile(path: path, reason: failure.reason))
    }
  }

  /// Every entry under `root`, depth first in name order, with readdir(3) (one call per folder, no stat).
  private static func walk(_ root: String) -> [(path: String, isDirectory: Bool)] {
    let skipped: Set<String> = [".build", "node_modules", "DerivedData", "Pods"]
    var result: [(String, Bool)] = []
    func visit(_ folder: String, depth: Int) {
      guard depth < 8, let directory = opendir(folder) else { return }
      var entries: [(String, Bool)] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard !name.hasPrefix("."), !skipped.contains(name) else { continue }
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        var isDirectory = entry.pointee.d_type == DT_DIR
        if entry.pointee.d_type == DT_UNKNOWN || entry.pointee.d_type == DT_LNK {
          var status = stat()
          isDirectory = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        }
        entries.append((path, isDirectory))
      }
      closedir(directory)
      for (path, isDirectory) in entries.sorted(by: { $0.0 < $1.0 }) {
        result.append((path, isDirectory))
        if isDirectory { visit(path, depth: depth + 1) }
      }
    }
    visit(root, depth: 0)
    return result
  }
}
