import PromptCheck
import PromptStrings

/// What the terminal UI draws from besides its state: the app's texts and findings, and the scenario library
/// the picker offers.
public struct UIEnvironment: Sendable {
  /// The app's and the system's texts, and the findings.
  public var appTexts: AppTexts
  /// `attsim check`'s findings about the app, shown per locale; nil until checked (the terminal UI draws its
  /// first frame before the check runs).
  public var findings: [Finding]?
  /// The scenarios the picker offers.
  public var scenarios: [GuidedScenario] = []

  /// An environment for the app of `appTexts`, with the check's `findings` when they are known.
  public init(appTexts: AppTexts, findings: [Finding]? = nil) {
    self.appTexts = appTexts
    self.findings = findings
  }

  /// The findings about what a user of `locale` sees; nil until checked.
  public func findings(locale: String) -> [Finding]? {
    findings?.about(locale: locale, in: appTexts.app)
  }

  /// The findings about the whole app; nil until checked.
  public var appWideFindings: [Finding]? { findings?.appWide }
}
