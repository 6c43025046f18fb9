import FileAccess
import PromptStrings
import StringsFiles
import TextSupport

/// What `attsim check` found, and about what: its findings (each app's under its target when a project has
/// several), the scope in words for the summary, and the folder SARIF locations are relative to.
public struct CheckReport: Sendable {
  public var findings: [Finding]
  /// `13 localizations`, `3 apps (App, Clip, Widget)`, `1 file`.
  public var scope: String
  /// The folder checked, when one was.
  public var root: FilePath?
  /// Every file the check read, by identity: no output of the command may replace one.
  public var inputs: [FileIdentity: String] = [:]
}

extension PromptLinter {
  /// Judges what the readers read at the path `check` was given: every app there (each one's findings under
  /// its target when there are several), or one strings file; `developmentRegion` overrides the apps' own.
  public static func check(
    _ input: CheckInput, developmentRegion: String? = nil, options: CheckOptions = CheckOptions()
  ) -> CheckReport {
    let (apps, root): ([AppResources], FilePath?)
    switch input {
    case .stringsFile(let file):
      return CheckReport(findings: check(stringsFile: file, options: options), scope: "1 file", root: nil)
    case .apps(let read, let folder): (apps, root) = (read, folder)
    }
    var findings: [Finding] = []
    for var app in apps {
      if let developmentRegion { app.overrideDevelopmentRegion(developmentRegion) }
      for var finding in check(app: app, options: options) {
        if apps.count > 1 { finding.target = app.target }
        findings.append(finding)
      }
    }
    let scope: String
    if apps.count > 1 {
      scope = "\(apps.count) apps (\(MessageList.of(apps.compactMap(\.target))))"
    } else if apps.first?.input == .file && apps.first?.localizations.isEmpty == true {
      scope = "1 file"
    } else {
      let count = apps.first?.localizations.count ?? 0
      scope = "\(count) localization\(count == 1 ? "" : "s")"
    }
    let inputs = apps.reduce(into: [:]) { $0.merge($1.inputs) { first, _ in first } }
    return CheckReport(findings: findings, scope: scope, root: root, inputs: inputs)
  }
}
