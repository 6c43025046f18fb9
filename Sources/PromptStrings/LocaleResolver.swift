import StringsFiles

/// Which localization iOS picks for a user's language, as Apple's bundle lookup does.
public struct LocaleResolution: Hashable, Sendable {
  /// The localization folder's name (`pt-BR`, `Base`), or nil when the app has none to offer.
  public var localization: String?
  /// How it was reached, for a person: `pt-PT → pt`, `fr → development region en`.
  public var path: [String]
  /// Whether the lookup fell back to the development region.
  public var usedDevelopmentRegion: Bool
}

/// Apple's lookup of a localization (CFBundle asking `ualoc_localizationsToUse` in Apple's ICU) among an app's
/// localizations: for the first preferred language that matches anything, the localization nearest along both
/// tags' chains of parents — the exact tag, then a parent (`pt-BR` → `pt`, `es-MX` → `es-419`), then a regional
/// sibling (`ko` → `ko-KR`, `de-AT` → `de-DE`, `zh-Hant-HK` ↔ `zh-Hant-TW`; `pt-PT` → `pt-BR` only when nothing
/// else matches); then the development region, then `Base.lproj`. A chain step maps to the localizations that
/// reach it, so a lookup costs the matches, not the number of localizations (an app may declare thousands).
public struct LocaleIndex: Sendable {
  /// One localization as the matcher sees it.
  private struct Entry: Sendable {
    var name: String
    /// The spelling with case and separators made regular (`pt_br` → `pt-BR`; a legacy name lower-cased).
    var exact: String
    var tag: LocaleTag
    /// The tag, then again when its region is not the language's usual one (Apple's penalty: `it` prefers
    /// `it-IT` to `it-CH`), then its parents.
    var chain: [LocaleTag]
  }

  private let entries: [Entry]
  /// For each chain step, the entries that reach it and how far down their chain.
  private let byStep: [LocaleTag: [(entry: Int, depth: Int)]]
  private let hasBase: Bool

  /// The index of `available` (lproj folder names, `Base` included or not).
  public init(_ available: [String]) {
    var entries: [Entry] = []
    var byStep: [LocaleTag: [(entry: Int, depth: Int)]] = [:]
    for name in available where name != "Base" {
      guard let tag = LocaleTag(name)?.withImpliedScript else { continue }
      var chain = tag.lookupChain
      if tag.hasUnusualRegion { chain.insert(tag, at: 1) }
      for (depth, step) in chain.enumerated() where byStep[step]?.last?.entry != entries.count {
        byStep[step, default: []].append((entries.count, depth))
      }
      entries.append(Entry(name: name, exact: LocaleTag.exactSpelling(name), tag: tag, chain: chain))
    }
    self.entries = entries
    self.byStep = byStep
    hasBase = available.contains("Base")
  }

  /// The entry that best matches `language` and its score; `pt-BR` for `pt-PT` apart, for when nothing else does.
  private func bestMatch(_ language: String) -> (best: Int?, score: Int, portuguese: Int?) {
    guard let tag = LocaleTag(language)?.withImpliedScript else { return (nil, .max, nil) }
    let exact = LocaleTag.exactSpelling(language)
    var best: Int?
    var score = Int.max
    var portuguese: Int?
    for (depth, step) in tag.lookupChain.enumerated() {
      for (index, entryDepth) in byStep[step] ?? [] {
        let entry = entries[index]
        let candidate = entry.exact == exact ? -1 : entry.tag == tag ? 0 : depth + entryDepth
        if candidate > 0 && tag == LocaleTag.portugal && entry.tag == LocaleTag.brazil {
          portuguese = portuguese ?? index
        } else if candidate < score || (candidate == score && index < best ?? .max) {
          (best, score) = (index, candidate)
        }
      }
    }
    return (best, score, portuguese)
  }

  /// The localization ualoc picks first for `preferred`, or nil when none matches.
  private func firstLocalization(_ preferred: [String]) -> (entry: Int, language: String)? {
    var portuguese: (entry: Int, language: String)?
    for language in preferred {
      let match = bestMatch(language)
      if portuguese == nil, let other = match.portuguese { portuguese = (other, language) }
      guard let best = match.best else { continue }
      // A regional match that is not exact gives way to an exact match of a later preferred language of the
      // same language (`fr-CH, fr-CA` with `fr-FR, fr-CA` gets `fr-CA`); Chinese keeps its first match.
      let found = entries[best].tag
      if match.score > 0, found.region != nil, found.language != "zh" {
        for other in preferred where LocaleTag(other)?.language == found.language {
          let otherMatch = bestMatch(other)
          if let exact = otherMatch.best, otherMatch.score <= 0 { return (exact, other) }
        }
      }
      return (best, language)
    }
    return portuguese
  }

  /// The localizations ualoc returns for `preferred`: the first match, then every localization on its
  /// chain of parents (`zh-Hant-TW` standing in for `zh-Hant-HK`).
  private func matches(_ preferred: [String]) -> [String] {
    guard let first = firstLocalization(preferred)?.entry else { return [] }
    var found = [first]
    for step in entries[first].chain {
      let reached = byStep[step]?.filter { entries[$0.entry].tag == step }.map(\.entry) ?? []
      let standIn = step == LocaleTag.hongKong ? entries.indices.filter { entries[$0].tag == LocaleTag.taiwan } : []
      for index in reached + standIn where !found.contains(index) { found.append(index) }
    }
    return found.map { entries[$0].name }
  }

  /// The development region as the app names it (`English` for `en`), if the app has it.
  private func developmentLocalization(_ developmentRegion: String) -> String? {
    firstLocalization([developmentRegion]).map { entries[$0.entry].name }
  }

  /// CFBundle's search list: the localizations that match the first of `preferred` that matches any, most
  /// specific first (`pt-BR`, then `pt`), then the development region (as the app names it, or as given).
  public func searchList(preferred: [String], developmentRegion: String) -> [String] {
    var list = matches(preferred)
    let development = developmentLocalization(developmentRegion) ?? developmentRegion
    if !list.contains(development) { list.append(development) }
    return list
  }

  /// The localization iOS picks for `preferred` languages, most preferred first.
  public func resolve(preferred: [String], developmentRegion: String) -> LocaleResolution {
    if let (index, language) = firstLocalization(preferred) {
      let match = entries[index].name
      let path = [language] + (match == language ? [] : [match])
      return LocaleResolution(localization: match, path: path, usedDevelopmentRegion: false)
    }
    let first = preferred.first ?? developmentRegion
    if let match = developmentLocalization(developmentRegion) {
      return LocaleResolution(
        localization: match, path: [first, "development region \(match)"], usedDevelopmentRegion: true)
    }
    if hasBase {
      return LocaleResolution(localization: "Base", path: [first, "Base"], usedDevelopmentRegion: true)
    }
    return LocaleResolution(localization: nil, path: [first, "no localization"], usedDevelopmentRegion: true)
  }
}
