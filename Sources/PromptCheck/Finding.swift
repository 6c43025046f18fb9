import PromptStrings
import StringsFiles

/// How bad a finding is. Errors make `attsim check` exit 1.
public enum Severity: String, Hashable, Sendable, Comparable {
  case error
  case warning
  case info

  private var rank: Int {
    switch self {
    case .error: 0
    case .warning: 1
    case .info: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The rules of `attsim check` (SPEC §4), each with its severity and a one-line summary.
public enum RuleID: String, CaseIterable, Hashable, Sendable {
  case parseError = "parse-error"
  case encoding
  case missingUsageDescription = "missing-usage-description"
  case missingKey = "missing-key"
  case emptyValue = "empty-value"
  case whitespace
  case duplicateKey = "duplicate-key"
  case keyTypo = "key-typo"
  case untranslated
  case wrongScript = "wrong-script"
  case formatSpecifier = "format-specifier"
  case controlCharacter = "control-character"
  case catalogState = "catalog-state"
  case tooLong = "too-long"
  case noApp = "no-app"
  case notInApp = "not-in-app"
  case buildVariable = "build-variable"
  case markdownUnderline = "markdown-underline"
  case markdownInPlain = "markdown-in-plain"
  case privacyManifest = "privacy-manifest"
  case trackingDomain = "tracking-domain"
  case trackingFlag = "tracking-flag"
  case trackingUndeclared = "tracking-undeclared"
  case trackingWithoutPrompt = "tracking-without-prompt"
  case includeOutside = "include-outside"
  case linkOutside = "link-outside"
  case buildSetting = "build-setting"

  /// How bad a finding of this rule is.
  public var severity: Severity {
    switch self {
    case .parseError, .encoding, .missingUsageDescription, .emptyValue, .privacyManifest, .trackingDomain: .error
    default: .warning
    }
  }

  /// What the rule looks for, in one line (for SARIF and help).
  public var summary: String {
    switch self {
    case .parseError: "The strings file has a syntax error iOS cannot get past."
    case .encoding: "The file's bytes are not text iOS reads correctly."
    case .missingUsageDescription: "Info.plist lacks NSUserTrackingUsageDescription: the app crashes when it asks."
    case .missingKey: "A locale lacks the purpose string and falls back to Info.plist's."
    case .emptyValue: "The purpose string is empty."
    case .whitespace: "The purpose string has stray whitespace."
    case .duplicateKey: "A key is defined twice; the last one wins."
    case .keyTypo: "A key is a near miss of NSUserTrackingUsageDescription and is ignored."
    case .untranslated: "A locale's purpose string is the development region's text."
    case .wrongScript: "A locale's purpose string is not written in that language's script."
    case .formatSpecifier: "Format specifiers like %@ are shown literally."
    case .controlCharacter: "The purpose string holds a control character."
    case .catalogState: "A String Catalog translation is new, needs review or stale."
    case .tooLong: "The purpose string wraps past the lines the dialog shows."
    case .noApp: "The folder holds strings files but no app: no Info.plist, Xcode project or built app."
    case .notInApp: "A localized InfoPlist file in the tree is not in the app, so iOS never reads it."
    case .buildVariable: "An Info.plist value uses a build variable nothing defines; Xcode leaves it empty."
    case .markdownUnderline: "The Markdown purpose string asks for underline, which the EU sheet does not draw."
    case .markdownInPlain: "Markdown in NSUserTrackingUsageDescription is shown as written: it is plain text."
    case .privacyManifest: "A privacy manifest is not a property list, or a key has the wrong type (ITMS-91056)."
    case .trackingDomain: "A tracking domain is not a bare host name: a scheme, port, path, query or slash (TN3181)."
    case .trackingFlag: "Tracking domains are declared while NSPrivacyTracking is false or absent (TN3182)."
    case .trackingUndeclared: "The app asks for tracking, but no manifest of the app declares NSPrivacyTracking true."
    case .trackingWithoutPrompt:
      "A manifest declares tracking, but the app cannot ask: no NSUserTrackingUsageDescription."
    case .includeOutside: "The project names a file outside it (an xcconfig include, a path): attsim does not read it."
    case .linkOutside: "A symbolic link in the project leads out of it: attsim does not follow it."
    case .buildSetting: "A build setting or include attsim stopped following: a loop, too deep, or too long."
    }
  }
}

/// One problem `attsim check` reports.
public struct Finding: Hashable, Sendable {
  /// The file, as found under the folder given.
  public var file: String
  /// Where in the file, when it is a text file and the place is known.
  public var location: SourceLocation?
  /// How bad.
  public var severity: Severity
  /// Which rule.
  public var rule: RuleID
  /// The locale it concerns (lproj or catalog language), if any.
  public var locale: String?
  /// What is wrong, for a person.
  public var message: String
  /// The Xcode target the finding is about, when a project has several apps.
  public var target: String?

  /// A finding, with the rule's own severity unless another is given.
  public init(
    file: String, location: SourceLocation?, rule: RuleID, severity: Severity? = nil, locale: String?, message: String
  ) {
    self.file = file
    self.location = location
    self.severity = severity ?? rule.severity
    self.rule = rule
    self.locale = locale
    self.message = message
  }
}
