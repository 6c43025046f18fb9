import Diagnostics
import FileAccess
import Glibc
import StringsFiles
import TextSupport

/// Where attsim looks into an app's code: its sources and package manifests, or a built app's binaries.
public enum TrackingSearch: Hashable, Sendable {
  case sources([FilePath])
  case binaries([FilePath])
  case nothing
}

/// What attsim found in an app's code: the calls that ask for tracking (and whether the file checks for the
/// usage description first), an ATT plugin a manifest declares, a binary that uses ATT, and calls that still
/// spell iOS 27.2's expanded request as the betas did.
public struct CodeScan: Hashable, Sendable {
  /// Calls that request tracking, in files that do not check for the usage description. Each call found is an
  /// `info` diagnostic: the file read, the call's line and column, the sentence a message quotes
  /// (`lib/main.dart:6 calls requestTrackingAuthorization`, the file relative to the folder searched) and the
  /// call as written (`text`).
  public var requests: [Diagnostic] = []
  /// Calls that request tracking in files that first check for `NSUserTrackingUsageDescription`.
  public var guardedRequests: [Diagnostic] = []
  /// `pubspec.yaml declares app_tracking_transparency`.
  public var plugin: String?
  /// `the binary Lumen references ATTrackingManager`.
  public var binary: String?
  /// Calls of the expanded request under a beta name (`usingExpandedInterface:`, `preferExpandedInterface:`).
  public var betaCalls: [Diagnostic] = []
  /// How many source files (or binaries) were read.
  public var filesRead = 0
  /// Why the look stopped before the end, if it did (a limit).
  public var stopped: String?

  /// The calls that request tracking, in Swift, Objective-C, Dart, JavaScript and C# (Unity).
  static let requestCalls = [
    "requestTrackingAuthorization", "requestTrackingPermission", "requestTrackingPermissionsAsync",
    "RequestAuthorizationTracking",
  ]

  /// iOS 27.2's expanded request as the betas spelled it (Swift labels and Objective-C selectors); the
  /// released name says `preferringExpandedInterface:`.
  static let betaSpellings = [
    "usingExpandedInterface:", "UsingExpandedInterface:", "preferExpandedInterface:", "PreferExpandedInterface:",
  ]

  /// What every beta spelling holds, looked for first.
  static let betaMark = Array("xpandedInterface:".utf8)

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

  /// How many matches of one kind are kept.
  static let maximumMatches = 20

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

  /// Whether the app asks for tracking, and how attsim knows.
  public var tracking: TrackingEvidence {
    if let request = requests.first { return .asks(request.message, request) }
    if let plugin { return .asks(plugin, nil) }
    if let binary { return .asks(binary, nil) }
    if let guarded = guardedRequests.first { return .guarded(guarded) }
    if let stopped { return .stopped(stopped) }
    return filesRead > 0 ? .neverAsks("\(filesRead) file\(filesRead == 1 ? "" : "s")") : .unknown
  }

  /// Looks where `search` says, reading through `reader` (inside the app's sandbox, never through a link).
  /// The calls under a beta name are always looked for; whether the app asks for tracking only with
  /// `tracking` (the rules read it only for an app without a purpose string): without it, no manifest or
  /// built binary is read. The look stops once it has its answers.
  static func scan(_ search: TrackingSearch, reader: InputFiles, tracking: Bool, limits: Limits = Limits()) -> CodeScan
  {
    switch search {
    case .sources(let folders): scan(sources: folders, reader: reader, tracking: tracking, limits: limits)
    case .binaries(let binaries): tracking ? scan(binaries: binaries, reader: reader) : CodeScan()
    case .nothing: CodeScan()
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

  /// Reads the code (and, with `tracking`, the manifests) under `folders`, within `limits`, until it has its
  /// answers: the first call that requests tracking decides whether the app asks, and beta calls are kept to
  /// `maximumMatches`.
  static func scan(sources folders: [FilePath], reader: InputFiles, tracking: Bool, limits: Limits) -> CodeScan {
    var scan = CodeScan()
    let deadline = ContinuousClock.now + .seconds(limits.seconds)
    var bytesRead = 0
    // The key as a string literal (a comment that names it is no check).
    let guardKeys = ["\"", "'"].map { Array(($0 + PurposeKeys.tracking + $0).utf8) }
    for (path, folder) in sourceFiles(folders, reader: reader, limits: limits) {
      let wantsRequests = tracking && scan.requests.isEmpty
      let wantsBetaCalls = scan.betaCalls.count < maximumMatches
      guard wantsRequests || wantsBetaCalls else { break }
      let isManifest = manifests.contains(path.lastComponent)
      // A manifest tells only of a plugin, and only the first plugin counts, for the tracking answer.
      if isManifest && !(wantsRequests && scan.plugin == nil) { continue }
      guard bytesRead < limits.bytes, ContinuousClock.now < deadline else {
        scan.stopped =
          "attsim stopped after \(scan.filesRead) files (its limit of \(ByteCount(limits.bytes)) or \(Int(limits.seconds)) seconds)"
        break
      }
      guard case .success(let bytes) = reader.read(path, limit: limits.bytesPerFile) else { continue }
      bytesRead += bytes.count
      scan.filesRead += 1
      let shown = path.relative(to: folder) ?? path.string
      if isManifest {
        if let (plugin, _) = firstMatch(of: plugins, in: bytes) { scan.plugin = "\(shown) declares \(plugin)" }
        continue
      }
      // Lines are counted only in a file that has a match.
      var lineMap: LineMap?
      func matches(_ needles: [String]) -> [Diagnostic] {
        let found = needles.flatMap { needle in offsets(of: Array(needle.utf8), in: bytes).map { (needle, $0) } }
        guard !found.isEmpty else { return [] }
        let map = lineMap ?? LineMap(bytes: bytes)
        lineMap = map
        return found.sorted { $0.1 < $1.1 }.map { needle, offset in
          let location = map.location(of: offset)
          return Diagnostic(
            file: path.string, location: location, severity: .info,
            message: "\(shown):\(location.line) calls \(needle)",
            text: needle)
        }
      }
      if wantsRequests, case let requests = matches(requestCalls), !requests.isEmpty {
        // A file that looks the usage description up checks for it before it asks (`Bundle.main.object(…)`).
        if guardKeys.contains(where: { ByteSearch.offset(of: $0, in: bytes) != nil }) {
          scan.guardedRequests += requests.prefix(maximumMatches - scan.guardedRequests.count)
        } else {
          scan.requests += requests.prefix(maximumMatches - scan.requests.count)
        }
      }
      // Every beta spelling holds `betaMark`: a file without it has none.
      if wantsBetaCalls, ByteSearch.offset(of: betaMark, in: bytes) != nil {
        scan.betaCalls += matches(betaSpellings).prefix(maximumMatches - scan.betaCalls.count)
      }
    }
    return scan
  }

  /// The first of `needles` found in `bytes` (the earliest one in the list that occurs), with its offset.
  static func firstMatch(of needles: [String], in bytes: [UInt8]) -> (String, Int)? {
    for needle in needles {
      if let offset = ByteSearch.offset(of: Array(needle.utf8), in: bytes) { return (needle, offset) }
    }
    return nil
  }

  /// Every offset of `needle` in `bytes`, the first `maximumMatches`.
  private static func offsets(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
    var found: [Int] = []
    var from = 0
    while found.count < maximumMatches, let offset = ByteSearch.offset(of: needle, in: bytes, from: from) {
      found.append(offset)
      from = offset + needle.count
    }
    return found
  }

  /// Looks into a built app's executable and its frameworks' binaries for the ATT class.
  static func scan(binaries: [FilePath], reader: InputFiles) -> CodeScan {
    var scan = CodeScan()
    // An app embeds a few dozen frameworks; past 64 binaries of at most 256 MB each, attsim stops looking.
    for binary in binaries.prefix(64) {
      scan.filesRead += 1
      if reader.firstMatch(in: binary, of: ["ATTrackingManager"], limit: 256 << 20) != nil {
        scan.binary = "the binary \(binary.lastComponent) references ATTrackingManager"
        break
      }
    }
    return scan
  }
}
