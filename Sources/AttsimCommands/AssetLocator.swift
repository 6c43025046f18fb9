import Foundation

/// Finds attsim's Assets folder (demo app, system texts, scenarios) from any working directory.
enum AssetLocator {
  /// The first of: `$ATTSIM_ASSETS`; `Assets` next to the executable or in `../share/attsim`; the source
  /// tree the executable was built from.
  static func assetsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
    var candidates: [URL] = []
    if let override = environment["ATTSIM_ASSETS"] { candidates.append(URL(fileURLWithPath: override)) }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    candidates.append(executable.appendingPathComponent("Assets"))
    candidates.append(executable.appendingPathComponent("../share/attsim/Assets").standardized)
    let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(sourceTree.appendingPathComponent("Assets"))
    return candidates.first { isAssetsFolder($0) }
  }

  private static func isAssetsFolder(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent("DemoApp/Info.plist").path)
      && FileManager.default.fileExists(atPath: url.appendingPathComponent("System").path)
  }
}
