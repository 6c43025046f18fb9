import FileAccess
import StringsFiles

/// An app read from a folder without an Xcode project: the shallowest Info.plist outside lproj folders,
/// and one lproj folder per language, the one beside that Info.plist when there are several.
enum FolderApp {
  static func read(_ root: FilePath, reader: InputFiles, localizations: Set<String>? = nil) -> Result<
    AppResources, AppResources.LoadFailure
  > {
    var app = AppResources(root: root.string, input: .folder, name: root.lastComponent, reader: reader)
    let entries = AppLoader.walk(root, reader: reader)?.entries ?? []
    let infoPlists = entries.filter {
      !$0.isDirectory && $0.path.lastComponent == "Info.plist"
        && !$0.path.components.contains { $0.hasSuffix(".lproj") }
    }
    let chosenPlist = infoPlists.min { ($0.depth, $0.path.string) < ($1.depth, $1.path.string) }
    let home = chosenPlist?.path.parent ?? root
    if let chosenPlist {
      app.read(infoPlist: chosenPlist.path)
      // Without a project nothing defines build variables: as in a build, they come out empty.
      app.expandVariables(with: BuildSettings(layers: [], builtIn: [:]))
    }
    let filesByFolder = Dictionary(grouping: entries.filter { !$0.isDirectory }) { $0.path.parent }
    // One folder per language: beside Info.plist, else the shallowest; the others are named once.
    let lprojs = Dictionary(
      grouping: entries.filter {
        $0.isDirectory && $0.path.pathExtension == "lproj" && localizations?.contains($0.path.stem) != false
      }
    ) { $0.path.stem }
    for (name, found) in lprojs.sorted(by: { $0.key < $1.key }) {
      let ordered = byRank(found, home)
      let chosen = ordered[0]
      for file in filesByFolder[chosen.path, default: []] where file.path.pathExtension == "strings" {
        app.add(stringsFile: file.path, localization: name, folder: chosen.path)
      }
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
    // A read of some localizations only (the system texts before the first frame) may find none.
    if chosenPlist == nil && app.folders.isEmpty && app.catalogs.isEmpty && localizations == nil {
      return .failure(
        AppResources.LoadFailure(
          message: "'\(root.string.forMessage())' holds no Info.plist, no .lproj folder and no .xcstrings"))
    }
    app.trackingSearch = .sources([root])
    app.privacyManifests = ManifestSearch(reader: reader).inFolder(entries, root: root)
    app.finish()
    return .success(app)
  }

  /// Lproj folders or catalogs, nearest to the Info.plist's folder first: beside it, then by depth, then by
  /// path.
  private static func byRank(_ entries: [DirectoryWalk.Entry], _ home: FilePath) -> [DirectoryWalk.Entry] {
    entries.map { (rank: $0.path.parent == home ? -1 : $0.depth, entry: $0) }
      .sorted { ($0.rank, $0.entry.path.string) < ($1.rank, $1.entry.path.string) }.map(\.entry)
  }
}
