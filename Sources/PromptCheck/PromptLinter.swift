import FileAccess
import PromptStrings
import StringsFiles
import TextSupport

/// `attsim check`: every rule of SPEC §4 over an app folder or a single strings file.
public enum PromptLinter {
  /// Findings for a whole app, sorted by file and position: each finding once, about the file the app
  /// really uses.
  public static func check(app: AppResources) -> [Finding] {
    var findings = FindingList()
    // Only an app without a purpose string needs to know whether it asks: that look reads its code.
    let tracking = app.hasUsageDescription ? nil : app.trackingEvidence()
    let developmentText = DevelopmentTexts(
      plain: app.usageDescription(locale: app.developmentRegion)?.value,
      markdown: app.markdownUsageDescription(locale: app.developmentRegion)?.value)
    for file in app.unreadable { findings.add(unreadable(file)) }
    findings.add(sandboxFindings(app))
    if app.infoPlist == nil && !app.unreadable.contains(where: { FilePath($0.path).lastComponent == "Info.plist" }) {
      findings.add(
        Finding(
          file: app.root, location: nil, rule: .noApp, locale: nil,
          message:
            "found no Info.plist, Xcode project or built app here: only the strings files and catalogs were checked, not an app"
        ))
    }
    if let plist = app.infoPlist { findings.add(checkInfoPlist(plist, app: app, tracking: tracking ?? .unknown)) }
    let infoPlistFallback =
      app.infoPlist?.usageDescription == nil
      ? "\(InfoPlist.usageDescriptionKey) falls back to Info.plist, which has none: the app crashes when it asks"
      : "\(InfoPlist.usageDescriptionKey) falls back to the Info.plist text"
    for folder in app.folders {
      for (table, file) in folder.files.sorted(by: { $0.key < $1.key }) {
        let what = table == "InfoPlist" ? infoPlistFallback : "every key in it falls back"
        findings.add(FileRules.check(file, displayPath: file.path, locale: folder.name, fallback: what, map: nil))
      }
    }
    var declaredOnly: [Finding] = []
    for localization in app.localizations {
      for finding in checkLocalization(localization, app: app, developmentText: developmentText) {
        if finding.message.hasPrefix("CFBundleLocalizations declares") {
          declaredOnly.append(finding)
        } else {
          findings.add(finding)
        }
      }
    }
    findings.add(declaredLanguages(declaredOnly))
    for catalog in app.catalogs {
      findings.add(checkCatalog(catalog, app: app, developmentText: developmentText))
    }
    findings.add(checkFilesOutside(app))
    findings.add(ManifestRules.check(app, tracking: tracking))
    return sorted(findings.all)
  }

  /// A file the app names that could not be read: a parse error, or (when it was refused) where it leads.
  static func unreadable(_ file: UnreadableFile) -> Finding {
    switch file.refusal {
    case .linkOutside?:
      return Finding(file: file.path, location: nil, rule: .linkOutside, locale: nil, message: file.reason)
    case .outsideProject?:
      return Finding(file: file.path, location: nil, rule: .includeOutside, locale: nil, message: file.reason)
    default:
      return Finding(
        file: file.path, location: file.location, rule: .parseError, locale: nil,
        message: "cannot be read: \(file.reason)")
    }
  }

  /// What the project names that attsim did not follow: includes out of the project, loops and limits,
  /// and build settings whose expansion it stopped.
  private static func sandboxFindings(_ app: AppResources) -> [Finding] {
    var findings: [Finding] = []
    for include in app.refusedIncludes {
      findings.append(
        Finding(
          file: include.file, location: include.location,
          rule: include.leavesProject ? .includeOutside : .buildSetting, locale: nil,
          message: include.leavesProject
            ? "\(include.reason); the settings in it are unknown here, so what attsim shows may differ from the build"
            : include.reason))
    }
    for (key, problem) in app.expansionProblems {
      let (source, location) = app.infoPlist?.source(of: key) ?? (.infoPlist(path: app.root), nil)
      findings.append(
        Finding(
          file: source.path, location: location, rule: .buildSetting, locale: nil,
          message: "\(key): \(problem)"))
    }
    return findings
  }

  /// The Info.plist keys the ATT dialog shows or looks up with.
  static let promptKeys: Set<String> = [
    InfoPlist.usageDescriptionKey, InfoPlist.markdownUsageDescriptionKey, "CFBundleDisplayName", "CFBundleName",
    "CFBundleDevelopmentRegion",
  ]

  /// The development region's purpose strings, to spot untranslated copies.
  struct DevelopmentTexts {
    var plain: String?
    var markdown: String?

    subscript(key: PurposeKey) -> String? {
      switch key {
      case .plain: plain
      case .markdown: markdown
      }
    }
  }

  /// The Info.plist: the purpose string (or its absence, judged by whether the app asks), near-miss keys,
  /// and build variables nothing defines.
  private static func checkInfoPlist(_ plist: InfoPlist, app: AppResources, tracking: TrackingEvidence) -> [Finding] {
    var findings: [Finding] = []
    let key = InfoPlist.usageDescriptionKey
    let development = app.developmentRegion
    if let value = plist.usageDescription {
      let (source, location) = plist.source(of: key)
      findings += ValueRules.check(
        PromptValue(
          value: value, file: source.path, location: location, locale: development, developmentText: nil,
          developmentRegion: development))
    } else {
      switch tracking {
      case .asks(let evidence):
        findings.append(
          Finding(
            file: plist.path, location: nil, rule: .missingUsageDescription, locale: development,
            message: "Info.plist has no \(key), and the app asks for tracking (\(evidence)): it crashes when it does"))
      case .unknown:
        findings.append(
          Finding(
            file: plist.path, location: nil, rule: .missingUsageDescription, severity: .warning, locale: development,
            message:
              "Info.plist has no \(key); attsim found no code to tell whether the app asks for tracking: if it does, it crashes"
          ))
      case .stopped(let why):
        findings.append(
          Finding(
            file: plist.path, location: nil, rule: .missingUsageDescription, severity: .warning, locale: development,
            message:
              "Info.plist has no \(key), and \(why) without finding whether the app asks for tracking: if it does, it crashes"
          ))
      case .neverAsks: break
      }
    }
    if let markdown = plist.strings[InfoPlist.markdownUsageDescriptionKey] {
      let (source, location) = plist.source(of: InfoPlist.markdownUsageDescriptionKey)
      findings += ValueRules.check(
        PromptValue(
          key: .markdown, value: markdown, file: source.path, location: location, locale: development,
          developmentText: nil, developmentRegion: development))
    }
    for other in plist.keys {
      guard let typoOf = FileRules.purposeKeyTypo(other) else { continue }
      let (source, location) = plist.source(of: other)
      findings.append(
        Finding(
          file: source.path, location: location, rule: .keyTypo, locale: development,
          message: "\"\(other)\" looks like a typo of \(typoOf); iOS ignores it"))
    }
    // Only the keys the prompt shows matter here: a version number built from a missing variable does not.
    let missing = app.missingIncludes.isEmpty ? "" : " (\(app.missingIncludes.joined(separator: ", ")) is missing)"
    for variable in app.unresolved where Self.promptKeys.contains(variable.key) {
      let (source, location) = plist.source(of: variable.key)
      let used = variable.used.isEmpty ? "it is empty" : "it reads \"\(variable.used.forMessage(limit: 60))\""
      findings.append(
        Finding(
          file: source.path, location: location, rule: .buildVariable, locale: nil,
          message:
            "\(variable.key) uses $(\(variable.variable)), which no build setting defines\(missing): in the built app \(used)"
        ))
    }
    return findings
  }

  /// The purpose string of one localization: its own, well written; or where iOS takes it from instead.
  private static func checkLocalization(_ name: String, app: AppResources, developmentText: DevelopmentTexts)
    -> [Finding]
  {
    let key = InfoPlist.usageDescriptionKey
    let folder = app.folders.first { $0.name == name }
    switch app.table("InfoPlist", in: name) {
    case .unusable, .catalog: return []
    case .absent:
      guard let plist = app.infoPlist else { return [] }
      let shown = app.usageDescription(locale: name)
      let sameLanguage = { (other: String) in LocaleTag(other)?.language == LocaleTag(name)?.language }
      let instead: String
      switch shown?.source {
      case .stringsFile(let path, let other) where !sameLanguage(other):
        instead = "iOS uses \(other)'s (\(TextSource.stringsFile(path: path, localization: other).label))"
      case .catalog(_, let other) where !sameLanguage(other):
        instead = "iOS uses \(other)'s translation from the catalog"
      case .infoPlist, .buildSetting:
        guard !sameLanguage(app.developmentRegion) else { return [] }
        instead = "the dialog shows the Info.plist text"
      default: return []
      }
      let what =
        folder == nil
        ? "CFBundleLocalizations declares \(name), but the app has no \(name).lproj"
        : "\(name).lproj has no InfoPlist.strings"
      return [
        Finding(
          file: folder?.path ?? plist.path, location: nil, rule: .missingKey, locale: name,
          message: "\(what): \(instead)")
      ]
    case .strings(let file, let table):
      guard table.entry(for: key) != nil else {
        guard let plist = app.infoPlist else { return [] }
        let instead =
          plist.usageDescription == nil
          ? "Info.plist has none either, so the app crashes when it asks"
          : "the dialog shows the Info.plist text instead"
        return [
          Finding(
            file: file.path, location: nil, rule: .missingKey, locale: name,
            message: "\(name) has no \(key) in InfoPlist.strings: \(instead)")
        ]
      }
      var findings = checkEntry(.plain, of: file, table, localization: name, app: app, developmentText: developmentText)
      if table.entry(for: InfoPlist.markdownUsageDescriptionKey) != nil {
        findings += checkEntry(
          .markdown, of: file, table, localization: name, app: app, developmentText: developmentText)
      } else if app.infoPlist?.strings[InfoPlist.markdownUsageDescriptionKey] != nil,
        LocaleTag(name)?.language != LocaleTag(app.developmentRegion)?.language
      {
        findings.append(
          Finding(
            file: file.path, location: nil, rule: .missingKey, locale: name,
            message:
              "\(name) translates \(key) but not \(InfoPlist.markdownUsageDescriptionKey): the EU sheet shows the Info.plist's Markdown text instead"
          ))
      }
      return findings
    }
  }

  /// One purpose string of a localization's InfoPlist.strings, well written.
  private static func checkEntry(
    _ key: PurposeKey, of file: StringsFile, _ table: StringsTable, localization name: String, app: AppResources,
    developmentText: DevelopmentTexts
  ) -> [Finding] {
    guard let entry = table.entry(for: key.name) else { return [] }
    let location = table.text.isEmpty ? nil : table.lineMap.location(of: entry.valueOffset)
    guard let value = entry.value.string else {
      return [
        Finding(
          file: file.path, location: location, rule: .parseError, locale: name,
          message: "the value of \(key.name) is \(entry.value.kindName), not a string")
      ]
    }
    let isDevelopment = name == app.developmentRegion
    return ValueRules.check(
      PromptValue(
        key: key, value: value, file: file.path, location: location, locale: name,
        developmentText: isDevelopment ? nil : developmentText[key], developmentRegion: app.developmentRegion))
  }

  /// Languages `CFBundleLocalizations` declares without a folder, said once for all of them when several
  /// fall back the same way.
  private static func declaredLanguages(_ findings: [Finding]) -> [Finding] {
    guard findings.count > 1, let first = findings.first else { return findings }
    let consequences = Set(findings.map { $0.message.components(separatedBy: ": ").last ?? "" })
    guard consequences.count == 1, let consequence = consequences.first else { return findings }
    let languages = findings.compactMap(\.locale)
    return [
      Finding(
        file: first.file, location: nil, rule: .missingKey, locale: nil,
        message:
          "CFBundleLocalizations declares \(languages.count) languages the app has no lproj for (\(languages.joined(separator: ", "))): \(consequence)"
      )
    ]
  }

  /// Localized InfoPlist files in the tree that the app does not contain, and how attsim chose among
  /// same-named folders. Syntax problems in them are told, but as information: they do not ship.
  private static func checkFilesOutside(_ app: AppResources) -> [Finding] {
    var findings: [Finding] = []
    let key = InfoPlist.usageDescriptionKey
    for file in app.outside {
      let path = FilePath(file.path)
      let language = path.parent.pathExtension == "lproj" ? path.parent.stem : nil
      guard path.pathExtension == "strings", case .success(let strings) = StringsFile.read(file.path, from: app.reader)
      else { continue }
      for var finding in FileRules.check(
        strings, displayPath: file.path, locale: language, fallback: "every key in it falls back", map: nil)
      {
        finding.severity = .info
        finding.message += " (this file is not in the app)"
        findings.append(finding)
      }
      // A translation the app has no other copy of never ships: that is worth a warning.
      guard let language, strings.table?.values[key] != nil, case .absent = app.table("InfoPlist", in: language)
      else { continue }
      let shown = app.usageDescription(locale: language).map { "the text of \($0.source.label)" } ?? "no purpose string"
      findings.append(
        Finding(
          file: file.path, location: nil, rule: .notInApp, locale: language,
          message:
            "this \(language) purpose string is not in the app (\(file.reason)): iOS never reads it, and the \(language) dialog shows \(shown)"
        ))
    }
    for note in app.notes {
      findings.append(
        Finding(file: app.root, location: nil, rule: .notInApp, severity: .info, locale: nil, message: note))
    }
    return findings
  }

  private static func checkCatalog(_ catalog: StringCatalog, app: AppResources, developmentText: DevelopmentTexts)
    -> [Finding]
  {
    var findings: [Finding] = []
    let shown = catalog.path
    let key = InfoPlist.usageDescriptionKey
    for (location, message) in catalog.malformed {
      findings.append(
        Finding(
          file: shown, location: location, rule: .parseError, locale: nil,
          message: message + ": Xcode cannot compile it, so iOS never sees it"))
    }
    for staleKey in catalog.staleKeys.sorted() {
      findings.append(
        Finding(
          file: shown, location: catalog.keyLocations[staleKey], rule: .catalogState, locale: nil,
          message: "\"\(staleKey)\" is marked stale: Xcode no longer finds it in the project"))
    }
    for (tableKey, translations) in catalog.translations.sorted(by: { $0.key < $1.key }) {
      // The source language's own entries are what Xcode extracted, not translations to review.
      for (language, translation) in translations.sorted(by: { $0.key < $1.key })
      where language != catalog.sourceLanguage {
        if let state = translation.state, ["new", "needs_review", "stale"].contains(state) {
          findings.append(
            Finding(
              file: shown, location: translation.location, rule: .catalogState, locale: language,
              message: "the \(language) translation of \"\(tableKey)\" is marked \(state)"))
        }
      }
    }
    guard catalog.tableName == "InfoPlist" else { return findings }
    if catalog.translations[key] == nil && catalog.translations[InfoPlist.markdownUsageDescriptionKey] == nil {
      for typo in catalog.translations.keys.sorted() {
        guard let typoOf = FileRules.purposeKeyTypo(typo) else { continue }
        findings.append(
          Finding(
            file: shown, location: catalog.keyLocations[typo], rule: .keyTypo, locale: nil,
            message: "\"\(typo)\" looks like a typo of \(typoOf); iOS ignores it"))
      }
    }
    for purpose in [PurposeKey.plain, .markdown] {
      let translations = catalog.translations[purpose.name] ?? [:]
      for (language, translation) in translations.sorted(by: { $0.key < $1.key }) {
        let isDevelopment = language == app.developmentRegion
        findings += ValueRules.check(
          PromptValue(
            key: purpose, value: translation.value, file: shown, location: translation.location, locale: language,
            developmentText: isDevelopment ? nil : developmentText[purpose], developmentRegion: app.developmentRegion))
      }
      guard app.infoPlist?.strings[purpose.name] != nil else { continue }
      let instead =
        purpose == .plain ? "the dialog shows the Info.plist text" : "the EU sheet shows the Info.plist's Markdown text"
      for language in catalog.languages where translations[language] == nil {
        findings.append(
          Finding(
            file: shown, location: catalog.keyLocations[purpose.name], rule: .missingKey, locale: language,
            message: "\(language) has no \(purpose.name) in the catalog: \(instead) instead"))
      }
    }
    return findings
  }

  /// Findings for one strings file (its locale taken from an enclosing `xx.lproj` folder).
  public static func check(stringsFile path: String) -> Result<[Finding], ReadProblem> {
    let parent = FilePath(path).parent
    let locale = parent.pathExtension == "lproj" ? parent.stem : nil
    return StringsFile.read(path).map { file in
      let map = file.table.map(\.lineMap)
      var findings = FileRules.check(
        file, displayPath: path, locale: locale, fallback: "every key in it falls back", map: map)
      for key in [PurposeKey.plain, .markdown] {
        guard let table = file.table, table.isReadByIOS, let entry = table.entry(for: key.name),
          let value = entry.value.string
        else { continue }
        let location = table.text.isEmpty ? nil : map?.location(of: entry.valueOffset)
        findings += ValueRules.check(
          PromptValue(
            key: key, value: value, file: path, location: location, locale: locale, developmentText: nil,
            developmentRegion: locale ?? "en"))
      }
      return sorted(findings)
    }
  }

  static func sorted(_ findings: [Finding]) -> [Finding] {
    findings.sorted {
      ($0.file, $0.location?.line ?? 0, $0.location?.column ?? 0, $0.rule.rawValue)
        < ($1.file, $1.location?.line ?? 0, $1.location?.column ?? 0, $1.rule.rawValue)
    }
  }
}
