// libFuzzer target for the privacy-manifest reader (built by Scripts/fuzz.sh, not by SwiftPM).
// Every input must be read as a PrivacyInfo.xcprivacy, or refused with problems, without a crash or a
// hang; and every domain it keeps must pass the host-name rule that check applies.
import FileAccess
import Foundation
import PromptStrings
import StringsFiles
import TextSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPrivacyManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = NSTemporaryDirectory() + "attsim-fuzz-\(getpid()).xcprivacy"
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
  let manifest = PrivacyManifest.read(FilePath(path), owner: nil)
  for domain in manifest.enforcedDomains where HostName.problem(in: domain) != nil {
    FileHandle.standardError.write(Data("an enforced domain is not a host name: \(domain)\n".utf8))
    abort()
  }
  for domain in manifest.domains { _ = HostName.problem(in: domain.value) }
  return 0
}
