import Diagnostics
import FileAccess
import PromptStrings
import StringsFiles
import TextSupport

/// Every purpose string in every localization: each text well written (the value rules), and each
/// localization's prompts in its own language (`missing-key` where iOS shows another language's text).
enum PurposeRules {
  static func check(_ context: CheckContext) -> [Finding] {
    let app = context.app
    var findings: [Finding] = []
    for key in app.purposeKeys {
      findings += infoPlistValue(key, context)
      for folder in app.folders { findings += tableValue(key, in: folder, context) }
      for catalog in app.catalogs where catalog.tableName == "InfoPlist" {
        findings += catalogValues(key, in: catalog, context)
      }
    }
    findings += onlyTranslated(context)
    var declaredOnly: [Finding] = []
    for localization in app.localizations where !context.sameLanguage(localization, app.developmentRegion) {
      for finding in missing(in: localization, context) {
        if app.folder(named: localization) == nil
          && !app.catalogs.contains(where: { $0.languageSet.contains(localization) })
        {
          declaredOnly.append(finding)
        } else {
          findings.append(finding)
        }
      }
    }
    return findings + declaredLanguages(declaredOnly, context)
  }

  /// The Info.plist's own text of `key` (what the development region shows, and App Store Connect reads).
  private static func infoPlistValue(_ key: String, _ context: CheckContext) -> [Finding] {
    guard let plist = context.app.infoPlist, let value = plist.strings[key] else { return [] }
    let (source, location) = plist.source(of: key)
    return ValueRules.check(
      PromptValue(
        key: key, value: value, file: source.path, location: location, locale: context.app.developmentRegion,
        developmentText: nil, developmentRegion: context.app.developmentRegion, isInfoPlist: true))
  }

  /// `key` in one localization's `InfoPlist.strings`.
  private static func tableValue(_ key: String, in folder: LocalizationFolder, _ context: CheckContext) -> [Finding] {
    guard let file = folder.files["InfoPlist"], let table = file.table, table.isReadByIOS,
      let entry = table.entry(for: key)
    else { return [] }
    let location = table.text.isEmpty ? nil : table.lineMap.location(of: entry.valueOffset)
    guard let value = entry.value.string else {
      return [
        Finding(
          file: file.path, location: location, rule: .parseError, severity: .warning, locale: folder.name, key: key,
          message: "the value of \(key) is \(entry.value.kindName), not a string: iOS shows the Info.plist text instead"
        )
      ]
    }
    return ValueRules.check(translation(key, value, file.path, location, folder.name, context))
  }

  /// `key` in each language of an `InfoPlist.xcstrings` catalog.
  private static func catalogValues(_ key: String, in catalog: StringCatalog, _ context: CheckContext) -> [Finding] {
    (catalog.translations[key] ?? [:]).sorted { $0.key < $1.key }.flatMap { language, entry in
      ValueRules.check(translation(key, entry.value, catalog.path, entry.location, language, context))
    }
  }

  /// A translation to judge, with the development region's text to compare it with.
  private static func translation(
    _ key: String, _ text: String, _ file: String, _ location: SourceLocation?, _ locale: String,
    _ context: CheckContext
  ) -> PromptValue {
    let isDevelopment = locale == context.app.developmentRegion
    return PromptValue(
      key: key, value: text, file: file, location: location, locale: locale,
      developmentText: isDevelopment ? nil : context.developmentTexts[key],
      developmentRegion: context.app.developmentRegion)
  }

  /// Keys that some translation has but the Info.plist does not: App Store Connect reads the Info.plist, and a
  /// language without the translation shows no text. Whether iOS lets such a key stand is not documented,
  /// so attsim says it and no more (DECISIONS D57).
  private static func onlyTranslated(_ context: CheckContext) -> [Finding] {
    let app = context.app
    guard let plist = app.infoPlist else { return [] }
    return app.purposeKeys.compactMap { key in
      // The tracking key without its Info.plist text is the crash `missing-usage-description` tells.
      guard plist.strings[key] == nil, !PurposeKeys.isTracking(key) else { return nil }
      let languages = app.localizations.filter { app.localizedOnly(key, table: "InfoPlist", localization: $0) != nil }
      guard !languages.isEmpty else { return nil }
      return Finding(
        file: plist.path, location: nil, rule: .missingKey, severity: .info, locale: nil, key: key,
        message:
          "\(key) is translated (\(MessageList.of(languages))) but Info.plist has none: App Store Connect looks for it in Info.plist, and every other language shows no text"
      )
    }
  }

  /// Where `localization`'s prompts show another language's text: one finding for a localization with no
  /// `InfoPlist` table at all (every key falls back the same way), one per key for a table that lacks it.
  private static func missing(in localization: String, _ context: CheckContext) -> [Finding] {
    let app = context.app
    let why = app.origin(ofLocalization: localization)
    let searchList = app.searchList(locale: localization)
    var keysFallingBack: [(key: String, text: LocalizedText)] = []
    for key in app.purposeKeys {
      guard let shown = app.infoPlistString(key, locale: localization),
        !context.sameLanguage(language(of: shown.source, in: app), localization)
      else { continue }
      // The tracking key's text in the development region's catalog language is still the catalog's.
      keysFallingBack.append((key, shown))
    }
    let folder = app.folder(named: localization)
    // A table named in another case (`infoPlist.strings`): `file-name-case` says what its prompts show.
    let misnamed = folder?.files.keys.contains { $0 != "InfoPlist" && $0.lowercased() == "infoplist" } ?? false
    guard !keysFallingBack.isEmpty, !misnamed else { return [] }
    let own = searchList.first.map { app.table("InfoPlist", in: $0) } ?? .absent
    // A table iOS cannot read: its parse error already says every key falls back.
    if case .unusable = own { return [] }
    let hasTable = if case .absent = own { false } else { true }
    if !hasTable, let first = keysFallingBack.first {
      // No table: every key comes from the same other place.
      let instead: String
      switch first.text.source {
      case .stringsFile(let path, let other):
        instead = "\(other)'s (\(TextSource.stringsFile(path: path, localization: other).label))"
      case .catalog(_, let other): instead = "\(other)'s translations from the catalog"
      case .infoPlist, .buildSetting: instead = "the Info.plist's, in \(app.developmentRegion)"
      }
      let keys = keysFallingBack.map(\.key)
      let what = folder == nil ? "\(localization) (\(why))" : "\(localization).lproj"
      return [
        Finding(
          file: folder?.path ?? app.infoPlist?.path ?? app.root, location: nil, rule: .missingKey,
          locale: localization, key: keys.count == 1 ? keys[0] : nil,
          message:
            "\(what) has no InfoPlist.strings, so its \(MessageList.of(keys)) text\(keys.count == 1 ? " is" : "s are") \(instead)"
        )
      ]
    }
    return keysFallingBack.map { key, text in
      let lacks: String
      let file: String
      if let strings = folder?.files["InfoPlist"] {
        lacks = "\(localization).lproj/InfoPlist.strings has no \(key)"
        file = strings.path
      } else if let catalog = app.catalogs.first(where: {
        $0.tableName == "InfoPlist" && $0.languageSet.contains(localization)
      }) {
        lacks =
          "the String Catalog \(FilePath(catalog.path).lastComponent) has no \(localization) translation of \(key)"
        file = catalog.path
      } else {
        lacks = "\(localization) (\(why)) has no \(key)"
        file = folder?.path ?? app.infoPlist?.path ?? app.root
      }
      return Finding(
        file: file, location: nil, rule: .missingKey, locale: localization, key: key,
        message:
          "\(lacks): the \(localization) \(PurposeKeys.prompt(for: key)) shows the \(language(of: text.source, in: app)) text of \(text.source.label)"
      )
    }
  }

  /// The language a text shown from `source` is in: the localization it came from, or the development
  /// region's for the Info.plist's own.
  private static func language(of source: TextSource, in app: AppResources) -> String {
    switch source {
    case .stringsFile(_, let other), .catalog(_, let other): other
    case .infoPlist, .buildSetting: app.developmentRegion
    }
  }

  /// Languages `CFBundleLocalizations` declares without a folder or catalog, said once for all of them when
  /// several fall back the same way.
  private static func declaredLanguages(_ findings: [Finding], _ context: CheckContext) -> [Finding] {
    guard findings.count > 1, let first = findings.first else { return findings }
    let languages = findings.compactMap(\.locale)
    let keys = Set(findings.compactMap(\.key))
    return [
      Finding(
        file: context.app.infoPlist?.path ?? first.file, location: nil, rule: .missingKey, locale: nil,
        key: keys.count == 1 ? keys.first : nil,
        message:
          "CFBundleLocalizations declares \(languages.count) languages the app has no translations for (\(MessageList.of(languages))): their prompts show the \(context.app.developmentRegion) texts"
      )
    ]
  }
}
