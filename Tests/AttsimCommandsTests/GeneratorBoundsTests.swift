import Foundation
import Testing

/// XcodeGen specs whose targets would make far more than the spec holds: each answered at once, within a
/// budget for the whole spec, or refused with a located one-line error and status 2.
@Suite struct GeneratorBoundsTests {
  /// `attsim prompts` (with `options`) on a folder holding `spec` as its project.yml (and what `prepare` adds).
  static func prompts(
    _ spec: String, _ options: String..., prepare: (URL) throws -> Void = { _ in }
  ) throws -> Outcome {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try write(spec, to: "project.yml", in: folder)
    try prepare(folder)
    return attsim(["prompts", folder.path, "--locale", "en"] + options)
  }

  /// Whether `outcome` is one error line at `place` in project.yml saying `reason`, with status 2.
  static func isRefusal(_ outcome: Outcome, at place: String, _ reason: String) -> Bool {
    outcome.status == 2 && outcome.err.hasSuffix("\n") && outcome.err.dropLast().split(separator: "\n").count == 1
      && outcome.err.contains("project.yml:\(place): ") && outcome.err.contains(reason)
  }

  @Test func fillingInTheTargetNameStopsAtTheSpecsSize() throws {
    // A 40,000-character target name used 25,000 times in one setting: a gigabyte were it filled in whole.
    let name = String(repeating: "N", count: 40_000)
    let uses = String(repeating: "${target_name}", count: 25_000)
    let outcome = try Self.prompts(
      "name: T\ntargetTemplates:\n  App:\n    type: application\n    settings:\n      PRODUCT_NAME: \(uses)\n"
        + "targets:\n  \(name):\n    platform: iOS\n    templates: [App]\n")
    #expect(
      Self.isRefusal(outcome, at: "8:3", "filled in makes more than 4194304 bytes of text in all"), "\(outcome.err)")
  }

  @Test func templatesAppliedToEveryTargetAreCountedInAll() throws {
    // A template of 50,000 settings used by 2,000 targets: 100 million settings were each target given its copy.
    let settings = (0..<50_000).map { "      K\($0): v\n" }.joined()
    let targets = (0..<2_000).map { "  t\($0): {platform: iOS, templates: [T]}\n" }.joined()
    let outcome = try Self.prompts(
      "name: M\ntargetTemplates:\n  T:\n    type: framework\n    settings:\n\(settings)targets:\n\(targets)")
    #expect(
      Self.isRefusal(outcome, at: "50010:3", "the templates of the targets make more than 200000 nodes in all"),
      "\(outcome.err)")
  }

  @Test func aFolderManyTargetsShareIsWalkedOnce() throws {
    // 2,000 targets (one aliased mapping) with the same 1,000-file sources: two million files walked one by one.
    let targets = (1..<2_000).map { "  t\($0): *t\n" }.joined()
    let outcome = try Self.prompts(
      "name: M\ntargets:\n  App: &t {type: application, platform: iOS, sources: [src]}\n\(targets)", "--target", "App"
    ) { folder in
      let source = folder.appendingPathComponent("src/en.lproj")
      try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
      _ = try write(
        "\"NSUserTrackingUsageDescription\" = \"Shows ads that fit you.\";\n", to: "InfoPlist.strings", in: source)
      let plist = "<plist><dict><key>NSUserTrackingUsageDescription</key><string>Ads.</string></dict></plist>"
      _ = try write(plist, to: "Info.plist", in: source.deletingLastPathComponent())
      for number in 0..<1_000 { _ = try write("", to: "File\(number).swift", in: source.deletingLastPathComponent()) }
    }
    #expect(outcome.status == 0, "\(outcome.err)\n\(outcome.out)")
    #expect(outcome.out.contains("src/en.lproj/InfoPlist.strings") && outcome.out.contains("Shows ads that fit you."))
  }

  @Test func resourcesTheTargetsCopyAreCountedInAll() throws {
    // 1,000 targets copying the same 1,000 strings files: a million build files.
    let targets = (1..<1_000).map { "  t\($0): *t\n" }.joined()
    let outcome = try Self.prompts(
      "name: M\ntargets:\n  App: &t {type: application, platform: iOS, sources: [src]}\n\(targets)"
    ) { folder in
      let strings = folder.appendingPathComponent("src/en.lproj")
      try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
      for number in 0..<1_000 { _ = try write("", to: "Table\(number).strings", in: strings) }
    }
    #expect(
      Self.isRefusal(outcome, at: "3:56", "the targets' sources copy more than 200000 resource files in all"),
      "\(outcome.err)")
  }

  @Test func settingsOverManyConfigurationsAreCountedInAll() throws {
    // 20,000 settings in 2,000 configurations: 40 million setting entries were each configuration given its own.
    let configurations = (0..<2_000).map { "  C\($0): debug\n" }.joined()
    let settings = (0..<20_000).map { "      K\($0): v\n" }.joined()
    let outcome = try Self.prompts(
      "name: M\nconfigs:\n\(configurations)targets:\n  App:\n    type: application\n    platform: iOS\n"
        + "    settings:\n\(settings)")
    #expect(
      Self.isRefusal(outcome, at: "2008:7", "the settings make more than 1000000 entries in all"), "\(outcome.err)")
  }

  @Test func aSettingGroupNamedAgainAndAgainIsCountedInAll() throws {
    // A group of 4,000 settings named 255 times in 1,000 configurations: a billion setting entries.
    let configurations = (0..<1_000).map { "  C\($0): debug\n" }.joined()
    let group = (0..<4_000).map { "    K\($0): v\n" }.joined()
    let names = Array(repeating: "G", count: 255).joined(separator: ", ")
    let outcome = try Self.prompts(
      "name: M\nconfigs:\n\(configurations)settingGroups:\n  G:\n\(group)targets:\n  App:\n"
        + "    type: application\n    platform: iOS\n    settings:\n      groups: [\(names)]\n")
    #expect(
      Self.isRefusal(outcome, at: "1005:5", "the settings make more than 1000000 entries in all"), "\(outcome.err)")
  }
}
