import FileAccess
import PromptStrings
import StringsFiles
import TextSupport

/// What `attsim check` looks at.
public struct CheckOptions: Sendable {
  /// Lint every strings table and catalog, not only the purpose strings (`--all-strings`).
  public var allStrings = false

  /// The default: the privacy purpose strings, the bundle keys that decide their lookup, the manifests.
  public init(allStrings: Bool = false) { self.allStrings = allStrings }
}

/// `attsim check` (SPEC §4): the rules over an app's privacy purpose strings — every `NS…UsageDescription`
/// in every localization — the bundle keys that decide their lookup, the code that asks, and the privacy
/// manifests; every strings table too with `--all-strings`.
public enum PromptLinter {
  /// Findings for a whole app, sorted by file and position: each once, about the file the app really uses,
  /// app-wide ones with no locale.
  public static func check(app: AppResources, options: CheckOptions = CheckOptions()) -> [Finding] {
    let context = CheckContext(app: app, options: options)
    var findings = FindingList()
    findings.add(AppRules.check(context))
    findings.add(PurposeRules.check(context))
    findings.add(TableRules.check(context))
    findings.add(TranslationExportRules.check(context))
    findings.add(ManifestRules.check(app, tracking: context.tracking))
    return sorted(findings.all.map { notShown($0, in: app) })
  }

  /// A finding about a key no iOS the app supports shows (its deployment target is past the key's last
  /// iOS) is a note, and says why.
  static func notShown(_ finding: Finding, in app: AppResources) -> Finding {
    guard let key = finding.key, let target = app.deploymentTarget, let major = Int(target.prefix { $0 != "." }),
      let from = PurposeKeys.unshownFrom(key, keys: Set(app.infoPlist?.keys ?? [])), major >= from
    else { return finding }
    var note = finding
    note.severity = .info
    note.message += " (no iOS from \(from) on shows this prompt; the app needs iOS \(target))"
    return note
  }

  /// Findings for one strings file given on its own (its locale taken from an enclosing `xx.lproj` folder).
  public static func check(stringsFile file: StringsFile, options: CheckOptions = CheckOptions()) -> [Finding] {
    let parent = FilePath(file.path).parent
    let locale = parent.pathExtension == "lproj" ? parent.stem : nil
    var findings = FindingList()
    // A file named on its own is linted whole: the user asked about it.
    findings.add(
      FileRules.check(
        file, displayPath: file.path, context: FileRules.Context(locale: locale, fallback: "every key in it falls back")
      ))
    if let table = file.table, table.isReadByIOS {
      for key in PurposeKeys.ordered(table.keys.filter(PurposeKeys.isPurposeKey)) {
        guard let entry = table.entry(for: key), let value = entry.value.string else { continue }
        let location = table.place(of: entry.valueOffset)
        findings.add(
          ValueRules.check(
            PromptValue(
              key: key, value: value, file: file.path, location: location, locale: locale, developmentText: nil,
              developmentRegion: locale ?? "en")))
      }
    }
    return sorted(findings.all)
  }

  /// A file the app names that could not be read: a parse error, or (when it was refused) where it leads.
  static func unreadable(_ file: ReadProblem) -> Finding {
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

  static func sorted(_ findings: [Finding]) -> [Finding] {
    findings.sorted {
      ($0.file, $0.location?.line ?? 0, $0.location?.column ?? 0, $0.rule.rawValue, $0.key ?? "")
        < ($1.file, $1.location?.line ?? 0, $1.location?.column ?? 0, $1.rule.rawValue, $1.key ?? "")
    }
  }
}

/// What every rule of one check needs to know about the app, worked out once.
struct CheckContext {
  let app: AppResources
  let options: CheckOptions
  /// What the app's code says (it asks for tracking; beta spellings).
  let scan: CodeScan
  /// The development region's text of each purpose key, to spot untranslated copies.
  let developmentTexts: [String: String]
  /// Whether the app's files are sources Xcode compiles (not a built app's).
  let isSource: Bool
  /// Whether the app's own privacy manifest declares `NSPrivacyTracking` true.
  let declaresTracking: Bool

  init(app: AppResources, options: CheckOptions) {
    self.app = app
    self.options = options
    // Only an app without the tracking purpose string is asked whether it asks (`tracking`).
    scan = app.scanCode(askingWhetherItTracks: !app.hasUsageDescription)
    developmentTexts = app.purposeKeys.reduce(into: [:]) {
      $0[$1] = app.infoPlistString($1, locale: app.developmentRegion)?.value
    }
    isSource = app.input != .builtApp
    declaresTracking = app.privacyManifests.contains { $0.owner == nil && $0.tracking == true }
  }

  /// Whether the app asks for tracking, for an app without a purpose string (nil when it has one).
  var tracking: TrackingEvidence? { app.hasUsageDescription ? nil : scan.tracking }

  /// Whether two localizations are the same language (`pt-BR` and `pt`).
  func sameLanguage(_ one: String, _ other: String) -> Bool {
    LocaleTag(one)?.language == LocaleTag(other)?.language
  }
}
