import TextSupport

/// Where a text the app shows came from.
public enum TextSource: Hashable, Sendable {
  /// A `.strings` file in a localization folder.
  case stringsFile(path: String, localization: String)
  /// A String Catalog's translation.
  case catalog(path: String, language: String)
  /// The Info.plist itself (no localization had the key).
  case infoPlist(path: String)

  /// A few words for a person: `ja.lproj/InfoPlist.strings`, `Info.plist`.
  public var label: String {
    switch self {
    case .stringsFile(let path, _): path.split(separator: "/").suffix(2).joined(separator: "/")
    case .catalog(let path, let language): "\(path.split(separator: "/").last ?? "") (\(language))"
    case .infoPlist: "Info.plist"
    }
  }
}

/// A text as iOS would pick it for a locale.
public struct LocalizedText: Hashable, Sendable {
  /// The text.
  public var value: String
  /// Where it came from.
  public var source: TextSource

  /// The text cut to what attsim ever shows (`DialogMetrics.longestMessage` characters, then "…"), so a
  /// hostile many-megabyte value costs no more to draw than a long one.
  public var forDisplay: LocalizedText {
    let (shown, isCut) = value.prefixForDisplay(DialogMetrics.longestMessage)
    return LocalizedText(value: isCut ? shown + "…" : shown, source: source)
  }
}

/// Looking texts up the way iOS does.
extension AppResources {
  /// Which localization iOS picks for `locale`.
  public func resolve(locale: String) -> LocaleResolution {
    LocaleResolver.resolve(preferred: [locale], available: localizations, developmentRegion: developmentRegion)
  }

  /// An Info.plist key as iOS shows it in `locale`: the chosen localization's `InfoPlist.strings` (or
  /// `InfoPlist.xcstrings`), else — per key, not per file — the Info.plist's own value.
  public func infoPlistString(_ key: String, locale: String) -> LocalizedText? {
    if let localization = resolve(locale: locale).localization,
      let text = localizedOnly(key, table: "InfoPlist", localization: localization)
    {
      return text
    }
    guard let plist = infoPlist, let value = plist.strings[key] else { return nil }
    return LocalizedText(value: value, source: .infoPlist(path: plist.path))
  }

  /// The purpose string iOS shows in the ATT dialog for `locale`.
  public func usageDescription(locale: String) -> LocalizedText? {
    infoPlistString(InfoPlist.usageDescriptionKey, locale: locale)
  }

  /// The app's name in `locale` (`CFBundleDisplayName`, else `CFBundleName`).
  public func appName(locale: String) -> String? {
    (infoPlistString("CFBundleDisplayName", locale: locale) ?? infoPlistString("CFBundleName", locale: locale))?.value
  }

  /// A key of the app's own table (`Localizable`) in `locale`: the chosen localization, else the
  /// development region's, else nil.
  public func localizedString(_ key: String, table: String = "Localizable", locale: String) -> LocalizedText? {
    if let localization = resolve(locale: locale).localization,
      let text = localizedOnly(key, table: table, localization: localization)
    {
      return text
    }
    let development = resolve(locale: developmentRegion).localization ?? developmentRegion
    return localizedOnly(key, table: table, localization: development)
  }

  /// The key in exactly this localization's table (strings file first, then catalog).
  public func localizedOnly(_ key: String, table: String, localization: String) -> LocalizedText? {
    if let folder = folders.first(where: { $0.name == localization }), let file = folder.files[table],
      let parsed = file.table, parsed.isReadByIOS, let value = parsed.values[key]?.string
    {
      return LocalizedText(value: value, source: .stringsFile(path: file.path, localization: localization))
    }
    for catalog in catalogs where catalog.tableName == table {
      if let translation = catalog.translations[key]?[localization] {
        return LocalizedText(value: translation.value, source: .catalog(path: catalog.path, language: localization))
      }
    }
    return nil
  }
}
