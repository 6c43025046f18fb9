import TextSupport

/// A file system path as the system knows it: bytes, with the few operations attsim needs. Pure: it never
/// touches the disk.
///
/// A path is bytes from `argv` or `readdir` to `open`: a name that is not UTF-8 is opened as it is, never as
/// its lossy decoding (two different names could decode to the same text). `string` is that decoding, for
/// comparing names with attsim's own words; `shown` is the form for messages, with every byte that is not
/// UTF-8 written as `\xFF`. Unlike `NSString`'s path methods it accepts any path (a one-character name, `-`,
/// a trailing slash) and keeps relative paths relative.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The path's bytes, exactly as given (no NUL: the system cannot name one).
  public let bytes: [UInt8]

  /// A path from its text.
  public init(_ string: String) { bytes = Array(string.utf8) }

  /// A path from its bytes, as the system gave them.
  public init(bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

  public init(stringLiteral value: String) { self.init(value) }

  /// The path as text, for comparing its names with attsim's own words: a byte that is not UTF-8 becomes
  /// U+FFFD. Never opened: the system calls take `bytes`.
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether every byte of the path is UTF-8, so `string` is the path itself.
  public var isUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

  /// The path for a message: control characters escaped, each byte that is not part of UTF-8 text as
  /// `\xFF`, cut after `limit` characters.
  public func shown(limit: Int = 200) -> String {
    var text = ""
    var index = 0
    while index < bytes.count {
      // The UTF-8 sequence starting here, if there is one (one to four bytes), else the one byte.
      let length = (1...4).first { length in
        index + length <= bytes.count && String(validating: bytes[index..<index + length], as: UTF8.self) != nil
      }
      if let length {
        text += String(decoding: bytes[index..<index + length], as: UTF8.self)
        index += length
      } else {
        text += "\\x" + String(bytes[index], radix: 16, uppercase: true)
        index += 1
      }
    }
    return text.forMessage(limit: limit)
  }

  /// The whole path for a message (a path the system can open is at most 4,096 bytes).
  public var shownWhole: String { shown(limit: 4096) }

  public var description: String { shownWhole }

  /// `body` given the path as a NUL-terminated C string, for a system call.
  public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  /// Whether the path starts at the root (`/`).
  public var isAbsolute: Bool { bytes.first == Self.slash }

  /// The path's components, without empty ones (`a//b/` → `a`, `b`), as text.
  public var components: [Substring] {
    componentBytes.map { Substring(String(decoding: $0, as: UTF8.self)) }
  }

  /// The path's components as bytes, without empty ones.
  public var componentBytes: [ArraySlice<UInt8>] {
    bytes.split(separator: Self.slash)
  }

  /// The last component: `b` for `a/b` and `a/b/`, `/` for the root, empty for an empty path.
  public var lastComponent: String { String(decoding: lastComponentBytes, as: UTF8.self) }

  /// The last component's bytes (see `lastComponent`).
  public var lastComponentBytes: ArraySlice<UInt8> {
    guard let range = lastComponentRange else { return isAbsolute ? [Self.slash] : [] }
    return bytes[range]
  }

  /// The folder holding this path: `a` for `a/b`, `.` for `b`, `/` for `/b` and for `/`.
  public var parent: FilePath {
    guard let range = lastComponentRange else { return FilePath(bytes.isEmpty ? "." : "/") }
    guard range.lowerBound > 0 else { return FilePath(".") }
    var end = range.lowerBound
    while end > 0 && bytes[end - 1] == Self.slash { end -= 1 }
    guard end > 0 else { return FilePath("/") }
    return FilePath(bytes: bytes[0..<end])
  }

  /// Where the last component is in the path's bytes (trailing slashes left out), or nil when there is none
  /// (an empty path, the root).
  private var lastComponentRange: Range<Int>? {
    var end = bytes.count
    while end > 0 && bytes[end - 1] == Self.slash { end -= 1 }
    guard end > 0 else { return nil }
    var start = end
    while start > 0 && bytes[start - 1] != Self.slash { start -= 1 }
    return start..<end
  }

  private static let slash = UInt8(ascii: "/")

  /// The last component's extension, without the dot (`strings` for `de.lproj/InfoPlist.strings`).
  public var pathExtension: String? {
    let name = lastComponentBytes
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return nil }
    return String(decoding: name[(dot + 1)...], as: UTF8.self)
  }

  /// The last component without its extension (`InfoPlist` for `InfoPlist.strings`).
  public var stem: String {
    let name = lastComponentBytes
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else {
      return String(decoding: name, as: UTF8.self)
    }
    return String(decoding: name[..<dot], as: UTF8.self)
  }

  /// This path with `component` (or a relative path) added.
  public func appending(_ component: String) -> FilePath {
    appending(FilePath(component))
  }

  /// This path with `other` (a name or a relative path, as bytes) added.
  public func appending(_ other: FilePath) -> FilePath {
    if bytes.isEmpty { return other }
    return FilePath(bytes: bytes.last == Self.slash ? bytes + other.bytes : bytes + [Self.slash] + other.bytes)
  }

  /// `other` when it is absolute, else `other` inside this folder.
  public func resolving(_ other: String) -> FilePath { resolving(FilePath(other)) }

  /// `other` when it is absolute, else `other` inside this folder.
  public func resolving(_ other: FilePath) -> FilePath {
    other.isAbsolute || bytes == [UInt8(ascii: ".")] ? other : appending(other)
  }

  /// The path with `.` and `..` resolved as text (`a/./b/../c` → `a/c`); `..` above a relative start stays.
  public var normalized: FilePath {
    let dot: ArraySlice<UInt8> = [UInt8(ascii: ".")]
    let dotDot: ArraySlice<UInt8> = [UInt8(ascii: "."), UInt8(ascii: ".")]
    var parts: [ArraySlice<UInt8>] = []
    for part in componentBytes where part != dot {
      if part == dotDot, let last = parts.last, last != dotDot {
        parts.removeLast()
      } else if part == dotDot, isAbsolute {
        continue
      } else {
        parts.append(part)
      }
    }
    let joined = Array(parts.joined(separator: [Self.slash]))
    return FilePath(bytes: isAbsolute ? [Self.slash] + joined : (joined.isEmpty ? Array(dot) : joined))
  }

  /// Whether this path, resolved as text, lies inside `folder` (or is it). Compared as bytes.
  public func isInside(_ folder: FilePath) -> Bool {
    normalized.relativeBytes(to: folder.normalized) != nil
  }

  /// This path relative to `base` when it lies inside it (`a/b/c` from `a` is `b/c`), else nil.
  public func relative(to base: FilePath) -> String? {
    relativeBytes(to: base).map { String(decoding: $0, as: UTF8.self) }
  }

  /// This path relative to `base` as bytes, when it lies inside it, else nil; `.` components are ignored on
  /// both sides (`./a/b` from `.` is `a/b`).
  public func relativeBytes(to base: FilePath) -> [UInt8]? {
    let dot: ArraySlice<UInt8> = [UInt8(ascii: ".")]
    let inner = componentBytes.filter { $0 != dot }
    let outer = base.componentBytes.filter { $0 != dot }
    guard isAbsolute == base.isAbsolute, inner.count >= outer.count, inner.starts(with: outer) else { return nil }
    return Array(inner.dropFirst(outer.count).joined(separator: [Self.slash]))
  }
}
