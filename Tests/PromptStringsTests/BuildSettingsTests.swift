import Diagnostics
import FileAccess
import Foundation
import TestApps
import Testing

@testable import PromptCheck
@testable import PromptStrings
@testable import StringsFiles

/// Xcode's build settings as attsim layers and expands them; each row names the Xcode behaviour it follows.
@Suite struct BuildSettingsTests {
  /// Layers lowest first: project xcconfig, project, target xcconfig, target.
  static func settings(_ layers: [[String: String]], builtIn: [String: String] = [:]) -> BuildSettings {
    BuildSettings(
      layers: layers.map { $0.mapValues { BuildSetting(value: $0, file: "project.pbxproj", location: nil) } },
      builtIn: builtIn)
  }

  @Test(
    arguments: [
      // Xcode: a target's own settings win over its xcconfig, which wins over the project's.
      ("target over project", [["A": "px"], ["A": "p"], ["A": "tx"], ["A": "t"]], "$(A)", "t"),
      ("xcconfig under its level", [["A": "px"], ["A": "p"], ["A": "tx"], [:]], "$(A)", "tx"),
      ("project when the target is silent", [[:], ["A": "p"], [:], [:]], "$(A)", "p"),
      // $(inherited) is the value one level down.
      ("inherited", [[:], ["A": "base"], [:], ["A": "$(inherited) more"]], "$(A)", "base more"),
      (
        "inherited through every level", [["A": "1"], ["A": "$(inherited) 2"], [:], ["A": "$(inherited) 3"]], "$(A)",
        "1 2 3"
      ),
      // A setting that names itself reads the level below, as $(inherited) does (swift-build's macro evaluation).
      ("names itself", [[:], ["A": "base"], [:], ["A": "$(A) more"]], "$(A)", "base more"),
      ("names itself at the bottom", [[:], ["A": "$(A) x"], [:], [:]], "[$(A)]", "[ x]"),
      // All three reference forms.
      ("braces", [[:], ["N": "x"], [:], [:]], "${N}", "x"),
      ("bare dollar", [[:], ["N": "x"], [:], [:]], "$N-y", "x-y"),
      ("nested reference", [[:], ["KIND": "DEBUG", "NAME_DEBUG": "d"], [:], [:]], "$(NAME_$(KIND))", "d"),
      // Operators.
      ("lower", [[:], ["N": "My App"], [:], [:]], "$(N:lower)", "my app"),
      ("upper", [[:], ["N": "app"], [:], [:]], "$(N:upper)", "APP"),
      ("rfc1034identifier", [[:], ["N": "My App_1"], [:], [:]], "$(N:rfc1034identifier)", "My-App-1"),
      ("c99extidentifier", [[:], ["N": "My-App"], [:], [:]], "$(N:c99extidentifier)", "My_App"),
      ("default when empty", [[:], [:], [:], [:]], "$(NOPE:default=fallback)", "fallback"),
      // An undefined variable expands to nothing, as in an Xcode build.
      ("undefined is empty", [[:], [:], [:], [:]], "a$(NOPE)b", "ab"),
      ("a lone dollar stays", [[:], [:], [:], [:]], "5 $ off", "5 $ off"),
    ] as [(String, [[String: String]], String, String)])
  func expandsAsXcodeDoes(name: String, layers: [[String: String]], text: String, expected: String) {
    var notes = ExpansionNotes()
    #expect(Self.settings(layers).expand(text, notes: &notes) == expected, "\(name)")
  }

  @Test func undefinedVariablesAreNamed() {
    var notes = ExpansionNotes()
    _ = Self.settings([[:], [:], [:], [:]]).expand("$(APP_DISPLAY_NAME) $(OTHER)", notes: &notes)
    #expect(notes.unresolved == ["APP_DISPLAY_NAME", "OTHER"])
  }

  @Test func builtInSettingsSitUnderEveryLayer() {
    let settings = Self.settings(
      [[:], [:], [:], ["PRODUCT_NAME": "Shop"]],
      builtIn: ["TARGET_NAME": "Runner", "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_NAME": "$(PRODUCT_NAME)"])
    var notes = ExpansionNotes()
    #expect(settings.expand("$(EXECUTABLE_NAME)", notes: &notes) == "Shop")
    #expect(settings.expand("$(TARGET_NAME)", notes: &notes) == "Runner")
  }

  @Test func aSettingThatNamesItselfIsNoCycle() {
    var notes = ExpansionNotes()
    let settings = Self.settings([["F": "-lz"], [:], [:], ["F": "$(F) -ObjC"]])
    #expect(settings.expand("$(F)", notes: &notes) == "-lz -ObjC")
    #expect(notes.problems.isEmpty && notes.unresolved.isEmpty)
  }

  @Test func aSelfReferenceEndsInsteadOfLooping() {
    var notes = ExpansionNotes()
    let value = Self.settings([[:], ["A": "$(B)"], [:], ["B": "$(A)"]]).expand("$(A)", notes: &notes)
    #expect(value.isEmpty)
  }

  @Test func booleansReadAsXcodeWritesThem() {
    let settings = Self.settings([[:], ["Y": "YES", "L": "yes", "N": "NO"], [:], [:]])
    #expect(settings.isOn("Y") && settings.isOn("L") && !settings.isOn("N") && !settings.isOn("MISSING"))
  }
}

@Suite struct XcconfigTests {
  func folder(_ files: [String: String]) throws -> FilePath {
    FilePath(try makeApp(files))
  }

  @Test func includesAreReadInPlaceRelativeToTheIncludingFile() throws {
    let root = try folder([
      "Flutter/Release.xcconfig":
        "#include? \"Pods/Target Support Files/Pods-Runner/Pods-Runner.release.xcconfig\"\n#include \"Generated.xcconfig\"\nAFTER = 2\n",
      "Flutter/Generated.xcconfig": "// generated\nFLUTTER_BUILD_NAME=1.2.3\nAFTER = 1\nURL = https://example.com\n",
    ])
    let file = XcconfigFile(
      path: root.appending("Flutter/Release.xcconfig"), configuration: "Release", reader: InputFiles())
    #expect(file.settings["FLUTTER_BUILD_NAME"]?.value == "1.2.3")
    #expect(file.settings["FLUTTER_BUILD_NAME"]?.location == SourceLocation(line: 2, column: 1))
    #expect(file.settings["FLUTTER_BUILD_NAME"]?.file.hasSuffix("Flutter/Generated.xcconfig") == true)
    // Later lines win; `//` starts a comment even inside a value, as in Xcode.
    #expect(file.settings["AFTER"]?.value == "2")
    #expect(file.settings["URL"]?.value == "https:")
    // `#include?` may be missing (Flutter's Pods include before `pod install`).
    #expect(file.missingIncludes.isEmpty)
  }

  @Test func aMissingPlainIncludeIsNamed() throws {
    let root = try folder(["a.xcconfig": "#include \"missing.xcconfig\"\n"])
    let file = XcconfigFile(path: root.appending("a.xcconfig"), configuration: "Release", reader: InputFiles())
    #expect(file.missingIncludes.map { FilePath($0.file).lastComponent } == ["missing.xcconfig"])
  }

  @Test(
    arguments: [
      ("KEY[sdk=iphoneos*] = ios", "Release", "ios"), ("KEY[sdk=macosx*] = mac", "Release", nil),
      ("KEY[config=Debug] = debug", "Debug", "debug"), ("KEY[config=Debug] = debug", "Release", nil),
      ("KEY[sdk=iphoneos*][arch=arm64] = both", "Release", "both"),
    ] as [(String, String, String?)])
  func conditionsApplyToIOSAndTheConfiguration(line: String, configuration: String, expected: String?) throws {
    let root = try folder(["c.xcconfig": line + "\n"])
    #expect(
      XcconfigFile(path: root.appending("c.xcconfig"), configuration: configuration, reader: InputFiles()).settings[
        "KEY"]?.value == expected)
  }

  @Test func includeCyclesEnd() throws {
    let root = try folder([
      "a.xcconfig": "#include \"b.xcconfig\"\nA = 1\n", "b.xcconfig": "#include \"a.xcconfig\"\nB = 2\n",
    ])
    let file = XcconfigFile(path: root.appending("a.xcconfig"), configuration: "Release", reader: InputFiles())
    #expect(file.settings["A"]?.value == "1" && file.settings["B"]?.value == "2")
  }

  // MARK: Budgets (issue 23)

  @Test func aValueThatFansOutIsCutAtItsLimit() {
    var layer: [String: String] = ["A6": "xxxxxxxx"]
    for level in 0..<6 { layer["A\(level)"] = String(repeating: "$(A\(level + 1))", count: 16) }
    var notes = ExpansionNotes()
    let value = BuildSettingsTests.settings([[:], layer, [:], [:]]).expand("$(A0)", notes: &notes)
    #expect(value.utf8.count == BuildSettings.maximumLength)
    #expect(notes.problems == ["a build setting expands past 64 KB; attsim cut it there"])
  }

  @Test func nestingPastTheDepthLimitEndsWithANote() {
    let deep = String(repeating: "$(", count: 10_000) + "X" + String(repeating: ")", count: 10_000)
    var notes = ExpansionNotes()
    _ = BuildSettingsTests.settings([[:], ["X": "x"], [:], [:]]).expand(deep, notes: &notes)
    #expect(notes.problems.contains { $0.contains("more than 32 deep") })
  }

  @Test func aSettingThatNamesItselfManyTimesReadsTheLevelBelow() {
    var notes = ExpansionNotes()
    let settings = BuildSettingsTests.settings([[:], ["FOO": "$(FOO)$(FOO)$(FOO)$(FOO)", "BAR": "a$(FOO)b"], [:], [:]])
    #expect(settings.expand("$(BAR)", notes: &notes) == "ab")
    #expect(notes.problems.isEmpty && notes.unresolved.isEmpty)
  }

  @Test func theProcessEnvironmentIsNeverAVariable() {
    var notes = ExpansionNotes()
    #expect(BuildSettingsTests.settings([[:], [:], [:], [:]]).expand("$(HOME)$(PATH)$(USER)", notes: &notes).isEmpty)
    #expect(notes.unresolved == ["HOME", "PATH", "USER"])
  }

  @Test func anIncludeOfItselfSpelledOtherwiseIsALoop() throws {
    let root = try folder([
      "Base.xcconfig": "#include \"a/../Base.xcconfig\"\n#include \"./Base.xcconfig\"\nA = 1\n", "a/b.xcconfig": "",
    ])
    let file = XcconfigFile(path: root.appending("Base.xcconfig"), configuration: "Release", reader: InputFiles())
    #expect(file.settings["A"]?.value == "1")
    #expect(file.refusedIncludes.map(\.location.line) == [1, 2])
    #expect(file.refusedIncludes.allSatisfy { $0.reason.contains("includes itself") && !$0.leavesProject })
  }

  @Test func aDiamondOfIncludesStopsAtTheLimit() throws {
    // Each level includes the next three times: 3^12 includes if nothing stopped it.
    var files: [String: String] = [:]
    for level in 0..<12 {
      files["l\(level).xcconfig"] = String(repeating: "#include \"l\(level + 1).xcconfig\"\n", count: 3)
    }
    files["l12.xcconfig"] = "LEAF = yes\n"
    let root = try folder(files)
    let file = XcconfigFile(path: root.appending("l0.xcconfig"), configuration: "Release", reader: InputFiles())
    #expect(file.settings["LEAF"]?.value == "yes")
    #expect(file.refusedIncludes.first?.reason.contains("at most 256 includes") == true)
  }

  @Test func anIncludeOutsideTheProjectIsRefusedAndNamed() throws {
    let root = try folder(["project/a.xcconfig": "#include \"../secret.xcconfig\"\n", "secret.xcconfig": "TOKEN = s\n"])
    let reader = try #require(InputFiles(confinedTo: root.appending("project")))
    let file = XcconfigFile(path: root.appending("project/a.xcconfig"), configuration: "Release", reader: reader)
    #expect(file.settings["TOKEN"] == nil)
    #expect(file.refusedIncludes.count == 1 && file.refusedIncludes[0].leavesProject)
    #expect(file.refusedIncludes[0].location == SourceLocation(line: 1, column: 1))
  }
}
