import Foundation
import Testing

/// Apps whose Info.plist a tool makes from its own files (issue 40, items 3 and 4): Swift Playgrounds packages
/// (`Package.swift`'s `.iOSApplication` product), .NET MAUI's `Platforms/iOS` and Xamarin.iOS head projects.
@Suite struct AppPackageTests {
  static func path(_ name: String) -> String { RealProjectCommandTests.path(name) }

  @Test func aPlaygroundsAppsPurposeStringsComeFromItsCapabilitiesNotAStrayInfoPlist() throws {
    // From the repository's root (the package inside it) and from the package itself, the same answer.
    for given in [Self.path("PlaygroundsRepo"), Self.path("PlaygroundsRepo/Lens.swiftpm")] {
      let outcome = attsim("prompts", given, "--key", "all", "--format", "json")
      #expect(outcome.status == 0, "\(outcome.err)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
      #expect(object["app"] as? String == "Lens Notes" && object["development_region"] as? String == "en")
      #expect(object["localizations"] as? [String] == ["de", "en", "ja"])
      let prompts = try #require(object["prompts"] as? [[String: Any]])
      let rows = prompts.map { "\($0["locale"]!) \($0["key"]!) \($0["text"]!)" }
      #expect(
        rows == [
          "en NSUserTrackingUsageDescription Lens shares which filters you use with \"Lens Labs\" to suggest new ones.",
          "en NSCameraUsageDescription Lens uses the camera to take pictures.",
          "en NSMicrophoneUsageDescription (from code, not evaluated)",
          "de NSUserTrackingUsageDescription Lens teilt mit „Lens Labs“, welche Filter du nutzt, um neue vorzuschlagen.",
          "de NSCameraUsageDescription Lens nutzt die Kamera für Fotos.",
          "de NSMicrophoneUsageDescription (from code, not evaluated)",
          "ja NSUserTrackingUsageDescription Lens shares which filters you use with \"Lens Labs\" to suggest new ones.",
          "ja NSCameraUsageDescription Lens はカメラで写真を撮ります。",
          "ja NSMicrophoneUsageDescription (from code, not evaluated)",
        ])
      let source = try #require(prompts[0]["source"] as? [String: Any])
      #expect((source["file"] as? String)?.hasSuffix("Package.swift") == true && source["line"] as? Int == 38)
      #expect(prompts[0]["display_name"] as? String == "Lens Notes")
    }
    let text = attsim("prompts", Self.path("PlaygroundsRepo/Lens.swiftpm"), "--locale", "ja")
    #expect(text.out.contains("ja        ja        build-setting  Package.swift:38:38"))
  }

  @Test func checkNamesWhatAPlaygroundsAppLeavesOutAndWhatItCannotRead() throws {
    let outcome = attsim("check", Self.path("PlaygroundsRepo/Lens.swiftpm"), "--format", "json")
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [[String: Any]])
    let messages = findings.compactMap { $0["message"] as? String }
    #expect(messages.contains("Info.plist: not read: Package.swift makes the Info.plist"))
    #expect(messages.contains("Package.swift:41:36: NSMicrophoneUsageDescription is from code, not evaluated"))
    #expect(
      messages.contains(
        "Package.swift:40:41: .photoLibraryAdd is for other devices, not the iPhone: NSPhotoLibraryAddUsageDescription left out"
      ))
    // The stray Info.plist's old tracking text is nowhere; ja lacks the tracking translation.
    #expect(!outcome.out.contains("Old text"))
    #expect(
      findings.contains {
        $0["rule"] as? String == "missing-key" && $0["locale"] as? String == "ja"
          && $0["key"] as? String == "NSUserTrackingUsageDescription"
      })
    #expect(!findings.contains { $0["rule"] as? String == "missing-usage-description" })
    let text = attsim("check", Self.path("PlaygroundsRepo/Lens.swiftpm"))
    #expect(text.out.contains("ja.lproj/InfoPlist.strings has no NSUserTrackingUsageDescription"))
  }

  @Test(arguments: [
    // Unclosed lists, strings and comments end with the file; nothing is read past them.
    ".iOSApplication(name: \"A\", capabilities: [.camera(purposeString: \"x",
    ".iOSApplication(capabilities: [.camera(purposeString: \"a\\(b)\"), .motion(purposeString: 1 /* ] */",
    ".iOSApplication(name: \"\"\"\n", ".iOSApplication(targets: [\"a\", capabilities: [",
  ])
  func aBrokenManifestIsReadAsFarAsItGoes(manifest: String) throws {
    let folder = try temporaryFolder().appendingPathComponent("Broken.swiftpm")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = try write(manifest, to: "Package.swift", in: folder)
    let outcome = attsim("prompts", folder.path, "--key", "all")
    #expect(outcome.status == 0 && outcome.err.isEmpty, "\(outcome.err)")
  }

  @Test func aMauiAppIsItsPlatformsIOSFolderNotMacCatalyst() throws {
    let outcome = attsim("prompts", Self.path("MauiRepo"), "--format", "json")
    #expect(outcome.status == 0, "\(outcome.err)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
    #expect(object["app"] as? String == "Forecast" && object["localizations"] as? [String] == ["de", "es", "fr"])
    let prompts = try #require(object["prompts"] as? [[String: Any]])
    let rows = prompts.map { "\($0["locale"]!) \(($0["source"] as? [String: Any])?["file"] ?? "") \($0["text"]!)" }
    #expect(
      rows == [
        "en src/Forecast/Platforms/iOS/Info.plist Forecast uses your data to show ads that fit your area.",
        "de src/Forecast/Platforms/iOS/Resources/de.lproj/InfoPlist.strings Forecast nutzt deine Daten für Werbung aus deiner Gegend.",
        "es src/Forecast/Resources/Strings/es.lproj/InfoPlist.strings Forecast usa tus datos para anuncios de tu zona.",
        "fr src/Forecast/Platforms/iOS/Resources/fr.lproj/InfoPlist.strings Forecast utilise tes données pour des publicités de ta région.",
      ])
    #expect(prompts.allSatisfy { $0["display_name"] as? String == "Forecast" })
    let check = attsim("check", Self.path("MauiRepo"))
    #expect(!check.out.contains("MacCatalyst/Info.plist") && check.out.contains("Platforms/iOS/Info.plist"))
    // The es table the .csproj names by LogicalName counts as a localization: none of the three has the key.
    #expect(check.out.contains("the location (when in use) prompt is in en for de, es, fr [not-localized]"))
  }

  @Test func aXamarinSolutionIsItsIOSAppProjectNotTheExtensionBesideIt() throws {
    let outcome = attsim("prompts", Self.path("XamarinRepo"), "--format", "json")
    #expect(outcome.status == 0, "\(outcome.err)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
    #expect(object["app"] as? String == "Tasks.iOS" && object["localizations"] as? [String] == ["de", "nl"])
    let prompts = try #require(object["prompts"] as? [[String: Any]])
    let rows = prompts.map { "\($0["locale"]!) \(($0["source"] as? [String: Any])?["file"] ?? "") \($0["text"]!)" }
    #expect(
      rows == [
        "en Tasks.iOS/Info.plist Tasks uses your activity to measure which ads brought you here.",
        "de Tasks.iOS/Resources/de.lproj/InfoPlist.strings Tasks misst mit deiner Aktivität, welche Werbung dich hergebracht hat.",
        "nl Tasks.iOS/Resources/Translations/InfoPlist.nl.strings Tasks meet met je activiteit welke advertenties je hier brachten.",
      ])
    let check = attsim("check", Self.path("XamarinRepo"))
    #expect(check.status == 0 && !check.out.contains("Widget"))
    #expect(check.out.contains("Tasks.iOS: the iOS app of Tasks.iOS.csproj"))
  }
}
