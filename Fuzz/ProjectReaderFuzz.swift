// libFuzzer target for the Xcode project reader (built by Scripts/fuzz.sh, not by SwiftPM).
// An input is a project.pbxproj, optionally followed by a line `#XCCONFIG` and an xcconfig file that every
// configuration is based on. The whole reader runs on it in its sandbox, as `attsim check` does: the object
// graph, each target's layered build settings with every variable expanded (within their budgets), the
// xcconfig's includes, the resources, and the check's rules. A crash, a hang (-timeout) or memory past the
// limit (-rss_limit_mb) is a finding.
import FileAccess
import Foundation

@testable import PromptCheck
@testable import PromptStrings
@testable import StringsFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProjectReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let separator = Array("\n#XCCONFIG\n".utf8)
  let split = bytes.firstRange(of: separator)
  let project = split.map { Array(bytes[..<$0.lowerBound]) } ?? bytes
  let xcconfig = split.map { Array(bytes[$0.upperBound...]) } ?? []
  let folder = FilePath(NSTemporaryDirectory()).appending("attsim-fuzz-\(getpid())")
  let bundle = folder.appending("App.xcodeproj")
  try? FileManager.default.createDirectory(atPath: bundle.string, withIntermediateDirectories: true)
  _ = FileManager.default.createFile(atPath: bundle.appending("project.pbxproj").string, contents: Data(project))
  _ = FileManager.default.createFile(atPath: folder.appending("Base.xcconfig").string, contents: Data(xcconfig))
  guard case .success(let apps) = AppResources.loadAll(folder) else { return 0 }
  for app in apps { _ = PromptLinter.check(app: app) }
  return 0
}
