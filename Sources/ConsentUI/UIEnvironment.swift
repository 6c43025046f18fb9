import PromptStrings

/// What the terminal UI draws from besides its state: the app's texts and findings, and the scenario library
/// the picker offers.
public struct UIEnvironment: Sendable {
  /// The app's and the system's texts, and the findings.
  public var appTexts: AppTexts
  /// The scenarios the picker offers.
  public var scenarios: [GuidedScenario] = []

  /// An environment for the app of `appTexts`.
  public init(appTexts: AppTexts) {
    self.appTexts = appTexts
  }
}
