import FileAccess
import Platform
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

  /// Whether any finding is an error (`check` exits 1).
  public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// Why `check` could not look at what it was given, in one line.
public struct CheckFailure: Error, Sendable {
  public var message: String
}

extension PromptLinter {
  /// Checks what is at `path`: an app of any layout (every app target of a project, each under its target),
  /// a built app, a folder, or one strings file, catalog, Info.plist or manifest.
  public static func check(
    path given: FilePath, target: String? = nil, configuration: String? = nil, developmentRegion: String? = nil,
    options: CheckOptions = CheckOptions()
  ) -> Result<CheckReport, CheckFailure> {
    var status = stat()
    guard given.withCString({ stat($0, &status) }) == 0 else {
      return .failure(CheckFailure(message: "cannot check '\(given.shown())': no such file or folder"))
    }
    let isFolder = status.st_mode & S_IFMT == S_IFDIR
    guard isFolder || ["xcstrings", "plist", "xcprivacy"].contains(given.pathExtension ?? "") else {
      // One strings file (or something that is not a file at all).
      return check(stringsFile: given, options: options)
        .map { CheckReport(findings: $0, scope: "1 file", root: nil) }
        .mapError { CheckFailure(message: "cannot check '\(given.shown())': \($0.reason)") }
    }
    let apps: [AppResources]
    // Without --all-strings no rule reads the other tables; one that cannot be opened is still named.
    let strings: AppResources.StringsToParse = options.allStrings ? .all : .purposeTables(forCheck: true)
    switch AppResources.loadAll(given, target: target, configuration: configuration, strings: strings) {
    case .failure(let failure): return .failure(CheckFailure(message: "cannot check: \(failure.message)"))
    case .success(let loaded): apps = loaded
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
    let root = isFolder ? (given.pathExtension == "xcodeproj" ? given.parent : given) : nil
    return .success(CheckReport(findings: findings, scope: scope, root: root))
  }
}
