import Foundation
import Testing

/// Issue 19: a check localizers trust — every purpose string, nothing else by default, each finding once,
/// any repository layout, names as the iPhone reads them, malformed bundle keys named.
@Suite struct CheckScopeTests {
  /// A file in `folder`, its folders made.
  static func put(_ text: String, at name: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  static let decoy = "\"NSUserTrackingUsageDescription\" = \"DECOY-NOT-IN-THE-APP\";\n"

  // MARK: Any repository layout

  /// Where each tool puts the project, the files that mark its repository, and a decoy lproj at the root.
  @Test(arguments: [
    ("Flutter", "ios", ["pubspec.yaml": "name: shop\ndependencies:\n  app_tracking_transparency: ^2.0.0\n"]),
    ("React Native", "ios", ["package.json": "{\"name\": \"shop\"}\n"]),
    ("Expo", "ios", ["app.json": "{\"expo\": {}}\n", "package.json": "{}\n"]),
    ("Capacitor", "ios/App", ["package.json": "{}\n", "capacitor.config.json": "{}\n"]),
    ("Cordova", "platforms/ios", ["config.xml": "<widget/>\n"]),
    ("Kotlin Multiplatform", "iosApp", ["settings.gradle.kts": "rootProject.name = \"shop\"\n"]),
    ("one folder down", "Shop", [:]),
    ("two folders down", "apps/shop-ios", [:]),
  ])
  func aRepositoryRootFindsItsProjectAndOnlyItsProject(kind: String, folder: String, markers: [String: String]) throws {
    let root = try temporaryFolder()
    try ProjectFixture(at: root.appendingPathComponent(folder), xcconfig: "APP_NAME = Shop\n")
    for (name, text) in markers { try Self.put(text, at: name, in: root) }
    // A decoy that no project builds, and a project inside dependencies that is not the app.
    try Self.put(Self.decoy, at: "fr.lproj/InfoPlist.strings", in: root)
    try ProjectFixture(at: root.appendingPathComponent("node_modules/some-sdk/example"), displayName: "Wrong")
    let prompts = attsim("prompts", root.path, "--format", "json")
    #expect(prompts.status == 0, "\(kind): \(prompts.err)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(prompts.out.utf8)) as? [String: Any])
    #expect(object["localizations"] as? [String] == ["en"], "\(kind)")
    #expect(!prompts.out.contains("DECOY") && !prompts.out.contains("Wrong"), "\(kind)")
    let check = attsim("check", root.path)
    #expect(
      check.out.contains("info: files on disk that no project builds are not in the app: fr.lproj/InfoPlist.strings"))
  }

  @Test func aUnityExportAndAWorkspaceAreFound() throws {
    let unity = try temporaryFolder()
    try ProjectFixture(at: unity, xcconfig: "APP_NAME = Shop\n", name: "Unity-iPhone")
    #expect(attsim("prompts", unity.path).out.contains("Ads that fit you."))
    let workspace = try temporaryFolder()
    try ProjectFixture(at: workspace.appendingPathComponent("Sources/Deep/Shop"), xcconfig: "APP_NAME = Shop\n")
    try Self.put(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <Workspace version = "1.0">
         <FileRef location = "group:Sources/Deep/Shop/App.xcodeproj"></FileRef>
         <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
      </Workspace>
      """, at: "Shop.xcworkspace/contents.xcworkspacedata", in: workspace)
    let prompts = attsim("prompts", workspace.path)
    #expect(prompts.status == 0 && prompts.out.contains("Ads that fit you."), "\(prompts.err)")
  }

  @Test func severalAppsAreEachReportedUnderTheirTarget() throws {
    let root = try temporaryFolder()
    try ProjectFixture(
      at: root, targets: 2, xcconfig: "APP_NAME = Shop\n",
      variants: [("en", "en.lproj/InfoPlist.strings"), ("de", "de.lproj/InfoPlist.strings")])
    try Self.put("\"NSUserTrackingUsageDescription\" = \"\";\n", at: "de.lproj/InfoPlist.strings", in: root)
    let check = attsim("check", root.path, "--all-targets")
    #expect(check.out.contains("target App:\n") && check.out.contains("target App1:\n"), "\(check.out)")
    let chosen = attsim("check", root.path)
    #expect(
      !chosen.out.contains("target App1") && chosen.err.hasPrefix("attsim: target App (it is named like its project)"))
    let wrong = attsim("prompts", root.path, "--target", "Nope")
    #expect(wrong.status == 2 && wrong.err.contains("the app targets are App, App1"))
  }

  // MARK: Names as the Mac and the iPhone see them

  /// A project whose variant group names the German table `named`, which the disk holds as `onDisk`.
  static func germanTable(named: String, onDisk: String) throws -> URL {
    let root = try temporaryFolder()
    try ProjectFixture(
      at: root, xcconfig: "APP_NAME = Shop\n", variants: [("en", "en.lproj/InfoPlist.strings"), ("de", named)])
    try Self.put("\"NSUserTrackingUsageDescription\" = \"Passende Werbung.\";\n", at: onDisk, in: root)
    return root
  }

  @Test func aProjectPathThatDiffersOnlyInCaseIsThatFileUnderTheProjectsName() throws {
    let root = try Self.germanTable(named: "de.lproj/InfoPlist.strings", onDisk: "de.lproj/infoPlist.strings")
    let prompts = attsim("prompts", root.path, "--locale", "de")
    #expect(prompts.out.contains("\"Passende Werbung.\""), "\(prompts.out)")
    let check = attsim("check", root.path)
    #expect(check.status == 0 && !check.out.contains("missing-file") && !check.out.contains("file-name-case"))
    #expect(
      check.out.contains(
        "warning: the project names de.lproj/InfoPlist.strings, the disk holds de.lproj/infoPlist.strings: Xcode on a Mac"
      ) && check.out.contains("[path-case]"), "\(check.out)")
  }

  @Test func aProjectThatNamesTheWrongCaseShipsTheWrongCase() throws {
    let root = try Self.germanTable(named: "de.lproj/infoPlist.strings", onDisk: "de.lproj/InfoPlist.strings")
    // The app holds de.lproj/infoPlist.strings, which the iPhone never reads.
    #expect(!attsim("prompts", root.path, "--locale", "de").out.contains("Passende Werbung."))
    let check = attsim("check", root.path).out
    #expect(check.contains("[path-case]") && check.contains("[file-name-case]"), "\(check)")
  }

  @Test(arguments: [("12.0", "warning"), ("15.0", "info")])
  func aKeyNoSupportedIOSShowsIsANote(deploymentTarget: String, severity: String) throws {
    let root = try temporaryFolder()
    try ProjectFixture(
      at: root, settings: "IPHONEOS_DEPLOYMENT_TARGET = \(deploymentTarget);",
      variants: [("en", "en.lproj/InfoPlist.strings"), ("de", "de.lproj/InfoPlist.strings")],
      infoPlist: """
        <plist version="1.0"><dict><key>NSUserTrackingUsageDescription</key><string>Ads.</string>
        <key>NSBluetoothPeripheralUsageDescription</key><string>Finds your scale.</string></dict></plist>
        """)
    try Self.put("\"NSUserTrackingUsageDescription\" = \"Werbung.\";\n", at: "de.lproj/InfoPlist.strings", in: root)
    try Self.put(
      "\"NSUserTrackingUsageDescription\" = \"Ads.\";\n\"NSBluetoothPeripheralUsageDescription\" = \"Scale.\";\n",
      at: "en.lproj/InfoPlist.strings", in: root)
    let bluetooth = attsim("check", root.path).out.split(separator: "\n").filter {
      $0.contains("has no NSBluetoothPeripheralUsageDescription")
    }
    #expect(!bluetooth.isEmpty && bluetooth.allSatisfy { $0.contains(": \(severity): ") }, "\(bluetooth)")
    let explained = bluetooth.allSatisfy {
      $0.contains("(no iOS from 13 on shows this prompt; the app needs iOS 15.0)")
    }
    #expect(explained == (severity == "info"), "\(bluetooth)")
  }

  @Test func withoutAProjectXcodesOwnVariablesAreSetByTheBuild() throws {
    let root = try temporaryFolder()
    try Self.put(
      """
      <plist version="1.0"><dict><key>CFBundleName</key><string>$(PRODUCT_NAME)</string>
      <key>CFBundleDisplayName</key><string>$(MY_APP_NAME)</string>
      <key>NSUserTrackingUsageDescription</key><string>Ads.</string></dict></plist>
      """, at: "Info.plist", in: root)
    let lines = attsim("check", root.path).out.split(separator: "\n").filter { $0.hasSuffix("[build-variable]") }
    #expect(
      lines.contains {
        $0.contains(
          "info: CFBundleName uses $(PRODUCT_NAME), which Xcode sets when it builds the app: without the project")
      }, "\(lines)")
    #expect(lines.contains { $0.contains("warning: CFBundleDisplayName uses $(MY_APP_NAME), which no build setting") })
  }

  @Test func settingsUnderSRCROOTAreFoundFromAnyWorkingFolder() throws {
    let outer = try temporaryFolder()
    let root = outer.appendingPathComponent("app")
    try ProjectFixture(
      at: root, settings: "INFOPLIST_FILE = \"$(SRCROOT)/Resources/iOS/Info.plist\";", xcconfig: "APP_NAME = Shop\n",
      extraFiles: [
        (
          "Resources/iOS/Info.plist",
          "<plist version=\"1.0\"><dict><key>NSUserTrackingUsageDescription</key><string>From iOS.</string></dict></plist>"
        )
      ])
    for (folder, path) in [
      (outer, "app"), (root, "."), (outer.deletingLastPathComponent(), "\(outer.lastPathComponent)/app"),
    ] {
      let check = try runBuilt(["check", "--target", "App", path], in: folder)
      // The Info.plist is read (a finding names it) and never looked for under the folder twice.
      #expect(check.status == 0 && !check.out.contains("cannot be read"), "\(path): \(check.out)")
      #expect(check.out.contains("Resources/iOS/Info.plist:") && !check.out.contains("app/app/"), "\(check.out)")
    }
  }

  @Test func aFileTheProjectCopiesThatIsNotThereFailsTheBuild() throws {
    let root = try temporaryFolder()
    try ProjectFixture(
      at: root, xcconfig: "APP_NAME = Shop\n",
      variants: [("en", "en.lproj/InfoPlist.strings"), ("it", "it.lproj/InfoPlist.strings")])
    let check = attsim("check", root.path)
    #expect(check.status == 1)
    #expect(
      check.out.contains(
        "App.xcodeproj/project.pbxproj:")
        && check.out.contains(
          "error: the build fails: Xcode cannot find \(root.path)/it.lproj/InfoPlist.strings, which the target copies into the app [missing-file]"
        ),
      "\(check.out)")
  }

  @Test func anInfoPlistStringsNamedInAnotherCaseIsNeverReadOnTheDevice() throws {
    let root = try temporaryFolder()
    try ProjectFixture(at: root, xcconfig: "APP_NAME = Shop\n", groups: 1)
    try Self.put(
      "\"NSUserTrackingUsageDescription\" = \"Passende Werbung.\";\n", at: "App/de.lproj/infoPlist.strings", in: root)
    let check = attsim("check", root.path)
    #expect(check.out.contains("App/de.lproj/infoPlist.strings: warning: infoPlist.strings is never read on an iPhone"))
    #expect(!check.out.contains("[missing-key]"), "one finding for one problem: \(check.out)")
    // What the German prompt then shows is what prompts says.
    #expect(attsim("prompts", root.path, "--locale", "de").out.contains("\"Ads that fit you.\""))
  }

  // MARK: Malformed bundle keys

  @Test(arguments: [
    (
      "<key>CFBundleDevelopmentRegion</key><array><string>en</string></array>",
      "CFBundleDevelopmentRegion is an array, not a string: iOS ignores it"
    ),
    (
      "<key>CFBundleDevelopmentRegion</key><string>Germany</string>",
      "CFBundleDevelopmentRegion is \"Germany\", which is not a language tag (did you mean de?)"
    ),
    (
      "<key>CFBundleLocalizations</key><string>en</string>",
      "CFBundleLocalizations is a string, not an array of language tags"
    ),
    (
      "<key>CFBundleLocalizations</key><array><string>en</string><string>englsh</string></array>",
      "\"englsh\" in CFBundleLocalizations is not a language tag (did you mean en?)"
    ),
  ])
  func malformedBundleKeysAreNamedWithWhatIOSDoes(entry: String, message: String) throws {
    let root = try temporaryFolder()
    try Self.put(
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(entry)<key>NSUserTrackingUsageDescription</key><string>Ads.</string></dict></plist>",
      at: "Info.plist", in: root)
    let check = attsim("check", root.path)
    #expect(check.out.contains(message) && check.out.contains("[bundle-key]"), "\(check.out)")
    #expect(check.status == 0)
  }

  // MARK: Every purpose string, nothing else by default

  /// An app with camera, location and photos prompts, translated unevenly, and a broken Localizable.strings.
  static func appWithPurposeStrings() throws -> URL {
    let root = try temporaryFolder()
    try Self.put(
      """
      <?xml version="1.0"?><plist version="1.0"><dict>
      <key>CFBundleDevelopmentRegion</key><string>en</string>
      <key>NSUserTrackingUsageDescription</key><string>Ads that fit you.</string>
      <key>NSCameraUsageDescription</key><string>Scan receipts with the camera.</string>
      <key>NSLocationWhenInUseUsageDescription</key><string>Find stores near you.</string>
      <key>NSPhotoLibraryUsageDescription</key><string>Pick a photo for your profile.</string>
      </dict></plist>
      """, at: "Info.plist", in: root)
    try Self.put(
      """
      "NSUserTrackingUsageDescription" = "Passende Werbung.";
      "NSCameraUsageDescription" = "Belege mit der Kamera scannen.";
      "NSLocationWhenInUseUsageDescription" = "Läden in deiner Nähe finden.";
      "NSPhotoLibraryUsageDescription" = "Ein Foto für dein Profil wählen.";
      """, at: "de.lproj/InfoPlist.strings", in: root)
    try Self.put(
      """
      "NSUserTrackingUsageDescription" = "Des publicités pour vous.";
      "NSCameraUsageDescription" = "Scan receipts with the camera.";
      """, at: "fr.lproj/InfoPlist.strings", in: root)
    try Self.put("\"NSUserTrackingUsageDescription\" = \"あなたに合った広告。\";\n", at: "ja.lproj/InfoPlist.strings", in: root)
    try Self.put(
      "\"welcome\" = \"Bienvenue\"\n\"welcome\" = \"Salut\";\n", at: "fr.lproj/Localizable.strings", in: root)
    return root
  }

  @Test func cameraLocationAndPhotosAreCheckedInEveryLanguage() throws {
    let root = try Self.appWithPurposeStrings()
    let check = attsim("check", root.path, "--format", "json")
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [[String: Any]])
    let gaps = Set(
      findings.filter { $0["rule"] as? String == "missing-key" }.map {
        "\($0["locale"] as? String ?? "-") \($0["key"] as? String ?? "-")"
      })
    #expect(
      gaps == [
        "fr NSLocationWhenInUseUsageDescription", "fr NSPhotoLibraryUsageDescription", "ja NSCameraUsageDescription",
        "ja NSLocationWhenInUseUsageDescription", "ja NSPhotoLibraryUsageDescription",
      ])
    #expect(
      findings.contains {
        $0["rule"] as? String == "untranslated" && $0["key"] as? String == "NSCameraUsageDescription"
      })
    // Localizable.strings is not a purpose string: its syntax error waits for --all-strings.
    #expect(!findings.contains { ($0["file"] as? String)?.hasSuffix("Localizable.strings") == true })
    let all = attsim("check", root.path, "--all-strings")
    #expect(
      all.out.contains("fr.lproj/Localizable.strings:1:24: error: missing ';' after the value of \"welcome\""),
      "\(all.out)")
    #expect(all.status == 1 && check.status == 0)
  }

  @Test func promptsShowsAnyPurposeStringPerLanguage() throws {
    let root = try Self.appWithPurposeStrings()
    let camera = attsim("prompts", root.path, "--key", "NSCameraUsageDescription", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(camera.out.utf8)) as? [String: Any])
    let rows = try #require(object["prompts"] as? [[String: Any]])
    #expect(rows.map { $0["key"] as? String } == Array(repeating: "NSCameraUsageDescription", count: 4))
    #expect(rows.first { $0["locale"] as? String == "de" }?["text"] as? String == "Belege mit der Kamera scannen.")
    #expect(rows.first { $0["locale"] as? String == "ja" }?["kind"] as? String == "info-plist")
    let all = attsim("prompts", root.path, "--key", "all", "--locale", "de")
    #expect(all.out.contains("language  key"), "\(all.out)")
    for key in ["NSUserTrackingUsageDescription", "NSCameraUsageDescription", "NSLocationWhenInUseUsageDescription"] {
      #expect(all.out.contains("de        \(key)"), "\(key): \(all.out)")
    }
    let typo = attsim("prompts", root.path, "--key", "NSCameraUsageDescripton")
    #expect(typo.status == 2 && typo.err.contains("did you mean NSCameraUsageDescription?"), "\(typo.err)")
  }

  @Test func theGalleryListsEachLocalesOtherPurposeStringsAndCountsItsOwnFindings() throws {
    let root = try Self.appWithPurposeStrings()
    let page = attsim("gallery", "--app", root.path, "--out", "-").out
    #expect(
      page.contains("<td><code>NSCameraUsageDescription</code></td><td lang=\"de\">Belege mit der Kamera scannen.</td>")
    )
    // ja's row counts ja's three gaps, not the app's advice about a privacy manifest.
    #expect(page.contains("<td class=\"warning\">warnings</td><td>3</td>"), "\(page)")
    #expect(page.components(separatedBy: "tracking-undeclared").count == 2, "said once, for the whole app")
  }

  // MARK: Severity follows harm

  @Test func aCallGuardedByACheckForTheKeyIsNotACrash() throws {
    let root = try temporaryFolder()
    try Self.put("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict></dict></plist>", at: "Info.plist", in: root)
    try Self.put(
      """
      import AppTrackingTransparency
      func ask() {
        guard Bundle.main.object(forInfoDictionaryKey: "NSUserTrackingUsageDescription") != nil else { return }
        ATTrackingManager.requestTrackingAuthorization { _ in }
      }
      """, at: "Sources/Ask.swift", in: root)
    let guarded = attsim("check", root.path)
    #expect(guarded.status == 0)
    #expect(
      guarded.out.contains(
        "Sources/Ask.swift:4:21: info: Sources/Ask.swift:4 calls requestTrackingAuthorization only after checking"))
    try Self.put(
      "import AppTrackingTransparency\nfunc ask() { ATTrackingManager.requestTrackingAuthorization { _ in } }\n",
      at: "Sources/Ask.swift", in: root)
    let crash = attsim("check", root.path)
    #expect(crash.status == 1)
    #expect(crash.out.contains("Sources/Ask.swift:2:32: error: requestTrackingAuthorization crashes the app here"))
  }

  @Test func trackingUndeclaredIsAdviceWithoutAManifestOfTheAppsOwn() throws {
    let flutter = attsim("check", repositoryRoot.appendingPathComponent("Tests/Fixtures/FlutterApp").path)
    #expect(
      flutter.out.contains(
        "info: the app tracks (it has NSUserTrackingUsageDescription) but has no PrivacyInfo.xcprivacy of its own"))
    let broken = attsim("check", repositoryRoot.appendingPathComponent("Assets/Examples/BrokenApp").path)
    #expect(
      broken.out.contains(
        "warning: the app tracks (it asks for tracking) but its PrivacyInfo.xcprivacy does not declare"))
  }

  @Test func theDevelopmentLanguagesOwnVariantsNeverMissAKey() throws {
    let root = try Self.appWithPurposeStrings()
    try Self.put(
      "\"NSUserTrackingUsageDescription\" = \"Ads that suit you.\";\n", at: "en-GB.lproj/InfoPlist.strings", in: root)
    let check = attsim("check", root.path)
    #expect(!check.out.contains("en-GB"), "\(check.out)")
  }

  @Test func pathsAreNormalized() throws {
    let root = try temporaryFolder()
    try ProjectFixture(
      at: root, xcconfig: "APP_NAME = Shop\n",
      variants: [("en", "en.lproj/InfoPlist.strings"), ("de", "Shop/../de.lproj/InfoPlist.strings")])
    try Self.put("\"NSUserTrackingUsageDescription\" = \"\";\n", at: "de.lproj/InfoPlist.strings", in: root)
    let check = attsim("check", root.path)
    #expect(check.out.contains("\(root.path)/de.lproj/InfoPlist.strings:1:36: warning:") && !check.out.contains("/../"))
  }
}
