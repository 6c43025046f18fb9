import Foundation

/// A small Xcode project written for one test: one app target (or many), its build settings, an xcconfig,
/// and whatever else a test plants around it.
struct ProjectFixture {
  /// The project's folder (it holds `App.xcodeproj`, `Info.plist`, `en.lproj`).
  let root: URL

  /// Writes the project into `root`: `targets` app targets whose Release configuration has `settings`
  /// (beside `INFOPLIST_FILE = Info.plist`), based on `Base.xcconfig` when `xcconfig` is given, with
  /// `groups` Xcode 16 synchronized folders (all on `App/`) and `projectDirPath` when given.
  @discardableResult
  init(
    at root: URL, targets: Int = 1, settings: String = "", xcconfig: String? = nil, groups: Int = 0,
    projectDirPath: String? = nil, displayName: String = "$(APP_NAME)", extraFiles: [(String, String)] = [],
    extraConfigurations: [String] = [], name: String = "App", variants: [(language: String, path: String)]? = nil,
    infoPlist: String? = nil
  ) throws {
    self.root = root
    let manager = FileManager.default
    try manager.createDirectory(at: root.appendingPathComponent("\(name).xcodeproj"), withIntermediateDirectories: true)
    try manager.createDirectory(at: root.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
    var objects: [String] = []
    var targetIDs: [String] = []
    let groupIDs = (0..<groups).map { String(format: "G%03d", $0) }
    for index in 0..<targets {
      let id = String(format: "T%05d", index)
      targetIDs.append(id)
      objects.append(
        "\(id) = {isa = PBXNativeTarget; name = App\(index == 0 ? "" : String(index)); productType = \"com.apple.product-type.application\"; buildConfigurationList = L\(id); buildPhases = (R\(id)); fileSystemSynchronizedGroups = (\(groupIDs.joined(separator: ", "))); };"
      )
      objects.append("R\(id) = {isa = PBXResourcesBuildPhase; files = (BF1); };")
      let extra = extraConfigurations.map { ", X\(id)\($0)" }.joined()
      objects.append(
        "L\(id) = {isa = XCConfigurationList; buildConfigurations = (C\(id)\(extra)); defaultConfigurationName = Release; };"
      )
      for name in extraConfigurations {
        objects.append("X\(id)\(name) = {isa = XCBuildConfiguration; name = \(name); buildSettings = { }; };")
      }
      let base = xcconfig == nil ? "" : "baseConfigurationReference = XC; "
      objects.append(
        "C\(id) = {isa = XCBuildConfiguration; name = Release; \(base)buildSettings = { INFOPLIST_FILE = Info.plist; \(settings) }; };"
      )
    }
    objects.append("BF1 = {isa = PBXBuildFile; fileRef = VG; };")
    let children = variants ?? [("en", "en.lproj/InfoPlist.strings")]
    let childIDs = children.indices.map { "V\($0)" }
    objects.append(
      "VG = {isa = PBXVariantGroup; children = (\(childIDs.joined(separator: ", "))); name = InfoPlist.strings; sourceTree = \"<group>\"; };"
    )
    for (id, child) in zip(childIDs, children) {
      objects.append(
        "\(id) = {isa = PBXFileReference; name = \(child.language); path = \"\(child.path)\"; sourceTree = \"<group>\"; };"
      )
    }
    objects.append("XC = {isa = PBXFileReference; path = Base.xcconfig; sourceTree = \"<group>\"; };")
    for id in groupIDs {
      objects.append("\(id) = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = \"<group>\"; };")
    }
    let mainChildren = (["VG", "XC"] + groupIDs).joined(separator: ", ")
    objects.append("MAIN = {isa = PBXGroup; children = (\(mainChildren)); sourceTree = \"<group>\"; };")
    objects.append(
      "PL = {isa = XCConfigurationList; buildConfigurations = (PC); defaultConfigurationName = Release; };")
    objects.append("PC = {isa = XCBuildConfiguration; name = Release; buildSettings = { }; };")
    let directory = projectDirPath.map { "projectDirPath = \"\($0)\"; " } ?? ""
    objects.append(
      "ROOT = {isa = PBXProject; mainGroup = MAIN; buildConfigurationList = PL; targets = (\(targetIDs.joined(separator: ", "))); developmentRegion = en; \(directory)};"
    )
    let text =
      "// !$*UTF8*$!\n{\n archiveVersion = 1;\n objects = {\n\(objects.joined(separator: "\n"))\n };\n rootObject = ROOT;\n}\n"
    try text.write(
      to: root.appendingPathComponent("\(name).xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
    let plist =
      infoPlist ?? """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleDisplayName</key><string>\(displayName)</string>
        <key>NSUserTrackingUsageDescription</key><string>We use $(APP_NAME) data for ads.</string>
        </dict></plist>
        """
    try plist.write(to: root.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    try "\"NSUserTrackingUsageDescription\" = \"Ads that fit you.\";\n".write(
      to: root.appendingPathComponent("en.lproj/InfoPlist.strings"), atomically: true, encoding: .utf8)
    if let xcconfig {
      try xcconfig.write(to: root.appendingPathComponent("Base.xcconfig"), atomically: true, encoding: .utf8)
    }
    for (name, contents) in extraFiles {
      let url = root.appendingPathComponent(name)
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: true, encoding: .utf8)
    }
  }

  /// The path of a file in the project.
  func path(_ name: String) -> String { root.appendingPathComponent(name).path }
}
