import FileAccess
import Platform

/// Finds attsim's Assets folder (demo app, system texts, scenarios) from any working directory.
enum AssetLocator {
  /// The first of: `$ATTSIM_ASSETS`; `Assets` next to the executable or in `../share/attsim`; the source
  /// tree the executable was built from. (Plain POSIX calls and real paths: this runs before the first frame.)
  static func assetsFolder() -> String? {
    var candidates: [String] = []
    if let override = getenv("ATTSIM_ASSETS") { candidates.append(String(cString: override)) }
    if let executable = Platform.executablePath().map({ String(decoding: $0, as: UTF8.self) }) {
      let folder = parent(executable)
      candidates.append(folder + "/Assets")
      candidates.append(parent(folder) + "/share/attsim/Assets")
    }
    candidates.append(parent(parent(parent(#filePath))) + "/Assets")
    return candidates.first { access($0 + "/DemoApp/Info.plist", R_OK) == 0 && access($0 + "/System", R_OK) == 0 }
  }

  private static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
