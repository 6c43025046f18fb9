import Platform

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
    let absolute = absolute(path).string
    let text = folder && !absolute.hasSuffix("/") ? absolute + "/" : absolute
    return "file://" + encode(text)
  }

  /// `path` made absolute against the working folder (not resolving links, `.` or `..`), as bytes.
  public static func absolute(_ path: FilePath) -> FilePath {
    guard !path.isAbsolute, let working = workingFolder() else { return path }
    let dot: ArraySlice<UInt8> = [UInt8(ascii: ".")]
    let relative = FilePath(bytes: path.componentBytes.filter { $0 != dot }.joined(separator: [UInt8(ascii: "/")]))
    return relative.bytes.isEmpty ? working : working.appending(relative)
  }

  /// The working folder, as getcwd(3) gives it; nil when it cannot be known (it was deleted).
  public static func workingFolder() -> FilePath? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let found = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress!, $0.count) != nil }
    }
    guard found else { return nil }
    return FilePath(bytes: buffer.prefix { $0 != 0 })
  }
}
