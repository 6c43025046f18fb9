import FileAccess
import Foundation
import PromptStrings

/// The repository's Assets folder.
public let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Assets")

/// A throwaway app folder built from `files` (relative path → text). An app whose Info.plist asks for tracking
/// also gets a privacy manifest declaring it, as a well-made app has, unless `files` gives its own or
/// `declaringTracking` is false: tests of other rules stay about those rules.
public func makeApp(_ files: [String: String], declaringTracking: Bool = true) throws -> String {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-app-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  var files = files
  if declaringTracking && files["Info.plist"]?.contains("NSUserTrackingUsageDescription") == true
    && files["PrivacyInfo.xcprivacy"] == nil
  {
    files["PrivacyInfo.xcprivacy"] = privacyManifest(tracking: "<true/>", domains: [])
  }
  for (path, text) in files {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }
  return root.path
}

/// An Info.plist with the given string keys (values XML-escaped).
public func infoPlist(_ values: [String: String]) -> String {
  func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }
  let body = values.sorted { $0.key < $1.key }.map { "\t<key>\($0.key)</key>\n\t<string>\(escaped($0.value))</string>" }
  return """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(body.joined(separator: "\n"))
    </dict>
    </plist>

    """
}

/// Loads an app folder, failing the test if it cannot.
public func load(_ path: String) throws -> AppResources {
  try AppResources.load(FilePath(path)).get()
}

/// A privacy manifest with `NSPrivacyTracking` written as `tracking` (nil: left out) and these domains.
public func privacyManifest(tracking: String?, domains: [String]) -> String {
  let flag = tracking.map { "\t<key>NSPrivacyTracking</key>\n\t\($0)\n" } ?? ""
  let list = domains.map { "\t\t<string>\($0)</string>" }.joined(separator: "\n")
  return """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(flag)\t<key>NSPrivacyTrackingDomains</key>
    \t<array>
    \(list)
    \t</array>
    </dict>
    </plist>

    """
}
