import Diagnostics
import FileAccess
import StringsFiles

/// A Swift Playgrounds app: a package whose `Package.swift` has an `.iOSApplication(...)` product, from which
/// Xcode makes the Info.plist (`capabilities:` give the purpose strings, `additionalInfoPlistContentFilePath`
/// adds a file's keys); the executable target's `.lproj` folders are the app's localizations (DECISIONS D110).
enum PlaygroundsApp {
  /// The app of the package at `root`, or nil when `root` holds no `Package.swift` with an iOS app product.
  static func read(_ root: FilePath, reader: InputFiles, strings: AppResources.StringsToParse) -> Result<
    AppResources, AppResources.LoadFailure
  >? {
    let file = root.appending("Package.swift")
    guard reader.children(of: root).contains(file) else { return nil }
    let bytes: [UInt8]
    do { bytes = try reader.read(file, limit: 1 << 20).get() } catch {
      // Only a `.swiftpm` folder is sure to be an app; elsewhere a package that cannot be read is no answer.
      return root.pathExtension == "swiftpm" ? .failure(.init(message: "\(file.shown()): \(error.reason)")) : nil
    }
    guard let manifest = PackageManifest(bytes: bytes) else { return nil }
    // The executable target's folder holds the app's lproj folders and catalogs, as a folder app's.
    let sources = manifest.targetFolder.map { root.resolving($0).normalized } ?? root
    let extra = manifest.arguments["additionalInfoPlistContentFilePath"]?.text.map { root.resolving($0).normalized }
    let read = FolderApp.read(sources, reader: reader, strings: strings, madeBy: "Package.swift", adding: extra)
    guard case .success(var app) = read else { return read }
    app.name = manifest.arguments["name"]?.text ?? root.stem
    let lines = LineMap(bytes: bytes)
    var plist = app.infoPlist ?? InfoPlist(path: file.string, strings: [:], keys: [], keyLocations: [:])
    let settings = [
      "CFBundleDisplayName": "name", "CFBundleIdentifier": "bundleIdentifier",
      "CFBundleShortVersionString": "displayVersion", "CFBundleDevelopmentRegion": "defaultLocalization",
    ]
    for (key, label) in settings { plist.strings[key] = manifest.arguments[label]?.text ?? plist.strings[key] }
    for capability in manifest.capabilities {
      // `camera` gives NSCameraUsageDescription; `mediaLibrary` Apple Music's key.
      let name = capability.name == "mediaLibrary" ? "appleMusic" : capability.name
      let key = "NS\(name.prefix(1).uppercased())\(name.dropFirst())UsageDescription"
      let location = lines.location(of: capability.purpose.offset)
      let place = Diagnostic.place("Package.swift", location)
      guard capability.onPhone else {
        app.notes.append("\(place): .\(capability.name) is for other devices, not the iPhone: \(key) left out")
        continue
      }
      if capability.purpose.text == nil { app.notes.append("\(place): \(key) is from code, not evaluated") }
      plist.strings[key] = capability.purpose.text ?? "(from code, not evaluated)"
      plist.generatedKeys[key] = InfoPlist.GeneratedKey(
        setting: ".\(capability.name)(purposeString:)", file: file.string, location: location)
    }
    plist.keys = Array(Set(plist.keys).union(plist.strings.keys)).sorted()
    app.infoPlist = plist
    app.finish()
    return .success(app)
  }
}
