import Foundation
import TestApps
import Testing

@testable import AttsimCommands

/// `attsim review`: the App Review checks that concern ATT, on the demo app, on apps where the prompt shows
/// and where it cannot, on hostile names, in every format.
@Suite struct ReviewCommandTests {
  private let demoApp = repositoryRoot.appendingPathComponent("Assets/DemoApp").path

  /// An app that asks for tracking with a good purpose string and declares it in its manifest.
  private func trackingApp(name: String = "Shop") throws -> String {
    try makeApp([
      "Info.plist": infoPlist([
        "CFBundleDisplayName": name,
        "NSUserTrackingUsageDescription": "Your data is used to show you ads for products you looked at in the app.",
      ])
    ])
  }

  /// A script file with `lines`, in a fresh folder.
  private func script(_ lines: String, named name: String = "walk.attsim") throws -> String {
    try write(lines, to: name, in: try temporaryFolder())
  }

  /// The review as JSON, parsed.
  private func json(_ arguments: [String]) throws -> (status: Int32, object: [String: Any]) {
    let outcome = attsim(["review"] + arguments + ["--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any]
    return (outcome.status, try #require(object, "\(outcome.err)"))
  }

  /// The items of the first app's section whose guidelines are `guidelines`.
  private func items(_ object: [String: Any], _ guidelines: String) -> [[String: Any]] {
    let apps = object["apps"] as? [[String: Any]] ?? []
    let sections = apps.first?["sections"] as? [[String: Any]] ?? []
    let section = sections.first { $0["guidelines"] as? String == guidelines }
    return section?["items"] as? [[String: Any]] ?? []
  }

  @Test func theDemoAppIsReadyAndItsReplySaysWhereTheSwitchIs() {
    let outcome = attsim("review", demoApp)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("ready: nothing found that App Review would reject"))
    #expect(outcome.out.contains("✓ [2.1] iOS 26.0, as the walk sets the device: shown: request: ATT dialog shown"))
    #expect(
      outcome.out.contains(
        "! [2.1] Allow Apps to Request to Track off: not shown: request: Allow Apps to Request to Track is off"))
    #expect(outcome.out.contains("another system alert pending: not shown"))
    #expect(outcome.out.contains("the request from an app extension: not shown"))
    for heading in ["2.1 ", "5.1.1(ii) ", "5.1.1(iv) ", "5.1.2(i), 3.2.2 ", "Reply to App Review (2.1)"] {
      #expect(outcome.out.contains("\n" + heading), "\(heading)")
    }
    let reply = outcome.out.components(separatedBy: "Reply to App Review (2.1)\n").last ?? ""
    let joined = reply.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(joined.contains("Settings › Privacy & Security › Tracking › Allow Apps to Request to Track is off"))
    #expect(joined.contains("when it is opened for the first time"))
  }

  @Test func aWalkThatAsksBeforeTheAppIsActiveHidesThePromptAndIsRejected() throws {
    let walk = try script("sdk init\napp state=inactive\nrequest\n")
    let (status, object) = try json([try trackingApp(), "--script", walk])
    #expect(status == 1)
    #expect(object["verdict"] as? String == "rejected")
    let asWritten = try #require(items(object, "2.1").first)
    #expect(asWritten["verdict"] as? String == "rejects")
    #expect(asWritten["shown"] as? Bool == false)
    #expect(asWritten["text"] as? String == "request: the app is inactive, iOS 26.0 shows no prompt")
    #expect(asWritten["walk"] as? String == walk)
    // The prompt never showed, so there is nothing to tell App Review how to see.
    let apps = object["apps"] as? [[String: Any]]
    #expect(apps?.first?["reply"] is NSNull)
  }

  @Test func aWalkThatAsksWhenActiveShowsThePromptAndTheReplySaysWhen() throws {
    let walk = try script("sdk init\nprepermission show\nprepermission continue\ntap allow\n")
    let outcome = attsim("review", try trackingApp(), "--script", walk)
    #expect(outcome.status == 0, "\(outcome.out)")
    #expect(outcome.out.contains("✓ [2.1] iOS 26.0, as the walk sets the device: shown: request: ATT dialog shown"))
    #expect(outcome.out.contains("✓ [5.1.1(iv)] the pre-permission screen leads only to the request"))
    #expect(outcome.out.contains("after its own screen that explains tracking"))
  }

  @Test func aPrePermissionScreenWithAWayPastThePromptIsRejectedAtItsLine() throws {
    let walk = try script("sdk init\nprepermission show\nprepermission not-now\nprepermission continue\n")
    let (status, object) = try json([try trackingApp(), "--script", walk])
    #expect(status == 1)
    let item = try #require(items(object, "5.1.1(iv)").first)
    #expect(item["verdict"] as? String == "rejects")
    #expect(item["place"] as? String == "\(walk):3:1")
    #expect((item["text"] as? String)?.contains("Guideline 5.1.1(iv)") == true)
  }

  @Test func aLibraryScenarioGoesByItsName() throws {
    let (status, object) = try json([try trackingApp(), "--script", "prepermission"])
    #expect(status == 1)
    #expect(items(object, "5.1.1(iv)").first?["place"] as? String == "prepermission:6:1")
    #expect(items(object, "2.1").first?["walk"] as? String == "prepermission")
  }

  @Test func anIDFASentWithoutAuthorizationIsTrackingWithoutATT() throws {
    let walk = try script(
      "sdk init integration=method-b\nmethod-b status=denied idfa=6D92078A-8246-4BA4-AE5B-76104861E7DC\n")
    let (status, object) = try json([try trackingApp(), "--script", walk])
    #expect(status == 1)
    let item = try #require(items(object, "5.1.2(i), 3.2.2").first)
    #expect(item["verdict"] as? String == "rejects")
    #expect(item["guideline"] as? String == "5.1.2(i)")
    #expect((item["text"] as? String)?.contains("an IDFA travels with att_authorization_status denied") == true)
  }

  @Test func aManifestThatDeclaresTrackingTheAppCannotAskForIsRejected() throws {
    let app = try makeApp([
      "Info.plist": infoPlist(["CFBundleDisplayName": "Quiet"]),
      "PrivacyInfo.xcprivacy": privacyManifest(tracking: "<true/>", domains: ["ads.example"]),
    ])
    let (status, object) = try json([app])
    #expect(status == 1)
    #expect(items(object, "2.1").first?["verdict"] as? String == "note")
    let tracking = items(object, "5.1.2(i), 3.2.2")
    #expect(
      tracking.contains { $0["rule"] as? String == "tracking-without-prompt" && $0["verdict"] as? String == "rejects" })
    let manifest = items(object, "5.1.2(i)")
    #expect(
      manifest.first?["text"] as? String == "the app's manifest: NSPrivacyTracking true, tracking domains ads.example")
  }

  @Test func anEmptyPurposeStringIsRejectedUnderItsGuideline() throws {
    let app = try makeApp([
      "Info.plist": infoPlist(["CFBundleDisplayName": "Blank", "NSUserTrackingUsageDescription": ""])
    ])
    let (status, object) = try json([app])
    #expect(status == 1)
    let item = try #require(items(object, "5.1.1(ii)").first { $0["rule"] as? String == "empty-value" })
    #expect(item["verdict"] as? String == "rejects")
    #expect(item["guideline"] as? String == "5.1.1(ii)")
  }

  @Test func aPlaceholderAndADenialOfTrackingAreRejectedUnderPurposeStrings() throws {
    let app = try makeApp([
      "Info.plist": infoPlist([
        "CFBundleDisplayName": "Denial",
        "NSUserTrackingUsageDescription": "We do not track you. Your data is used to measure ads.",
        "NSCameraUsageDescription": "TODO",
      ]),
      "PrivacyInfo.xcprivacy": privacyManifest(tracking: "<true/>", domains: ["ads.example"]),
    ])
    let (status, object) = try json([app])
    #expect(status == 1)
    let purposeStrings = items(object, "5.1.1(ii)")
    for rule in ["placeholder", "denies-tracking"] {
      let item = purposeStrings.first { $0["rule"] as? String == rule }
      #expect(item?["verdict"] as? String == "rejects", "\(rule) in \(purposeStrings)")
    }
  }

  @Test func anInfoPlistXcodeCannotReadIsRejectedNotReady() throws {
    let app = try makeApp([
      "Info.plist": "<plist><dict><key>NSUserTrackingUsageDescription</key><string>Ads</dict>"
    ])
    let (status, object) = try json([app])
    #expect(status == 1)
    let item = items(object, "5.1.1(ii)").first { $0["rule"] as? String == "parse-error" }
    #expect(item?["verdict"] as? String == "rejects" && item?["guideline"] as? String == "2.1", "\(object)")
  }

  @Test func anUndefinedBuildVariableCountsOnlyInAPurposeString() throws {
    func review(_ values: [String: String]) throws -> [[String: Any]] {
      items(try json([try makeApp(["Info.plist": infoPlist(values)])]).object, "5.1.1(ii)")
    }
    let named = try makeApp([
      "Info.plist": infoPlist(["CFBundleDisplayName": "$(NAME)", "NSCameraUsageDescription": "Scan a receipt."])
    ])
    #expect(attsim("check", named).out.contains("[build-variable"))
    #expect(!items(try json([named]).object, "5.1.1(ii)").contains { $0["rule"] as? String == "build-variable" })
    let purpose = try review(["NSCameraUsageDescription": "$(CAMERA_REASON)"])
    #expect(purpose.contains { $0["rule"] as? String == "build-variable" && $0["verdict"] as? String == "rejects" })
  }

  @Test func theDeploymentTargetsIOSIsWalkedToo() {
    let flutter = repositoryRoot.appendingPathComponent("Tests/Fixtures/FlutterApp").path
    let outcome = attsim("review", flutter)
    #expect(
      outcome.out.contains(
        "· [2.1] iOS 12.0, the deployment target: not shown: request: iOS 12.0 has no ATTrackingManager; nothing happens"
      ))
  }

  /// A name with an escape sequence, a line break, Markdown and HTML reaches no output raw.
  @Test(arguments: ReviewFormat.allCases)
  func aHostileAppNameReachesNoOutputRaw(format: ReviewFormat) throws {
    let name = "Evil\u{1B}]0;owned\u{07}\u{1B}[31m\n<b>*x*</b>|`"
    let outcome = attsim("review", try trackingApp(name: name), "--format", format.rawValue)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(!outcome.out.contains("\u{1B}") && !outcome.out.contains("\u{07}"))
    switch format {
    case .text: #expect(outcome.out.hasPrefix("attsim review: Evil\\u{1B}]0;owned"))
    case .markdown:
      #expect(!outcome.out.contains("<b>"))
      #expect(outcome.out.split(separator: "\n").first?.hasPrefix("# App Review readiness: Evil") == true)
    case .json:
      let object = try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any]
      let apps = object?["apps"] as? [[String: Any]]
      #expect(apps?.first?["app"] as? String == name)
    }
  }

  @Test func everyFormatSaysTheSameVerdict() throws {
    let walk = try script("sdk init\napp state=inactive\nrequest\n")
    let app = try trackingApp()
    for format in ReviewFormat.allCases {
      let outcome = attsim("review", app, "--script", walk, "--format", format.rawValue)
      #expect(outcome.status == 1, "\(format)")
      #expect(outcome.out.contains(format == .json ? "\"verdict\":\"rejected\"" : "would be rejected: 1 finding"))
    }
  }

  @Test(arguments: [
    (["review", "/no/such/app"], "cannot review '/no/such/app': no such file or folder"),
    (["review", "Assets/DemoApp", "--script", "no-such-scenario"], "no file or library scenario 'no-such-scenario'"),
    (["review", "Assets/DemoApp/en.lproj/InfoPlist.strings"], "review needs an app, not one strings file"),
    (["review", "Assets/DemoApp", "--format", "html"], "html"),
  ])
  func badInputExits2WithOneLine(arguments: [String], message: String) {
    let outcome = attsim(
      arguments.map { $0.hasPrefix("Assets/") ? repositoryRoot.appendingPathComponent($0).path : $0 })
    #expect(outcome.status == 2)
    #expect(outcome.err.contains(message), "\(outcome.err)")
    #expect(outcome.out.isEmpty)
  }

  @Test func theLaunchScenariosAreInTheLibrary() {
    let names = Set(ScenarioLibrary.entries().map(\.name))
    for name in ReviewCommand.launchScenarios { #expect(names.contains(name), "\(name)") }
  }

  @Test func completionsAndTheManPageListTheCommand() {
    #expect(attsim("man").out.contains("review"))
    for shell in ["bash", "zsh", "fish"] {
      #expect(attsim("completion", shell).out.contains("review"), "\(shell)")
    }
    #expect(attsim("help", "review").out.contains("attsim review"))
  }
}
