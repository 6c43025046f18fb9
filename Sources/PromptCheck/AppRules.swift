import Diagnostics
import FileAccess
import PromptStrings
import StringsFiles
import TextSupport

/// The findings about the app as a whole, each once and with no locale: files it names that cannot be read
/// or are missing, what the project names outside itself, the Info.plist's keys (the tracking crash, near
/// misses, build variables, the bundle keys that decide the lookup), names iOS reads case-sensitively,
/// localized files no target ships, and beta spellings in the code.
enum AppRules {
  static func check(_ context: CheckContext) -> [Finding] {
    let app = context.app
    var findings: [Finding] = app.unreadable.map(PromptLinter.unreadable)
    findings += sandbox(app)
    if app.infoPlist == nil && !app.unreadable.contains(where: { FilePath($0.path).lastComponent == "Info.plist" }),
      app.input != .file, app.input != .localizationExport
    {
      findings.append(
        Finding(
          file: app.root, location: nil, rule: .noApp, locale: nil,
          message:
            "found no Info.plist, Xcode project or built app here: only the strings files and catalogs were checked, not an app"
        ))
    }
    if let plist = app.infoPlist {
      findings += trackingKey(plist, context)
      findings += keyTypos(plist)
      findings += buildVariables(plist, app)
      findings += BundleKeyRules.check(plist, app: app)
    }
    findings += missingFiles(app)
    findings += caseOfNames(app)
    findings += legacyFolders(app)
    findings += filesOutside(app, context)
    return findings
      + context.scan.betaCalls.map { call in
        Finding(
          file: call.file, location: call.location, rule: .betaAPI, locale: nil, key: PurposeKeys.tracking,
          message:
            "\(call.text ?? "") is how the iOS 27.2 betas spelled the expanded request; the released SDK calls it requestTrackingAuthorization(preferringExpandedInterface:additionalInformationAction:completionHandler:), so this does not build against it, and code that looks the beta name up at run time gets the classic prompt"
        )
      }
  }

  /// What the project names that attsim did not follow: includes out of the project, loops and limits,
  /// and build settings whose expansion it stopped.
  private static func sandbox(_ app: AppResources) -> [Finding] {
    app.refusedIncludes.map { include in
      Finding(
        file: include.file, location: include.location, rule: include.leavesProject ? .includeOutside : .buildSetting,
        locale: nil,
        message: include.leavesProject
          ? "\(include.reason); the settings in it are unknown here, so what attsim shows may differ from the build"
          : include.reason)
    }
      + app.expansionProblems.map { key, problem in
        let (source, location) = app.infoPlist?.source(of: key) ?? (.infoPlist(path: app.root), nil)
        return Finding(
          file: source.path, location: location, rule: .buildSetting, locale: nil, key: key,
          message: "\(key): \(problem)")
      }
  }

  /// The tracking key itself: without it, a request crashes the app. The finding stands at the call that
  /// would crash when attsim found it; a call guarded by a check for the key is not a crash.
  private static func trackingKey(_ plist: InfoPlist, _ context: CheckContext) -> [Finding] {
    let key = PurposeKeys.tracking
    let unsure = "whether the app asks for tracking: if it does, it crashes"
    let (severity, message, call): (Severity, String, Diagnostic?)
    switch context.tracking {
    case .asks(_, let found?)?:
      (severity, message, call) = (.error, "\(found.text ?? "") crashes the app here: Info.plist has no \(key)", found)
    case .asks(let evidence, nil)?:
      (severity, message, call) = (
        .error, "Info.plist has no \(key), and the app asks for tracking (\(evidence)): it crashes when it does", nil
      )
    case .guarded(let found)?:
      (severity, message, call) = (
        .info,
        "\(found.message) only after checking for \(key), which Info.plist does not have: no crash, but the app never asks",
        found
      )
    case .unknown?:
      (severity, message, call) = (.warning, "Info.plist has no \(key); attsim found no code to tell \(unsure)", nil)
    case .stopped(let why)?:
      (severity, message, call) = (.warning, "Info.plist has no \(key), and \(why) without finding \(unsure)", nil)
    case .neverAsks?, nil: return []
    }
    return [
      Finding(
        file: call?.file ?? plist.path, location: call?.location, rule: .missingUsageDescription, severity: severity,
        locale: nil, key: key, message: message)
    ]
  }

  /// Info.plist keys that are near misses of a purpose-string key: iOS ignores them.
  private static func keyTypos(_ plist: InfoPlist) -> [Finding] {
    plist.keys.compactMap { other in
      guard let typoOf = FileRules.purposeKeyTypo(other) else { return nil }
      let (source, location) = plist.source(of: other)
      return FileRules.keyTypo(other, of: typoOf, file: source.path, location: location, locale: nil)
    }
  }

  /// Build variables nothing defines, in the keys a prompt shows or looks up with.
  private static func buildVariables(_ plist: InfoPlist, _ app: AppResources) -> [Finding] {
    let missing = app.missingIncludes.isEmpty ? "" : " (\(MessageList.of(app.missingIncludes)) is missing)"
    return app.unresolved.compactMap { variable in
      guard PurposeKeys.isPurposeKey(variable.key) || BundleKeyRules.lookupKeys.contains(variable.key) else {
        return nil
      }
      let (source, location) = plist.source(of: variable.key)
      let name = variable.variable.forMessage(limit: 60)
      let used = variable.used.isEmpty ? "it is empty" : "it reads \"\(variable.used.forMessage(limit: 60))\""
      // Without a project, a variable Xcode sets itself has a value in the build that attsim cannot know.
      let setByXcode = app.input != .xcodeProject && XcodeDefinedSettings.names.contains(variable.variable)
      return Finding(
        file: source.path, location: location, rule: .buildVariable, severity: setByXcode ? .info : nil, locale: nil,
        key: PurposeKeys.isPurposeKey(variable.key) ? variable.key : nil,
        message: setByXcode
          ? "\(variable.key) uses $(\(name)), which Xcode sets when it builds the app: without the project attsim cannot tell its value and shows it empty"
          : "\(variable.key) uses $(\(name)), which no build setting defines\(missing): in the built app \(used)")
    }
  }

  /// Files the project copies into the app that are not on disk (Xcode stops the build), or that are there
  /// only in another case (a Mac builds them, a case-sensitive disk does not).
  private static func missingFiles(_ app: AppResources) -> [Finding] {
    app.missingFiles.map { missing in
      guard let onDisk = missing.onDisk.map({ FilePath($0) }) else {
        return Finding(
          file: missing.referencedIn, location: missing.location, rule: .missingFile, locale: nil,
          message:
            "the build fails: Xcode cannot find \(missing.path.forMessage()), which the target copies into the app")
      }
      let named = FilePath(missing.path)
      return Finding(
        file: missing.referencedIn, location: missing.location, rule: .pathCase,
        locale: named.parent.pathExtension == "lproj" ? named.parent.stem : nil,
        message:
          "the project names \(folderAndName(named).forMessage()), the disk holds \(folderAndName(onDisk).forMessage()): Xcode on a Mac, whose disk ignores case, builds it as \(named.lastComponent.forMessage()), but the build fails on a case-sensitive disk (Linux CI, a case-sensitive volume); rename the file or the reference so they match"
      )
    }
  }

  /// Language folders with a legacy name (`English.lproj`, `zh_CN.lproj`): iOS reads them as the tag they
  /// stand for, so this is advice only.
  private static func legacyFolders(_ app: AppResources) -> [Finding] {
    app.folders.compactMap { folder in
      LocaleTag.modernSpelling(ofLegacy: folder.name).map { modern in
        let readAs = LocaleTag(folder.name).map { $0.withImpliedScript.description } ?? modern
        return Finding(
          file: folder.path, location: nil, rule: .legacyLanguageFolder, locale: folder.name,
          message:
            "\(FilePath(folder.path).lastComponent.forMessage()) is a legacy spelling that iOS reads as \(readAs) (CFBundle and Apple's ICU map it); Xcode names the folder \(modern).lproj today"
        )
      }
    }
  }

  /// A path's folder and name: `de.lproj/InfoPlist.strings`.
  private static func folderAndName(_ path: FilePath) -> String { "\(path.parent.lastComponent)/\(path.lastComponent)" }

  /// `InfoPlist` tables whose file is named in another case: the Mac's case-insensitive disk lets Xcode build
  /// them, but the iPhone looks `InfoPlist.strings` up case-sensitively, so it never reads them.
  private static func caseOfNames(_ app: AppResources) -> [Finding] {
    let tables = app.folders.flatMap { folder in
      folder.files.filter { $0.key != "InfoPlist" && $0.key.lowercased() == "infoplist" }.map {
        (folder.name, $0.value)
      }
    }
    let catalogs = app.catalogs.filter { $0.tableName != "InfoPlist" && $0.tableName.lowercased() == "infoplist" }
    return tables.map { language, file in
      let shown = app.infoPlistString(PurposeKeys.tracking, locale: language)?.source.label ?? "no purpose strings"
      return Finding(
        file: file.path, location: nil, rule: .fileNameCase, locale: language,
        message:
          "\(FilePath(file.path).lastComponent) is never read on an iPhone: iOS looks InfoPlist.strings up with that exact case (the Mac's disk forgives it, the device's does not), so the \(language) prompts show \(shown); rename it InfoPlist.strings"
      )
    }
      + catalogs.map { catalog in
        Finding(
          file: catalog.path, location: nil, rule: .fileNameCase, locale: nil,
          message:
            "\(FilePath(catalog.path).lastComponent) compiles to \(catalog.tableName).strings, which an iPhone never reads: iOS looks InfoPlist.strings up with that exact case; rename it InfoPlist.xcstrings"
        )
      }
  }

  /// Localized InfoPlist files on disk that the app does not contain, and how attsim chose among same-named
  /// folders. Syntax problems in them are told as information: they do not ship.
  private static func filesOutside(_ app: AppResources, _ context: CheckContext) -> [Finding] {
    var findings: [Finding] = []
    for file in app.outside {
      guard let strings = app.read(outside: file) else { continue }
      let folder = FilePath(file.path).parent
      let language = folder.pathExtension == "lproj" ? folder.stem : nil
      let fileContext = FileRules.Context(
        locale: language, fallback: "every key in it falls back", isSource: context.isSource,
        keys: context.options.allStrings ? nil : TableRules.checkedKeys(app.purposeKeys))
      for var finding in FileRules.check(strings, displayPath: file.path, context: fileContext) {
        finding.severity = .info
        finding.message += " (this file is not in the app)"
        findings.append(finding)
      }
      // A translation the app has no other copy of never ships: that is worth a warning (`Base` is no language).
      guard let language, language != "Base", case .absent = app.table("InfoPlist", in: language),
        let key = PurposeKeys.ordered(strings.table?.keys.filter(PurposeKeys.isPurposeKey) ?? []).first
      else { continue }
      let shown = app.infoPlistString(key, locale: language).map { "the text of \($0.source.label)" } ?? "no text"
      findings.append(
        Finding(
          file: file.path, location: nil, rule: .notInApp, locale: language, key: key,
          message:
            "this \(language) translation is not in the app (\(file.reason)): iOS never reads it, and the \(language) \(PurposeKeys.prompt(for: key)) shows \(shown)"
        ))
    }
    return findings
      + app.notes.map {
        Finding(file: app.root, location: nil, rule: .notInApp, severity: .info, locale: nil, message: $0)
      }
  }
}
