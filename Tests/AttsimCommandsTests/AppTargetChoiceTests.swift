import Foundation
import Testing

/// Projects with several app targets and several Info.plists (issue 40, items 1 and 10): `prompts` and `check`
/// answer for the app a person means, say which and why on standard error, and read only what that target
/// ships. `Tests/Fixtures/MultiTargetApp` is a project laid out as real ones are: the app Tally embeds a watch
/// app, a widget and an App Clip; beside it a second app (Tally Lite, multiplatform by its xcconfig), a Mac
/// app (its SDK from an xcconfig), a framework and a test bundle, each with its own Info.plist, and a
/// `pt-PT.lproj` no target copies.
@Suite struct AppTargetChoiceTests {
  static let fixture = RealProjectCommandTests.fixtures.appendingPathComponent("MultiTargetApp")

  /// A copy of the fixture in a fresh folder, its project renamed to `name` and its text passed through `edit`.
  static func copy(projectName name: String = "Tally", edit: (String) -> String = { $0 }) throws -> URL {
    let root = try temporaryFolder().appendingPathComponent("Repo")
    try FileManager.default.copyItem(at: fixture, to: root)
    let project = root.appendingPathComponent("\(name).xcodeproj")
    if name != "Tally" {
      try FileManager.default.moveItem(at: root.appendingPathComponent("Tally.xcodeproj"), to: project)
    }
    let file = project.appendingPathComponent("project.pbxproj")
    try edit(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    return root
  }

  /// The project's text without Tally's Copy Files phases and target dependencies: no target embeds another.
  static func embeddingNothing(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"7A11[0-9A-F]{20} /\* Embed [A-Za-z ]+ \*/, "#, with: "", options: .regularExpression
    )
    .replacingOccurrences(
      of: #"(7A1100000000000000000026 /\* Tally \*/ = \{[^\n]*dependencies = \()[^)]*\)"#, with: "$1)",
      options: .regularExpression)
  }

  @Test func theAppThatEmbedsTheWatchAppIsChosenAndSaysSo() throws {
    let prompts = attsim("prompts", Self.fixture.path, "--locale", "de", "--locale", "pt-PT")
    #expect(prompts.status == 0)
    #expect(
      prompts.err
        == "attsim: target Tally (it embeds Tally Watch App, TallyWidget, Tally Clip); other iOS app targets: Tally Lite, Tally Clip (--target NAME, --all-targets)\n"
    )
    #expect(
      prompts.out.hasPrefix(
        "Tally (target Tally) · development region en · Info.plist Tally/Info.plist · 2 localizations\n"))
    // pt-PT.lproj lies on disk but no target copies it: a Portuguese user sees the English text.
    #expect(
      prompts.out.contains("pt-PT     en        strings  Tally/en.lproj/InfoPlist.strings:1:36"), "\(prompts.out)")
    let json = attsim("prompts", Self.fixture.path, "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(object["target"] as? String == "Tally" && object["localizations"] as? [String] == ["de", "en"])
    let check = attsim("check", Self.fixture.path, "--format", "json")
    #expect(check.status == 0 && check.err.hasPrefix("attsim: target Tally (it embeds"))
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [[String: Any]])
    let files = Set(findings.compactMap { $0["file"] as? String }.map { URL(fileURLWithPath: $0).lastPathComponent })
    #expect(findings.allSatisfy { $0["target"] == nil })
    #expect(files == ["Info.plist", "InfoPlist.strings"])
    #expect(check.out.contains("this pt-PT translation is not in the app (no target of the project copies it)"))
    #expect(!check.out.contains("TallyKit") && !check.out.contains("Widget") && !check.out.contains("Lite/"))
  }

  @Test func allTargetsAnswersForEveryIOSAppTargetAndNoOther() throws {
    let json = attsim("prompts", Self.fixture.path, "--all-targets", "--format", "json")
    #expect(json.status == 0 && json.err.isEmpty)
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    // Not the Mac app (SDKROOT = macosx in its xcconfig) nor the watch app (SDKROOT = watchos).
    #expect(objects.compactMap { $0["target"] as? String } == ["Tally Lite", "Tally", "Tally Clip"])
    let text = attsim("prompts", Self.fixture.path, "--all-targets")
    #expect(text.out.components(separatedBy: "(target ").count == 4)
    let check = attsim("check", Self.fixture.path, "--all-targets")
    #expect(check.out.contains("target Tally Lite:\n") && check.out.contains("\ntarget Tally Clip:\n"))
    // Tally Lite copies no de.lproj though the project's knownRegions lists de: a note.
    #expect(check.err.hasSuffix("in 3 apps (Tally Lite, Tally, Tally Clip) (3 notes)\n"), "\(check.err)")
    let mac = attsim("prompts", Self.fixture.path, "--target", "Tally Mac")
    #expect(mac.status == 2)
    #expect(mac.err.hasSuffix("no app target 'Tally Mac'; the app targets are Tally Lite, Tally, Tally Clip\n"))
  }

  @Test func aTargetIsIOSByItsSettingsWhereverTheyAreWritten() throws {
    // The project's own SDK is macOS: only Tally Lite, whose xcconfig lists iphoneos, builds for iOS.
    let root = try Self.copy { $0.replacingOccurrences(of: "SDKROOT = iphoneos;", with: "SDKROOT = macosx;") }
    let prompts = attsim("prompts", root.path, "--all-targets", "--format", "json")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(prompts.out.utf8)) as? [[String: Any]])
    #expect(objects.compactMap { $0["target"] as? String } == ["Tally Lite"])
    #expect(attsim("prompts", root.path).err.isEmpty)
  }

  @Test func anXcconfigInASynchronizedFolderIsRead() throws {
    // Xcode 16 names it by the folder and a path inside it; `SDKROOT = macosx;` ends in a `;` Xcode drops.
    let root = try temporaryFolder().appendingPathComponent("Sixteen")
    try FileManager.default.copyItem(
      at: RealProjectCommandTests.fixtures.appendingPathComponent("Xcode16App"), to: root)
    _ = try write("SDKROOT = macosx;\n", to: "Clip/Mac.xcconfig", in: root)
    let file = root.appendingPathComponent("Xcode16App.xcodeproj/project.pbxproj")
    let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
      of: "B16000000000000000000808 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;",
      with:
        "B16000000000000000000808 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbaseConfigurationReferenceAnchor = B16000000000000000000403 /* Clip */;\n\t\t\tbaseConfigurationReferenceRelativePath = Mac.xcconfig;"
    )
    try text.write(to: file, atomically: true, encoding: .utf8)
    let prompts = attsim("prompts", root.path, "--all-targets", "--format", "json")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(prompts.out.utf8)) as? [[String: Any]])
    #expect(objects.compactMap { $0["target"] as? String } == ["Xcode16App"])
  }

  @Test(arguments: [
    ("Tally", false, "target Tally (it is named like its project)"),
    ("Counter", true, "target Tally Lite (its shared scheme runs it)"),
    ("Counter", false, "target Tally (it has the most localizations (2))"),
  ])
  func withoutEmbeddingTheNameTheSchemeAndTheLocalizationsDecide(project: String, scheme: Bool, chosen: String)
    throws
  {
    let root = try Self.copy(projectName: project, edit: Self.embeddingNothing)
    if scheme {
      let schemes = root.appendingPathComponent("\(project).xcodeproj/xcshareddata/xcschemes")
      try FileManager.default.createDirectory(at: schemes, withIntermediateDirectories: true)
      _ = try write(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme LastUpgradeVersion = "1540" version = "1.7">
           <LaunchAction buildConfiguration = "Debug" launchStyle = "0">
              <BuildableProductRunnable runnableDebuggingMode = "0">
                 <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "7A1100000000000000000023"
                    BuildableName = "Tally Lite.app" BlueprintName = "Tally Lite" ReferencedContainer = "container:\(project).xcodeproj">
                 </BuildableReference>
              </BuildableProductRunnable>
           </LaunchAction>
        </Scheme>
        """, to: "Tally Lite.xcscheme", in: schemes)
    }
    let prompts = attsim("prompts", root.path)
    #expect(prompts.status == 0)
    #expect(prompts.err.hasPrefix("attsim: \(chosen); other iOS app targets: "), "\(prompts.err)")
  }

  @Test func aTieIsRefusedNamingTheTiedTargets() throws {
    let root = try Self.copy(projectName: "Counter") {
      Self.embeddingNothing($0).replacingOccurrences(
        of: " /* en */, 7A110000000000000000000B /* de */, ", with: " /* en */, ")
    }
    for command in ["prompts", "check"] {
      let outcome = attsim(command, root.path)
      #expect(outcome.status == 2 && outcome.out.isEmpty)
      #expect(
        outcome.err.contains(
          "has iOS app targets that tie: Tally Lite, Tally (none embeds more apps or extensions, none is named like its project, no shared scheme runs one alone, they have as many localizations): choose one with --target NAME, or --all-targets\n"
        ), "\(outcome.err)")
    }
    #expect(attsim("prompts", root.path, "--target", "Tally Lite").status == 0)
    #expect(attsim("prompts", root.path, "--all-targets").status == 0)
  }

  @Test func anAppIsChosenOverItsAppClip() throws {
    let prompts = attsim("prompts", RealProjectCommandTests.path("Xcode16App"))
    #expect(
      prompts.err
        == "attsim: target Xcode16App (the only app that is not an App Clip); other iOS app targets: Clip (--target NAME, --all-targets)\n"
    )
  }

  @Test func aFolderReadsTheAppsInfoPlistNotAnExtensionsAFrameworksOrATestBundles() throws {
    let root = try temporaryFolder()
    func plist(_ entries: String) -> String {
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(entries)</dict></plist>\n"
    }
    for (path, text) in [
      ("Widget/Info.plist", plist("<key>NSExtension</key><dict/>")),
      ("Kit/Info.plist", plist("<key>CFBundlePackageType</key><string>FMWK</string>")),
      ("KitTests/Info.plist", plist("<key>CFBundlePackageType</key><string>BNDL</string>")),
      ("App/Sources/Info.plist", plist("<key>NSUserTrackingUsageDescription</key><string>Ads that fit.</string>")),
      ("App/Sources/de.lproj/InfoPlist.strings", "\"NSUserTrackingUsageDescription\" = \"Passende Werbung.\";\n"),
      ("App/Sources/Tracking.swift", "ATTrackingManager.requestTrackingAuthorization { _ in }\n"),
    ] {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let prompts = attsim("prompts", root.path, "--locale", "en")
    #expect(prompts.out.contains("\"Ads that fit.\""), "\(prompts.out)")
    #expect(
      prompts.err
        == "attsim: Info.plist App/Sources/Info.plist (the shallowest app's with purpose strings); other Info.plists: Kit/Info.plist (a framework's), KitTests/Info.plist (a test bundle's), Widget/Info.plist (an extension's)\n"
    )
    // The extension's Info.plist has no usage description: read as the app's, it would be a crash.
    let check = attsim("check", root.path)
    #expect(check.status == 0 && !check.out.contains("missing-usage-description"), "\(check.out)")
  }
}
