import Platform

/// What a path the user gave names, as stat(2) says (following links), for a command to choose what to do with
/// it; nothing is read this way (reading goes through `InputFiles`).
public enum PathKind: Hashable, Sendable {
  case missing, folder, other

  /// What `path` names now.
  public init(_ path: FilePath) {
    var status = stat()
    let found = !path.bytes.isEmpty && path.withCString { stat($0, &status) } == 0
    self = !found ? .missing : status.st_mode & S_IFMT == S_IFDIR ? .folder : .other
  }
}
