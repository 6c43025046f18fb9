import FileAccess

/// Finding a file the way Xcode on a Mac finds it: APFS ignores case, so a project path that differs from
/// the disk only in case is that file. attsim's disk may not ignore case, so it looks each name up itself.
enum DiskName {
  /// `path` as it is on disk: itself when it is there, else the one file whose names match it but for case,
  /// else nil. Only inside `reader`'s sandbox.
  static func resolve(_ path: FilePath, reader: InputFiles) -> FilePath? {
    if FileIdentity(path: path) != nil { return path }
    let name = path.lastComponent
    guard !name.isEmpty, name != "/", name != ".", name != "..", path.parent != path else { return nil }
    guard let folder = resolve(path.parent, reader: reader) else { return nil }
    let matches = reader.children(of: folder).filter { $0.lastComponent.lowercased() == name.lowercased() }
    return matches.count == 1 ? matches[0] : nil
  }
}
