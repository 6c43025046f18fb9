import Diagnostics
import FileAccess
import Foundation
import TestApps
import Testing

@testable import PromptCheck
@testable import PromptStrings
@testable import StringsFiles

/// The pbxproj reader: the object graph, where files are, which files a target copies.
@Suite struct XcodeProjectTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// A project whose groups exercise every kind of `sourceTree`.
  static let paths = """
    // !$*UTF8*$!
    {
      archiveVersion = 1;
      objectVersion = 56;
      objects = {
        P0 = {isa = PBXProject; mainGroup = G0; targets = (T0); developmentRegion = de; knownRegions = (de, en); buildConfigurationList = L0;};
        G0 = {isa = PBXGroup; children = (G1, F4, F5, F6); sourceTree = "<group>";};
        G1 = {isa = PBXGroup; children = (G2, F1); path = App; sourceTree = "<group>";};
        G2 = {isa = PBXGroup; children = (F2, V1); name = "Only a name"; sourceTree = "<group>";};
        F1 = {isa = PBXFileReference; path = Info.plist; sourceTree = "<group>";};
        F2 = {isa = PBXFileReference; path = "Nested/Deep.swift"; sourceTree = "<group>";};
        V1 = {isa = PBXVariantGroup; children = (F3, F7); name = InfoPlist.strings; sourceTree = "<group>";};
        F3 = {isa = PBXFileReference; name = de; path = de.lproj/InfoPlist.strings; sourceTree = "<group>";};
        F7 = {isa = PBXFileReference; name = en; path = en.lproj/InfoPlist.strings; sourceTree = "<group>";};
        F4 = {isa = PBXFileReference; path = Shared/Root.xcconfig; sourceTree = SOURCE_ROOT;};
        F5 = {isa = PBXFileReference; path = /opt/absolute.strings; sourceTree = "<absolute>";};
        F6 = {isa = PBXFileReference; path = App.app; sourceTree = BUILT_PRODUCTS_DIR;};
        T0 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildPhases = (R0); buildConfigurationList = L1;};
        R0 = {isa = PBXResourcesBuildPhase; files = (B0);};
        B0 = {isa = PBXBuildFile; fileRef = V1;};
        L0 = {isa = XCConfigurationList; buildConfigurations = (C0);};
        L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2); defaultConfigurationName = Beta;};
        C0 = {isa = XCBuildConfiguration; name = Beta; buildSettings = {SDKROOT = iphoneos;};};
        C1 = {isa = XCBuildConfiguration; name = Alpha; buildSettings = {};};
        C2 = {isa = XCBuildConfiguration; name = Beta; buildSettings = {
          INFOPLIST_FILE = "App/Info.plist";
          "INFOPLIST_KEY_NSUserTrackingUsageDescription" = "Ads, \\"fitting\\".";
        };};
      };
      rootObject = P0;
    }
    """

  func project(_ text: String) throws -> XcodeProject {
    let root = try makeApp(["Paths.xcodeproj/project.pbxproj": text])
    return try XcodeProject(bundle: FilePath(root).appending("Paths.xcodeproj"), reader: InputFiles())
  }

  @Test(arguments: [
    // Xcode: `<group>` is relative to the enclosing group; a group with only a name adds nothing.
    ("F1", "App/Info.plist"), ("F2", "App/Nested/Deep.swift"),
    // A variant group's children are relative to the group that holds the variant group.
    ("F3", "App/de.lproj/InfoPlist.strings"),
    // `SOURCE_ROOT` is the folder holding the .xcodeproj; `<absolute>` is as written.
    ("F4", "Shared/Root.xcconfig"), ("F5", "/opt/absolute.strings"),
  ])
  func everyFileHasItsPlace(identifier: String, relative: String) throws {
    let project = try project(Self.paths)
    let path = try #require(project.paths[identifier])
    if relative.hasPrefix("/") {
      #expect(path.string == relative)
    } else {
      #expect(path.relative(to: project.sourceRoot) == relative)
    }
  }

  @Test func buildProductsHaveNoPlaceOnDisk() throws {
    #expect(try project(Self.paths).paths["F6"] == nil)
  }

  @Test func theResourcesPhaseGivesEachLanguagesFile() throws {
    let project = try project(Self.paths)
    let target = try #require(project.applicationTargets.first)
    #expect(
      project.resources(of: target).compactMap { $0.relative(to: project.sourceRoot) } == [
        "App/de.lproj/InfoPlist.strings", "App/en.lproj/InfoPlist.strings",
      ])
  }

  @Test func settingsComeFromTheConfigurationAskedForOrTheDefault() throws {
    let project = try project(Self.paths)
    let target = try #require(project.applicationTargets.first)
    #expect(project.configurations(of: target).names == ["Alpha", "Beta"])
    #expect(try ProjectApp.configuration(nil, of: project, target).get() == "Beta")
    var notes = ExpansionNotes()
    let settings = project.settings(of: target, configuration: "Beta", reader: InputFiles()).settings
    // Quoted values are read with their escapes, like every old-style property list.
    #expect(
      settings.value("INFOPLIST_KEY_NSUserTrackingUsageDescription", notes: &notes) == "Ads, \"fitting\".")
    #expect(settings.setting("INFOPLIST_FILE")?.location == SourceLocation(line: 26, column: 7))
    #expect(settings.value("DEVELOPMENT_LANGUAGE", notes: &notes) == "de")
    #expect(throws: AppResources.LoadFailure.self) { try ProjectApp.configuration("Gamma", of: project, target).get() }
  }

  @Test(arguments: [
    "", "{ objects = { }; }", "// !$*UTF8*$!\n{ rootObject = X; objects = { X = {isa = PBXGroup;}; }; }", "{ a = ",
  ])
  func aFileThatIsNotAProjectSaysSo(text: String) throws {
    let error = try #require(throws: Diagnostic.self) { _ = try project(text) }
    #expect(error.file.hasSuffix("Paths.xcodeproj/project.pbxproj") && error.severity == .error)
  }

  @Test func xcode16FoldersBelongToTheirTargetLessTheExceptions() throws {
    let project = try XcodeProject(
      bundle: FilePath(Self.fixtures.appendingPathComponent("Xcode16App/Xcode16App.xcodeproj").path),
      reader: InputFiles())
    let targets = project.applicationTargets
    #expect(targets.map(\.name) == ["Xcode16App", "Clip"])
    #expect(targets.map(\.isAppClip) == [false, true])
    let app = Set(project.resources(of: targets[0]).compactMap { $0.relative(to: project.sourceRoot) })
    // Info.plist and the Drafts folder are membership exceptions; the widget's folder is another target's.
    #expect(
      app.contains("Xcode16App/de.lproj/InfoPlist.strings") && app.contains("Xcode16App/mul.lproj/Main.xcstrings"))
    #expect(!app.contains("Xcode16App/Info.plist") && !app.contains("Xcode16App/Drafts/fr.lproj/InfoPlist.strings"))
    #expect(!app.contains { $0.hasPrefix("Widget/") })
    // An exception for another target adds the file to it: the Clip gets the app folder's ja file.
    let clip = project.resources(of: targets[1]).compactMap { $0.relative(to: project.sourceRoot) }
    #expect(clip.sorted() == ["Clip/InfoPlist.strings", "Xcode16App/ja.lproj/InfoPlist.strings"])
  }
}
