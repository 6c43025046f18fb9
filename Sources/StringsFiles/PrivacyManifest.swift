import Diagnostics
import FileAccess
import TextSupport

/// A privacy manifest (`PrivacyInfo.xcprivacy`, iOS 17+): whether its bundle tracks, and the domains it
/// tracks through, whose requests iOS fails until the user allows tracking. Read from XML or binary.
public struct PrivacyManifest: Sendable {
  /// The file.
  public var path: String
  /// Whose it is: nil for the app's own, else the SDK's (framework, resource bundle or pod) name.
  public var owner: String?
  /// `NSPrivacyTracking` when it is a Boolean; nil when absent or of another type.
  public var tracking: Bool?
  /// Whether the manifest has `NSPrivacyTracking` at all (of whatever type).
  public var hasTrackingKey = false
  /// Where `NSPrivacyTracking` is, when the file is XML.
  public var trackingLocation: SourceLocation?
  /// `NSPrivacyTrackingDomains`, each string with its place.
  public var domains: [Domain] = []
  /// Where `NSPrivacyTrackingDomains` is, when the file is XML.
  public var domainsLocation: SourceLocation?
  /// What makes the file invalid for App Store Connect (ITMS-91056): not a property list, or a key of the
  /// wrong type.
  public var problems: [Diagnostic] = []
  /// Why the file was not read at all (outside the project, through a link out of it), when it was not.
  public var refusal: ReadProblem?

  /// One declared domain.
  public struct Domain: Hashable, Sendable {
    public var value: String
    public var location: SourceLocation?
  }

  /// The manifest's file name.
  public static let fileName = "PrivacyInfo.xcprivacy"
  static let trackingKey = "NSPrivacyTracking"
  static let domainsKey = "NSPrivacyTrackingDomains"

  /// Reads the manifest at `path`, belonging to `owner` (nil: the app); problems are recorded, not thrown.
  public static func read(_ file: FilePath, from files: InputFiles = InputFiles(), owner: String?) -> PrivacyManifest {
    let path = file.string
    var manifest = PrivacyManifest(path: path, owner: owner)
    func problem(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
      Diagnostic(file: path, location: location, severity: .error, message: message)
    }
    let bytes: [UInt8]
    switch ReadProblem.bytes(of: file, from: files) {
    case .failure(let failure):
      if failure.refusal == .outsideProject || failure.refusal == .linkOutside {
        manifest.refusal = failure
      } else {
        manifest.problems.append(problem("cannot be read: \(failure.reason)"))
      }
      return manifest
    case .success(let read): bytes = read
    }
    let dictionary: [String: PlistObject]
    switch PropertyListReader.read(bytes, file: path) {
    case .failure(let failure):
      manifest.problems.append(problem("is not a property list (\(failure.message))", at: failure.location))
      return manifest
    case .success(let object):
      guard let members = object.dictionary else {
        manifest.problems.append(problem("is not a dictionary property list"))
        return manifest
      }
      dictionary = members
    }
    let isXML = !bytes.starts(with: Array("bplist".utf8))
    let keys = isXML ? InfoPlist.keyLocations(in: bytes) : [:]
    manifest.trackingLocation = keys[trackingKey]
    manifest.domainsLocation = keys[domainsKey]
    if let value = dictionary[trackingKey] {
      manifest.hasTrackingKey = true
      if case .boolean(let flag) = value {
        manifest.tracking = flag
      } else {
        manifest.problems.append(
          problem("\(trackingKey) must be a Boolean (<true/> or <false/>)", at: manifest.trackingLocation))
      }
    }
    if let value = dictionary[domainsKey] {
      guard case .array(let items) = value, case let list = items.compactMap(\.string), list.count == items.count
      else {
        manifest.problems.append(
          problem("\(domainsKey) must be an array of strings", at: manifest.domainsLocation))
        return manifest
      }
      let places = isXML ? stringLocations(in: bytes, after: manifest.domainsLocation) : []
      for (index, domain) in list.enumerated() {
        manifest.domains.append(Domain(value: domain, location: index < places.count ? places[index] : nil))
      }
    }
    return manifest
  }

  /// The tracking domains iOS enforces for this manifest: its domains when it declares tracking.
  public var enforcedDomains: [String] {
    tracking == true ? domains.map { $0.value.lowercased() }.filter { HostName.isValid($0) } : []
  }

  /// Where each `<string>` of the array after the key at `key` starts, in order.
  private static func stringLocations(in bytes: [UInt8], after key: SourceLocation?) -> [SourceLocation] {
    guard let key else { return [] }
    let map = LineMap(bytes: bytes)
    let open = Array("<string>".utf8)
    let arrayEnd = Array("</array>".utf8)
    // Start from the key's line: the array follows it.
    var index = map.startOffset(ofLine: key.line)
    let end = bytes[index...].firstRange(of: arrayEnd)?.lowerBound ?? bytes.count
    var locations: [SourceLocation] = []
    while let range = bytes[index...].firstRange(of: open), range.lowerBound < end {
      locations.append(map.location(of: range.upperBound))
      index = range.upperBound
    }
    return locations
  }
}
