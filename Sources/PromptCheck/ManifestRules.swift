import PromptStrings
import StringsFiles
import TextSupport

/// The privacy-manifest rules of `check` (SPEC §4): what App Store Connect rejects (ITMS-91056, TN3181),
/// and tracking declared without a way to ask, or asked without being declared (TN3182).
enum ManifestRules {
  /// The rules over every manifest of `app`; `tracking` is whether an app without a purpose string asks.
  static func check(_ app: AppResources, tracking: TrackingEvidence?) -> [Finding] {
    var findings: [Finding] = []
    for manifest in app.privacyManifests {
      findings += check(manifest)
      if manifest.tracking == true && !app.hasUsageDescription && app.input != .file {
        findings.append(
          Finding(
            file: manifest.path, location: manifest.trackingLocation, rule: .trackingWithoutPrompt, locale: nil,
            key: PurposeKeys.tracking,
            message:
              "\(whose(manifest)) declares tracking, but the app has no NSUserTrackingUsageDescription: it can never ask, so on iOS 17+ every request to \(domainList(manifest)) fails"
          ))
      }
    }
    let asks = app.hasUsageDescription || { if case .asks? = tracking { true } else { false } }()
    let declared = app.privacyManifests.contains { $0.owner == nil && $0.tracking == true }
    if asks && !declared && app.input != .file && app.infoPlist != nil {
      let own = app.privacyManifests.first { $0.owner == nil }
      let why = app.hasUsageDescription ? "it has NSUserTrackingUsageDescription" : "it asks for tracking"
      // Most apps have no manifest of their own, and App Store Connect does not require one for tracking:
      // advice. A manifest that is there and leaves tracking out is a manifest that says the wrong thing.
      findings.append(
        Finding(
          file: own?.path ?? app.infoPlist?.path ?? app.root, location: own?.trackingLocation,
          rule: .trackingUndeclared, severity: own == nil ? .info : .warning, locale: nil, key: PurposeKeys.tracking,
          message: own == nil
            ? "the app tracks (\(why)) but has no \(PrivacyManifest.fileName) of its own: declaring NSPrivacyTracking true and its tracking domains there is how iOS 17+ knows them"
            : "the app tracks (\(why)) but its \(PrivacyManifest.fileName) does not declare NSPrivacyTracking true"))
    }
    return findings
  }

  /// One manifest's own validity: its types, its domains, and domains declared without tracking.
  private static func check(_ manifest: PrivacyManifest) -> [Finding] {
    if let refusal = manifest.refusal {
      return [PromptLinter.unreadable(refusal)]
    }
    var findings = manifest.problems.map { problem in
      Finding(
        file: manifest.path, location: problem.location, rule: .privacyManifest, locale: nil,
        message: "\(whose(manifest)) \(problem.message): App Store Connect rejects it (ITMS-91056)")
    }
    for domain in manifest.domains {
      guard let problem = HostName.problem(in: domain.value) else { continue }
      findings.append(
        Finding(
          file: manifest.path, location: domain.location, rule: .trackingDomain, locale: nil,
          message: "tracking domain \"\(domain.value.forMessage(limit: 80))\" \(problem) (TN3181)"))
    }
    if !manifest.domains.isEmpty && manifest.tracking != true {
      let flag = manifest.tracking == false ? "is false" : manifest.hasTrackingKey ? "is not a Boolean" : "is missing"
      findings.append(
        Finding(
          file: manifest.path, location: manifest.domainsLocation, rule: .trackingFlag, locale: nil,
          message:
            "\(whose(manifest)) lists tracking domains but NSPrivacyTracking \(flag): declaring domains requires NSPrivacyTracking true (TN3182)"
        ))
    }
    return findings
  }

  /// `the app's manifest`, or `AdKit's manifest`.
  private static func whose(_ manifest: PrivacyManifest) -> String {
    manifest.owner.map { "\($0)'s manifest" } ?? "the app's manifest"
  }

  /// The manifest's domains for a sentence: `ads.example, b.example`, or `its tracking domains`.
  private static func domainList(_ manifest: PrivacyManifest) -> String {
    let valid = manifest.enforcedDomains
    return valid.isEmpty
      ? "its tracking domains" : valid.prefix(3).joined(separator: ", ") + (valid.count > 3 ? ", …" : "")
  }
}
