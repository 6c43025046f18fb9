import Diagnostics
import PromptStrings
import StringsFiles
import TextSupport

/// The rules that judge a strings file as a whole: syntax, encoding, duplicate keys, key typos.
enum FileRules {
  /// What a file's findings depend on besides its text.
  struct Context {
    /// The localization the file is in (nil when unknown).
    var locale: String?
    /// What iOS shows instead when it cannot read the file (`every key in it falls back`).
    var fallback: String
    /// Whether iOS reading none of it crashes the app (the tracking key would have no text at all).
    var fallbackCrashes = false
    /// Whether the file is a source Xcode compiles (so a file it cannot read fails the build), rather than
    /// one in a built app.
    var isSource = true
    /// Which keys' duplicates matter: nil for every key (`--all-strings`), else these.
    var keys: Set<String>? = nil
  }

  /// Findings about `file` (shown as `displayPath`).
  static func check(_ file: StringsFile, displayPath: String, context: Context) -> [Finding] {
    var findings = FindingList()
    func report(_ rule: RuleID, _ location: SourceLocation?, _ message: String, severity: Severity? = nil) {
      findings.add(
        Finding(
          file: displayPath, location: location, rule: rule, severity: severity, locale: context.locale,
          message: message))
    }
    // A file iOS cannot read: in a project the build fails (Xcode compiles every strings file); in a built
    // app its users get the fallback, and an app that then has no tracking text crashes when it asks.
    let unreadableSeverity: Severity = context.isSource || context.fallbackCrashes ? .error : .warning
    let consequence =
      context.isSource
      ? "Xcode cannot compile it, so the build fails (and iOS could not read it: \(context.fallback))"
      : "iOS cannot read this file, so \(context.fallback)"
    let table: StringsTable
    switch file.contents {
    case .failure(let problem):
      report(
        .encoding, problem.diagnostic.location,
        "\(problem.diagnostic.message) at byte \(problem.byteOffset): \(consequence)",
        severity: unreadableSeverity)
      return findings.all
    case .success(let read): table = read
    }
    if [.utf16LittleEndianWithoutBOM, .utf16BigEndianWithoutBOM].contains(table.encoding) {
      report(
        .encoding, SourceLocation(line: 1, column: 1),
        table.encoding == .utf16LittleEndianWithoutBOM
          ? "UTF-16LE without a byte-order mark: iOS takes the first character for one and misreads the rest; save the file as UTF-8 or with a BOM"
          : "UTF-16BE without a byte-order mark: iOS reads it as UTF-8 and cannot; save the file as UTF-8 or with a BOM",
        severity: .warning)
    }
    for flaw in table.encodingFlaws {
      let (location, message) = (flaw.diagnostic.location, flaw.diagnostic.message)
      report(.encoding, location, "\(table.encoding.rawValue) file with \(message)", severity: .warning)
    }
    if let error = table.syntaxError {
      let location = table.place(of: error.offset)
      if error.effect == .fileIgnored {
        report(.parseError, location, "\(error.message): \(consequence)", severity: unreadableSeverity)
      } else {
        // iOS silently stops there; Xcode accepts the file as CoreFoundation does.
        report(.parseError, location, error.message, severity: .warning)
      }
    }
    var firstEntry: [String: Int] = [:]
    firstEntry.reserveCapacity(table.entries.count)
    for (index, entry) in table.entries.enumerated() {
      guard let first = firstEntry[entry.key] else {
        firstEntry[entry.key] = index
        continue
      }
      guard context.keys?.contains(entry.key) ?? true else { continue }
      // Past the cap a duplicate is only counted: millions of them are not worded one by one.
      guard findings.hasRoom(.duplicateKey, displayPath) else {
        findings.countPastCap(
          .duplicateKey, displayPath,
          like: Finding(
            file: displayPath, location: table.place(of: entry.keyOffset), rule: .duplicateKey,
            locale: context.locale, message: ""))
        continue
      }
      let earlier = table.entries[first]
      let firstPlace = table.text.isEmpty ? "" : " (first at \(table.lineMap.location(of: earlier.keyOffset)))"
      // The same text twice is tidiness; two texts is a choice iOS makes for you: the last.
      let differs = earlier.value != entry.value
      findings.add(
        Finding(
          file: displayPath, location: table.place(of: entry.keyOffset),
          rule: .duplicateKey, severity: differs ? .warning : .info, locale: context.locale,
          key: PurposeKeys.isPurposeKey(entry.key) ? entry.key : nil,
          message: differs
            ? "\"\(entry.key.forMessage(limit: 60))\" is defined again with another text\(firstPlace); iOS uses this last one"
            : "\"\(entry.key.forMessage(limit: 60))\" is defined again with the same text\(firstPlace)"))
    }
    for (key, index) in firstEntry {
      guard let typoOf = purposeKeyTypo(key) else { continue }
      let location = table.place(of: table.entries[index].keyOffset)
      findings.add(keyTypo(key, of: typoOf, file: displayPath, location: location, locale: context.locale))
    }
    return findings.all
  }

  /// The `key-typo` finding for `key`, a near miss of the purpose-string key `typoOf`, at `file` and
  /// `location`.
  static func keyTypo(_ key: String, of typoOf: String, file: String, location: SourceLocation?, locale: String?)
    -> Finding
  {
    Finding(
      file: file, location: location, rule: .keyTypo, locale: locale, key: typoOf,
      message: "\"\(key.forMessage(limit: 60))\" looks like a typo of \(typoOf); iOS ignores it")
  }

  /// The purpose-string key `key` is a near miss of, if any: a few edits away from one Apple documents, or
  /// the same but for case. A key that has the shape of one (`NS…UsageDescription`) must be closer still, as
  /// Apple adds keys attsim may not know.
  static func purposeKeyTypo(_ key: String) -> String? {
    guard PurposeKeys.known[key] == nil else { return nil }
    let limit = PurposeKeys.isPurposeKey(key) ? 2 : 3
    // Two sure tests first: the length, and the letters every known key has (an edit changes one of them at
    // most). An ASCII key meets them unlowered, at no allocation; any other lowered (K, Kelvin's sign, is k).
    let isASCII = key.utf8.allSatisfy { $0 < 0x80 }
    if isASCII, !mayBeNear(length: key.utf8.count, scalars: key.utf8.lazy.map(UInt32.init), limit: limit) {
      return nil
    }
    let lowered = Array(key.lowercased().unicodeScalars)
    if !isASCII, !mayBeNear(length: lowered.count, scalars: lowered.lazy.map(\.value), limit: limit) { return nil }
    var best: (key: String, distance: Int)?
    for known in knownKeys where abs(lowered.count - known.lowered.count) <= limit {
      guard let distance = EditDistance.within(min(limit, (best?.distance ?? Int.max) - 1), lowered, known.lowered)
      else { continue }
      best = (known.key, distance)
    }
    return best?.key
  }

  /// The purpose keys Apple documents, in order, each with its lower-cased scalars (worked out once: a table
  /// of 600,000 keys asks about each of its keys).
  private static let knownKeys = PurposeKeys.known.keys.sorted().map {
    (key: $0, lowered: Array($0.lowercased().unicodeScalars))
  }
  private static let shortestKnown = knownKeys.map(\.lowered.count).min() ?? 0
  private static let longestKnown = knownKeys.map(\.lowered.count).max() ?? 0

  /// The letters (a to z) every known key has, with how many of each it has at least (those of
  /// `usagedescription`, as it stands).
  private static let commonLetters: [(letter: UInt8, count: Int)] = (UInt8(ascii: "a")...UInt8(ascii: "z")).compactMap {
    letter in
    let count = knownKeys.map { known in known.lowered.filter { $0.value == UInt32(letter) }.count }.min() ?? 0
    return count > 0 ? (letter, count) : nil
  }
  private static let commonLetterCount = commonLetters.reduce(0) { $0 + $1.count }

  /// Whether a text of `length` scalars (`scalars`, their values) can be `limit` edits from a known key, by
  /// its length and how many of `commonLetters` it has (in either case, each counted at most as often as it
  /// is common).
  private static func mayBeNear(length: Int, scalars: some Sequence<UInt32>, limit: Int) -> Bool {
    guard (shortestKnown - limit...longestKnown + limit).contains(length) else { return false }
    let shared = withUnsafeTemporaryAllocation(of: Int.self, capacity: 26) { counts in
      counts.initialize(repeating: 0)
      for scalar in scalars {
        let lower = (65...90).contains(scalar) ? scalar + 32 : scalar
        if (97...122).contains(lower) { counts[Int(lower - 97)] += 1 }
      }
      return commonLetters.reduce(0) { $0 + min($1.count, counts[Int($1.letter - UInt8(ascii: "a"))]) }
    }
    return shared >= commonLetterCount - limit
  }
}

extension StringsTable {
  /// Where `offset` stands in the file, when the file is text (a binary property list has no lines).
  func place(of offset: Int) -> SourceLocation? { text.isEmpty ? nil : lineMap.location(of: offset) }
}
