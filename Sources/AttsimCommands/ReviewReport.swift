import ConsentCore
import Diagnostics
import PromptCheck
import PromptStrings
import Scenarios

/// One claim of `attsim review`: what App Review would make of it, the guideline it rests on, what it says,
/// and where (a file's place, a walk and its device state).
struct ReviewItem: Sendable {
  /// What App Review would make of it.
  enum Verdict: String, Sendable {
    /// App Review (or App Store Connect) would reject the app for it: exit 1.
    case rejects
    /// A reviewer could miss the prompt, or a user could see the wrong text: worth a look, not a rejection.
    case risk
    /// The check passed.
    case ok
    /// Advice, or what the report looked at.
    case note
  }

  var verdict: Verdict
  /// The guideline by number: `2.1`, `5.1.1(ii)`.
  var guideline: String
  var text: String
  /// `file:line:col` of a finding or of a walk's step.
  var place: String?
  /// The `check` rule, for a finding.
  var rule: String?
  /// The walk (a script's path or a library scenario's name) and the device state it ran under, for 2.1.
  var walk: String?
  var condition: String?
  /// Whether the walk showed the prompt, for 2.1.
  var shown: Bool?
}

/// A part of the report: one guideline's question and its claims.
struct ReviewSection: Sendable {
  /// The guidelines by number, for the heading: `5.1.2(i), 3.2.2`.
  var guidelines: String
  var title: String
  var items: [ReviewItem]
}

/// The App Review readiness of one app: its sections and, where the prompt could be hidden, a reply to App
/// Review saying how to see it.
struct AppReview: Sendable {
  var app: String
  var target: String?
  var sections: [ReviewSection]
  var reply: String?

  /// Whether App Review would reject something.
  var rejected: Bool { sections.contains { $0.items.contains { $0.verdict == .rejects } } }
}

/// A script `review` walks: its name in the report, the script, and the apps its `app bundle=` lines name.
struct ReviewScript: Sendable {
  var name: String
  var script: Script
  var bundles: [AppBundleReference: AppResources]
}

/// Where a `check` rule's findings go in the review, under which guideline, and whether a warning of it is
/// something App Review rejects (an error always is; a note never). The one table from rule to guideline: a
/// rule not in it is not about App Review.
enum ReviewRules {
  enum Part: Sendable { case purposeStrings, trackingWithoutATT, manifest }

  static let table: [String: (part: Part, guideline: String, rejects: Bool)] = [
    // A file Xcode cannot build or iOS cannot read: the purpose strings in it never reach the reviewer (2.1).
    "parse-error": (.purposeStrings, "2.1", true),
    "encoding": (.purposeStrings, "2.1", true),
    "missing-file": (.purposeStrings, "2.1", true),
    "missing-usage-description": (.purposeStrings, "5.1.1(ii)", false),
    "empty-value": (.purposeStrings, "5.1.1(ii)", true),
    "placeholder": (.purposeStrings, "5.1.1(ii)", true),
    "no-reason": (.purposeStrings, "5.1.1(ii)", true),
    "vague-reason": (.purposeStrings, "5.1.1(ii)", true),
    "format-specifier": (.purposeStrings, "5.1.1(ii)", true),
    "build-variable": (.purposeStrings, "5.1.1(ii)", true),
    "sdk-boilerplate": (.purposeStrings, "5.1.1(ii)", false),
    "denies-tracking": (.purposeStrings, "5.1.1(ii)", true),
    "missing-key": (.purposeStrings, "5.1.1(ii)", false),
    "not-localized": (.purposeStrings, "5.1.1(ii)", false),
    "tracking-incentive": (.trackingWithoutATT, "3.2.2", true),
    "tracking-without-prompt": (.trackingWithoutATT, "5.1.2(i)", true),
    "tracking-flag": (.manifest, "5.1.2(i)", false),
    "tracking-undeclared": (.manifest, "5.1.2(i)", false),
    "tracking-domain": (.manifest, "5.1.2(i)", false),
    "privacy-manifest": (.manifest, "5.1.2(i)", false),
  ]

  /// How many findings of one rule the report lists; `attsim check` lists the rest.
  static let listedPerRule = 5

  /// The findings of `part`, grouped by rule in the table's order of first appearance, each as an item.
  static func items(_ findings: [Finding], in part: Part) -> [ReviewItem] {
    var byRule: [(rule: String, findings: [Finding])] = []
    // `build-variable` also judges the display name and the keys of the lookup: only a purpose string's counts.
    for finding in findings where table[finding.rule.rawValue]?.part == part {
      if finding.rule == .buildVariable && finding.key == nil { continue }
      if let index = byRule.firstIndex(where: { $0.rule == finding.rule.rawValue }) {
        byRule[index].findings.append(finding)
      } else {
        byRule.append((finding.rule.rawValue, [finding]))
      }
    }
    return byRule.flatMap { rule, findings in
      let rejects = table[rule]?.rejects ?? false
      let guideline = table[rule]?.guideline ?? ""
      var items = findings.prefix(listedPerRule).map { finding in
        let verdict: ReviewItem.Verdict =
          switch finding.severity {
          case .error: .rejects
          case .warning: rejects ? .rejects : .risk
          case .info: .note
          }
        return ReviewItem(
          verdict: verdict, guideline: guideline, text: finding.message,
          place: Diagnostic.place(finding.file, finding.location), rule: rule)
      }
      if findings.count > listedPerRule {
        items.append(
          ReviewItem(
            verdict: .note, guideline: guideline,
            text: "\(findings.count - listedPerRule) more \(rule) findings: attsim check lists them all", rule: rule))
      }
      return items
    }
  }
}

extension AppReview {
  /// The review of `app`: its check `findings`, and the walks of `scripts` (the app's, or the library's
  /// launch scenarios when `scriptsGiven` is false).
  init(app: AppResources, findings: [Finding], scripts: [ReviewScript], scriptsGiven: Bool) {
    self.app = app.appName(locale: app.developmentRegion)
    target = app.target
    let asWritten = scripts.map { ReviewWalk.run($0.script, bundles: $0.bundles, app: app, under: .asWritten) }
    var prompt = ReviewSection(guidelines: "2.1", title: "Would a reviewer see the prompt?", items: [])
    var hidden: [ReviewCondition] = []
    if !app.hasUsageDescription && !scriptsGiven {
      prompt.items.append(
        ReviewItem(
          verdict: .note, guideline: "2.1",
          text:
            "the app has no NSUserTrackingUsageDescription, so there is no prompt to find; give the app's walks with --script if it asks for tracking"
        ))
    } else {
      for (script, walk) in zip(scripts, asWritten) {
        prompt.items.append(Self.item(script, .asWritten, walk, verdictWhenHidden: .rejects))
        for condition in ReviewCondition.hiding(deploymentTarget: app.deploymentTarget) {
          let under = ReviewWalk.run(script.script, bundles: script.bundles, app: app, under: condition)
          prompt.items.append(
            Self.item(script, condition, under, verdictWhenHidden: condition.hasNoATT ? .note : .risk))
          if walk.shown && !under.shown && !hidden.contains(where: { $0.setup == condition.setup }) {
            hidden.append(condition)
          }
        }
      }
    }
    sections = [
      prompt,
      ReviewSection(
        guidelines: "5.1.1(ii)", title: "Purpose strings",
        items: Self.orPassed(
          ReviewRules.items(findings, in: .purposeStrings), "5.1.1(ii)",
          "check's purpose-string rules found nothing")),
      Self.prePermission(scripts, asWritten, scriptsGiven: scriptsGiven),
      ReviewSection(
        guidelines: "5.1.2(i), 3.2.2", title: "Tracking without ATT, incentives",
        items: Self.orPassed(
          Self.idfaWithoutAuthorization(scripts, asWritten) + ReviewRules.items(findings, in: .trackingWithoutATT),
          "5.1.2(i)",
          "no walk sends an IDFA without authorization, no manifest declares tracking the app cannot ask for, no incentive found"
        )),
      ReviewSection(
        guidelines: "5.1.2(i)", title: "Privacy manifest tracking declarations",
        items: Self.manifests(app) + ReviewRules.items(findings, in: .manifest)),
    ]
    let shownAt = zip(scripts, asWritten).first { $0.1.shown }?.1.shownAt
    reply = shownAt.flatMap { hidden.isEmpty ? nil : ReviewReply.text(shownAt: $0, hiddenBy: hidden) }
  }

  /// One walk under one condition: shown or not, and the model's reason.
  private static func item(
    _ script: ReviewScript, _ condition: ReviewCondition, _ walk: ReviewWalk, verdictWhenHidden: ReviewItem.Verdict
  ) -> ReviewItem {
    ReviewItem(
      verdict: walk.shown ? .ok : verdictWhenHidden, guideline: "2.1",
      text: walk.reason, walk: script.name, condition: condition.name,
      shown: walk.shown)
  }

  /// `items`, or one saying what passed when there are none.
  private static func orPassed(_ items: [ReviewItem], _ guideline: String, _ passed: String) -> [ReviewItem] {
    items.isEmpty ? [ReviewItem(verdict: .ok, guideline: guideline, text: passed)] : items
  }

  /// 5.1.1(iv): the App Review warnings the model raised in the walks, at the step that raised each.
  private static func prePermission(_ scripts: [ReviewScript], _ walks: [ReviewWalk], scriptsGiven: Bool)
    -> ReviewSection
  {
    let kinds: [WarningKind] = [.appReviewSkippablePrePermission, .appReviewRequestAfterRefusal]
    var items = warnings(of: kinds, scripts, walks, guideline: "5.1.1(iv)")
    if items.isEmpty {
      let shows = walks.contains(where: \.hasPrePermission)
      items.append(
        ReviewItem(
          verdict: shows ? .ok : .note, guideline: "5.1.1(iv)",
          text: shows
            ? "the pre-permission screen leads only to the request"
            : scriptsGiven
              ? "no walk shows a pre-permission screen"
              : "no walk shows the app's pre-permission screen: give the app's own flow with --script to judge it"))
    }
    return ReviewSection(guidelines: "5.1.1(iv)", title: "Pre-permission screen", items: items)
  }

  /// 5.1.2(i): an IDFA the SDK sends without authorization, in any walk.
  private static func idfaWithoutAuthorization(_ scripts: [ReviewScript], _ walks: [ReviewWalk]) -> [ReviewItem] {
    warnings(of: [.idfaWithoutAuthorization], scripts, walks, guideline: "5.1.2(i)")
  }

  /// Each warning of `kinds` the walks raised, once per walk, at its step, as a rejection.
  private static func warnings(
    of kinds: [WarningKind], _ scripts: [ReviewScript], _ walks: [ReviewWalk], guideline: String
  ) -> [ReviewItem] {
    zip(scripts, walks).flatMap { script, walk in
      walk.warnings.filter { kinds.contains($0.warning.kind) }.map { warning, step in
        ReviewItem(
          verdict: .rejects, guideline: guideline, text: warning.message,
          place: Diagnostic.place(script.name, SourceLocation(line: step.line, column: step.column)),
          walk: script.name)
      }
    }
  }

  /// How many of a manifest's tracking domains the report names.
  static let listedDomains = 5

  /// What each privacy manifest declares about tracking.
  private static func manifests(_ app: AppResources) -> [ReviewItem] {
    guard !app.privacyManifests.isEmpty else {
      return [ReviewItem(verdict: .note, guideline: "5.1.2(i)", text: "no privacy manifest")]
    }
    return app.privacyManifests.map { manifest in
      let whose = manifest.owner.map { "\($0)'s manifest" } ?? "the app's manifest"
      let flag = manifest.tracking.map { "NSPrivacyTracking \($0)" } ?? "no NSPrivacyTracking"
      let domains = manifest.domains.map(\.value)
      let more = domains.count > listedDomains ? ", … (\(domains.count) in all)" : ""
      let list =
        domains.isEmpty
        ? "no tracking domains" : "tracking domains " + domains.prefix(listedDomains).joined(separator: ", ") + more
      return ReviewItem(
        verdict: .note, guideline: "5.1.2(i)", text: "\(whose): \(flag), \(list)",
        place: Diagnostic.place(manifest.path, manifest.trackingLocation))
    }
  }
}
