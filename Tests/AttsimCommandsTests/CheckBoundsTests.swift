import Foundation
import Testing

/// `check`, `prompts` and `render` on hostile input (issue 37): a character of many thousands of marks, and one
/// broken file given on its own.
@Suite struct CheckBoundsTests {
  /// An app folder whose Info.plist's tracking text is "a" and `marks` combining acute accents.
  static func stackedApp(marks: Int) throws -> URL {
    let app = try temporaryFolder()
    var text = "a"
    text.unicodeScalars.append(contentsOf: repeatElement("\u{301}", count: marks))
    _ = try write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      <key>CFBundleName</key><string>Demo</string>
      <key>NSUserTrackingUsageDescription</key><string>\(text)</string>
      </dict>
      </plist>

      """, to: "Info.plist", in: app)
    return app
  }

  @Test func aCharacterOfManyMarksIsReportedAndDrawnCut() throws {
    let app = try Self.stackedApp(marks: 100_000)
    let check = attsim("check", app.path)
    #expect(check.status == 0)
    #expect(
      check.out.contains(
        "\(app.path)/Info.plist:5:1: warning: the tracking purpose string has a character of 100,000 combining marks in a row"
      ), "\(check.out.prefix(2000))")
    #expect(check.out.contains("[combining-marks NSUserTrackingUsageDescription]"))
    // The alert draws the letter with its first marks only: the screen is not a hundred thousand scalars.
    let render = attsim("render", "--app", app.path, "--keys", "p enter")
    #expect(render.status == 0)
    #expect(render.out.unicodeScalars.count < 10_000)
    #expect(render.out.contains("a" + String(repeating: "\u{301}", count: 31)))
  }

  @Test func oneBrokenInfoPlistGivenAloneIsReportedAtItsPlace() throws {
    let folder = try temporaryFolder()
    let plist = try write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>NSUserTrackingUsageDescription</key>
        <string>abc</strin>
      </dict>
      </plist>

      """, to: "Info.plist", in: folder)
    let inFolder = attsim("check", folder.path)
    let alone = attsim("check", plist)
    let expected = "\(plist):5:14: error: cannot be read: not a property list: this closing tag does not close <string>"
    #expect(inFolder.status == 1 && inFolder.out.contains(expected), "\(inFolder.out)")
    #expect(alone.status == 1 && alone.out.contains(expected), "\(alone.out) \(alone.err)")
    #expect(!alone.err.contains("cannot"))
  }

  @Test func oneBrokenStringCatalogGivenAloneIsReportedAtItsPlace() throws {
    let folder = try temporaryFolder()
    let catalog = try write("{\n  \"strings\" : {,\n}\n", to: "Localizable.xcstrings", in: folder)
    let alone = attsim("check", catalog)
    let expected = "\(catalog):2:16: error: cannot be read: not a JSON String Catalog: expected a key in quotes"
    #expect(alone.status == 1 && alone.out.contains(expected), "\(alone.out) \(alone.err)")
  }
}
