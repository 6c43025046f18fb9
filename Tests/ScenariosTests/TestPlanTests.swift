import ConsentCore
import Scenarios
import Testing

@Suite struct TestPlanTests {
  static let rows = TestPlan.rows()

  @Test func coversEveryDistinctCombination() {
    // iOS 12.4 and 13.7: kind × Limit Ad Tracking × app state × integration, never a prompt.
    let before14 = 2 * 2 * 2 * 3 * 3
    #expect(Self.rows.filter { !$0.setup.iOS.hasATT }.count == before14)
    // iOS 14+: kind × switch × restricted × app state × integration, two rows where the dialog shows; on
    // iOS 27.2 four times over: outside the EU, another EU country with each request, one of the five; and
    // from iOS 17 twice over: the SDK's endpoint declared a tracking domain or not (17.4, 17.5, 26.0, 27.2 × 4);
    // 14.4, 14.5, 14.5.1 and 15.0 once.
    let setups14 = (4 + 2 * (3 + 4)) * 2 * 2 * 2 * 3 * 3
    let plain = Self.rows.filter { $0.setup.flow == .plain }
    let withPrompt = plain.filter(\.promptShown)
    #expect(plain.filter { $0.setup.iOS.hasATT }.count == setups14 + withPrompt.count / 2)
    // Each release with ATT once more per other flow: a waiting SDK (Allow, Ask, the wait runs out), the
    // pre-permission screen's Not Now, a request after the app's own consent was refused (Allow, Ask).
    let withATT = IOSVersion.planVersions.filter(\.hasATT).count
    #expect(Self.rows.filter { $0.setup.flow != .plain }.count == withATT * (3 + 1 + 2))
    #expect(Self.rows.map(\.number) == Array(1...Self.rows.count))
  }

  @Test func promptShowsExactlyWhereTheRulesAllowIt() {
    for row in Self.rows {
      let setup = row.setup
      let expected =
        setup.iOS.hasATT && setup.trackingSwitchOn == true && setup.restricted == false
        && (!setup.iOS.promptNeedsActiveApp || setup.lifecycle == .active) && setup.flow != .prePermissionNotNow
      #expect(row.promptShown == expected, "row \(row.number)")
      // The sheet only in the five, or in another EU country for the expanded request.
      let sheet = expected && (setup.country == "FR" || (setup.country == "ES" && setup.expandedRequest == true))
      #expect((row.prompt == .sheet) == sheet, "row \(row.number)")
    }
  }

  @Test func allowOnADeviceFrom14_5GivesTheIDFAThroughMethodA() throws {
    let row = try #require(
      Self.rows.first {
        $0.setup.iOS == IOSVersion(14, 5) && $0.setup.kind == .device && $0.answer == .authorized
          && $0.setup.integration == .methodA
      })
    #expect(row.outcome.statusWord == "authorized")
    #expect(row.outcome.sdk.payload == Payload(attAuthorizationStatus: .authorized, advertisingId: IDFA.demo))
  }

  @Test func csvHasAHeaderAndOneQuotedLinePerRow() {
    let csv = TestPlan.csv(Self.rows)
    let lines = csv.split(separator: "\n")
    #expect(lines.count == Self.rows.count + 1)
    #expect(
      lines[0].hasPrefix("row,ios,device_kind,tracking_switch,restricted,limit_ad_tracking,app_state,integration"))
    #expect(
      lines[1]
        == #"1,12.4,device,n/a,n/a,off,active,method-a,n/a,n/a,n/a,—,none,n/a,sent,unavailable,6D92078A-8246-4BA4-AE5B-76104861E7DC,"{""advertising_id"":""6D92078A-8246-4BA4-AE5B-76104861E7DC""}",,,device ios=12.4 kind=device limit-ad-tracking=off; sdk init integration=method-a; app state=active; request; track purchase"#
    )
  }

  /// The flows App Review rejects carry their warning in the matrix, naming the guideline; a waiting SDK's
  /// event leaves with the IDFA after Allow and without it when the wait runs out.
  @Test func theOtherFlowsShowWhatTheyChange() throws {
    let version = IOSVersion(26, 0)
    let rows = Self.rows.filter { $0.setup.iOS == version && $0.setup.flow != .plain }
    let notNow = try #require(rows.first { $0.setup.flow == .prePermissionNotNow })
    #expect(notNow.warnings.contains { $0.kind == .appReviewSkippablePrePermission })
    #expect(
      rows.filter { $0.setup.flow == .requestAfterConsentRefusal }.allSatisfy {
        $0.warnings.contains { $0.kind == .appReviewRequestAfterRefusal }
      })
    let waiting = rows.filter { if case .waitingSDK = $0.setup.flow { true } else { false } }
    #expect(waiting.map { $0.outcome.events.lastSent.first?.payload.advertisingId } == [IDFA.demo, nil, nil])
    #expect(TestPlan.markdown(Self.rows).contains("| SDK waits 30 s |"))
  }

  @Test func markdownHasOneTablePerRelease() {
    let markdown = TestPlan.markdown(Self.rows)
    for version in IOSVersion.planVersions { #expect(markdown.contains("\n## iOS \(version)\n")) }
    #expect(markdown.contains("| Limit Ad Tracking |") && markdown.contains("| Tracking switch | Restricted |"))
    let tableRows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.first(where: \.isNumber) != nil }
    #expect(tableRows.count >= Self.rows.count)
  }

  @Test func everyRowReplaysThroughPlayToTheSameOutcome() throws {
    for row in Self.rows {
      let source = row.script.steps.map(\.command).joined(separator: "\n")
      let script = try ScriptParser.parse(source, file: "row")
      var last: ConsentState?
      #expect(ScriptRunner.run(script) { last = $0.state }, "row \(row.number)")
      #expect(last == row.outcome, "row \(row.number)")
    }
  }
}
