import Diagnostics
import FileAccess
import PromptStrings
import StringsFiles
import TextSupport

/// Every purpose string in every localization: each text well written (the value rules), and each
/// localization's prompts in its own language: `missing-key` where one shows another language's text,
/// `not-localized` for a key none translates, `language-without-prompts` for languages only declared.
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
    var shipped: [String: [(key: String, text: LocalizedText)]] = [:]
    var declaredOnly: [String] = []
    for localization in app.localizations where !context.sameLanguage(localization, app.developmentRegion) {
      if app.folder(named: localization) == nil
        && !app.catalogs.contains(where: { $0.languageSet.contains(localization) })
      {
        declaredOnly.append(localization)
      } else if let keys = fallingBack(in: localization, context) {
        shipped[localization] = keys
      }
    }
    // A key no localization of several translates (each shows another language's text, or a copy of the
    // development region's) is told once, naming them, for its `missing-key` and `untranslated` findings.
    let nowhere = Set(
      app.purposeKeys.filter { key in
        shipped.count > 1
          && shipped.allSatisfy { localization, keys in
            keys.contains { $0.key == key }
              || app.infoPlistString(key, locale: localization).map { $0.value == context.developmentTexts[key] }
                == true
          }
      })
    findings.removeAll { $0.rule == .untranslated && nowhere.contains($0.key ?? "") }
    findings += app.purposeKeys.filter(nowhere.contains).map { notLocalized($0, in: shipped.keys.sorted(), context) }
    for (localization, keys) in shipped.sorted(by: { $0.key < $1.key }) {
      findings += missing(in: localization, keys.filter { !nowhere.contains($0.key) }, context)
    }
    return findings + declaredLanguages(declaredOnly, context)
  }

  /// The Info.plist's own text of `key`, judged as users see it: as the development region's when its users
  /// see it, in no language when only a table without the key leads there, and only for App Store Connect's
  /// sake (is it empty?) when every localization overrides it (DECISIONS D115).
  private static func infoPlistValue(_ key: String, _ context: CheckContext) -> [Finding] {
    let app = context.app
    guard let plist = app.infoPlist, let value = plist.strings[key] else { return [] }
    let (source, location) = plist.source(of: key)
    let readers = ([app.developmentRegion] + app.localizations).filter {
      app.infoPlistString(key, locale: $0)?.source == source
    }
    let findings = ValueRules.check(
      PromptValue(
        key: key, value: value, file: source.path, location: location,
        locale: readers.first == app.developmentRegion ? app.developmentRegion : nil, developmentText: nil,
        developmentRegion: app.developmentRegion, isInfoPlist: true, declaresTracking: context.declaresTracking))
    return readers.isEmpty ? findings.filter { $0.rule == .emptyValue } : findings
  }

  /// `key` in one localization's `InfoPlist.strings`.
  private static func tableValue(_ key: String, in folder: LocalizationFolder, _ context: CheckContext) -> [Finding] {
    guard let file = folder.files["InfoPlist"], let table = file.table, table.isReadByIOS,
      let entry = table.entry(for: key)
    else { return [] }
    let location = table.place(of: entry.valueOffset)
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
    // A source text standing for a missing XLIFF target is judged as the source; `xliff-state` tells the rest.
    (catalog.translations[key] ?? [:]).filter { !$0.value.isSourceText }.sorted { $0.key < $1.key }.flatMap {
      language, entry in
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
      developmentRegion: context.app.developmentRegion, declaresTracking: context.declaresTracking)
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
      // Only a lookup that ends at the Info.plist shows no text; a language the app lacks gets the
      // development region's.
      let region = app.developmentRegion
      let blank = ([region] + app.localizations.filter { $0 != region }).filter {
        app.infoPlistString(key, locale: $0) == nil
      }
      let others =
        blank.isEmpty
        ? "every other language falls back to a translation"
        : "\(MessageList.of(blank)) show\(blank.count == 1 ? "s" : "") no text\(blank.first == region ? ", nor does a language the app lacks" : "")"
      return Finding(
        file: plist.path, location: nil, rule: .missingKey, severity: .info, locale: nil, key: key,
        message:
          "\(key) is translated (\(MessageList.of(languages))) but Info.plist has none: App Store Connect looks for it in Info.plist; \(others)"
      )
    }
  }

  /// The keys whose text `localization`'s users see in another language, with that text; nil where another
  /// rule tells already: a table iOS cannot read (`parse-error`), or named in another case (`file-name-case`).
  private static func fallingBack(in localization: String, _ context: CheckContext) -> [(
    key: String, text: LocalizedText
  )]? {
    let app = context.app
    let tables = app.folder(named: localization)?.files.keys.map { $0 } ?? []
    if case .unusable = app.table("InfoPlist", in: localization) { return nil }
    if tables.contains(where: { $0 != "InfoPlist" && $0.lowercased() == "infoplist" }) { return nil }
    return app.purposeKeys.compactMap { key in
      guard let shown = app.infoPlistString(key, locale: localization),
        !context.sameLanguage(language(of: shown.source, in: app), localization)
      else { return nil }
      return (key, shown)
    }
  }

  /// Where `localization`'s prompts show another language's text (`keys`, from `fallingBack`): one finding
  /// for a localization with no `InfoPlist` table at all (every key falls back the same way), one per key for
  /// a table that lacks it.
  private static func missing(
    in localization: String, _ keys: [(key: String, text: LocalizedText)], _ context: CheckContext
  ) -> [Finding] {
    let app = context.app
    let folder = app.folder(named: localization)
    let catalog = app.catalogs.first { $0.tableName == "InfoPlist" && $0.languageSet.contains(localization) }
    guard let first = keys.first else { return [] }
    guard let file = folder?.files["InfoPlist"]?.path ?? catalog?.path else {
      // No table: every key comes from the same other place.
      let source = first.text.source
      let names = keys.map(\.key)
      let what =
        folder == nil ? "\(localization) (\(app.origin(ofLocalization: localization)))" : "\(localization).lproj"
      let from = if case .catalog = source { FilePath(source.path).lastComponent } else { source.label }
      return [
        Finding(
          file: folder?.path ?? app.infoPlist?.path ?? app.root, location: nil, rule: .missingKey,
          locale: localization, key: names.count == 1 ? names[0] : nil,
          message:
            "\(what) has no InfoPlist.strings, so its \(MessageList.of(names)) text\(names.count == 1 ? " is" : "s are") \(language(of: source, in: app))'s (\(from))"
        )
      ]
    }
    return keys.map { key, text in
      let lacks =
        folder?.files["InfoPlist"] != nil
        ? "\(localization).lproj/InfoPlist.strings has no \(key)"
        : "the String Catalog \(FilePath(file).lastComponent) has no \(localization) translation of \(key)"
      return Finding(
        file: file, location: nil, rule: .missingKey, locale: localization, key: key,
        message:
          "\(lacks): the \(localization) \(PurposeKeys.prompt(for: key)) shows the \(language(of: text.source, in: app)) text of \(text.source.label)"
      )
    }
  }

  /// A key no localization translates, told once at the development region's text, naming `languages`.
  private static func notLocalized(_ key: String, in languages: [String], _ context: CheckContext) -> Finding {
    let app = context.app
    let text = app.infoPlistString(key, locale: app.developmentRegion)
    return Finding(
      file: text?.source.path ?? app.infoPlist?.path ?? app.root, location: text?.location, rule: .notLocalized,
      locale: nil, key: key,
      message:
        "no localization translates \(key): the \(PurposeKeys.prompt(for: key)) is in \(app.developmentRegion) for \(MessageList.of(languages))",
      text: text?.value)
  }

  /// The language a text shown from `source` is in: the localization it came from, or the development
  /// region's for the Info.plist's own.
  private static func language(of source: TextSource, in app: AppResources) -> String {
    switch source {
    case .stringsFile(_, let other), .catalog(_, let other): other
    case .infoPlist, .buildSetting: app.developmentRegion
    }
  }

  /// Languages the app declares but has nothing in, whose users get another language's purpose strings:
  /// `CFBundleLocalizations`' (`declared`: iOS takes the app for localized in them) as a warning, the
  /// project's `knownRegions`' (the app ships nothing in them) as a note; each list said once (D116).
  private static func declaredLanguages(_ declared: [String], _ context: CheckContext) -> [Finding] {
    let app = context.app
    let listed = (app.knownRegions?.languages ?? []).filter {
      !app.localizations.contains($0) && !context.sameLanguage($0, app.developmentRegion)
    }
    let lists = [
      (declared, "CFBundleLocalizations declares", app.infoPlist?.path, Severity.warning),
      (listed, "the project's knownRegions lists", app.knownRegions?.file, .info),
    ]
    return lists.compactMap { languages, declaration, file, severity in
      let without = languages.filter { fallingBack(in: $0, context)?.isEmpty == false }
      guard !without.isEmpty else { return nil }
      return Finding(
        file: file ?? app.root, location: nil, rule: .languageWithoutPrompts, severity: severity,
        locale: without.count == 1 ? without[0] : nil,
        message:
          "\(declaration) \(MessageList.of(without)), but the app has no translation in \(without.count == 1 ? "it" : "them"): \(without.count == 1 ? "its" : "their") users see the \(app.developmentRegion) purpose strings"
      )
    }
  }
}
