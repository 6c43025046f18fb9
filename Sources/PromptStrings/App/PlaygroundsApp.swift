import Diagnostics
import FileAccess
import StringsFiles

/// A Swift Playgrounds app: a package (`App.swiftpm`) whose `Package.swift` has an `.iOSApplication(...)`
/// product. Xcode makes its Info.plist from that product (`capabilities:` give the purpose strings,
/// `additionalInfoPlistContentFilePath` adds a file's keys), so another `Info.plist` in the package is not
/// read; the executable target's `.lproj` folders are the app's localizations (DECISIONS D110).
enum PlaygroundsApp {
  /// The Info.plist key a capability's purpose string becomes: `camera` gives `NSCameraUsageDescription`,
  /// `mediaLibrary` `NSAppleMusicUsageDescription`.
  static func key(of capability: String) -> String {
    let name = capability == "mediaLibrary" ? "appleMusic" : capability
    return "NS\(name.prefix(1).uppercased())\(name.dropFirst())UsageDescription"
  }

  /// The app of the package at `root`, or nil when `root` holds no `Package.swift` with an iOS app product.
  static func read(_ root: FilePath, reader: InputFiles, strings: AppResources.StringsToParse) -> Result<
    AppResources, AppResources.LoadFailure
  >? {
    let file = root.appending("Package.swift")
    guard reader.children(of: root).contains(file) else { return nil }
    let bytes: [UInt8]
    switch reader.read(file, limit: 1 << 20) {
    case .success(let read): bytes = read
    case .failure(let failure):
      return .failure(.init(message: "\(file.string.forMessage()): \(failure.reason)"))
    }
    guard let manifest = PackageManifest(bytes: bytes) else { return nil }
    let lines = LineMap(bytes: bytes)
    let name = manifest.arguments["name"]?.text ?? root.stem
    var app = AppResources(root: root.string, input: .folder, name: name, reader: reader)
    app.strings = strings
    let extra = manifest.arguments["additionalInfoPlistContentFilePath"]?.text.map { root.resolving($0).normalized }
    if let extra { app.read(infoPlist: extra) }
    var plist = app.infoPlist ?? InfoPlist(path: file.string, strings: [:], keys: [], keyLocations: [:])
    let settings = [
      "CFBundleDisplayName": "name", "CFBundleIdentifier": "bundleIdentifier",
      "CFBundleShortVersionString": "displayVersion", "CFBundleDevelopmentRegion": "defaultLocalization",
    ]
    for (key, label) in settings { plist.strings[key] = manifest.arguments[label]?.text ?? plist.strings[key] }
    for capability in manifest.capabilities {
      let key = key(of: capability.name)
      let location = lines.location(of: capability.purpose.offset)
      let place = Diagnostic.place("Package.swift", location)
      guard capability.onPhone else {
        app.notes.append("\(place): .\(capability.name) is for other devices, not the iPhone: \(key) left out")
        continue
      }
      if capability.purpose.text == nil {
        app.notes.append("\(place): \(key) is from code, not evaluated")
      }
      plist.strings[key] = capability.purpose.text ?? "(from code, not evaluated)"
      plist.generatedKeys[key] = InfoPlist.GeneratedKey(
        setting: ".\(capability.name)(purposeString:)", file: file.string, location: location)
    }
    plist.keys = Array(Set(plist.keys).union(plist.strings.keys)).sorted()
    app.infoPlist = plist
    app.expandVariables(with: BuildSettings(layers: [], builtIn: [:]))
    let entries = AppLoader.walk(root, reader: reader)?.entries ?? []
    for entry in entries where entry.path.lastComponent == "Info.plist" && entry.path.normalized != extra {
      app.notes.append(
        "\(entry.path.relative(to: root) ?? entry.path.string): not read: Xcode makes the app's Info.plist from Package.swift"
      )
    }
    let target =
      manifest.executableTargets.first { manifest.productTargets.contains($0.name) }
      ?? manifest.executableTargets.first
    let sources = target.map { root.resolving($0.path ?? "Sources/\($0.name)").normalized } ?? root
    for entry in entries where !entry.isDirectory && entry.path.isInside(sources) {
      if entry.path.pathExtension == "xcstrings" { app.add(catalog: entry.path) }
      guard entry.path.parent.pathExtension == "lproj" else { continue }
      app.add(emptyFolder: entry.path.parent)
      if entry.path.pathExtension == "strings" {
        app.add(stringsFile: entry.path, localization: entry.path.parent.stem, folder: entry.path.parent)
      }
    }
    app.trackingSearch = .sources([root])
    if strings.findsCheckInputs { app.privacyManifests = ManifestSearch(reader: reader).inFolder(entries, root: root) }
    app.finish()
    return .success(app)
  }
}
