import ConsentCore
import Scenarios
import Testing
import TextSupport

@Suite struct ScriptRunnerTests {
  func run(_ source: String) throws -> (passed: Bool, results: [StepResult]) {
    let script = try ScriptParser.parse(source, file: "t.attsim")
    var results: [StepResult] = []
    let passed = ScriptRunner.run(script) { results.append($0) }
    return (passed, results)
  }

  @Test func failedExpectationSaysKeyExpectedAndActual() throws {
    let (passed, results) = try run(
      "sdk init\nrequest\ntap allow\nexpect status=denied prompt=none advertising_id=zero\n")
    #expect(!passed)
    let failures = results.last!.failures
    #expect(
      failures.map(\.sentence) == [
        "status: expected denied, got authorized",
        "advertising_id: expected zero, got \(IDFA.demo)",
      ])
    #expect(failures.map(\.expectation.column) == [8, 34])
  }

  @Test func refusedStepStopsTheScript() throws {
    let (passed, results) = try run("tap allow\nexpect status=authorized\n")
    #expect(!passed)
    #expect(results.count == 1)
    #expect(results[0].refusal == .noPrompt)
  }

  @Test func runsEveryStepWhenExpectationsFail() throws {
    let (passed, results) = try run("expect status=denied\nexpect status=notDetermined\n")
    #expect(!passed && results.count == 2 && results[1].passed)
  }

  @Test(arguments: [
    ("expect device-idfa=zero", true),
    ("expect device-idfa=00000000-0000-0000-0000-000000000000", true),
    ("device ios=14.4\nexpect device-idfa=6d92078a-8246-4ba4-ae5b-76104861e7dc", true),
    ("expect warning=none", true),
    ("track x\nexpect warning=\"BEFORE COLLECT.INITIALIZE\"", true),
    ("track x\nexpect warning=none", false),
    ("expect event=none callback=none", true),
    ("sdk init integration=blog\nrequest\ntap allow\nexpect callback=false,IDFA", true),
    ("sdk init integration=blog\nrequest\ntap allow\nexpect callback=true,IDFA", false),
    ("sdk init integration=blog\nrequest\ntap allow\nexpect callback=false,00", false),
    ("sdk init integration=blog\nrequest\ntap allow\nexpect callback=false,\(IDFA.demo)", true),
    ("device kind=simulator\nsdk init integration=blog\nrequest\ntap allow\nexpect callback=false,zero", true),
    ("device kind=simulator\nsdk init integration=blog\nrequest\ntap allow\nexpect callback=false,IDFA", true),
    ("device kind=simulator\nsdk init integration=blog\nrequest\ntap allow\nexpect callback=false,00", false),
    ("device ios=12.4\nexpect status=unavailable", true),
    ("expect crashed=no prompt=none", true),
    ("sdk init\nmethod-b status=denied idfa=abc\nexpect advertising_id=abc", true),
    ("sdk init\nmethod-b status=denied idfa=abc\nexpect advertising_id=ABC", false),
  ])
  func expectationsCompareInExpectsWords(script: String, holds: Bool) throws {
    #expect(try run(script).passed == holds)
  }

  @Test func jsonLineCarriesEverythingPlayPromises() throws {
    let (_, results) = try run("sdk init use-consent=true\nrequest\ntap allow\ntrack \"a \\\"quoted\\\" name\"\n")
    let json = results.last!.jsonLine(file: "t.attsim")
    #expect(
      json
        == #"{"file":"t.attsim","line":4,"command":"track \"a \\\"quoted\\\" name\"","status":"authorized","prompt":"none","crashed":false,"device_idfa":"6D92078A-8246-4BA4-AE5B-76104861E7DC","payload":{"att_authorization_status":"authorized","advertising_id":"6D92078A-8246-4BA4-AE5B-76104861E7DC"},"events":{"sent":0,"queued":1,"held":0,"dropped":0,"blocked":0},"warnings":[],"warning_ids":[],"story":["track(a \"quoted\" name): queued until setConsent(track:)"]}"#
    )
  }

  @Test func jsonLineMarksExpectationsAndRefusals() throws {
    let (_, failed) = try run("expect status=denied")
    #expect(
      failed[0].jsonLine(file: "f").hasSuffix(
        #""expect":"failed","failures":["status: expected denied, got notDetermined"]}"#))
    let (_, refused) = try run("tap allow")
    #expect(refused[0].jsonLine(file: "f").hasSuffix(#""error":"no ATT dialog is on screen"}"#))
  }

  @Test(arguments: [
    ("plain", #""plain""#), ("quote\"back\\slash", #""quote\"back\\slash""#),
    ("line\nbreak\ttab", #""line\nbreak\ttab""#),
    ("\u{1B}[31m", #""\u001b[31m""#), ("日本語", "\"日本語\""), ("\u{2028}", #""\u2028""#),
  ])
  func jsonStringsAreEscaped(value: String, expected: String) {
    #expect(JSONText.quoted(value) == expected)
  }
}
