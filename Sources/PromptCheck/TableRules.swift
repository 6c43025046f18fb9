import FileAccess
import PromptStrings
import StringsFiles
import TextSupport

/// The strings tables and catalogs as files: syntax, encoding and duplicate keys of every `InfoPlist` table
/// (for the keys a prompt shows), the state of each purpose string in a catalog; every table and key with
/// `--all-strings`.
enum TableRules {
  /// The keys whose duplicates, states and typos matter by default: the purpose strings and the bundle keys
  /// that decide their lookup.
  static func checkedKeys(_ purposeKeys: [String]) -> Set<String> {
    Set(purposeKeys).union(BundleKeyRules.lookupKeys).union(PurposeKeys.known.keys)
  }

  static func check(_ context: CheckContext) -> [Finding] {
    let app = context.app
    let all = context.options.allStrings
    let keys = all ? nil : checkedKeys(app.purposeKeys)
    var findings: [Finding] = []
    for folder in app.folders {
      for (table, file) in folder.files.sorted(by: { $0.key < $1.key }) where all || table == "InfoPlist" {
        findings += FileRules.check(file, displayPath: file.path, context: fileContext(table, folder, keys, context))
      }
    }
    for catalog in app.catalogs where all || catalog.tableName == "InfoPlist" {
      findings += self.catalog(catalog, keys: keys, context)
    }
    return findings
  }

  /// What a file's findings depend on: what iOS shows when it cannot read the file, and whether that crashes.
  private static func fileContext(
    _ table: String, _ folder: LocalizationFolder, _ keys: Set<String>?, _ context: CheckContext
  ) -> FileRules.Context {
    let app = context.app
    let crashes =
      table == "InfoPlist" && app.infoPlist?.usageDescription == nil && app.purposeKeys.contains(PurposeKeys.tracking)
    let fallback =
      table != "InfoPlist"
      ? "every key in it falls back"
      : crashes
        ? "\(PurposeKeys.tracking) falls back to Info.plist, which has none: the app crashes when it asks"
        : "every purpose string in it falls back to the Info.plist text"
    return FileRules.Context(
      locale: folder.name, fallback: fallback, fallbackCrashes: crashes, isSource: context.isSource, keys: keys)
  }

  /// A catalog's entries Xcode cannot compile, its purpose strings' review states, and near misses of a
  /// purpose key in an `InfoPlist` catalog.
  private static func catalog(_ catalog: StringCatalog, keys: Set<String>?, _ context: CheckContext) -> [Finding] {
    let shown = catalog.path
    func matters(_ key: String) -> Bool { keys?.contains(key) ?? true }
    var findings = catalog.malformed.map { location, message in
      Finding(
        file: shown, location: location, rule: .parseError, severity: context.isSource ? .error : .warning,
        locale: nil, message: message + ": Xcode cannot compile the catalog, so the build fails")
    }
    for staleKey in catalog.staleKeys.sorted() where matters(staleKey) {
      findings.append(
        Finding(
          file: shown, location: catalog.keyLocations[staleKey], rule: .catalogState, locale: nil,
          key: PurposeKeys.isPurposeKey(staleKey) ? staleKey : nil,
          message: "\"\(staleKey.forMessage(limit: 60))\" is marked stale: Xcode no longer finds it in the project"))
    }
    for (tableKey, translations) in catalog.translations.sorted(by: { $0.key < $1.key }) where matters(tableKey) {
      // The source language's own entries are what Xcode extracted, not translations to review.
      for (language, translation) in translations.sorted(by: { $0.key < $1.key })
      where language != catalog.sourceLanguage {
        guard let state = translation.state, ["new", "needs_review", "stale"].contains(state) else { continue }
        findings.append(
          Finding(
            file: shown, location: translation.location, rule: .catalogState, locale: language,
            key: PurposeKeys.isPurposeKey(tableKey) ? tableKey : nil,
            message: "the \(language) translation of \"\(tableKey.forMessage(limit: 60))\" is marked \(state)"))
      }
    }
    guard catalog.tableName == "InfoPlist" else { return findings }
    for key in catalog.translations.keys.sorted() {
      guard let typoOf = FileRules.purposeKeyTypo(key), catalog.translations[typoOf] == nil else { continue }
      findings.append(
        FileRules.keyTypo(key, of: typoOf, file: shown, location: catalog.keyLocations[key], locale: nil))
    }
    return findings
  }
}
