import FileAccess
import Glibc
import StringsFiles

/// Where attsim looks for whether an app asks for tracking: its code and package manifests, or a built app's
/// binaries.
public enum TrackingSearch: Hashable, Sendable {
  case sources([FilePath])
  case binaries([FilePath])
  case nothing
}

/// Whether an app asks for tracking (and so needs `NSUserTrackingUsageDescription`), and how attsim knows.
public enum TrackingEvidence: Hashable, Sendable {
  /// Something in the app asks: what, and where (`AppDelegate.swift:12 calls requestTrackingAuthorization`).
  case asks(String)
  /// attsim read the app's code and manifests and nothing asks.
  case neverAsks(String)
  /// There was nothing to read (resources only), so attsim cannot tell.
  case unknown

  /// The calls that request tracking, in Swift, Objective-C, Dart, JavaScript and C# (Unity).
  static let calls = [
    "requestTrackingAuthorization", "ATTrackingManager", "requestTrackingPermission",
    "requestTrackingPermissionsAsync", "RequestAuthorizationTracking",
  ]

  /// Plugins and pods whose whole purpose is the ATT prompt.
  static let plugins = [
    "app_tracking_transparency", "react-native-tracking-transparency", "expo-tracking-transparency",
    "app-tracking-transparency", "cordova-plugin-idfa", "AppTrackingTransparency",
  ]

  /// Source files worth reading, by extension.
  static let sourceExtensions: Set<String> = ["swift", "m", "mm", "dart", "js", "jsx", "ts", "tsx", "cs"]

  /// Manifests that declare plugins.
  static let manifests: Set<String> = ["pubspec.yaml", "package.json", "Podfile", "Podfile.lock"]

  /// Looks where `search` says.
  static func scan(_ search: TrackingSearch) -> TrackingEvidence {
    switch search {
    case .sources(let folders): scan(sources: folders)
    case .binaries(let binaries): scan(binaries: binaries)
    case .nothing: .unknown
    }
  }

  /// Reads the code and manifests under `folders` (at most 20,000 entries and 1 MB a file each).
  static func scan(sources folders: [FilePath]) -> TrackingEvidence {
    var sourcesRead = 0
    let skipped: Set<String> = [
      "node_modules", "Pods", "build", ".build", "DerivedData", ".dart_tool", "android", "Carthage",
    ]
    for folder in folders {
      let walk = DirectoryWalk(folder, maxDepth: 10, limit: 20_000) { $0.hasPrefix(".") || skipped.contains($0) }
      for entry in walk.entries where !entry.isDirectory {
        let name = entry.path.lastComponent
        let isManifest = manifests.contains(name)
        guard isManifest || sourceExtensions.contains(entry.path.pathExtension ?? "") else { continue }
        guard case .success(let bytes) = FileReader.read(entry.path.string, limit: 1 << 20) else { continue }
        if !isManifest { sourcesRead += 1 }
        let text = String(decoding: bytes, as: UTF8.self)
        let shown = entry.path.relative(to: folder) ?? entry.path.string
        if isManifest, let plugin = plugins.first(where: text.contains) {
          return .asks("\(shown) declares \(plugin)")
        }
        if !isManifest, let call = calls.first(where: text.contains), let range = text.range(of: call) {
          let line = text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
          return .asks("\(shown):\(line) calls \(call)")
        }
      }
    }
    return sourcesRead > 0 ? .neverAsks("\(sourcesRead) source file\(sourcesRead == 1 ? "" : "s")") : .unknown
  }

  /// Looks into a built app's executable and its frameworks' binaries for the ATT class.
  static func scan(binaries: [FilePath]) -> TrackingEvidence {
    var read = 0
    for binary in binaries {
      var status = stat()
      guard stat(binary.string, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      read += 1
      if FileScanner.firstMatch(in: binary.string, of: ["ATTrackingManager"]) != nil {
        return .asks("the binary \(binary.lastComponent) references ATTrackingManager")
      }
    }
    return read > 0 ? .neverAsks("\(read) binar\(read == 1 ? "y" : "ies")") : .unknown
  }
}
