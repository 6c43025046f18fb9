import FileAccess

/// Where cross-platform tools put an iOS project inside their repository, and so where that repository's root
/// is: the folder whose code the app is made of, and the sandbox its project is read in.
enum RepositoryLayout {
  /// A layout: the folders from the repository's root to the project's folder, and the files at the root
  /// that mark such a repository.
  private struct Layout {
    var folders: [String]
    var markers: [String]
  }

  private static let layouts = [
    // Flutter, React Native, Expo.
    Layout(folders: ["ios"], markers: ["pubspec.yaml", "package.json", "app.json"]),
    // Capacitor.
    Layout(folders: ["ios", "App"], markers: ["package.json", "capacitor.config.json", "capacitor.config.ts"]),
    // Cordova.
    Layout(folders: ["platforms", "ios"], markers: ["config.xml", "package.json"]),
    // Kotlin Multiplatform.
    Layout(folders: ["iosApp"], markers: ["settings.gradle.kts", "settings.gradle", "build.gradle.kts"]),
  ]

  /// The repository root above the project folder `folder` when it sits where a cross-platform tool puts it
  /// (`ios/` of a Flutter app, `ios/App/` of a Capacitor one, `platforms/ios/` of Cordova, `iosApp/` of
  /// Kotlin Multiplatform), else `folder` itself.
  static func root(ofProjectFolder folder: FilePath) -> FilePath {
    let components = folder.normalized.components.map(String.init)
    for layout in layouts
    where components.count > layout.folders.count
      && components.suffix(layout.folders.count).elementsEqual(layout.folders)
    {
      var root = folder.normalized
      for _ in layout.folders { root = root.parent }
      let names = Set(FolderListing.names(in: root.string))
      if layout.markers.contains(where: names.contains) { return root }
    }
    return folder
  }
}
