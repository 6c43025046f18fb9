import FileAccess
import StringsFiles

/// A .NET app's iOS head, read as a folder is (DECISIONS D111): .NET MAUI's `Platforms/iOS` (not `MacCatalyst`),
/// or a Xamarin.iOS app project, with the strings files its `.csproj` puts in the app under a `LogicalName`.
enum DotNetApp {
  /// The iOS app of the shallowest .NET project under `root` that has one, or nil.
  static func read(_ root: FilePath, reader: InputFiles, strings: AppResources.StringsToParse) -> Result<
    AppResources, AppResources.LoadFailure
  >? {
    let entries = AppLoader.walk(root, reader: reader, intoLocalizations: false)?.entries ?? []
    let folders = Set(entries.filter(\.isDirectory).map(\.path))
    let projects = entries.filter { !$0.isDirectory && $0.path.pathExtension == "csproj" }
    for project in projects.sorted(by: { ($0.depth, $0.path.string) < ($1.depth, $1.path.string) }).map(\.path) {
      let xml = try? XMLTree.read(project, from: reader).get().root
      let properties = xml?.children(named: "PropertyGroup").flatMap(\.children) ?? []
      let property = { (name: String) in properties.first { $0.name == name }?.text.trimmingSpaces }
      let isXamarinApp =
        (property("TargetFrameworkIdentifier") == "Xamarin.iOS"
          || property("ProjectTypeGuids")?.uppercased().contains("FEACFBD2-3405-455C-9665-78FE426C6842") == true)
        && property("OutputType") == "Exe"
      let maui = project.parent.appending("Platforms/iOS")
      guard let head = isXamarinApp ? project.parent : (folders.contains(maui) ? maui : nil) else { continue }
      return FolderApp.read(head, reader: reader, strings: strings).map { app in
        var app = app
        app.name = project.stem
        app.notes.append("\(head.relative(to: root) ?? head.string): the iOS app of \(project.lastComponent)")
        app.trackingSearch = .sources([project.parent])
        if let title = property("ApplicationTitle"), app.infoPlist?.strings["CFBundleDisplayName"] == nil {
          app.infoPlist?.strings["CFBundleDisplayName"] = title
        }
        // `<BundleResource Include="…" LogicalName="de.lproj/InfoPlist.strings"/>`: in the app under that name.
        let items = xml?.children(named: "ItemGroup").flatMap(\.children) ?? []
        for item in items where ["BundleResource", "MauiAsset"].contains(item.name) {
          let named = item.attribute("LogicalName") ?? item.children(named: "LogicalName").first?.text
          guard let include = item.attribute("Include")?.replacing("\\", with: "/"),
            let logical = named.map({ FilePath($0.replacing("\\", with: "/")) }),
            logical.parent.pathExtension == "lproj",
            logical.pathExtension == "strings", !include.contains("*"), !logical.string.contains("%")
          else { continue }
          let file = project.parent.resolving(include).normalized
          app.add(stringsFile: file, localization: logical.parent.stem, folder: file.parent, table: logical.stem)
        }
        app.finish()
        return app
      }
    }
    return nil
  }
}
