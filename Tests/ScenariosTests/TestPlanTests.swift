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
    // from iOS 17 twice over: the SDK's endpoint declared a tracking domain or not (17.4, 26.0, 27.2 × 4).
    let setups14 = (3 + 2 * (2 + 4)) * 2 * 2 * 2 * 3 * 3
    let withPrompt = Self.rows.filter(\.promptShown)
    #expect(Self.rows.filter { $0.setup.iOS.hasATT }.count == setups14 + withPrompt.count / 2)
    #expect(Self.rows.map(\.number) == Array(1...Self.rows.count))
  }

  @Test func promptShowsExactlyWhereTheRulesAllowIt() {
    for row in Self.rows {
      let setup = row.setup
      let expected =
        setup.iOS.hasATT && setup.trackingSwitchOn == true && setup.restricted == false
        && (!setup.iOS.promptNeedsActiveApp || setup.lifecycle == .active)
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
        == #"1,12.4,device,n/a,n/a,off,active,method-a,n/a,n/a,n/a,none,n/a,sent,unavailable,6D92078A-8246-4BA4-AE5B-76104861E7DC,"{""advertising_id"":""6D92078A-8246-4BA4-AE5B-76104861E7DC""}",,,device ios=12.4 kind=device limit-ad-tracking=off; sdk init integration=method-a; app state=active; request; track purchase"#
    )
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
