import Glibc

/// The entries directly inside a folder, as readdir(3) gives them.
public enum FolderListing {
  /// The names in `folder` (without `.` and `..`), as bytes, and their readdir types, unsorted; empty when it
  /// cannot be read.
  public static func entries(of folder: FilePath) -> [(name: FilePath, type: UInt8)] {
    guard let directory = folder.withCString({ opendir($0) }) else { return [] }
    defer { closedir(directory) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    // Built with the labels it is returned with: an array of unlabelled pairs would be cast, pair by pair.
    var result: [(name: FilePath, type: UInt8)] = []
    while let entry = readdir(directory) {
      // The kernel sizes each entry to its name: read up to the NUL, never the whole d_name array.
      let pointer = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
      let name = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
      let isDot = name.elementsEqual([0x2E]) || name.elementsEqual([0x2E, 0x2E])
      if !isDot { result.append((name: FilePath(bytes: name), type: entry.pointee.d_type)) }
    }
    return result
  }

  /// The names in `folder`, sorted by their bytes.
  public static func names(in folder: FilePath) -> [FilePath] {
    entries(of: folder).map(\.name).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
  }
}
