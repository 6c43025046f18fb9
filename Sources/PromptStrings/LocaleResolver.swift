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
    LocaleIndex(available).searchList(preferred: preferred, developmentRegion: developmentRegion)
  }

  /// The localization among `available` (lproj folder names) for `preferred` languages, most preferred first.
  public static func resolve(preferred: [String], available: [String], developmentRegion: String) -> LocaleResolution {
    LocaleIndex(available).resolve(preferred: preferred, developmentRegion: developmentRegion)
  }
}

/// An app's localizations indexed by the tag each stands for, so each lookup costs the length of the
/// language's lookup chain, not the number of localizations (an app may declare thousands).
public struct LocaleIndex: Sendable {
  /// The localizations that stand for each tag (its implied script made explicit), in the order given.
  private let byTag: [LocaleTag: [String]]
  private let hasBase: Bool

  /// The index of `available` (lproj folder names, `Base` included or not).
  public init(_ available: [String]) {
    var byTag: [LocaleTag: [String]] = [:]
    for name in available where name != "Base" {
      guard let tag = LocaleTag(name) else { continue }
      byTag[tag.withImpliedScript, default: []].append(name)
    }
    self.byTag = byTag
    hasBase = available.contains("Base")
  }

  private func matches(_ tag: LocaleTag) -> [String] {
    var found: [String] = []
    for step in tag.lookupChain {
      for name in byTag[step.withImpliedScript] ?? [] where !found.contains(name) { found.append(name) }
    }
    return found
  }

  private func firstMatch(_ tag: LocaleTag) -> String? {
    for step in tag.lookupChain {
      if let name = byTag[step.withImpliedScript]?.first { return name }
    }
    return nil
  }

  /// CFBundle's search list (see `LocaleResolver.searchList`).
  public func searchList(preferred: [String], developmentRegion: String) -> [String] {
    var list: [String] = []
    for language in preferred {
      guard let tag = LocaleTag(language) else { continue }
      list = matches(tag)
      if !list.isEmpty { break }
    }
    let development = LocaleTag(developmentRegion).flatMap(firstMatch) ?? developmentRegion
    if !list.contains(development) { list.append(development) }
    return list
  }

  /// The localization iOS picks (see `LocaleResolver.resolve`).
  public func resolve(preferred: [String], developmentRegion: String) -> LocaleResolution {
    for language in preferred {
      guard let tag = LocaleTag(language), let match = firstMatch(tag) else { continue }
      let path = [language] + (match == language ? [] : [match])
      return LocaleResolution(localization: match, path: path, usedDevelopmentRegion: false)
    }
    let first = preferred.first ?? developmentRegion
    if let region = LocaleTag(developmentRegion), let match = firstMatch(region) {
      return LocaleResolution(
        localization: match, path: [first, "development region \(match)"], usedDevelopmentRegion: true)
    }
    if hasBase {
      return LocaleResolution(localization: "Base", path: [first, "Base"], usedDevelopmentRegion: true)
    }
    return LocaleResolution(localization: nil, path: [first, "no localization"], usedDevelopmentRegion: true)
  }
}
