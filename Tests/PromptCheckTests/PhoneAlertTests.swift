import Foundation
import PromptStrings
import TestApps
import Testing

@testable import PromptCheck

/// `too-long` judges the alert on the smallest iPhone, from the estimate docs/check-rules.md explains.
@Suite struct PhoneAlertTests {
  @Test func theEstimatesBasisIsTheDocumentedOne() {
    // 238 points of text at 6.5 points a cell; 26 lines of 16 points under the title and above the buttons.
    #expect(PhoneAlert.cellsPerLine == 36)
    #expect(PhoneAlert.visibleLines == 26)
  }

  @Test func wideCharactersTakeTwiceTheRoomOfLatinOnes() {
    #expect(PhoneAlert.lines(String(repeating: "a", count: 36)) == 1)
    #expect(PhoneAlert.lines(String(repeating: "a", count: 37)) == 2)
    #expect(PhoneAlert.lines(String(repeating: "広", count: 18)) == 1)
    #expect(PhoneAlert.lines(String(repeating: "広", count: 19)) == 2)
  }

  /// The tracking text's findings in a minimal app.
  static func tooLong(_ text: String) throws -> [Finding] {
    let app = try load(
      makeApp([
        "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSUserTrackingUsageDescription": text])
      ]))
    return PromptLinter.check(app: app).filter { $0.rule == .tooLong }
  }

  @Test func aTextPastWhatTheAlertShowsIsANoteInAnIPhonesTerms() throws {
    let fits = (1...26).map { "line \($0)" }.joined(separator: "\n")
    #expect(try Self.tooLong(fits).isEmpty)
    let finding = try #require(try Self.tooLong(fits + "\nline 27").first)
    #expect(finding.severity == .info)
    #expect(
      finding.message
        == "the tracking purpose string takes about 27 lines in the alert on a 4.7-inch iPhone SE (375 points wide) at the default text size; the alert shows about 26 before the user must scroll"
    )
  }
}
