import ConsentUI
import FileAccess
import Foundation
import PromptStrings
import Testing
import TextSupport

/// The EU sheet's drawing agrees with what `check` promises about it (`SheetMetrics`).
@Suite struct SheetTests {
  /// The UI, showing the sheet at 80×24, on an English app whose Markdown purpose string is `items` list
  /// items.
  static func pilot(items: Int) throws -> Pilot {
    try pilot(markdown: (1...items).map { "- item \($0)" }.joined(separator: "\n"))
  }

  /// The UI, showing the sheet at 80×24, on an English app whose Markdown purpose string is `list`.
  static func pilot(markdown list: String) throws -> Pilot {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-sheet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try """
    <plist version="1.0"><dict>
    <key>CFBundleDevelopmentRegion</key><string>en</string>
    <key>CFBundleDisplayName</key><string>Lumen Demo</string>
    <key>NSUserTrackingUsageDescription</key><string>Plain.</string>
    <key>NSUserTrackingMarkdownUsageDescription</key><string>\(list)</string>
    </dict></plist>
    """.write(to: root.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let app = try AppResources.load(FilePath(root.path)).get()
    let system = try AppResources.load(FilePath(assets.appendingPathComponent("System").path)).get()
    var pilot = Pilot(environment: UIEnvironment(appTexts: AppTexts(app: app, system: system), findings: []))
    pilot.press(SnapshotTests.toTheSheet)
    return pilot
  }

  @Test func atEightyByTwentyFourTheSheetShowsWhatCheckAllows() throws {
    let fits = try Self.pilot(items: SheetMetrics.maxMessageLines)
    #expect(fits.state.phoneScreen == .attSheet)
    #expect(fits.text.contains("• item \(SheetMetrics.maxMessageLines)"))
    #expect(!fits.text.contains("PgDn: more"))
    var scrolls = try Self.pilot(items: SheetMetrics.maxMessageLines + 1)
    #expect(scrolls.text.contains("• item \(SheetMetrics.maxMessageLines)"))
    #expect(!scrolls.text.contains("• item \(SheetMetrics.maxMessageLines + 1)"))
    #expect(scrolls.text.contains("▼ PgDn: more"))
    scrolls.press("pgdn")
    #expect(scrolls.text.contains("• item \(SheetMetrics.maxMessageLines + 1)"))
    #expect(scrolls.text.contains("▲ PgUp") && !scrolls.text.contains("▼"))
  }

  @Test func theMessageColumnsAreTheOnesCheckMeasures() throws {
    let width = SheetMetrics.messageWidth
    let fits = String(repeating: "x", count: width)
    #expect(try Self.pilot(markdown: fits).text.contains(fits))
    // One column more and the word no longer fits on the line.
    let tooWide = String(repeating: "y", count: width + 1)
    let text = try Self.pilot(markdown: tooWide).text
    #expect(!text.contains(tooWide) && text.contains(String(repeating: "y", count: width)))
  }
}
