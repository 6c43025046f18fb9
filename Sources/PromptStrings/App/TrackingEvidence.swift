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
  /// attsim stopped reading at one of its limits before it found anything (why, in a few words).
  case stopped(String)
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

  /// Folders never read: dependencies, build output, the other platform.
  static let skippedFolders: Set<String> = [
    "node_modules", "Pods", "build", ".build", "DerivedData", ".dart_tool", "android", "Carthage",
  ]

  /// How far the look goes: files, bytes in all, bytes a file, and seconds. A repository of any size is
  /// judged within these; past them attsim says it stopped (DECISIONS D56).
  public struct Limits: Sendable {
    public var files = 20_000
    public var bytes = 32 << 20
    public var bytesPerFile = 1 << 20
    public var seconds = 3.0

    /// The limits `check` uses.
    public init() {}
  }

  /// Looks where `search` says, reading through `reader` (inside the app's sandbox, never through a link).
  static func scan(_ search: TrackingSearch, reader: InputFiles, limits: Limits = Limits()) -> TrackingEvidence {
    switch search {
    case .sources(let folders): scan(sources: folders, reader: reader, limits: limits)
    case .binaries(let binaries): scan(binaries: binaries, reader: reader)
    case .nothing: .unknown
    }
  }

  /// The files the look at `search` would read, in the order it reads them (for a command that must know
  /// its inputs before it writes anything).
  static func candidates(_ search: TrackingSearch, reader: InputFiles, limits: Limits = Limits()) -> [FilePath] {
    switch search {
    case .sources(let folders): sourceFiles(folders, reader: reader, limits: limits).map(\.path)
    case .binaries(let binaries): binaries
    case .nothing: []
    }
  }

  /// The source files and manifests under `folders`, links left out.
  private static func sourceFiles(_ folders: [FilePath], reader: InputFiles, limits: Limits) -> [(
    path: FilePath, folder: FilePath
  )] {
    var files: [(FilePath, FilePath)] = []
    for folder in folders {
      guard
        case .success(let walk) = reader.walk(
          folder, maxDepth: 10, limit: limits.files, skip: { $0.hasPrefix(".") || skippedFolders.contains($0) })
      else { continue }
      for entry in walk.entries where !entry.isDirectory && !entry.isLink {
        let name = entry.path.lastComponent
        guard manifests.contains(name) || sourceExtensions.contains(entry.path.pathExtension ?? "") else { continue }
        files.append((entry.path, folder))
      }
    }
    return files
  }

  /// Reads the code and manifests under `folders`, within `limits`.
  static func scan(sources folders: [FilePath], reader: InputFiles, limits: Limits) -> TrackingEvidence {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(Int(limits.seconds * 1000)))
    var sourcesRead = 0
    var bytesRead = 0
    for (path, folder) in sourceFiles(folders, reader: reader, limits: limits) {
      guard bytesRead < limits.bytes, clock.now < deadline else {
        return .stopped(
          "attsim stopped after \(sourcesRead) source files (its limit of \(ByteCount(limits.bytes)) or \(Int(limits.seconds)) seconds)"
        )
      }
      guard case .success(let bytes) = reader.read(path.string, limit: limits.bytesPerFile) else { continue }
      bytesRead += bytes.count
      let isManifest = manifests.contains(path.lastComponent)
      if !isManifest { sourcesRead += 1 }
      let shown = path.relative(to: folder) ?? path.string
      if isManifest, let (plugin, _) = firstMatch(of: plugins, in: bytes) {
        return .asks("\(shown) declares \(plugin)")
      }
      if !isManifest, let (call, offset) = firstMatch(of: calls, in: bytes) {
        let line = LineMap(bytes: bytes).location(of: offset).line
        return .asks("\(shown):\(line) calls \(call)")
      }
    }
    return sourcesRead > 0 ? .neverAsks("\(sourcesRead) source file\(sourcesRead == 1 ? "" : "s")") : .unknown
  }

  /// The first of `needles` found in `bytes` (the earliest one in the list that occurs), with its offset.
  static func firstMatch(of needles: [String], in bytes: [UInt8]) -> (String, Int)? {
    for needle in needles {
      if let offset = ByteSearch.offset(of: Array(needle.utf8), in: bytes) { return (needle, offset) }
    }
    return nil
  }

  /// Looks into a built app's executable and its frameworks' binaries for the ATT class.
  static func scan(binaries: [FilePath], reader: InputFiles) -> TrackingEvidence {
    var read = 0
    // An app embeds a few dozen frameworks; past 64 binaries of at most 256 MB each, attsim stops looking.
    for binary in binaries.prefix(64) {
      guard reader.refusal(of: binary.string) == nil else { continue }
      var status = stat()
      guard lstat(binary.string, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      read += 1
      if FileScanner.firstMatch(in: binary.string, of: ["ATTrackingManager"], limit: 256 << 20) != nil {
        return .asks("the binary \(binary.lastComponent) references ATTrackingManager")
      }
    }
    return read > 0 ? .neverAsks("\(read) binar\(read == 1 ? "y" : "ies")") : .unknown
  }
}
