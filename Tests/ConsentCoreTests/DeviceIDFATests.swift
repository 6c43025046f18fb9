import ConsentCore
import Testing

/// SPEC §1.4: what `ASIdentifierManager.advertisingIdentifier` hands out.
@Suite struct DeviceIDFATests {
  struct Case: CustomTestStringConvertible, Sendable {
    var ios: String
    var kind: DeviceKind = .device
    var trackingSwitch = true
    var limitAdTracking = false
    var answer: ATTAnswer?
    var real: Bool

    var testDescription: String {
      "iOS \(ios) \(kind) switch \(trackingSwitch) LAT \(limitAdTracking) \(answer.map { "\($0)" } ?? "unanswered") → \(real ? "real" : "zero")"
    }
  }

  static let cases: [Case] = [
    Case(ios: "26.0", kind: .simulator, answer: .authorized, real: false),
    Case(ios: "13.7", kind: .simulator, real: false),
    Case(ios: "12.4", real: true),
    Case(ios: "13.7", real: true),
    Case(ios: "13.7", limitAdTracking: true, real: false),
    Case(ios: "14.4", answer: .authorized, real: true),
    Case(ios: "14.4", real: true),
    Case(ios: "14.4", trackingSwitch: false, real: false),
    Case(ios: "14.4", answer: .denied, real: false),
    Case(ios: "14.5", real: false),
    Case(ios: "14.5", answer: .authorized, real: true),
    Case(ios: "14.5", answer: .denied, real: false),
    Case(ios: "17.4", limitAdTracking: true, answer: .authorized, real: true),
    Case(ios: "26.0", trackingSwitch: false, answer: .authorized, real: true),
  ]

  @Test(arguments: cases)
  func deviceHandsOutTheIDFAOnlyWhenIOSAllows(_ testCase: Case) throws {
    var subject = try state(device(ios: testCase.ios, kind: testCase.kind, limitAdTracking: testCase.limitAdTracking))
    if let answer = testCase.answer {
      try subject.apply(.trackingRequested)
      try subject.apply(answer == .authorized ? .allowTapped : .askNotToTrackTapped)
    }
    try subject.apply(device(trackingSwitch: testCase.trackingSwitch))
    #expect(subject.deviceIDFA == (testCase.real ? IDFA.demo : IDFA.zero))
  }

  @Test func restrictedDeviceOnIOS14_4HandsOutZero() throws {
    let subject = try state(device(ios: "14.4", restricted: true))
    #expect(subject.statusWord == "restricted" && subject.deviceIDFA == IDFA.zero)
  }

  @Test(arguments: [
    ("6D92078A-8246-4BA4-AE5B-76104861E7DC", true), ("6d92078a-8246-4ba4-ae5b-76104861e7dc", true),
    ("6D92078A82464BA4AE5B76104861E7DC", false), ("6D92078A-8246-4BA4-AE5B-76104861E7D", false),
    ("GD92078A-8246-4BA4-AE5B-76104861E7DC", false), ("", false), ("00", false),
  ])
  func recognisesUUIDs(text: String, isUUID: Bool) {
    #expect(IDFA.isUUID(text) == isUUID)
  }
}
