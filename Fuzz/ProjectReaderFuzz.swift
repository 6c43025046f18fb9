// libFuzzer target for the Xcode project reader (built by Scripts/fuzz.sh, not by SwiftPM).
// Every input must be read as a project.pbxproj, or refused, without a crash or a hang: the object graph,
// each target's settings in each configuration with every variable expanded, and its resources.
import FileAccess
import Foundation

@testable import PromptStrings
@testable import StringsFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProjectReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let folder = FilePath(NSTemporaryDirectory()).appending("attsim-fuzz-\(getpid()).xcodeproj")
  mkdir(folder.string, 0o700)
  FileManager.default.createFile(atPath: folder.appending("project.pbxproj").string, contents: Data(bytes))
  guard let project = try? XcodeProject(bundle: folder) else { return 0 }
  for target in project.allTargets {
    for configuration in project.configurations(of: target).names {
      let settings = project.settings(of: target, configuration: configuration).0
      var unresolved = Set<String>()
      for layer in settings.layers {
        for (name, _) in layer { _ = settings.value(name, unresolved: &unresolved) }
      }
    }
    _ = project.resources(of: target)
  }
  return 0
}
