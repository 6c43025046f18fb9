import Foundation

/// Reading whole files into byte arrays, without Foundation's extra copy.
public enum FileBytes {
  /// Why a file could not be read, in a few words.
  public struct Failure: Error, Hashable, Sendable {
    public var reason: String
  }

  /// The bytes of the file at `path`.
  public static func read(_ path: String) -> Result<[UInt8], Failure> {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
    if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(Failure(reason: "it is a folder")) }
    var bytes: [UInt8] = []
    var capacity = Swift.max(Int(status.st_size), 0) + 1
    var count = 0
    while true {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: capacity))
        capacity = bytes.count
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(Failure(reason: String(cString: strerror(errno))))
      }
      if got == 0 { break }
      count += got
    }
    bytes.removeSubrange(count...)
    return .success(bytes)
  }
}
