import FileAccess
import Foundation
import Gallery
import PromptCheck
import PromptStrings
import TestApps
import Testing

let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Assets")

/// The environment the UI and `check` use, for an app folder under Assets.
func environment(_ app: String) throws -> AppTexts {
  try texts(ofAppAt: assets.appendingPathComponent(app).path)
}

/// The texts of the app at `path`, with the system texts.
func texts(ofAppAt path: String) throws -> AppTexts {
  let resources = try AppResources.load(FilePath(path)).get()
  let system = try AppResources.load(FilePath(assets.appendingPathComponent("System").path)).get()
  return AppTexts(app: resources, system: system)
}

/// An app with a purpose string in each of `locales` and no `prepermission.*` keys, and the system texts.
func app(locales: [String]) throws -> AppTexts {
  var files = ["Info.plist": infoPlist(["NSUserTrackingUsageDescription": "Ads."])]
  for locale in locales {
    files["\(locale).lproj/InfoPlist.strings"] = "\"NSUserTrackingUsageDescription\" = \"Ads.\";"
  }
  return try texts(ofAppAt: makeApp(files))
}

/// The gallery page of `texts`, with `check`'s findings, as `attsim gallery` writes it.
func galleryPage(_ texts: AppTexts) -> String {
  GalleryPage.html(for: texts, findings: PromptLinter.check(app: texts.app), version: "test")
}

@Suite struct GalleryPageTests {
  @Test func everyLocaleHasItsBlockAndItsSummaryRow() throws {
    let demo = try environment("DemoApp")
    let page = galleryPage(demo)
    for locale in demo.locales {
      #expect(page.contains("<section class=\"locale\" id=\"locale-\(locale)\" data-locale=\"\(locale)\">"))
      #expect(page.contains("<a href=\"#locale-\(locale)\">\(locale)</a>"))
      #expect(page.contains(demo.texts(locale: locale).allow))
    }
    // Each language by its own name, in its summary row and its block's heading.
    #expect(page.contains("<td lang=\"ja\">日本語</td>"))
    #expect(page.contains("<span lang=\"pt-BR\">Português (Brasil)</span>"))
    #expect(page.components(separatedBy: "<section class=\"locale\"").count - 1 == demo.locales.count)
  }

  @Test(arguments: [("ar", "rtl"), ("he", "rtl"), ("ja", "ltr"), ("en", "ltr")])
  func rightToLeftLocalesAreMarkedForTheBrowser(locale: String, direction: String) throws {
    let page = galleryPage(try environment("DemoApp"))
    #expect(page.contains("<div class=\"screens\" lang=\"\(locale)\" dir=\"\(direction)\">"))
  }

  @Test func theEUSheetStandsBesideTheAlertWhenTheAppHasAMarkdownText() throws {
    let demo = try environment("DemoApp")
    let page = galleryPage(demo)
    #expect(page.components(separatedBy: "EU sheet (iOS 27.2)").count - 1 == demo.locales.count)
    // The Markdown is drawn, not shown as written: bold, italic and a list, escaped like every text.
    #expect(page.contains("<b>ads that fit your interests</b>"))
    #expect(page.contains("<li>We <i>never</i> sell your data.</li>"))
    #expect(page.contains("<div class=\"more\">Weitere Informationen</div>"))
    #expect(!page.contains("**"))
    // An app without the key gets no sheet.
    let partial = galleryPage(try environment("Examples/PartialApp"))
    #expect(!partial.contains("EU sheet"))
  }

  /// An app without `prepermission.*` keys: each locale's card shows attsim's sample in that locale's
  /// language and direction, labelled; the page says where pre-permission texts come from.
  @Test(arguments: [
    ("ar", "ar", "rtl", "قبل أن تتابع"), ("he", "he", "rtl", "לפני שממשיכים"),
    ("de", "de", "ltr", "Bevor es weitergeht"),
    ("fa", "en", "ltr", "Before you continue"),
  ])
  func anAppWithoutItsOwnTextsShowsTheSampleLabelled(locale: String, language: String, direction: String, title: String)
    throws
  {
    let page = galleryPage(try app(locales: [locale]))
    let card = try #require(page.components(separatedBy: "id=\"locale-\(locale)\"").dropFirst().first)
    #expect(
      card.contains(
        "<div class=\"screen app\" lang=\"\(language)\" dir=\"\(direction)\">\n"
          + "<div class=\"sample-label\" lang=\"en\" dir=\"ltr\">sample</div>\n<h3>\(title)</h3>"))
    #expect(card.contains("pre-permission screen: attsim's sample"))
    #expect(page.contains("<code>prepermission.title</code>"))
  }

  /// An app with its own `prepermission.*` texts shows them, and no sample label, in every locale.
  @Test func anAppsOwnTextsAreShownWithoutTheSampleLabel() throws {
    let demo = try environment("DemoApp")
    let page = galleryPage(demo)
    #expect(!page.contains("sample-label\">") && !page.contains("attsim's sample</figcaption>"))
    for locale in demo.locales {
      #expect(page.contains("<h3>\(demo.texts(locale: locale).prePermissionTitle)</h3>"), "\(locale)")
    }
    #expect(page.contains("<h3>ساعدنا في إبقاء Lumen مجانيًا</h3>"))
  }

  @Test func thePrivacyManifestsAreSummedUpOnceAtTheTop() throws {
    let demo = galleryPage(try environment("DemoApp"))
    #expect(demo.components(separatedBy: "<h2>The whole app</h2>").count == 2)
    #expect(demo.components(separatedBy: "<h3>Privacy manifests</h3>").count == 2)
    #expect(demo.contains("<td>the app</td><td>PrivacyInfo.xcprivacy</td><td>yes</td><td>collect.example</td>"))
    let broken = galleryPage(try environment("Examples/BrokenApp"))
    #expect(
      broken.contains("<td>Measure</td><td>Frameworks/Measure.framework/PrivacyInfo.xcprivacy</td><td>invalid</td>"))
    #expect(broken.contains("<code>tracking-domain</code>"))
    let partial = galleryPage(try environment("Examples/PartialApp"))
    #expect(partial.contains("No PrivacyInfo.xcprivacy"))
  }

  @Test func findingsAndVerdictsComeFromCheck() throws {
    let broken = try environment("Examples/BrokenApp")
    let page = galleryPage(broken)
    #expect(page.contains("<code>wrong-script</code>"))
    #expect(page.contains("<code>parse-error</code>"))
    #expect(page.contains("class=\"error\">errors</td>"))
    #expect(page.contains("(no purpose string: the app crashes when it asks)"))
  }

  @Test func theFileIsSelfContainedAndEscaped() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-gallery-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
    try """
    <plist><dict><key>CFBundleDisplayName</key><string>&lt;script&gt;alert(1)&lt;/script&gt;</string>
    <key>NSUserTrackingUsageDescription</key><string>Tom &amp; "Jerry" &lt;img src=x&gt;</string></dict></plist>
    """.write(to: root.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    try "\"CFBundleDisplayName\" = \"<b>bold</b>\";".write(
      to: root.appendingPathComponent("en.lproj/InfoPlist.strings"), atomically: true, encoding: .utf8)
    let app = try AppResources.load(FilePath(root.path)).get()
    let system = try AppResources.load(FilePath(assets.appendingPathComponent("System").path)).get()
    let page = galleryPage(AppTexts(app: app, system: system))
    #expect(!page.contains("<script"))
    #expect(!page.contains("<img"))
    #expect(!page.contains("<b>bold"))
    #expect(page.contains("Tom &amp; &quot;Jerry&quot; &lt;img src=x&gt;"))
    #expect(!page.contains("http://") && !page.contains("https://") && !page.contains(" src=\""))
  }
}

/// The page in a real browser: headless Chromium from Debian's packages renders it to PNG.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["ATTSIM_SLOW_TESTS"] == "1" && Chromium.path != nil,
    "slow: ATTSIM_SLOW_TESTS=1, and chromium (apt-get install chromium)"))
struct GalleryBrowserTests {
  @Test func chromiumRendersEveryLocaleAndThePictureIsNotBlank() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-gallery-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let demo = try environment("DemoApp")
    let page = folder.appendingPathComponent("gallery.html")
    try galleryPage(demo).write(to: page, atomically: true, encoding: .utf8)
    let blank = folder.appendingPathComponent("blank.html")
    try "<!DOCTYPE html><html><body></body></html>".write(to: blank, atomically: true, encoding: .utf8)

    let dom = try Chromium.run(["--dump-dom", page.absoluteString])
    for locale in demo.locales { #expect(dom.contains("id=\"locale-\(locale)\""), "\(locale) in the rendered DOM") }

    let picture = folder.appendingPathComponent("gallery.png")
    let empty = folder.appendingPathComponent("blank.png")
    _ = try Chromium.run(["--window-size=1280,2400", "--screenshot=\(picture.path)", page.absoluteString])
    _ = try Chromium.run(["--window-size=1280,2400", "--screenshot=\(empty.path)", blank.absoluteString])
    let pictureSize = try FileManager.default.attributesOfItem(atPath: picture.path)[.size] as? Int ?? 0
    let emptySize = try FileManager.default.attributesOfItem(atPath: empty.path)[.size] as? Int ?? 0
    #expect(try Data(contentsOf: picture).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // A blank page compresses to almost nothing; the gallery's text and phones do not.
    #expect(pictureSize > 10 * max(emptySize, 1), "\(pictureSize) bytes against \(emptySize) for a blank page")
  }
}

/// Headless Chromium, if installed.
enum Chromium {
  static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Runs headless Chromium with `arguments` and returns what it printed on standard output.
  static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/chromium")
    process.arguments =
      ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
