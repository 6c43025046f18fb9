import Diagnostics
import PromptStrings
import StringsFiles

/// The rules of `attsim check` (SPEC §4), each with its usual severity and a one-line summary.
///
/// Severity follows harm: `error` where the build fails, App Store Connect rejects, or the app crashes;
/// `warning` where a user of some language sees the wrong or broken text; `info` for advice. Some rules
/// judge each case (a parse error fails the build of a project, but in a built app it means a fallback).
public enum RuleID: String, CaseIterable, Hashable, Sendable {
  case parseError = "parse-error"
  case encoding
  case missingUsageDescription = "missing-usage-description"
  case missingKey = "missing-key"
  case notLocalized = "not-localized"
  case languageWithoutPrompts = "language-without-prompts"
  case missingFile = "missing-file"
  case emptyValue = "empty-value"
  case whitespace
  case duplicateKey = "duplicate-key"
  case keyTypo = "key-typo"
  case untranslated
  case wrongScript = "wrong-script"
  case formatSpecifier = "format-specifier"
  case controlCharacter = "control-character"
  case combiningMarks = "combining-marks"
  case catalogState = "catalog-state"
  case xliffState = "xliff-state"
  case tooLong = "too-long"
  case noApp = "no-app"
  case notInApp = "not-in-app"
  case buildVariable = "build-variable"
  case bundleKey = "bundle-key"
  case fileNameCase = "file-name-case"
  case pathCase = "path-case"
  case legacyLanguageFolder = "legacy-language-folder"
  case markdownUnderline = "markdown-underline"
  case markdownInPlain = "markdown-in-plain"
  case privacyManifest = "privacy-manifest"
  case trackingDomain = "tracking-domain"
  case trackingFlag = "tracking-flag"
  case trackingUndeclared = "tracking-undeclared"
  case trackingWithoutPrompt = "tracking-without-prompt"
  case betaAPI = "beta-api"
  case includeOutside = "include-outside"
  case linkOutside = "link-outside"
  case buildSetting = "build-setting"
  case placeholder
  case noReason = "no-reason"
  case vagueReason = "vague-reason"
  case trackingIncentive = "tracking-incentive"
  case sdkBoilerplate = "sdk-boilerplate"
  case deniesTracking = "denies-tracking"

  /// The severity a finding of this rule has unless the case says otherwise.
  public var severity: Severity {
    switch self {
    case .parseError, .encoding, .missingUsageDescription, .missingFile, .emptyValue, .privacyManifest,
      .trackingDomain:
      .error
    case .whitespace, .duplicateKey, .catalogState, .tooLong, .legacyLanguageFolder, .noReason, .vagueReason,
      .sdkBoilerplate:
      .info
    default: .warning
    }
  }

  /// What the rule looks for, in one line (for SARIF and help).
  public var summary: String {
    switch self {
    case .parseError: "A strings file or catalog has a syntax error: the build fails, or iOS falls back."
    case .encoding: "The file's bytes are not text iOS reads correctly."
    case .missingUsageDescription: "Info.plist lacks NSUserTrackingUsageDescription: the app crashes when it asks."
    case .missingKey: "A locale shows a purpose string in another language: its translation is missing."
    case .notLocalized: "A purpose string no localization translates: every language shows the development region's."
    case .languageWithoutPrompts: "A language the app declares has no translations: its prompts are another language's."
    case .missingFile: "The project copies a file that is not on disk: the build fails."
    case .emptyValue: "A purpose string is empty."
    case .whitespace: "A purpose string has stray whitespace."
    case .duplicateKey: "A key is defined twice; the last one wins."
    case .keyTypo: "A key is a near miss of a purpose-string key, and iOS ignores it."
    case .untranslated: "A locale's purpose string is the development region's text."
    case .wrongScript: "A locale's purpose string is not written in that language's script."
    case .formatSpecifier: "Format specifiers like %@ are shown literally."
    case .controlCharacter: "A purpose string holds a control character."
    case .combiningMarks:
      "A character carries more than 30 combining marks in a row (Unicode's stream-safe limit) or 32 code points."
    case .catalogState: "A String Catalog translation of a purpose string is new, needs review or stale."
    case .xliffState: "An exported translation (XLIFF) of a purpose string is missing, new, or marked for review."
    case .tooLong: "A purpose string takes more lines than the alert shows before it scrolls on a 4.7-inch iPhone SE."
    case .noApp: "The folder holds strings files but no app: no Info.plist, Xcode project or built app."
    case .notInApp: "A localized InfoPlist file on disk is in no target, so iOS never reads it."
    case .buildVariable: "An Info.plist value uses a build variable nothing defines; Xcode leaves it empty."
    case .bundleKey: "A bundle key that decides the lookup is malformed (development region, localizations)."
    case .fileNameCase:
      "A file's name differs in case from what iOS looks up: the Mac forgives it, the iPhone does not."
    case .pathCase: "The project names a file in another case than the disk: only a case-insensitive disk builds it."
    case .legacyLanguageFolder: "A language folder has a legacy name (English.lproj, zh_CN.lproj) iOS still reads."
    case .markdownUnderline: "The Markdown purpose string asks for underline, which the EU sheet does not draw."
    case .markdownInPlain: "Markdown in a plain purpose string is shown as written."
    case .privacyManifest: "A privacy manifest is not a property list, or a key has the wrong type (ITMS-91056)."
    case .trackingDomain: "A tracking domain is not a bare host name: a scheme, port, path, query or slash (TN3181)."
    case .trackingFlag: "Tracking domains are declared while NSPrivacyTracking is false or absent (TN3182)."
    case .trackingUndeclared: "The app asks for tracking, but its own manifest does not declare NSPrivacyTracking true."
    case .trackingWithoutPrompt:
      "A manifest declares tracking, but the app cannot ask: no NSUserTrackingUsageDescription."
    case .betaAPI: "Code calls iOS 27.2's expanded request by a beta name: it does not build against the released SDK."
    case .includeOutside: "The project names a file outside it (an xcconfig include, a path): attsim does not read it."
    case .linkOutside: "A symbolic link in the project leads out of it: attsim does not follow it."
    case .buildSetting: "A build setting or include attsim stopped following: a loop, too deep, or too long."
    case .placeholder:
      "A purpose string is unfinished (TODO, TBD, lorem ipsum, the key's name): App Review rejects it (guideline 5.1.1(ii))."
    case .noReason:
      "A purpose string does not say what the data is used for (guideline 5.1.1(ii), ITMS-90683, the HIG)."
    case .vagueReason:
      "A purpose string gives only a vague reason (\"to improve your experience\") without an example (the HIG)."
    case .trackingIncentive:
      "The tracking purpose string offers a reward for allowing tracking (guideline 3.2.2, the HIG)."
    case .sdkBoilerplate: "A purpose string is an SDK's sample sentence word for word: say how the app uses the data."
    case .deniesTracking:
      "The tracking purpose string says the app does not track, but its privacy manifest declares tracking."
    }
  }
}

extension RuleID {
  /// Where an App Review rule comes from, for SARIF's help text; nil for the other rules.
  public var source: String? {
    switch self {
    case .placeholder, .noReason:
      "App Review Guideline 5.1.1(ii); ITMS-90683; Human Interface Guidelines, Requesting permission"
    case .vagueReason, .sdkBoilerplate:
      "Human Interface Guidelines, Requesting permission; App Review Guideline 5.1.1(ii)"
    case .trackingIncentive: "App Review Guideline 3.2.2; Human Interface Guidelines, Requesting permission"
    case .deniesTracking: "App Review Guidelines 5.1.1(ii) and 5.1.2; Apple, Privacy manifest files"
    default: nil
    }
  }
}

/// One problem `attsim check` reports: a `Diagnostic` with its rule, and the target it is about.
public struct Finding: Hashable, Sendable {
  /// Where, how bad, what is wrong, and the rule, key and locale as plain text.
  public private(set) var diagnostic: Diagnostic
  /// Which rule.
  public let rule: RuleID
  /// The Xcode target the finding is about, when a project has several apps.
  public var target: String?
  /// For the last finding of a rule and file that went over the cap: how many it stands for.
  var summarizes = 0

  /// A finding, with the rule's own severity unless another is given; `text` is the string it judges.
  public init(
    file: String, location: SourceLocation?, rule: RuleID, severity: Severity? = nil, locale: String?,
    key: String? = nil, message: String, text: String? = nil
  ) {
    self.rule = rule
    diagnostic = Diagnostic(
      file: file, location: location, severity: severity ?? rule.severity, message: message, rule: rule.rawValue,
      key: key, locale: locale, text: text)
  }

  /// The file, as found under the folder given.
  public var file: String { diagnostic.file }
  /// Where in the file, when it is a text file and the place is known.
  public var location: SourceLocation? { diagnostic.location }
  /// How bad.
  public var severity: Severity {
    get { diagnostic.severity }
    set { diagnostic.severity = newValue }
  }
  /// The locale it concerns (lproj or catalog language); nil for a finding about the whole app.
  public var locale: String? { diagnostic.locale }
  /// The purpose-string key it is about (`NSCameraUsageDescription`); nil for the whole app or a file.
  public var key: String? { diagnostic.key }
  /// What is wrong, for a person.
  public var message: String {
    get { diagnostic.message }
    set { diagnostic.message = newValue }
  }
  /// The purpose string the finding judges, when it is about one's text.
  public var text: String? { diagnostic.text }
}
