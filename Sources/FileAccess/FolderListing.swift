import Platform

/// The entries directly inside a folder, as readdir(3) gives them.
public enum FolderListing {
  /// The names in `folder` (without `.` and `..`), sorted by their bytes; none when it cannot be read.
  public static func names(in folder: FilePath) -> [FilePath] {
    folder.withCString { Platform.entries(of: $0) }.map { FilePath(bytes: $0.name) }
      .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
  }
}
