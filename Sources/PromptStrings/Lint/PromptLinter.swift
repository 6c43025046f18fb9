import FileAccess

/// `attsim check`: every rule of SPEC §4 over an app folder or a single strings file.
public enum PromptLinter {
  /// Findings for a whole app, sorted by file and position.
  public static func check(app: AppResources) -> [Finding] {
    var findings: [Finding] = []
    let development = app.developmentRegion
    let key = InfoPlist.usageDescriptionKey
    let developmentText = app.usageDescription(locale: development)?.value

    for file in app.unreadable {
      findings.append(
        Finding(
          file: file.path, location: nil, rule: .parseError, locale: nil,
          message: "cannot be read: \(file.reason)"))
    }
    if app.infoPlist == nil && !app.unreadable.contains(where: { FilePath($0.path).lastComponent == "Info.plist" }) {
      findings.append(
        Finding(
          file: app.root, location: nil, rule: .noApp, locale: nil,
          message:
            "found no Info.plist, Xcode project or built app here: only the strings files and catalogs were checked, not an app"
        ))
    }
    if let plist = app.infoPlist {
      let file = plist.path
      if let value = plist.usageDescription {
        findings += ValueRules.check(
          PromptValue(
            value: value, file: file, location: plist.keyLocations[key], locale: development, developmentText: nil,
            developmentRegion: development))
      } else {
        findings.append(
          Finding(
            file: file, location: nil, rule: .missingUsageDescription, locale: development,
            message: "Info.plist has no \(key): the app crashes when it requests tracking"))
      }
      for other in plist.keys where FileRules.isTypo(other, of: key) {
        findings.append(
          Finding(
            file: file, location: plist.keyLocations[other], rule: .keyTypo, locale: development,
            message: "\"\(other)\" looks like a typo of \(key); iOS ignores it"))
      }
    }

    let fallback = "\(key) falls back to the Info.plist text"
    for folder in app.folders {
      for (table, file) in folder.files.sorted(by: { $0.key < $1.key }) {
        let shown = file.path
        let what = table == "InfoPlist" ? fallback : "every key in it falls back"
        findings += FileRules.check(file, displayPath: shown, locale: folder.name, fallback: what, map: nil)
      }
      guard folder.name != "Base" else { continue }
      findings += checkLocalization(folder.name, app: app, developmentText: developmentText)
    }
    for catalog in app.catalogs {
      findings += checkCatalog(catalog, app: app, developmentText: developmentText)
    }
    return sorted(findings)
  }

  /// The purpose string of one lproj localization: present and well written, or missing.
  private static func checkLocalization(_ name: String, app: AppResources, developmentText: String?) -> [Finding] {
    let key = InfoPlist.usageDescriptionKey
    guard let folder = app.folders.first(where: { $0.name == name }) else { return [] }
    let inCatalog = app.catalogs.contains { $0.tableName == "InfoPlist" && $0.translations[key]?[name] != nil }
    guard let file = folder.files["InfoPlist"], let table = file.table else {
      // A file that is there but cannot be read is reported once, as unreadable.
      let unreadable = app.unreadable.contains {
        FilePath($0.path).parent == FilePath(folder.path) && FilePath($0.path).stem == "InfoPlist"
      }
      if inCatalog || unreadable || folder.files["InfoPlist"] != nil || app.infoPlist == nil { return [] }
      return [
        Finding(
          file: folder.path, location: nil, rule: .missingKey, locale: name,
          message: "\(name) has no InfoPlist.strings: the dialog shows the Info.plist text instead")
      ]
    }
    let shown = file.path
    guard table.isReadByIOS else { return [] }
    guard let entry = table.entry(for: key) else {
      if inCatalog || app.infoPlist == nil { return [] }
      return [
        Finding(
          file: shown, location: nil, rule: .missingKey, locale: name,
          message: "\(name) has no \(key) in InfoPlist.strings: the dialog shows the Info.plist text instead")
      ]
    }
    let location = table.text.isEmpty ? nil : table.lineMap.location(of: entry.valueOffset)
    guard let value = entry.value.string else {
      return [
        Finding(
          file: shown, location: location, rule: .parseError, locale: name,
          message: "the value of \(key) is \(entry.value.kindName), not a string")
      ]
    }
    let isDevelopment = name == app.developmentRegion
    return ValueRules.check(
      PromptValue(
        value: value, file: shown, location: location, locale: name,
        developmentText: isDevelopment ? nil : developmentText, developmentRegion: app.developmentRegion))
  }

  private static func checkCatalog(_ catalog: StringCatalog, app: AppResources, developmentText: String?) -> [Finding] {
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
      for (language, translation) in translations.sorted(by: { $0.key < $1.key }) {
        if let state = translation.state, ["new", "needs_review", "stale"].contains(state) {
          findings.append(
            Finding(
              file: shown, location: translation.location, rule: .catalogState, locale: language,
              message: "the \(language) translation of \"\(tableKey)\" is marked \(state)"))
        }
      }
    }
    guard catalog.tableName == "InfoPlist" else { return findings }
    if catalog.translations[key] == nil {
      for typo in catalog.translations.keys.sorted() where FileRules.isTypo(typo, of: key) {
        findings.append(
          Finding(
            file: shown, location: catalog.keyLocations[typo], rule: .keyTypo, locale: nil,
            message: "\"\(typo)\" looks like a typo of \(key); iOS ignores it"))
      }
    }
    let translations = catalog.translations[key] ?? [:]
    for (language, translation) in translations.sorted(by: { $0.key < $1.key }) {
      let isDevelopment = language == app.developmentRegion
      findings += ValueRules.check(
        PromptValue(
          value: translation.value, file: shown, location: translation.location, locale: language,
          developmentText: isDevelopment ? nil : developmentText, developmentRegion: app.developmentRegion))
    }
    if app.infoPlist != nil {
      for language in catalog.languages where translations[language] == nil {
        findings.append(
          Finding(
            file: shown, location: catalog.keyLocations[key], rule: .missingKey, locale: language,
            message: "\(language) has no \(key) in the catalog: the dialog shows the Info.plist text instead"))
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
      if let table = file.table, table.isReadByIOS, let entry = table.entry(for: InfoPlist.usageDescriptionKey),
        let value = entry.value.string
      {
        let location = table.text.isEmpty ? nil : map?.location(of: entry.valueOffset)
        findings += ValueRules.check(
          PromptValue(
            value: value, file: path, location: location, locale: locale, developmentText: nil,
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
