import Foundation
import Testing

/// Issue 23, the second fault hunt: no output over any input, no secret through a project, no walk through a
/// link out of it, nothing raw on the terminal, no crash or hang on small project files.
@Suite struct ProjectFixtureTests {
  /// A folder app (a copy of the demo app) and a script that names it, in a fresh folder.
  static func appAndScript() throws -> URL {
    let folder = try temporaryFolder()
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp"), to: folder.appendingPathComponent("app"))
    _ = try write(
      "app bundle=app\nsdk init\nrequest\ntap allow\nexpect status=authorized\n", to: "s.attsim", in: folder)
    try ProjectFixture(at: folder.appendingPathComponent("proj"), xcconfig: "APP_NAME = Shop\n")
    return folder
  }

  // MARK: 1. Outputs never replace an input

  @Test(arguments: [
    ("play --output app/Info.plist s.attsim", "app/Info.plist"),
    ("play --report junit --output app/en.lproj/InfoPlist.strings s.attsim", "app/en.lproj/InfoPlist.strings"),
    ("play --report markdown --output app/PrivacyInfo.xcprivacy s.attsim", "app/PrivacyInfo.xcprivacy"),
    ("cast s.attsim --app app --out app/Info.plist", "app/Info.plist"),
    ("gallery --app proj --out proj/App.xcodeproj/project.pbxproj", "proj/App.xcodeproj/project.pbxproj"),
    ("gallery --app proj --out proj/Base.xcconfig", "proj/Base.xcconfig"),
    ("gallery --app app --out app/PrivacyInfo.xcprivacy", "app/PrivacyInfo.xcprivacy"),
    ("gallery --app app --out app/ja.lproj/Localizable.strings", "app/ja.lproj/Localizable.strings"),
  ])
  func anOutputOverAnyFileTheCommandReadIsRefused(command: String, victim: String) throws {
    let folder = try Self.appAndScript()
    let before = try Data(contentsOf: folder.appendingPathComponent(victim))
    let outcome = try runShell("\"$ATTSIM\" \(command)", in: folder)
    #expect(outcome.status == 2, "\(outcome.err)")
    #expect(outcome.err.contains("it is one of this command's inputs"), "\(outcome.err)")
    #expect(try Data(contentsOf: folder.appendingPathComponent(victim)) == before)
  }

  @Test func anOutputThatIsAHardLinkToAnInputIsRefused() throws {
    let folder = try Self.appAndScript()
    try FileManager.default.linkItem(
      at: folder.appendingPathComponent("app/Info.plist"), to: folder.appendingPathComponent("out.json"))
    let outcome = try runShell("\"$ATTSIM\" play --output out.json s.attsim", in: folder)
    #expect(outcome.status == 2)
    #expect(outcome.err.contains("this command's inputs ('") && outcome.err.contains("Info.plist"), "\(outcome.err)")
    #expect(try String(contentsOf: folder.appendingPathComponent("app/Info.plist"), encoding: .utf8).contains("<plist"))
  }

  @Test func aReplacedOutputKeepsNoSetuidOrSetgidBit() throws {
    let folder = try Self.appAndScript()
    let out = try write("old\n", to: "out.json", in: folder)
    #expect(chmod(out, 0o6755) == 0)
    #expect(attsim("play", "--output", out, folder.appendingPathComponent("s.attsim").path).status == 0)
    let mode = try #require(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int)
    #expect(mode == 0o755)
  }

  // MARK: 2. No secret through a project

  static let fileSecret = "planted-file-secret-7d41"
  static let environmentSecret = "planted-env-secret-93ac"

  /// A project whose xcconfig includes the process environment, a secret file outside the project and a
  /// system file, and whose display name names their variables.
  static func projectReachingForSecrets() throws -> URL {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("secret"), withIntermediateDirectories: true)
    _ = try write("TOKEN = \(fileSecret)\n", to: "secret/credentials", in: folder)
    try ProjectFixture(
      at: folder.appendingPathComponent("proj"),
      xcconfig: """
        #include "/proc/self/environ"
        #include "../secret/credentials"
        #include "/etc/passwd"
        #include "../../../../../../../proc/self/environ"
        APP_NAME = Shop $(TOKEN)$(ATTSIM_PLANTED_SECRET)$(HOME)$(PATH)
        """)
    _ = try write("app bundle=proj\nsdk init\nrequest\nexpect prompt-text=Ads\n", to: "s.attsim", in: folder)
    return folder
  }

  @Test func noCommandPrintsAnEnvironmentVariableOrAFileOutsideTheProject() throws {
    let folder = try Self.projectReachingForSecrets()
    let outcome = try runShell(
      """
      export ATTSIM_PLANTED_SECRET=\(Self.environmentSecret)
      for format in text json; do "$ATTSIM" prompts proj --format $format; done
      for format in text json sarif; do "$ATTSIM" check proj --format $format; done
      "$ATTSIM" render --app proj
      "$ATTSIM" render --app proj --format svg
      "$ATTSIM" gallery --app proj --out g.html && cat g.html
      "$ATTSIM" play s.attsim
      "$ATTSIM" play --report markdown s.attsim
      "$ATTSIM" cast s.attsim --app proj --out c.cast && cat c.cast
      "$ATTSIM" completion words locales proj
      exit 0
      """, in: folder)
    let everything = outcome.out + outcome.err
    #expect(everything.contains("Shop"), "the project was not read: \(everything.prefix(400))")
    for secret in [Self.fileSecret, Self.environmentSecret, "root:x:0:0", "/usr/bin"] {
      #expect(!everything.contains(secret), "\(secret) leaked")
    }
    // What was refused is said, at the include's line.
    #expect(
      everything.contains(
        "proj/Base.xcconfig:1:1: warning: #include \"/proc/self/environ\": it is in /proc: attsim never reads system files"
      ))
    #expect(
      everything.contains(
        "proj/Base.xcconfig:2:1: warning: #include \"../secret/credentials\": it is outside the project ("))
    #expect(everything.contains("[include-outside]"))
  }

  @Test func buildSettingsNeverReadTheProcessEnvironment() throws {
    let folder = try temporaryFolder()
    try ProjectFixture(
      at: folder, settings: "APP_NAME = \"$(HOME)-$(USER)-$(ATTSIM_PLANTED_SECRET)\";")
    let outcome = try runShell(
      "export ATTSIM_PLANTED_SECRET=\(Self.environmentSecret); \"$ATTSIM\" prompts . --format json", in: folder)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("\"display_name\":\"--\""), "\(outcome.out)")
    #expect(!outcome.out.contains(Self.environmentSecret) && !outcome.out.contains(NSHomeDirectory()))
  }

  // MARK: 3. No walk through a link out of the project

  /// A folder outside the project with things that must never be read through it.
  static func decoy(in folder: URL) throws -> URL {
    let decoy = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(
      at: decoy.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    _ = try write(
      "\"NSUserTrackingUsageDescription\" = \"LEAKED-THROUGH-A-LINK\";\n", to: "elsewhere/de.lproj/InfoPlist.strings",
      in: folder)
    _ = try write(
      """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSPrivacyTracking</key><true/>
      <key>NSPrivacyTrackingDomains</key><array><string>leak.example</string></array></dict></plist>
      """, to: "elsewhere/PrivacyInfo.xcprivacy", in: folder)
    return decoy
  }

  @Test func aSynchronizedFolderThatIsALinkOutIsNotWalked() throws {
    let folder = try temporaryFolder()
    let decoy = try Self.decoy(in: folder)
    let project = folder.appendingPathComponent("proj")
    try ProjectFixture(at: project, xcconfig: "APP_NAME = Shop\n", groups: 1)
    try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("App"), withDestinationURL: decoy)
    let outcome = try runShell(
      "\"$ATTSIM\" prompts proj --format json; \"$ATTSIM\" check proj; \"$ATTSIM\" gallery --app proj --out -",
      in: folder)
    #expect(!outcome.out.contains("LEAKED") && !outcome.err.contains("LEAKED"))
    #expect(!outcome.out.contains("leak.example"))
    #expect(outcome.out.contains("[link-outside]"), "\(outcome.out)")
  }

  @Test func aSynchronizedFolderLinkedToTheRootEndsAtOnce() throws {
    let folder = try temporaryFolder()
    try ProjectFixture(at: folder, xcconfig: "APP_NAME = Shop\n", groups: 3)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("App").path, withDestinationPath: "/")
    // Ten seconds is a hang guard, not a measure: attsim walks nothing through the link.
    let outcome = try runShell("\"$ATTSIM\" check .", in: folder, seconds: 10)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("is reached through a symbolic link that leaves the project (to '/')"))
  }

  @Test func aProjectFolderAndAPodThatAreLinksOutAreNotRead() throws {
    let folder = try temporaryFolder()
    let decoy = try Self.decoy(in: folder)
    let project = folder.appendingPathComponent("proj")
    try ProjectFixture(at: project, xcconfig: "APP_NAME = Shop\n", projectDirPath: "linked")
    try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("linked"), withDestinationURL: decoy)
    try FileManager.default.createDirectory(
      at: project.appendingPathComponent("Pods"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("Pods/AdKit"), withDestinationURL: decoy)
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("en.lproj/Localizable.strings"),
      withDestinationURL: decoy.appendingPathComponent("de.lproj/InfoPlist.strings"))
    let outcome = try runShell(
      "\"$ATTSIM\" check proj; \"$ATTSIM\" prompts proj --format json; \"$ATTSIM\" gallery --app proj --out -",
      in: folder)
    #expect(!outcome.out.contains("LEAKED") && !outcome.out.contains("leak.example"), "\(outcome.out)")
    #expect(outcome.out.contains("proj/linked: warning: it is reached through a symbolic link that leaves the project"))
  }

  @Test func aStringsFileThatIsALinkOutIsRefusedWithAFinding() throws {
    let folder = try temporaryFolder()
    let decoy = try Self.decoy(in: folder)
    let app = folder.appendingPathComponent("app")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Assets/DemoApp/Info.plist"),
      to: app.appendingPathComponent("Info.plist"))
    try FileManager.default.createSymbolicLink(
      at: app.appendingPathComponent("de.lproj/InfoPlist.strings"),
      withDestinationURL: decoy.appendingPathComponent("de.lproj/InfoPlist.strings"))
    let check = attsim("check", app.path)
    #expect(check.out.contains("de.lproj/InfoPlist.strings: warning: it is reached through a symbolic link"))
    #expect(check.out.contains("[link-outside]"))
    let prompts = attsim("prompts", app.path, "--locale", "de")
    #expect(!prompts.out.contains("LEAKED"), "\(prompts.out)")
  }

  // MARK: 4. Names and values never reach the terminal raw

  @Test func targetNamesWithEscapesAreEscapedInEveryHeaderAndSummary() throws {
    let folder = try temporaryFolder()
    try ProjectFixture(at: folder, targets: 2, xcconfig: "APP_NAME = Shop\n")
    let pbxproj = folder.appendingPathComponent("App.xcodeproj/project.pbxproj")
    let text = try String(contentsOf: pbxproj, encoding: .utf8)
    // The old-style plist's octal escapes: ESC ] 0 ; … BEL and ESC [ 2 J.
    try text.replacingOccurrences(of: "name = App;", with: "name = \"Evil\\033]0;pwned\\007\\033[2J\\U202e\";")
      .write(to: pbxproj, atomically: true, encoding: .utf8)
    let prompts = attsim("prompts", folder.path, "--target", "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}")
    let check = attsim("check", folder.path, "--all-targets")
    let json = attsim("check", folder.path, "--all-targets", "--format", "json")
    // Neither target is named like the project: a tie, whose message names them.
    let tie = attsim("prompts", folder.path)
    #expect(tie.status == 2 && tie.err.contains("tie: Evil\\u{1B}]0;pwned"), "\(tie.err)")
    for output in [prompts.out, prompts.err, check.out, check.err, json.out, tie.err] {
      #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }
    #expect(prompts.out.contains("Evil\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{202E} (target"), "\(prompts.out)")
    #expect(check.err.contains("Evil\\u{1B}"), "\(check.err)")
    #expect(json.out.contains("Evil\\u001b]0;pwned\\u0007\\u001b[2J\\u202e"), "\(json.out)")
  }

  @Test func charactersXMLForbidsNeverReachAReportOrAPicture() throws {
    let folder = try temporaryFolder()
    let script = try write(
      "sdk init\ntrack \"odd\u{FFFE}name\u{FFFF}\"\nexpect event=queued\n", to: "s.attsim", in: folder)
    let junit = attsim("play", "--report", "junit", script)
    #expect(junit.status == 1)
    #expect(!junit.out.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF }, "\(junit.out)")
    let app = folder.appendingPathComponent("app")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Assets/DemoApp"), to: app)
    try "\"CFBundleDisplayName\" = \"Lumen\u{FFFF}\";\n\"NSUserTrackingUsageDescription\" = \"x\u{FFFE}y\";\n".write(
      to: app.appendingPathComponent("en.lproj/InfoPlist.strings"), atomically: true, encoding: .utf8)
    for format in ["svg", "html"] {
      let picture = attsim("render", "--app", app.path, "--keys", "p enter", "--format", format)
      #expect(picture.status == 0, "\(picture.err)")
      #expect(!picture.out.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF })
    }
  }

  // MARK: 5. No crash or hang on small project files

  /// Each of these ends at once under a 2 GB address-space limit. The 60-second timeout only tells a hang
  /// from an answer; it is not a measure of speed.
  @Test func projectFilesThatFanOutNestOrLoopEndWithAFinding() throws {
    let folder = try temporaryFolder()
    let fanOut = (0..<6).map { level in "A\(level) = \"\(String(repeating: "$(A\(level + 1))", count: 16))\";" }
    try ProjectFixture(
      at: folder.appendingPathComponent("fanout"), settings: fanOut.joined(separator: " ") + " A6 = x;",
      displayName: "$(A0)")
    try ProjectFixture(
      at: folder.appendingPathComponent("nest"),
      settings: "A0 = \"\(String(repeating: "$(", count: 10_000))X\(String(repeating: ")", count: 10_000))\";",
      displayName: "$(A0)")
    try ProjectFixture(
      at: folder.appendingPathComponent("self"),
      settings: "FOO = \"$(BAR)$(BAR)$(BAR)$(BAR)\"; BAR = \"$(FOO)$(FOO)\";",
      displayName: "$(FOO)")
    try ProjectFixture(
      at: folder.appendingPathComponent("loop"),
      xcconfig:
        "#include \"a/../Base.xcconfig\"\n#include \"./Base.xcconfig\"\n#include \"Base.xcconfig\"\nAPP_NAME = Shop\n",
      extraFiles: [("a/.keep", "")])
    let outcome = try runShell(
      """
      ulimit -v 2000000
      for name in fanout nest self loop; do timeout 60 "$ATTSIM" check $name; echo "$name exit $?"; done
      """, in: folder, seconds: 300)
    #expect(outcome.out.contains("fanout exit 0") && outcome.out.contains("a build setting expands past 64 KB"))
    #expect(outcome.out.contains("nest exit 0") && outcome.out.contains("nests references more than 32 deep"))
    #expect(outcome.out.contains("self exit 0") && outcome.out.contains("FOO refers to itself"), "\(outcome.out)")
    #expect(outcome.out.contains("loop exit 0") && outcome.out.contains("includes itself"), "\(outcome.out)")
    #expect(!outcome.err.contains("Fatal") && !outcome.err.contains("Killed"), "\(outcome.err)")
  }

  @Test func largeButLegalProjectsAreReadInOnePass() throws {
    let folder = try temporaryFolder()
    try ProjectFixture(
      at: folder.appendingPathComponent("settings"),
      settings: (0..<80_000).map { "S\($0) = v\($0);" }.joined(separator: " ") + " APP_NAME = Shop;")
    try ProjectFixture(at: folder.appendingPathComponent("targets"), targets: 1_000, settings: "APP_NAME = Shop;")
    try ProjectFixture(
      at: folder.appendingPathComponent("groups"), settings: "APP_NAME = Shop;", groups: 300,
      extraFiles: (0..<200).map { ("App/File\($0).swift", "") } + [("App/de.lproj/InfoPlist.strings", "\"a\" = \"b\";")]
    )
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let languages = (0..<3_000).map { (index: Int) -> String in
      String([letters[index / 676], letters[index / 26 % 26], letters[index % 26]])
    }
    let declared = languages.map { "<string>\($0)</string>" }.joined()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("languages"), withIntermediateDirectories: true)
    _ = try write(
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSUserTrackingUsageDescription</key><string>x</string><key>CFBundleLocalizations</key><array>\(declared)</array></dict></plist>",
      to: "languages/Info.plist", in: folder)
    let outcome = try runShell(
      """
      ulimit -v 2000000
      for name in settings targets groups languages; do timeout 60 "$ATTSIM" check --all-targets $name >/dev/null 2>$name.err; echo "$name exit $?"; done
      tail -n 1 targets.err languages.err
      """, in: folder, seconds: 300)
    for name in ["settings", "targets", "groups", "languages"] {
      #expect(outcome.out.contains("\(name) exit 0"), "\(outcome.out)")
    }
    #expect(outcome.out.contains("in 1000 apps (App, App1, App2, App3, App4, App5, App6, App7 and 992 more)"))
    #expect(outcome.out.contains("in 3000 localizations"))
  }

  @Test func millionsOfDuplicateKeysGiveAFewFindings() throws {
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("en.lproj")
    try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
    // Two hundred thousand definitions of one key, on one line.
    let line = String(repeating: "\"a\"=\"b\";", count: 200_000)
    try line.write(to: path.appendingPathComponent("InfoPlist.strings"), atomically: true, encoding: .utf8)
    let outcome = attsim("check", path.appendingPathComponent("InfoPlist.strings").path, "--format", "json")
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [[String: Any]])
    #expect(findings.count == 51)
    #expect((findings.last?["message"] as? String)?.contains("… and 199,949 more duplicate-key findings") == true)
  }

  @Test func aBinaryPropertyListThatSharesItsChildrenIsRefused() throws {
    let folder = try temporaryFolder()
    // Eight levels of arrays, each listing the next sixteen times: four billion values in a few hundred bytes.
    var objects: [[UInt8]] = [[0xD1, 10, 1]]
    for level in 0..<8 { objects.append([0xAF, 0x10, 16] + [UInt8](repeating: UInt8(level + 2), count: 16)) }
    objects.append([0x51, 0x78])
    objects.append([0x51, 0x6B])
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let table = bytes.count
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(UInt64(objects.count)) + bigEndian(0) + bigEndian(UInt64(table))
    let plist = folder.appendingPathComponent("Info.plist")
    try Data(bytes).write(to: plist)
    let outcome = try runShell("ulimit -v 2000000; timeout 60 \"$ATTSIM\" check Info.plist", in: folder)
    // A file given alone that does not read is a finding at its place, as it is inside a folder (D74).
    #expect(outcome.status == 1)
    #expect(outcome.out.contains("more than 1000000 values (its arrays share children)"), "\(outcome.out)")
  }

  private func bigEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(value >> (56 - 8 * $0) & 0xFF) } }

  // MARK: 7. Messages

  @Test func aHugeDuplicateKeyIsQuotedShort() throws {
    let folder = try temporaryFolder()
    let key = String(repeating: "k", count: 100_000)
    let path = try write("\"\(key)\" = \"a\";\n\"\(key)\" = \"b\";\n", to: "InfoPlist.strings", in: folder)
    let outcome = attsim("check", path)
    #expect(outcome.out.contains("\"\(String(repeating: "k", count: 60))…\" is defined again"))
    #expect(outcome.out.utf8.count < 400)
  }

  @Test func aWrongConfigurationAmongManyIsOneShortLine() throws {
    let folder = try temporaryFolder()
    try ProjectFixture(at: folder, settings: "APP_NAME = Shop;", extraConfigurations: (0..<100_000).map { "X\($0)" })
    let outcome = attsim("check", folder.path, "--configuration", "nope")
    #expect(outcome.status == 2)
    #expect(
      outcome.err.contains("it has Release, X0, X1, X2, X3, X4, X5, X6 and 99,993 more"), "\(outcome.err.prefix(300))")
    #expect(outcome.err.utf8.count < 300)
  }

  @Test func aBuiltAppWithABrokenInfoPlistSaysSo() throws {
    let folder = try temporaryFolder()
    let app = folder.appendingPathComponent("Shop.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    _ = try write("<?xml version=\"1.0\"?><plist><dict><key>a</key>", to: "Shop.app/Info.plist", in: folder)
    let outcome = attsim("check", app.path)
    #expect(outcome.status == 2)
    #expect(
      outcome.err.contains("the Info.plist of '\(app.path)' cannot be read: not a property list"), "\(outcome.err)")
  }

  @Test func filesThatAreNotUTF8AreNamedByLineAndColumn() throws {
    let folder = try temporaryFolder()
    try ProjectFixture(at: folder.appendingPathComponent("proj"), settings: "APP_NAME = Shop;")
    let pbxproj = folder.appendingPathComponent("proj/App.xcodeproj/project.pbxproj")
    var bytes = try Data(contentsOf: pbxproj)
    bytes.insert(contentsOf: [0x0A, 0x2F, 0x2F, 0x20, 0xFF], at: bytes.firstIndex(of: 0x0A)!)
    try bytes.write(to: pbxproj)
    let project = attsim("check", folder.appendingPathComponent("proj").path)
    #expect(project.status == 2)
    #expect(project.err.contains("App.xcodeproj/project.pbxproj:2:4:"), "\(project.err)")
    let plistFolder = folder.appendingPathComponent("plist")
    try FileManager.default.createDirectory(at: plistFolder, withIntermediateDirectories: true)
    try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist><dict><key>a\u{FF}</key>".utf8).write(
      to: plistFolder.appendingPathComponent("Info.plist"))
    var broken = try Data(contentsOf: plistFolder.appendingPathComponent("Info.plist"))
    broken[broken.count - 8] = 0xFF
    try broken.write(to: plistFolder.appendingPathComponent("Info.plist"))
    let plist = attsim("check", plistFolder.path)
    #expect(plist.out.contains("Info.plist:2:"), "\(plist.out)\(plist.err)")
  }
}
