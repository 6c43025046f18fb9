import Diagnostics
import StringsFiles
import TextSupport

/// A text as iOS would pick it for a locale.
public struct LocalizedText: Hashable, Sendable {
  /// The text.
  public var value: String
  /// Where it came from.
  public var source: TextSource
  /// Where in that file, when known.
  public var location: SourceLocation?

  /// A text from `source`.
  public init(value: String, source: TextSource, location: SourceLocation? = nil) {
    self.value = value
    self.source = source
    self.location = location
  }

  /// The text cut to what attsim ever shows (`DialogMetrics.longestMessage` characters, then "…"), so a
  /// hostile many-megabyte value costs no more to draw than a long one.
  public var forDisplay: LocalizedText {
    let (shown, isCut) = value.prefixForDisplay(DialogMetrics.longestMessage)
    var text = self
    text.value = isCut ? shown + "…" : shown
    return text
  }
}

/// What one localization holds of a table (`InfoPlist`, `Localizable`).
public enum LocalizedTable: Sendable {
  /// No file for this table in this localization: the lookup moves on to the next.
  case absent
  /// A strings file iOS reads.
  case strings(StringsFile, StringsTable)
  /// A strings file iOS cannot read: no table at all, and the lookup does not move on.
  case unusable(String)
  /// A String Catalog that compiles to this table for this language.
  case catalog(StringCatalog)
}

/// Looking texts up the way iOS does (SPEC §4).
extension AppResources {
  /// CFBundle's search list for a user whose language is `locale`: the app's localizations that match it,
  /// most specific first, then the development region.
  public func searchList(locale: String) -> [String] {
    localeIndex.searchList(preferred: [locale], developmentRegion: developmentRegion)
  }

  /// Which localization iOS picks for `locale` (the first of the search list).
  public func resolve(locale: String) -> LocaleResolution {
    localeIndex.resolve(preferred: [locale], developmentRegion: developmentRegion)
  }

  /// What `localization` holds of `table`.
  public func table(_ table: String, in localization: String) -> LocalizedTable {
    if let folder = folder(named: localization) {
      if let file = folder.files[table] {
        guard let parsed = file.table, parsed.isReadByIOS else { return .unusable(file.path) }
        return .strings(file, parsed)
      }
      let path = folder.path + "/" + table + ".strings"
      if unreadablePaths.contains(path) { return .unusable(path) }
    }
    for catalog in catalogs where catalog.tableName == table && catalog.languageSet.contains(localization) {
      return .catalog(catalog)
    }
    return .absent
  }

  /// The key in exactly this localization's table (strings file first, then catalog).
  public func localizedOnly(_ key: String, table name: String, localization: String) -> LocalizedText? {
    switch table(name, in: localization) {
    case .strings(let file, let table):
      guard let entry = table.entry(for: key), let value = entry.value.string else { return nil }
      let location = table.text.isEmpty ? nil : table.lineMap.location(of: entry.valueOffset)
      return LocalizedText(
        value: value, source: .stringsFile(path: file.path, localization: localization), location: location)
    case .catalog(let catalog):
      guard let translation = catalog.translations[key]?[localization] else { return nil }
      return LocalizedText(
        value: translation.value, source: .catalog(path: catalog.path, language: localization),
        location: translation.location)
    case .absent, .unusable: return nil
    }
  }

  /// An Info.plist key as iOS shows it in `locale`: `InfoPlist.strings` (or `InfoPlist.xcstrings`) from the
  /// first localization of the search list that has it — an lproj without the file gets the development
  /// region's — and when that table lacks the key, or cannot be read, the Info.plist's own value.
  public func infoPlistString(_ key: String, locale: String) -> LocalizedText? {
    infoPlistString(key, searchList: searchList(locale: locale))
  }

  /// An Info.plist key as iOS shows it to a user whose search list (`searchList(locale:)`) is given.
  func infoPlistString(_ key: String, searchList: [String]) -> LocalizedText? {
    for localization in searchList {
      if case .absent = table("InfoPlist", in: localization) { continue }
      if let text = localizedOnly(key, table: "InfoPlist", localization: localization) { return text }
      break
    }
    guard let plist = infoPlist, let value = plist.strings[key] else { return nil }
    let (source, location) = plist.source(of: key)
    return LocalizedText(value: value, source: source, location: location)
  }

  /// The purpose string iOS shows in the ATT dialog for `locale`.
  public func usageDescription(locale: String) -> LocalizedText? {
    infoPlistString(InfoPlist.usageDescriptionKey, locale: locale)
  }

  /// The Markdown purpose string for `locale`, looked up like the plain one; nil when the app has none.
  public func markdownUsageDescription(locale: String) -> LocalizedText? {
    infoPlistString(InfoPlist.markdownUsageDescriptionKey, locale: locale)
  }

  /// What iOS 27.2's EU sheet shows for `locale`: the Markdown purpose string, else the plain one.
  public func sheetUsageDescription(locale: String) -> LocalizedText? {
    markdownUsageDescription(locale: locale) ?? usageDescription(locale: locale)
  }

  /// The app's name in `locale`: `CFBundleDisplayName`, else `CFBundleName`, else the name attsim knows it by.
  public func appName(locale: String) -> String {
    appName(searchList: searchList(locale: locale))
  }

  /// The app's name for a user whose search list is given.
  func appName(searchList: [String]) -> String {
    for key in ["CFBundleDisplayName", "CFBundleName"] {
      if let text = infoPlistString(key, searchList: searchList), !text.value.isEmpty { return text.value }
    }
    return name
  }

  /// A key of the app's own table (`Localizable`) in `locale`: the chosen localization, else the
  /// development region's, else nil.
  public func localizedString(_ key: String, table: String = "Localizable", locale: String) -> LocalizedText? {
    localizedString(key, table: table, searchList: searchList(locale: locale))
  }

  /// A key of one of the app's tables for a user whose search list is given.
  func localizedString(_ key: String, table: String = "Localizable", searchList: [String]) -> LocalizedText? {
    for localization in searchList {
      if let text = localizedOnly(key, table: table, localization: localization) { return text }
    }
    return nil
  }
}
