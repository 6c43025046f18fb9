import Glibc

/// The entries directly inside a folder, as readdir(3) gives them.
public enum FolderListing {
  /// The names in `folder` (without `.` and `..`) and their readdir types, unsorted; empty when it cannot be
  /// read.
  public static func entries(of folder: String) -> [(name: String, type: UInt8)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    // Built with the labels it is returned with: an array of unlabelled pairs would be cast, pair by pair.
    var result: [(name: String, type: UInt8)] = []
    while let entry = readdir(directory) {
      // The kernel sizes each entry to its name: read up to the NUL, never the whole d_name array.
      let pointer = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
      let name = String(cString: pointer)
      if name != "." && name != ".." { result.append((name: name, type: entry.pointee.d_type)) }
    }
    return result
  }

  /// The names in `folder`, sorted.
  public static func names(in folder: String) -> [String] {
    entries(of: folder).map(\.name).sorted()
  }
}
