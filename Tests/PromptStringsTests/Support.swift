import Foundation
import PromptStrings

/// The repository's Assets folder.
let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Assets")

/// A throwaway app folder built from `files` (relative path → text).
func makeApp(_ files: [String: String]) throws -> String {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("attsim-app-\(UUID().uuidString)")
  for (path, text) in files {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }
  return root.path
}

/// An Info.plist with the given string keys (values XML-escaped).
func infoPlist(_ values: [String: String]) -> String {
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
func load(_ path: String) throws -> AppResources {
  try AppResources.load(path).get()
}
