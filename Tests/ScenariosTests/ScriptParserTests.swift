import ConsentCore
import Scenarios
import Testing

@Suite struct ScriptParserTests {
  func parse(_ source: String) throws -> Script {
    try ScriptParser.parse(source, file: "t.attsim")
  }

  func actions(_ source: String) throws -> [Action] {
    try parse(source).steps.compactMap { step in
      if case .action(let action) = step.kind { return action }
      return nil
    }
  }

  @Test(arguments: [
    ("request", Action.trackingRequested),
    ("tap allow", .allowTapped),
    ("tap ask-not-to-track", .askNotToTrackTapped),
    ("prepermission show", .prePermissionShown),
    ("prepermission continue", .prePermissionContinued),
    ("prepermission not-now", .prePermissionDeclined),
    ("relaunch", .relaunched),
    ("reinstall", .reinstalled),
    ("settings app-tracking=off", .appTrackingSwitchChanged(on: false)),
    ("settings tracking-switch=off existing=stop", .trackingSwitchTurnedOff(existing: .stop)),
    ("settings tracking-switch=on", .trackingSwitchTurnedOn),
    ("consent track=true", .consentSet(track: true, identify: nil)),
    ("consent identify=false track=false", .consentSet(track: false, identify: false)),
    ("track sign_up", .eventTracked(name: "sign_up")),
    ("track \"Sign up # now\"", .eventTracked(name: "Sign up # now")),
    ("method-b status=denied idfa=abc", .methodBCalled(status: .denied, advertisingId: "abc")),
    ("method-b status=authorized idfa=\"\"", .methodBCalled(status: .authorized, advertisingId: "")),
    ("method-b status=authorized", .methodBCalled(status: .authorized, advertisingId: "")),
    ("sdk init", .sdkInitialized(SDKOptions())),
    (
      "sdk init integration=blog optout=true use-consent=true",
      .sdkInitialized(SDKOptions(integration: .blog, optOut: true, useConsent: true))
    ),
    (
      "device ios=14.4 kind=simulator tracking-switch=off restricted=yes limit-ad-tracking=on other-alert=yes idfa=\(IDFA.demo)",
      .deviceConfigured(
        DeviceChange(
          iOS: IOSVersion(14, 4), kind: .simulator, trackingSwitchOn: false, restricted: true, limitAdTracking: true,
          idfa: IDFA.demo, otherAlertOnScreen: true))
    ),
    (
      "app usage-description=missing state=background locale=zh-Hant",
      .appConfigured(AppChange(hasUsageDescription: false, lifecycle: .background, locale: "zh-Hant"))
    ),
    ("  request   # with a comment", .trackingRequested),
    (
      "request expanded=yes additional-info=yes",
      .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: true, additionalInformation: true))
    ),
    (
      "request additional-info=yes",
      .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: false, additionalInformation: true))
    ),
    (
      "request expanded=no",
      .expandedTrackingRequested(ExpandedRequest(prefersExpandedInterface: false, additionalInformation: false))
    ),
    ("tap additional-information", .additionalInformationTapped),
    ("dismiss", .promptDismissedBySystem),
    ("clock advance=365", .clockAdvanced(seconds: 365 * 86_400)),
    ("clock advance=30s", .clockAdvanced(seconds: 30)), ("clock advance=5m", .clockAdvanced(seconds: 300)),
    ("clock advance=2d", .clockAdvanced(seconds: 2 * 86_400)),
    ("app kind=extension", .appConfigured(AppChange(kind: .extension))),
    ("sdk init wait-for-att=30", .sdkInitialized(SDKOptions(waitForATT: 30))),
    ("device ios=14.5.1", .deviceConfigured(DeviceChange(iOS: IOSVersion(14, 5, 1)))),
    (
      "device ios=27.2 country=fr account-country=FR kind=vision",
      .deviceConfigured(DeviceChange(iOS: IOSVersion(27, 2), kind: .vision, country: "FR", accountCountry: "FR"))
    ),
    ("app kind=app-clip", .appConfigured(AppChange(kind: .appClip))),
  ])
  func parsesEveryCommand(line: String, expected: Action) throws {
    #expect(try actions(line) == [expected])
  }

  @Test func keepsLineNumbersColumnsAndCommandText() throws {
    let script = try parse("# header\n\n  sdk init   # launch\nexpect status=notDetermined\r\n")
    #expect(script.steps.map(\.line) == [3, 4])
    #expect(script.steps.map(\.column) == [3, 1])
    #expect(script.steps.map(\.command) == ["sdk init", "expect status=notDetermined"])
  }

  @Test func parsesExpectations() throws {
    let script = try parse("expect status=authorized advertising_id=absent warning=\"stale payload\" callback=false,00")
    guard case .expect(let expectations) = script.steps[0].kind else {
      Issue.record("not an expect step")
      return
    }
    #expect(expectations.map(\.subject) == [.status, .payload("advertising_id"), .warning, .callback])
    #expect(expectations.map(\.expected) == ["authorized", "absent", "stale payload", "false,00"])
    #expect(expectations.map(\.column) == [8, 26, 48, 72])
  }

  @Test(arguments: [
    ("tapp allow", 1, 1, "unknown command \"tapp\"; did you mean \"tap\"?"),
    ("tap", 1, 5, "tap needs one of allow, ask-not-to-track, additional-information"),
    (
      "tap alow", 1, 5,
      "tap cannot do \"alow\"; did you mean \"allow\"? expected one of allow, ask-not-to-track, additional-information"
    ),
    ("request now", 1, 9, "request takes key=value pairs, not \"now\""),
    ("request expanded=maybe", 1, 18, "bad value \"maybe\" for expanded; expected yes, no"),
    ("dismiss now", 1, 9, "unexpected \"now\""),
    (
      "clock advance=0", 1, 15,
      "advance must be a time of up to a century: seconds, minutes, hours or days (30s, 5m, 2h, 2d) or a number of days, e.g. clock advance=365"
    ),
    (
      "clock advance=-3", 1, 15,
      "advance must be a time of up to a century: seconds, minutes, hours or days (30s, 5m, 2h, 2d) or a number of days, e.g. clock advance=365"
    ),
    (
      "clock advance=5x", 1, 15,
      "advance must be a time of up to a century: seconds, minutes, hours or days (30s, 5m, 2h, 2d) or a number of days, e.g. clock advance=365"
    ),
    ("clock", 1, 1, "clock needs advance=…"),
    ("device country=FRA", 1, 16, "country must be a two-letter country code like FR or US, not \"FRA\""),
    ("device account-country=1", 1, 24, "account-country must be a two-letter country code like FR or US, not \"1\""),
    ("app kind=clip", 1, 10, "bad value \"clip\" for kind; expected app, app-clip, extension"),
    ("sdk init wait-for-att=0", 1, 23, "wait-for-att must be a number of seconds from 1 to 3600, not \"0\""),
    ("expect prompt=alert", 1, 15, "bad value \"alert\" for prompt; expected none, shown, sheet"),
    (
      "device", 1, 1,
      "device needs at least one of ios, kind, tracking-switch, restricted, limit-ad-tracking, idfa, other-alert, country, account-country"
    ),
    (
      "device iso=14.5", 1, 8,
      "device has no key \"iso\"; did you mean \"ios\"? keys are ios, kind, tracking-switch, restricted, limit-ad-tracking, idfa, other-alert, country, account-country"
    ),
    ("device ios=19.0", 1, 12, "iOS 19 does not exist (Apple went from iOS 18 to iOS 26)"),
    (
      "device ios=14,5", 1, 12,
      "bad iOS version \"14,5\"; expected major.minor with major 12, 13, 14, 15, 16, 17, 18, 26, 27"
    ),
    ("device restricted=maybe", 1, 19, "bad value \"maybe\" for restricted; expected yes, no"),
    ("device idfa=1234", 1, 13, "idfa must be a UUID like \(IDFA.demo), not \"1234\""),
    ("device ios=14.5 ios=15.0", 1, 17, "\"ios\" is given twice"),
    ("device restricted", 1, 8, "\"restricted\" needs a value: restricted=…"),
    ("app locale=\"pt BR\"", 1, 12, "locale must be a language tag like en, pt-BR or zh-Hant"),
    ("sdk integration=blog", 1, 5, "sdk needs \"init\": sdk init …"),
    (
      "sdk init integration=method-c", 1, 22,
      "bad value \"method-c\" for integration; did you mean \"method-a\"? expected method-a, method-b, blog"
    ),
    ("method-b idfa=x", 1, 1, "method-b needs status=…"),
    (
      "settings tracking-switch=off", 1, 10,
      "tracking-switch=off needs existing=keep or existing=stop (what happens to apps that answered)"
    ),
    ("settings tracking-switch=on existing=keep", 1, 29, "existing= goes with tracking-switch=off"),
    (
      "settings app-tracking=on tracking-switch=on", 1, 26,
      "settings changes one thing a line: app-tracking, or tracking-switch"
    ),
    ("track", 1, 7, "track needs an event name: track sign_up"),
    ("track a b", 1, 9, "unexpected \"b\""),
    ("expect", 1, 8, "expect needs at least one key=value, e.g. expect status=authorized"),
    (
      "expect stauts=denied", 1, 8,
      "expect has no key \"stauts\"; did you mean \"status\"? keys are callback, crashed, device-idfa, event, prompt, prompt-source, prompt-text, region, status, warning, att_authorization_status, advertising_id"
    ),
    (
      "expect status=allowed", 1, 15,
      "bad value \"allowed\" for status; expected notDetermined, restricted, denied, authorized, unavailable"
    ),
    (
      "expect att_authorization_status=Authorized", 1, 33,
      "bad value \"Authorized\" for att_authorization_status; did you mean \"authorized\"? expected notDetermined, restricted, denied, authorized, absent"
    ),
    ("expect device-idfa=real", 1, 20, "bad value \"real\" for device-idfa; expected a UUID or zero"),
    (
      "expect callback=yes", 1, 17,
      "bad value \"yes\" for callback; expected true,IDFA or false,00 (or a UUID, zero, none)"
    ),
    ("expect status", 1, 8, "expect takes key=value pairs, not \"status\""),
    ("track \"unterminated", 1, 7, "unterminated quote"),
    ("ios=14.5", 1, 1, "a line starts with a command, not \"ios=14.5\""),
  ])
  func reportsMistakesWithLineAndColumn(line: String, lineNumber: Int, column: Int, message: String) {
    #expect {
      try parse(line)
    } throws: { error in
      guard let errors = error as? ScriptErrors, let first = errors.errors.first else { return false }
      #expect(first.message == message)
      #expect(first.line == lineNumber && first.column == column)
      return errors.errors.count == 1
    }
  }

  @Test func reportsEveryBadLineAndRunsNothing() {
    #expect {
      try parse("sdk init\ntap alow\nrequest\nexpect stauts=x\n")
    } throws: { error in
      let errors = (error as? ScriptErrors)?.errors ?? []
      return errors.map(\.line) == [2, 4] && errors.map(\.file) == ["t.attsim", "t.attsim"]
    }
  }

  @Test func errorDescriptionIsOneSafeLine() {
    #expect {
      try ScriptParser.parse("\n\n  tap\u{7}\n", file: "a\u{1B}[2J.attsim")
    } throws: { error in
      let lines = (error as? ScriptErrors)?.lines ?? []
      return lines.count == 1 && lines[0].hasPrefix("a\\u{1B}[2J.attsim:3:3: error: unknown command \"tap\\u{7}\"")
        && !lines[0].unicodeScalars.contains { $0.value < 0x20 }
    }
  }
}

/// `undo`: the last accepted action taken back, as the UI's u.
@Suite struct UndoTests {
  func run(_ source: String) throws -> (passed: Bool, results: [StepResult]) {
    var results: [StepResult] = []
    let passed = ScriptRunner.run(try ScriptParser.parse(source, file: "u.attsim"), report: { results.append($0) })
    return (passed, results)
  }

  @Test func undoTakesBackTheLastAcceptedAction() throws {
    let outcome = try run(
      "sdk init\nrequest\ntap ask-not-to-track\nexpect status=denied\nundo\nexpect prompt=shown status=notDetermined\ntap allow\nexpect status=authorized\n"
    )
    #expect(outcome.passed, "\(outcome.results.flatMap(\.failures).map(\.sentence))")
    #expect(outcome.results[4].story == ["undo: took back tap ask-not-to-track"])
  }

  @Test func aRefusedActionIsNotWhatUndoTakesBack() throws {
    let outcome = try run("sdk init\nundo\nundo\n")
    #expect(!outcome.passed)
    #expect(outcome.results.last?.refusal == .nothingToUndo)
  }

  @Test func theHistoryKeepsTheLastHundredActions() throws {
    let source = "sdk init\n" + String(repeating: "track e\n", count: 150) + String(repeating: "undo\n", count: 101)
    let outcome = try run(source)
    #expect(outcome.results.last?.refusal == .nothingToUndo)
    #expect(outcome.results.filter { $0.refusal == nil && $0.step.kind == .undo(lines: 1) }.count == 100)
  }

  @Test func undoTakesOnlyACountOfLines() throws {
    for bad in ["undo twice\n", "undo lines=0\n", "undo lines=101\n", "redo lines=x\n", "restart now\n"] {
      #expect(throws: ScriptErrors.self, "\(bad)") { try ScriptParser.parse(bad, file: "u.attsim") }
    }
    let script = try ScriptParser.parse("undo lines=3\nredo lines=2\nrestart\nundo\n", file: "u.attsim")
    #expect(script.steps.map(\.kind) == [.undo(lines: 3), .redo(lines: 2), .restart, .undo(lines: 1)])
  }
}

/// `app tracking-domains=` and `sdk init endpoint=`: host names as manifests must write them.
@Suite struct TrackingDomainScriptTests {
  @Test func domainsAndEndpointAreRead() throws {
    let script = try ScriptParser.parse(
      "app tracking-domains=collect.example,ads.example\nsdk init endpoint=events.collect.example\napp tracking-domains=none\n",
      file: "t.attsim")
    #expect(
      script.steps.map(\.kind) == [
        .action(.appConfigured(AppChange(trackingDomains: ["collect.example", "ads.example"]))),
        .action(.sdkInitialized(SDKOptions(endpoint: "events.collect.example"))),
        .action(.appConfigured(AppChange(trackingDomains: []))),
      ])
  }

  @Test(arguments: [
    (
      "app tracking-domains=https://a.example",
      "tracking domain \"https://a.example\" has a scheme; write the host alone: a.example"
    ),
    ("app tracking-domains=a.example,", "tracking domain \"\" is empty"),
    (
      "sdk init endpoint=a.example/collect",
      "endpoint \"a.example/collect\" has a path; write the host alone: a.example"
    ),
  ])
  func aBadHostIsAnError(line: String, message: String) {
    #expect {
      try ScriptParser.parse(line, file: "t.attsim")
    } throws: { error in
      (error as? ScriptErrors)?.errors.first?.message == message
    }
  }
}
