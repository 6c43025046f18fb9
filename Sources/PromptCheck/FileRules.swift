import PromptStrings
import StringsFiles
import TextSupport

/// The rules that judge a strings file as a whole: syntax, encoding, duplicate keys, key typos.
enum FileRules {
  /// Findings about `file`, which lives in the localization `locale` (nil when unknown); `fallback` says
  /// what iOS shows instead when the file cannot be read.
  static func check(_ file: StringsFile, displayPath: String, locale: String?, fallback: String, map: LineMap?)
    -> [Finding]
  {
    var findings = FindingList()
    func report(_ rule: RuleID, _ location: SourceLocation?, _ message: String) {
      findings.add(Finding(file: displayPath, location: location, rule: rule, locale: locale, message: message))
    }
    let table: StringsTable
    switch file.contents {
    case .failure(let problem):
      report(
        .encoding, problem.location,
        "\(problem.message) at byte \(problem.byteOffset): iOS cannot read this file, so \(fallback)")
      return findings.all
    case .success(let read): table = read
    }
    let map = map ?? table.lineMap
    switch table.encoding {
    case .utf16LittleEndianWithoutBOM, .utf16BigEndianWithoutBOM:
      report(
        .encoding, SourceLocation(line: 1, column: 1),
        table.encoding == .utf16LittleEndianWithoutBOM
          ? "UTF-16LE without a byte-order mark: iOS takes the first character for one and misreads the rest; save the file as UTF-8 or with a BOM"
          : "UTF-16BE without a byte-order mark: iOS reads it as UTF-8 and cannot; save the file as UTF-8 or with a BOM"
      )
    default: break
    }
    for flaw in table.encodingFlaws {
      let message = "\(table.encoding.rawValue) file with \(flaw.message)"
      findings.add(
        Finding(
          file: displayPath, location: flaw.location, rule: .encoding,
          severity: .warning, locale: locale, message: message))
    }
    if let error = table.syntaxError {
      let consequence =
        error.effect == .fileIgnored ? ": iOS cannot read this file, so \(fallback)" : ""
      report(.parseError, table.text.isEmpty ? nil : map.location(of: error.offset), error.message + consequence)
    }
    var firstOffset: [String: Int] = [:]
    firstOffset.reserveCapacity(table.entries.count)
    for entry in table.entries {
      if let first = firstOffset[entry.key] {
        // Past the cap a duplicate is only counted: millions of them are not worded one by one.
        guard findings.hasRoom(.duplicateKey, displayPath) else {
          findings.countPastCap(
            .duplicateKey, displayPath,
            like: Finding(
              file: displayPath, location: table.text.isEmpty ? nil : map.location(of: entry.keyOffset),
              rule: .duplicateKey, locale: locale, message: ""))
          continue
        }
        let firstPlace = table.text.isEmpty ? "" : " (first at \(map.location(of: first)))"
        report(
          .duplicateKey, table.text.isEmpty ? nil : map.location(of: entry.keyOffset),
          "\"\(entry.key.forMessage(limit: 60))\" is defined again\(firstPlace); iOS uses this last one")
      } else {
        firstOffset[entry.key] = entry.keyOffset
      }
    }
    for (key, offset) in firstOffset {
      guard let typoOf = purposeKeyTypo(key) else { continue }
      report(
        .keyTypo, table.text.isEmpty ? nil : map.location(of: offset),
        "\"\(key.forMessage(limit: 60))\" looks like a typo of \(typoOf); iOS ignores it")
    }
    return findings.all
  }

  /// The purpose-string key `key` is a near miss of, if any (the keys themselves are not).
  static func purposeKeyTypo(_ key: String) -> String? {
    let keys = [InfoPlist.usageDescriptionKey, InfoPlist.markdownUsageDescriptionKey]
    guard !keys.contains(key) else { return nil }
    return keys.first { isTypo(key, of: $0) }
  }

  /// Whether `key` is a near miss of `target`: a few edits away, or the same but for case or spaces.
  static func isTypo(_ key: String, of target: String) -> Bool {
    guard key != target else { return false }
    let length = key.utf8.count
    guard abs(length - target.utf8.count) <= 3 else { return false }
    return EditDistance.between(key.lowercased(), target.lowercased()) <= 3
  }
}
