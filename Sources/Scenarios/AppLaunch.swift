import ConsentCore
import PromptStrings

extension ConsentState {
  /// Where a script over `app` starts when the UI draws it (`render --script`, `cast`, a guided walk): the
  /// script defaults, in `locale` (else the app's development region), with a usage description exactly when
  /// the app's Info.plist has one. The app's tracking domains come only from an `app bundle=` line, as in
  /// `play` (DECISIONS D53).
  public init(scriptStartFor app: AppResources, locale: String? = nil) {
    self.init(locale: locale ?? app.developmentRegion, hasUsageDescription: app.hasUsageDescription)
  }
}

extension AppChange {
  /// What an `app bundle=` line sets: whether the app's Info.plist has a usage description, and the
  /// tracking domains its privacy manifests declare.
  public init(launching resources: AppResources) {
    self.init(hasUsageDescription: resources.hasUsageDescription, trackingDomains: resources.trackingDomains)
  }
}
