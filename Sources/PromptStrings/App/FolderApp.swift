import FileAccess
import StringsFiles
import TextSupport

/// An app read from a folder without an Xcode project: the shallowest Info.plist outside lproj folders,
/// and one lproj folder per language, the one beside that Info.plist when there are several; when `maker` (a
/// Swift Playgrounds app's `Package.swift`) makes the Info.plist, only `extra` is read and the others named.
enum FolderApp {
  static func read(
    _ root: FilePath, reader: InputFiles, strings: AppResources.StringsToParse, madeBy maker: String? = nil,
    adding extra: FilePath? = nil
  ) -> Result<
    AppResources, AppResources.LoadFailure
  > {
    var app = AppResources(root: root.string, input: .folder, name: root.lastComponent, reader: reader)
    app.strings = strings
    // A partial read lists only the lproj folders whose tables it parses; the others are listed, and their
    // tables read, when the app is read whole.
    let isPartial = if case .shownIn = strings { true } else { false }
    let entries = AppLoader.walk(root, reader: reader, intoLocalizations: !isPartial)?.entries ?? []
    let infoPlists = entries.filter {
      !$0.isDirectory && $0.path.lastComponent == "Info.plist"
        && !$0.path.components.contains { $0.hasSuffix(".lproj") }
    }
    let chosenPlist = maker == nil ? appInfoPlist(infoPlists, root: root, app: &app) : extra
    for plist in infoPlists.map(\.path) where maker != nil && plist.normalized != extra {
      app.notes.append("\(plist.relative(to: root) ?? plist.string): not read: \(maker ?? "") makes the Info.plist")
    }
    let home = chosenPlist?.parent ?? root
    if let chosenPlist {
      app.read(infoPlist: chosenPlist)
      // Without a project nothing defines build variables: as in a build, they come out empty.
      app.expandVariables(with: BuildSettings(layers: [], builtIn: [:]))
    }
    let filesByFolder = Dictionary(grouping: entries.filter { !$0.isDirectory }) { $0.path.parent }
    // One folder per language: beside Info.plist, else the shallowest; the others are named once.
    let lprojs = Dictionary(grouping: entries.filter { $0.isDirectory && $0.path.pathExtension == "lproj" }) {
      $0.path.stem
    }
    var chosenFolders: [(name: String, folder: FilePath)] = []
    for (name, found) in lprojs.sorted(by: { $0.key < $1.key }) {
      let ordered = byRank(found, home)
      let chosen = ordered[0]
      chosenFolders.append((name, chosen.path))
      app.add(emptyFolder: chosen.path)
      if ordered.count > 1 {
        let why = chosen.path.parent == home ? "beside Info.plist" : "the shallowest"
        let others = ordered.dropFirst().map { $0.path.relative(to: root) ?? $0.path.string }
        app.notes.append(
          "\(name).lproj: used \(chosen.path.relative(to: root) ?? chosen.path.string) (\(why)); ignored \(others.joined(separator: ", "))"
        )
        for other in ordered.dropFirst() {
          for file in filesByFolder[other.path, default: []] where file.path.lastComponent == "InfoPlist.strings" {
            app.outside.append(FileOutsideApp(path: file.path.string, reason: "another \(name).lproj was used"))
          }
        }
      }
    }
    var catalogNames = Set<String>()
    for file in byRank(entries.filter { !$0.isDirectory && $0.path.pathExtension == "xcstrings" }, home) {
      if catalogNames.insert(file.path.lastComponent).inserted {
        app.add(catalog: file.path)
      } else {
        app.outside.append(
          FileOutsideApp(path: file.path.string, reason: "another \(file.path.lastComponent) was used"))
      }
    }
    let parsed: Set<String>?
    switch strings {
    case .all, .purposeTables: parsed = nil
    case .shownIn(let locale):
      // Every folder is known: the lookup for the shown locale can be worked out, and its tables read alone.
      app.indexLocalizations()
      parsed = Set(app.searchList(locale: locale ?? app.developmentRegion) + ["Base"])
    }
    for (name, folder) in chosenFolders {
      guard parsed?.contains(name) != false else {
        app.deferredFolders.append(folder)
        continue
      }
      let files =
        isPartial
        ? AppLoader.stringsFiles(in: folder, reader: reader)
        : filesByFolder[folder, default: []].map(\.path).filter { $0.pathExtension == "strings" }
      for file in files {
        app.add(stringsFile: file, localization: name, folder: folder)
      }
    }
    if maker == nil && chosenPlist == nil && app.folders.isEmpty && app.catalogs.isEmpty {
      return .failure(
        AppResources.LoadFailure(
          message: "'\(root.string.forMessage())' holds no Info.plist, no .lproj folder and no .xcstrings"))
    }
    app.trackingSearch = .sources([root])
    if strings.findsCheckInputs { app.privacyManifests = ManifestSearch(reader: reader).inFolder(entries, root: root) }
    app.finish()
    return .success(app)
  }

  /// The app's Info.plist among `found`: the shallowest that is no other bundle's (an extension's, an App
  /// Clip's, a watch app's, a framework's or a test bundle's), with a purpose string when one has. Where there
  /// are several, `app.choice` names it, why, and the others.
  private static func appInfoPlist(_ found: [DirectoryWalk.Entry], root: FilePath, app: inout AppResources)
    -> FilePath?
  {
    let ordered = found.sorted { ($0.depth, $0.path.string) < ($1.depth, $1.path.string) }.map(\.path)
    guard ordered.count > 1 else { return ordered.first }
    let plists = ordered.map { try? InfoPlist.read($0, from: app.reader).get() }
    let kinds = plists.map { plist -> String? in
      let keys = Set(plist?.keys ?? [])
      if !keys.isDisjoint(with: ["NSExtension", "EXAppExtensionAttributes"]) { return "an extension's" }
      if keys.contains("NSAppClip") { return "an App Clip's" }
      if !keys.isDisjoint(with: ["WKApplication", "WKWatchKitApp"]) { return "a watch app's" }
      return ["FMWK": "a framework's", "BNDL": "a test bundle's"][plist?.strings["CFBundlePackageType"] ?? ""]
    }
    let apps = ordered.indices.filter { kinds[$0] == nil }
    let prompting = apps.filter { plists[$0]?.keys.contains(where: PurposeKeys.isPurposeKey) == true }
    let chosen = prompting.first ?? apps.first ?? 0
    let why = prompting.isEmpty ? "the shallowest app's" : "the shallowest app's with purpose strings"
    let others = ordered.indices.filter { $0 != chosen }.map { index in
      (ordered[index].relative(to: root) ?? "") + (kinds[index].map { " (\($0))" } ?? "")
    }
    app.choice =
      "Info.plist \(ordered[chosen].relative(to: root) ?? "") (\(why)); other Info.plists: \(MessageList.of(others))"
    return ordered[chosen]
  }

  /// Lproj folders or catalogs, nearest to the Info.plist's folder first: beside it, then by depth, then by
  /// path.
  private static func byRank(_ entries: [DirectoryWalk.Entry], _ home: FilePath) -> [DirectoryWalk.Entry] {
    entries.map { (rank: $0.path.parent == home ? -1 : $0.depth, entry: $0) }
      .sorted { ($0.rank, $0.entry.path.string) < ($1.rank, $1.entry.path.string) }.map(\.entry)
  }
}
