/// A file system path as text, with the few operations attsim needs. Pure: it never touches the disk.
///
/// Unlike `NSString`'s path methods it accepts any text (a one-character name, `-`, a trailing slash)
/// and keeps relative paths relative.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The path as given.
  public let string: String

  /// A path from its text.
  public init(_ string: String) { self.string = string }

  public init(stringLiteral value: String) { self.init(value) }

  public var description: String { string }

  /// Whether the path starts at the root (`/`).
  public var isAbsolute: Bool { string.hasPrefix("/") }

  /// The path's components, without empty ones (`a//b/` → `a`, `b`).
  public var components: [Substring] {
    string.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
  }

  /// The last component: `b` for `a/b` and `a/b/`, `/` for the root, empty for an empty path.
  public var lastComponent: String {
    withBytes { bytes in
      guard let range = Self.lastComponent(in: bytes) else { return isAbsolute ? "/" : "" }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
  }

  /// The folder holding this path: `a` for `a/b`, `.` for `b`, `/` for `/b` and for `/`.
  public var parent: FilePath {
    withBytes { bytes in
      guard let range = Self.lastComponent(in: bytes) else { return FilePath(string.isEmpty ? "." : "/") }
      guard range.lowerBound > 0 else { return FilePath(".") }
      var end = range.lowerBound
      while end > 0 && bytes[end - 1] == Self.slash { end -= 1 }
      guard end > 0 else { return FilePath("/") }
      return FilePath(String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self))
    }
  }

  /// Where the last component is in the path's UTF-8 bytes (trailing slashes left out), or nil when there is
  /// none (an empty path, the root). Byte offsets: "/" is one byte in UTF-8 and never part of another
  /// character; the paths of a walk ask for these thousands of times.
  private static func lastComponent(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    var end = bytes.count
    while end > 0 && bytes[end - 1] == slash { end -= 1 }
    guard end > 0 else { return nil }
    var start = end
    while start > 0 && bytes[start - 1] != slash { start -= 1 }
    return start..<end
  }

  private static let slash = UInt8(ascii: "/")

  /// `body` given the path's UTF-8 bytes.
  private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    string.utf8.withContiguousStorageIfAvailable(body) ?? Array(string.utf8).withUnsafeBufferPointer(body)
  }

  /// The last component's extension, without the dot (`strings` for `de.lproj/InfoPlist.strings`).
  public var pathExtension: String? {
    let name = lastComponent.utf8
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return nil }
    return String(Substring(name[name.index(after: dot)...]))
  }

  /// The last component without its extension (`InfoPlist` for `InfoPlist.strings`).
  public var stem: String {
    let name = lastComponent
    let bytes = name.utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return name }
    return String(Substring(bytes[..<dot]))
  }

  /// This path with `component` (or a relative path) added.
  public func appending(_ component: String) -> FilePath {
    if string.isEmpty { return FilePath(component) }
    return FilePath(string.hasSuffix("/") ? string + component : string + "/" + component)
  }

  /// `other` when it is absolute, else `other` inside this folder.
  public func resolving(_ other: String) -> FilePath {
    other.hasPrefix("/") || string == "." ? FilePath(other) : appending(other)
  }

  /// The path with `.` and `..` resolved as text (`a/./b/../c` → `a/c`); `..` above a relative start stays.
  public var normalized: FilePath {
    var parts: [Substring] = []
    for part in components where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == "..", isAbsolute {
        continue
      } else {
        parts.append(part)
      }
    }
    let joined = parts.joinedText(separator: "/")
    return FilePath(isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined))
  }

  /// Whether this path, resolved as text, lies inside `folder` (or is it).
  public func isInside(_ folder: FilePath) -> Bool {
    normalized.relative(to: folder.normalized) != nil
  }

  /// This path relative to `base` when it lies inside it (`a/b/c` from `a` is `b/c`), else nil.
  public func relative(to base: FilePath) -> String? {
    let inner = components
    let outer = base.components.filter { $0 != "." }
    guard isAbsolute == base.isAbsolute, inner.count >= outer.count, inner.starts(with: outer) else { return nil }
    return inner.dropFirst(outer.count).joinedText(separator: "/")
  }
}
