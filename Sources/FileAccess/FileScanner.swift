import Glibc
import TextSupport

/// Looks for byte strings in a file without reading it whole: in chunks, up to a limit, regular files only.
public enum FileScanner {
  /// The first of `needles` found in the regular file at `path` (within its first `limit` bytes), or nil.
  public static func firstMatch(in path: String, of needles: [String], limit: Int = 512 << 20) -> String? {
    let patterns = needles.map { Array($0.utf8) }
    guard let longest = patterns.map(\.count).max(), longest > 0 else { return nil }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let chunk = 1 << 20
    var window: [UInt8] = []
    var total = 0
    var buffer = [UInt8](repeating: 0, count: chunk)
    while total < limit {
      let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, chunk) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      total += got
      // Keep the tail of the last chunk, so a needle across the boundary is still found.
      window = Array(window.suffix(longest - 1)) + buffer[0..<got]
      for (index, pattern) in patterns.enumerated() where ByteSearch.offset(of: pattern, in: window) != nil {
        return needles[index]
      }
    }
    return nil
  }
}
