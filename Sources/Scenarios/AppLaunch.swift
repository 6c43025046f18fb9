import ConsentCore
import PromptStrings

extension ConsentState {
  /// Where a script over `app` starts when the UI draws it: the script defaults in `locale` (else the app's
  /// development region), with a usage description when its Info.plist has one (tracking domains: D53).
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
