import ConsentCore
import Testing

@Suite struct IOSVersionTests {
  @Test(arguments: [
    ("14.5", IOSVersion(14, 5)), ("26.0", IOSVersion(26, 0)), ("13", IOSVersion(13, 0)),
    ("17.4.1", IOSVersion(17, 4, 1)),
  ])
  func parsesReleasesThatExist(text: String, expected: IOSVersion) {
    #expect(IOSVersion(text) == expected)
  }

  @Test(arguments: ["19.0", "25.1", "11.4", "", "14.", ".5", "14.x", "14.5.1.2", "-14", "١٤"])
  func rejectsReleasesThatDoNotExist(text: String) {
    #expect(IOSVersion(text) == nil)
  }

  @Test func facts() {
    #expect(!IOSVersion(13, 7).hasATT && IOSVersion(14, 0).hasATT)
    #expect(!IOSVersion(14, 4).idfaNeedsAuthorization && IOSVersion(14, 5).idfaNeedsAuthorization)
    #expect(!IOSVersion(14, 8).promptNeedsActiveApp && IOSVersion(15, 0).promptNeedsActiveApp)
    #expect(IOSVersion(15, 0).trackingSettingsPath == "Settings › Privacy › Tracking")
    #expect(IOSVersion(16, 0).trackingSettingsPath == "Settings › Privacy & Security › Tracking")
  }

  @Test func nextPlanVersionCyclesThroughThePlan() {
    var version = IOSVersion.planVersions[0]
    var seen: [IOSVersion] = []
    for _ in IOSVersion.planVersions {
      seen.append(version)
      version = version.nextPlanVersion
    }
    #expect(seen == IOSVersion.planVersions)
    #expect(version == IOSVersion.planVersions[0])
    #expect(IOSVersion(16, 0).nextPlanVersion == IOSVersion(17, 4))
  }
}
