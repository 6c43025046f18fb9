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

/// Apple's lookup of a localization: the exact tag, then its parents (`pt-BR` → `pt`, `zh-Hant-HK` →
/// `zh-Hant`, `zh-HK` → `zh-Hant`, `es-MX` → `es-419` → `es`), then the development region, then
/// `Base.lproj`. A pure function: no file system, no Foundation locale data.
public enum LocaleResolver {
  /// CFBundle's search list: the localizations among `available` that match the first of `preferred` that
  /// matches any, most specific first (`pt-BR`, then `pt`), then the development region (as the app names
  /// it, or as given when the app has no folder for it).
  public static func searchList(preferred: [String], available: [String], developmentRegion: String) -> [String] {
    let candidates = available.filter { $0 != "Base" }.compactMap { name in LocaleTag(name).map { (name, $0) } }
    func matches(_ tag: LocaleTag) -> [String] {
      var found: [String] = []
      for step in tag.lookupChain {
        for (name, candidate) in candidates where candidate.withImpliedScript == step.withImpliedScript {
          if !found.contains(name) { found.append(name) }
        }
      }
      return found
    }
    var list: [String] = []
    for language in preferred {
      guard let tag = LocaleTag(language) else { continue }
      list = matches(tag)
      if !list.isEmpty { break }
    }
    let development = LocaleTag(developmentRegion).map(matches)?.first ?? developmentRegion
    if !list.contains(development) { list.append(development) }
    return list
  }

  /// The localization among `available` (lproj folder names) for `preferred` languages, most preferred first.
  public static func resolve(preferred: [String], available: [String], developmentRegion: String) -> LocaleResolution {
    let candidates = available.filter { $0 != "Base" }.compactMap { name in LocaleTag(name).map { (name, $0) } }
    for language in preferred {
      guard let tag = LocaleTag(language) else { continue }
      for step in tag.lookupChain {
        if let match = candidates.first(where: { $0.1.withImpliedScript == step.withImpliedScript }) {
          let path = [language] + (match.0 == language ? [] : [match.0])
          return LocaleResolution(localization: match.0, path: path, usedDevelopmentRegion: false)
        }
      }
    }
    let first = preferred.first ?? developmentRegion
    if let region = LocaleTag(developmentRegion) {
      for step in region.lookupChain {
        if let match = candidates.first(where: { $0.1.withImpliedScript == step.withImpliedScript }) {
          return LocaleResolution(
            localization: match.0, path: [first, "development region \(match.0)"], usedDevelopmentRegion: true)
        }
      }
    }
    if available.contains("Base") {
      return LocaleResolution(localization: "Base", path: [first, "Base"], usedDevelopmentRegion: true)
    }
    return LocaleResolution(localization: nil, path: [first, "no localization"], usedDevelopmentRegion: true)
  }
}
