import Foundation
import Testing

/// `prompts` and `check` on projects a generator makes, from their specs (Tests/Fixtures).
@Suite struct GeneratorCommandTests {
  @Test func promptsAnswersFromAnXcodeGenSpecWithItsDevelopmentRegion() throws {
    let outcome = attsim(
      "prompts", RealProjectCommandTests.path("XcodeGenApp"), "--locale", "fr", "--key", "NSCameraUsageDescription",
      "--format", "json")
    #expect(outcome.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
    #expect(object["development_region"] as? String == "ko" && object["target"] as? String == "XcodeGenApp")
    let prompt = try #require((object["prompts"] as? [[String: Any]])?.first)
    #expect(prompt["localization"] as? String == "ko" && prompt["kind"] as? String == "build-setting")
    #expect(prompt["text"] as? String == "XcodeGenApp scans receipts with the camera.")
    let source = try #require(prompt["source"] as? [String: Any])
    #expect(source["file"] as? String == "project.yml" && source["line"] as? Int == 16)
  }

  @Test func checkReadsATuistManifestAndSaysWhatItDidNotEvaluate() {
    let outcome = attsim("check", RealProjectCommandTests.path("TuistApp"))
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("NSPhotoLibraryUsageDescription is from code, not evaluated"))
    #expect(outcome.out.contains("has no NSCameraUsageDescription: the en camera prompt shows the de text"))
    #expect(!outcome.out.contains("no-app"))
  }

  @Test func aTuistProjectReadFromItsOwnFolderAsDotFindsItsGeneratedInfoPlist() throws {
    let folder = URL(fileURLWithPath: RealProjectCommandTests.path("TuistApp"))
    let outcome = try runBuilt(
      ["prompts", ".", "--locale", "en", "--key", "NSUserTrackingUsageDescription"], in: folder)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("TuistApp uses your activity to show ads that fit you."), "\(outcome.out)")
    #expect(outcome.out.contains("Info.plist generated · 2 localizations"), "\(outcome.out)")
  }

  @Test func aSpecGivenByNameIsItsProject() {
    let outcome = attsim("prompts", RealProjectCommandTests.path("XcodeGenApp") + "/project.yml", "--locale", "en")
    #expect(outcome.status == 0 && outcome.out.hasPrefix("XcodeGenApp (target XcodeGenApp) · development region ko"))
  }
}
