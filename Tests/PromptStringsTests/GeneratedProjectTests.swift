import Diagnostics
import FileAccess
import Foundation
import StringsFiles
import TestApps
import Testing

@testable import PromptStrings

/// Projects a generator makes (XcodeGen's `project.yml`, Tuist's `Project.swift`), read from their specs as
/// the generator would make them (fixtures in Tests/Fixtures, written for attsim).
@Suite struct GeneratedProjectTests {
  static func text(_ app: AppResources, _ key: String, _ locale: String) -> String? {
    app.infoPlistString(key, locale: locale)?.value
  }

  @Test func anXcodeGenSpecWithOnlyItsSharedSchemeCommittedIsTheProject() throws {
    let app = try RealLayoutTests.app("XcodeGenApp")
    #expect(app.input == .xcodeProject && app.target == "XcodeGenApp")
    // options.developmentLanguage: a Korean development region, not English.
    #expect(app.developmentRegion == "ko" && app.localizations == ["de", "en", "ko"])
    #expect(app.usageDescription(locale: "fr")?.value.hasPrefix("앱이") == true)
    #expect(app.usageDescription(locale: "de-AT")?.value.hasPrefix("XcodeGenApp nutzt") == true)
    // A setting group's INFOPLIST_KEY_, with $(PRODUCT_NAME); an xcconfig's for Release only.
    #expect(Self.text(app, "NSCameraUsageDescription", "ko") == "XcodeGenApp scans receipts with the camera.")
    #expect(Self.text(app, "NSMicrophoneUsageDescription", "ko") == "Records voice memos.")
    // The included template's info.properties, `${target_name}` filled in, a folded scalar.
    let plist = try #require(app.infoPlist)
    #expect(
      plist.strings["NSUserTrackingUsageDescription"] == "XcodeGenApp uses your activity to show ads that fit you.")
    #expect(plist.arrays["CFBundleLocalizations"] == ["ko", "en", "de"])
    #expect(plist.path.hasSuffix("Shared/base.yml"))
    #expect(plist.keyLocations["NSUserTrackingUsageDescription"] == SourceLocation(line: 15, column: 9))
    #expect(app.deploymentTarget == "16.4")
    #expect(app.notes.contains { $0.contains("has no project.pbxproj") })
    #expect(app.notes.contains { $0.contains("${API_REGION}") && !$0.contains("target_name") })
  }

  @Test func configsMatchByPartOfTheNameAndAPlainMapBesideGroupsIsIgnored() throws {
    let staging = try RealLayoutTests.app("XcodeGenApp", configuration: "Staging")
    #expect(Self.text(staging, "NSCameraUsageDescription", "ko") == "XcodeGenApp β scans receipts with the camera.")
    #expect(Self.text(staging, "NSMicrophoneUsageDescription", "ko") == nil)
    let release = try RealLayoutTests.app("XcodeGenApp")
    #expect(release.infoPlist?.strings["CFBundleName"] == "XcodeGenApp")
  }

  @Test func templateVariablesAreFilledInOnePassAndUnknownOnesKept() {
    let variables = ["target_name": "${target_name}x", "a": "1"]
    let text = "${a}${b}${${target_name}}"
    #expect(XcodeGenSpec.substituting(variables, in: text, limit: 100) == "1${b}${${target_name}x}")
    #expect(XcodeGenSpec.substituting(variables, in: text, limit: 10) == nil)
  }

  @Test func aTuistManifestExtendsTheDefaultInfoPlistFromItsHelper() throws {
    let app = try RealLayoutTests.app("TuistApp")
    #expect(app.target == "TuistApp" && app.developmentRegion == "de")
    #expect(app.localizations == ["de", "en"])
    #expect(Self.text(app, "NSUserTrackingUsageDescription", "fr")?.hasPrefix("TuistApp zeigt") == true)
    #expect(Self.text(app, "NSUserTrackingUsageDescription", "en")?.hasPrefix("TuistApp uses") == true)
    #expect(Self.text(app, "NSCameraUsageDescription", "en") == "Scannt Belege mit der Kamera.")
    #expect(app.infoPlist?.arrays["CFBundleLocalizations"] == ["de", "en"])
    #expect(app.infoPlist?.keyLocations["NSCameraUsageDescription"] == SourceLocation(line: 6, column: 3))
    // An interpolated value is not guessed.
    #expect(Self.text(app, "NSPhotoLibraryUsageDescription", "de") == nil)
    #expect(
      app.notes.contains {
        $0.hasSuffix("InfoPlist.swift:7:37: NSPhotoLibraryUsageDescription is from code, not evaluated")
      })
  }

  @Test func aCommittedProjectFileWinsOverTheSpecBesideIt() throws {
    let root = try makeApp([
      "project.yml": "name: Other\ntargets:\n  Other:\n    type: application\n    platform: iOS\n",
      "App.xcodeproj/project.pbxproj": minimalProject,
    ])
    let app = try AppResources.load(FilePath(root)).get()
    #expect(app.target == "App")
    #expect(app.notes.contains { $0.contains("not project.yml beside it") })
  }

  @Test func includesXcodeGenMergesAndThoseItRefuses() throws {
    let outside = try makeApp(["secret.yml": "targets:\n  Leak:\n    type: application\n"])
    let root = try makeApp([
      "project.json": """
      {"name": "Json", "include": ["\(outside)/secret.yml", "missing.yml", "extra.yml"],
       "targets": {"Json": {"type": "application", "platform": "iOS", "sources": ["App"],
         "info": {"path": "Info.plist", "properties": {"NSUserTrackingUsageDescription": "From JSON."}}}}}
      """,
      "extra.yml": "targets:\n  Json:\n    sources: [More]\n    settings:\n      DEVELOPMENT_TEAM: X\n",
      "App/en.lproj/InfoPlist.strings": "NSUserTrackingUsageDescription = \"App's.\";\n",
      "More/fr.lproj/InfoPlist.strings": "NSUserTrackingUsageDescription = \"Plus.\";\n",
    ])
    let app = try AppResources.load(FilePath(root)).get()
    #expect(app.target == "Json" && app.localizations == ["en", "fr"])
    #expect(app.usageDescription(locale: "fr")?.value == "Plus.")
    #expect(app.usageDescription(locale: "de")?.value == "App's.")
    #expect(app.infoPlist?.usageDescription == "From JSON.")
    let refused = app.unreadable.map(\.path)
    #expect(refused.contains { $0.hasSuffix("secret.yml") } && refused.contains { $0.hasSuffix("missing.yml") })
  }

  @Test func loopsOfTemplatesAndSettingGroupsAndWideMappingsStayBounded() throws {
    let spec = """
      settingGroups:
        loop: {groups: [loop, loop, loop, loop, loop, loop], base: {INFOPLIST_KEY_NSCameraUsageDescription: Camera.}}
      targetTemplates:
        A: {templates: [A, B, A, B], type: application}
        B: {templates: [B, A, B, A], platform: iOS}
      targets:
        App:
          templates: [A, B]
          settings: {groups: [loop, loop], base: {GENERATE_INFOPLIST_FILE: YES}}
      wide:

      """ + (0..<60_000).map { "  key\($0): value\n" }.joined()
    let app = try AppResources.load(FilePath(try makeApp(["project.yml": spec]))).get()
    #expect(app.target == "App" && app.infoPlist?.strings["NSCameraUsageDescription"] == "Camera.")
    let huge = (0..<300).map { "  T\($0): {type: application}\n" }.joined()
    let configs = (0..<300).map { "  C\($0): debug\n" }.joined()
    let root = try makeApp(["project.yml": "configs:\n\(configs)targets:\n\(huge)"])
    guard case .failure(let failure) = AppResources.load(FilePath(root)) else {
      Issue.record("read 90,000 configuration lists")
      return
    }
    #expect(failure.message.contains("300 targets in 300 configurations"))
  }

  @Test func aHostileSpecIsABadProjectAtItsLine() throws {
    var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1..<10 {
      bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]\n"
    }
    for spec in [bomb, "targets:\n  App: [\n", String(repeating: "- ", count: 5_000) + "x\n"] {
      let root = try makeApp(["project.yml": spec])
      guard case .failure(let failure) = AppResources.load(FilePath(root)) else {
        Issue.record("read \(spec.prefix(20))")
        continue
      }
      #expect(failure.message.contains("project.yml:") && failure.message.contains(": error: ") == false)
    }
  }
}

/// The smallest project file with one iOS app target, `App`.
let minimalProject = """
  // !$*UTF8*$!
  { objects = {
    R = { isa = PBXProject; mainGroup = G; targets = (T); buildConfigurationList = L; };
    G = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
    L = { isa = XCConfigurationList; buildConfigurations = (C); };
    C = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; }; };
    T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
      buildConfigurationList = L; buildPhases = (); };
  }; rootObject = R; }
  """
