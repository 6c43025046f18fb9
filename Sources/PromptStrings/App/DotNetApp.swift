import FileAccess
import StringsFiles

/// A .NET app's iOS head: .NET MAUI's `Platforms/iOS` folder (its Info.plist and `Resources/<lang>.lproj`;
/// `Platforms/MacCatalyst` is another app's), read as a folder is, under its project's name (DECISIONS D111).
enum DotNetApp {
  /// The iOS app of the shallowest .NET project at most three folders below `root`, or nil when none has one.
  static func read(_ root: FilePath, reader: InputFiles, strings: AppResources.StringsToParse) -> Result<
    AppResources, AppResources.LoadFailure
  >? {
    let skipped: Set<String> = ["bin", "obj", "node_modules", "packages"]
    guard
      case .success(let walk) = reader.walk(
        root, maxDepth: 4, limit: 20_000, skip: { $0.hasPrefix(".") || skipped.contains($0) })
    else { return nil }
    let folders = Set(walk.entries.filter(\.isDirectory).map(\.path))
    let projects = walk.entries.filter { !$0.isDirectory && $0.path.pathExtension == "csproj" }
    for project in projects.sorted(by: { ($0.depth, $0.path.string) < ($1.depth, $1.path.string) }).map(\.path) {
      let head = project.parent.appending("Platforms/iOS")
      guard folders.contains(head) else { continue }
      return FolderApp.read(head, reader: reader, strings: strings).map { app in
        var app = app
        app.name = project.stem
        app.notes.append(
          "the iOS app of \(project.relative(to: root) ?? project.string): \(head.relative(to: root) ?? head.string)")
        app.trackingSearch = .sources([project.parent])
        return app
      }
    }
    return nil
  }
}
