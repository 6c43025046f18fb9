import ConsentCore
import Testing

/// SPEC §1.3: `requestTrackingAuthorization`, rule by rule and in order.
@Suite struct RequestRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var setup: [Action]
    var prompt: Bool
    var status: String
    var crashed: Bool = false
    var story: String

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "rule 1: iOS 13 has no ATT", setup: [device(ios: "13.7")], prompt: false, status: "unavailable",
      story: "has no ATTrackingManager"),
    Case(
      name: "rule 2: no usage description crashes", setup: [.appConfigured(AppChange(hasUsageDescription: false))],
      prompt: false, status: "notDetermined", crashed: true, story: "crashed"),
    Case(
      name: "rule 2 comes before rule 3",
      setup: [device(restricted: true), .appConfigured(AppChange(hasUsageDescription: false))], prompt: false,
      status: "restricted", crashed: true, story: "crashed"),
    Case(
      name: "rule 3: restricted, no prompt", setup: [device(restricted: true)], prompt: false, status: "restricted",
      story: "already restricted"),
    Case(
      name: "rule 3: answered, no prompt", setup: [.trackingRequested, .askNotToTrackTapped], prompt: false,
      status: "denied", story: "already denied"),
    Case(
      name: "rule 4: global switch off reads denied", setup: [device(trackingSwitch: false)], prompt: false,
      status: "denied", story: "nothing remembered"),
    Case(
      name: "rule 5: iOS 15 inactive app", setup: [.appConfigured(AppChange(lifecycle: .inactive))], prompt: false,
      status: "notDetermined", story: "shows no prompt"),
    Case(
      name: "rule 5: iOS 15 background app",
      setup: [device(ios: "15.0"), .appConfigured(AppChange(lifecycle: .background))],
      prompt: false, status: "notDetermined", story: "shows no prompt"),
    Case(
      name: "rule 5 does not exist on iOS 14",
      setup: [device(ios: "14.5"), .appConfigured(AppChange(lifecycle: .inactive))],
      prompt: true, status: "notDetermined", story: "ATT dialog shown"),
    Case(
      name: "rule 6: another alert on screen", setup: [device(otherAlert: true)], prompt: false,
      status: "notDetermined",
      story: "another system alert"),
    Case(
      name: "rule 5 comes before rule 6",
      setup: [device(otherAlert: true), .appConfigured(AppChange(lifecycle: .background))], prompt: false,
      status: "notDetermined", story: "shows no prompt"),
    Case(name: "rule 7: the dialog shows", setup: [], prompt: true, status: "notDetermined", story: "ATT dialog shown"),
  ]

  @Test(arguments: cases)
  func requestFollowsTheFirstRuleThatApplies(_ testCase: Case) throws {
    var subject = try state(initialize())
    for action in testCase.setup { try subject.apply(action) }
    let story = try subject.apply(.trackingRequested)
    #expect(subject.app.promptOnScreen == testCase.prompt)
    #expect(subject.statusWord == testCase.status)
    #expect(subject.app.crashed == testCase.crashed)
    #expect(story.contains { $0.contains(testCase.story) }, "\(story)")
  }

  @Test func crashLeavesTheStatusAndNeedsARelaunch() throws {
    var subject = try state(initialize(), .appConfigured(AppChange(hasUsageDescription: false)), .trackingRequested)
    #expect(subject.app.crashed && !subject.sdk.initialized)
    #expect(throws: Refusal.appCrashed) { try subject.apply(.eventTracked(name: "x")) }
    try subject.apply(.relaunched)
    #expect(!subject.app.crashed && subject.statusWord == "notDetermined")
  }

  @Test(arguments: [(ATTAnswer.authorized, "authorized"), (.denied, "denied")])
  func answeringSetsTheStatusAndThePromptNeverShowsAgain(answer: ATTAnswer, expected: String) throws {
    let tap: Action = answer == .authorized ? .allowTapped : .askNotToTrackTapped
    var subject = try state(initialize(), .trackingRequested, tap)
    #expect(subject.statusWord == expected && !subject.app.promptOnScreen)
    try subject.apply(.trackingRequested)
    #expect(!subject.app.promptOnScreen)
    #expect(subject.sdk.payload.attAuthorizationStatus?.name == expected)
  }

  @Test func globalSwitchOffRemembersNothing() throws {
    var subject = try state(device(trackingSwitch: false), .trackingRequested)
    #expect(subject.app.answer == nil && subject.statusWord == "denied")
    try subject.apply(device(trackingSwitch: true))
    #expect(subject.statusWord == "notDetermined")
    try subject.apply(.trackingRequested)
    #expect(subject.app.promptOnScreen)
  }

  @Test func inactiveRequestLeavesThePromptForLater() throws {
    var subject = try state(.appConfigured(AppChange(lifecycle: .inactive)), .trackingRequested)
    #expect(subject.warningKinds.contains(.promptNeedsActiveApp))
    try subject.apply(.appConfigured(AppChange(lifecycle: .active)))
    try subject.apply(.trackingRequested)
    #expect(subject.app.promptOnScreen)
  }

  @Test func tapWithoutADialogIsRefusedAndChangesNothing() throws {
    var subject = try state(initialize())
    let before = subject
    #expect(throws: Refusal.noPrompt) { try subject.apply(.allowTapped) }
    #expect(subject == before)
  }

  @Test func relaunchWithTheDialogUpDismissesItUnanswered() throws {
    var subject = try state(.trackingRequested, .relaunched)
    #expect(!subject.app.promptOnScreen && subject.app.answer == nil)
    try subject.apply(.trackingRequested)
    #expect(subject.app.promptOnScreen)
  }

  @Test func prePermissionContinueRequestsAndNotNowDoesNot() throws {
    var subject = try state(initialize(), .prePermissionShown)
    #expect(subject.app.screen == .prePermission)
    try subject.apply(.prePermissionDeclined)
    #expect(subject.app.screen == .home)
    try subject.apply(.prePermissionShown)
    try subject.apply(.prePermissionContinued)
    #expect(subject.app.promptOnScreen)
    #expect(throws: Refusal.noPrePermissionScreen) { try subject.apply(.prePermissionContinued) }
  }

  @Test func prePermissionAfterAnAnswerWarns() throws {
    let subject = try state(.trackingRequested, .allowTapped, .prePermissionShown)
    #expect(subject.warningKinds.contains(.prePermissionPointless))
  }
}
