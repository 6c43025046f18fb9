import Glibc

/// RFC 3986 URIs for paths, as SARIF and other tools want them.
public enum FileURI {
  /// `path` as a URI reference: every byte but unreserved characters and `/` percent-encoded (`a b#c` →
  /// `a%20b%23c`).
  public static func encode(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      let isUnreserved =
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
      if isUnreserved {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }

  /// A `file://` URI for `path` (made absolute from the working folder); `folder` adds a trailing slash.
  public static func file(_ path: FilePath, folder: Bool = false) -> String {
    let absolute = absolutePath(path)
    let text = folder && !absolute.hasSuffix("/") ? absolute + "/" : absolute
    return "file://" + encode(text)
  }

  /// `path` made absolute against the working folder (not resolving links, `.` or `..`).
  public static func absolutePath(_ path: FilePath) -> String {
    guard !path.isAbsolute else { return path.string }
    guard let working = workingFolder()?.string else { return path.string }
    let relative = path.components.filter { $0 != "." }.joinedText(separator: "/")
    return relative.isEmpty ? working : FilePath(working).appending(relative).string
  }

  /// The working folder, as getcwd(3) gives it; nil when it cannot be known (it was deleted).
  public static func workingFolder() -> FilePath? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return FilePath(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }
}
