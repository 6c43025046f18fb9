/// A Swift Playgrounds app's `Package.swift`, read by pattern, never run (DECISIONS D110): only one-line string
/// literals are taken; strings and comments are skipped, so a bracket in them changes nothing. Each list read
/// is one pass over the bytes.
struct PackageManifest {
  /// A capability with a purpose string, and whether an iPhone gets it (`.when(deviceFamilies:)` may say no).
  typealias Capability = (name: String, purpose: (text: String?, offset: Int), onPhone: Bool)

  private let bytes: [UInt8]
  /// The product's arguments (`name`, `bundleIdentifier`, …) and `defaultLocalization`, by label: each one's
  /// text when it is a string literal (nil: code), and where it starts.
  private(set) var arguments: [String: (text: String?, offset: Int)] = [:]
  private(set) var capabilities: [Capability] = []
  /// The first executable target's folder (its `path:`, else `Sources/NAME`): the app's code and resources.
  private(set) var targetFolder: String?

  /// The manifest in `bytes`, or nil when it has no `.iOSApplication(` product.
  init?(bytes: [UInt8]) {
    self.bytes = bytes
    guard let open = calls(".iOSApplication").first else { return nil }
    let package = calls("Package").first.map { elements(openingAt: $0) } ?? []
    let listed = elements(openingAt: open) + package.filter { $0.label == "defaultLocalization" }
    for case (let label?, let range) in listed {
      if label == "capabilities" && bytes[range.lowerBound] == UInt8(ascii: "[") {
        capabilities = elements(openingAt: range.lowerBound).compactMap { capability($0.range) }
      }
      arguments[label] = (literal(range), range.lowerBound)
    }
    let target = calls(".executableTarget").first.map { elements(openingAt: $0) } ?? []
    for case (let label?, let range) in target where label == "name" || label == "path" {
      targetFolder = label == "path" ? literal(range) : literal(range).map { "Sources/\($0)" }
    }
  }

  /// `.camera(purposeString: "…", .when(deviceFamilies: [.pad]))`; nil for one without a purpose string.
  private func capability(_ range: Range<Int>) -> Capability? {
    guard bytes[range.lowerBound] == UInt8(ascii: "."), let open = bytes[range].firstIndex(of: UInt8(ascii: "(")),
      case let arguments = elements(openingAt: open),
      let purpose = arguments.first(where: { $0.label == "purposeString" })?.range
    else { return nil }
    let condition = arguments.first { $0.label == nil && bytes[$0.range].starts(with: Array(".when".utf8)) }
    return (
      String(decoding: bytes[range].dropFirst().prefix(while: Self.isIdentifier), as: UTF8.self),
      (literal(purpose), purpose.lowerBound),
      condition.map { bytes[$0.range].firstRange(of: Array(".phone".utf8)) != nil } ?? true
    )
  }

  /// Where the argument lists of calls to `name` open (`Package(`), outside strings and comments.
  private func calls(_ name: String) -> [Int] {
    var (found, index) = ([Int](), 0)
    while index < bytes.count {
      if bytes[index...].starts(with: name.utf8), index == 0 || !Self.isIdentifier(bytes[index - 1]),
        let open = bytes[(index + name.utf8.count)...].firstIndex(where: { $0 != UInt8(ascii: " ") }),
        bytes[open] == UInt8(ascii: "(")
      {
        found.append(open)
      }
      index = next(after: index)
    }
    return found
  }

  /// The elements of the list whose bracket is at `open`: each one's label (`name:`) and its range without
  /// the label and the spaces and comments around it.
  private func elements(openingAt open: Int) -> [(label: String?, range: Range<Int>)] {
    var found: [(String?, Range<Int>)] = []
    var (depth, index, start, end) = (0, open + 1, nil as Int?, open + 1)
    while index < bytes.count {
      let (byte, after) = (bytes[index], next(after: index))
      if depth == 0 && (byte == UInt8(ascii: ",") || Self.closers.contains(byte)) {
        if let start { found.append(labelled(start..<end)) }
        if byte != UInt8(ascii: ",") { break }
        start = nil
      } else if !Self.isSpace(byte) && !(after > index + 1 && byte == UInt8(ascii: "/")) {
        start = start ?? index
        depth += Self.openers.contains(byte) ? 1 : Self.closers.contains(byte) ? -1 : 0
        end = after
      }
      index = after
    }
    return found
  }

  /// `label: value` split at its colon; an element without a label whole.
  private func labelled(_ range: Range<Int>) -> (String?, Range<Int>) {
    let name = bytes[range].prefix(while: Self.isIdentifier)
    let rest = bytes[name.endIndex..<range.upperBound].drop(while: Self.isSpace)
    guard !name.isEmpty, rest.first == UInt8(ascii: ":"), rest.dropFirst().first != UInt8(ascii: ":"),
      let value = rest.dropFirst().firstIndex(where: { !Self.isSpace($0) })
    else { return (nil, range) }
    return (String(decoding: name, as: UTF8.self), value..<range.upperBound)
  }

  /// The text of the one-line string literal that is all of `range`, its escapes decoded; nil for anything
  /// else (code, an interpolation, `\u{…}`, a multi-line or raw string).
  private func literal(_ range: Range<Int>) -> String? {
    guard bytes[range].first == UInt8(ascii: "\""), !bytes[range].starts(with: Array("\"\"\"".utf8)),
      next(after: range.lowerBound) == range.upperBound, bytes[range.upperBound - 1] == UInt8(ascii: "\"")
    else { return nil }
    let escapes: [Unicode.Scalar: String] = [
      "n": "\n", "t": "\t", "r": "\r", "0": "\0", "\"": "\"", "'": "'", "\\": "\\",
    ]
    var (text, escaping) = ("", false)
    for scalar in String(decoding: bytes[range].dropFirst().dropLast(), as: UTF8.self).unicodeScalars {
      if escaping, let escaped = escapes[scalar] { text += escaped } else if escaping { return nil }
      if !escaping && scalar != "\\" { text.unicodeScalars.append(scalar) }
      escaping = !escaping && scalar == "\\"
    }
    return text
  }

  /// The offset just past the string literal or comment that starts at `index`, else `index + 1`.
  private func next(after index: Int) -> Int {
    let rest = bytes[index..<bytes.count]
    for (opening, closing) in [("\"\"\"", "\"\"\""), ("//", "\n"), ("/*", "*/")] where rest.starts(with: opening.utf8) {
      return bytes[(index + opening.utf8.count)...].firstRange(of: closing.utf8)?.upperBound ?? bytes.count
    }
    guard rest.first == UInt8(ascii: "\"") else { return index + 1 }
    var end = index + 1
    while end < bytes.count && bytes[end] != UInt8(ascii: "\"") && bytes[end] != UInt8(ascii: "\n") {
      end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
    }
    return min(end + 1, bytes.count)
  }

  private static let openers: Set<UInt8> = [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{")]
  private static let closers: Set<UInt8> = [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}")]
  private static func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
  private static func isIdentifier(_ byte: UInt8) -> Bool {
    byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte & 0xDF)
  }
}
