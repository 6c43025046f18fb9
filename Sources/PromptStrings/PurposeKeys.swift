/// The privacy purpose strings: the Info.plist keys whose text iOS shows in a permission prompt (tracking,
/// camera, photos, location, …), each localized through `InfoPlist.strings` exactly as the tracking one is.
public enum PurposeKeys {
  /// The tracking keys: the ATT alert's text and the EU sheet's Markdown one.
  public static let tracking = "NSUserTrackingUsageDescription"
  public static let trackingMarkdown = "NSUserTrackingMarkdownUsageDescription"

  /// Apple's documented purpose-string keys, with the few words a message names each by.
  public static let known: [String: String] = [
    "NSUserTrackingUsageDescription": "tracking",
    "NSUserTrackingMarkdownUsageDescription": "Markdown",
    "NSCameraUsageDescription": "camera",
    "NSMicrophoneUsageDescription": "microphone",
    "NSPhotoLibraryUsageDescription": "photo library",
    "NSPhotoLibraryAddUsageDescription": "photo library (add only)",
    "NSLocationWhenInUseUsageDescription": "location (when in use)",
    "NSLocationAlwaysAndWhenInUseUsageDescription": "location (always)",
    "NSLocationAlwaysUsageDescription": "location (always, before iOS 11)",
    "NSLocationUsageDescription": "location (before iOS 8)",
    "NSContactsUsageDescription": "contacts",
    "NSCalendarsUsageDescription": "calendars",
    "NSCalendarsFullAccessUsageDescription": "calendars (full access)",
    "NSCalendarsWriteOnlyAccessUsageDescription": "calendars (write only)",
    "NSRemindersUsageDescription": "reminders",
    "NSRemindersFullAccessUsageDescription": "reminders (full access)",
    "NSBluetoothAlwaysUsageDescription": "Bluetooth",
    "NSBluetoothPeripheralUsageDescription": "Bluetooth (before iOS 13)",
    "NSMotionUsageDescription": "motion and fitness",
    "NSHealthShareUsageDescription": "Health (read)",
    "NSHealthUpdateUsageDescription": "Health (write)",
    "NSHealthClinicalHealthRecordsShareUsageDescription": "health records",
    "NSHomeKitUsageDescription": "HomeKit",
    "NSAppleMusicUsageDescription": "media library",
    "NSSpeechRecognitionUsageDescription": "speech recognition",
    "NSSiriUsageDescription": "Siri",
    "NSFaceIDUsageDescription": "Face ID",
    "NSLocalNetworkUsageDescription": "local network",
    "NSNearbyInteractionUsageDescription": "nearby interaction",
    "NSNearbyInteractionAllowOnceUsageDescription": "nearby interaction (once)",
    "NFCReaderUsageDescription": "NFC",
    "NSSensorKitUsageDescription": "SensorKit",
    "NSFocusStatusUsageDescription": "Focus status",
    "NSIdentityUsageDescription": "identity documents",
    "NSFallDetectionUsageDescription": "fall detection",
    "NSGKFriendListUsageDescription": "Game Center friends",
    "NSVideoSubscriberAccountUsageDescription": "TV provider",
    "NSWorldSensingUsageDescription": "world sensing",
    "NSHandsTrackingUsageDescription": "hand tracking",
    "NSMainCameraUsageDescription": "main camera (visionOS)",
  ]

  /// Whether `key` is a purpose string: one Apple documents, or any `NS…UsageDescription`.
  public static func isPurposeKey(_ key: String) -> Bool {
    if known[key] != nil { return true }
    guard key.hasPrefix("NS"), key.hasSuffix("UsageDescription"), key.utf8.count > 18 else { return false }
    return key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }

  /// Whether `key` is one of the tracking keys, whose own rules (the crash, the sheet) `check` applies.
  public static func isTracking(_ key: String) -> Bool { key == tracking || key == trackingMarkdown }

  /// How a message names the text of `key`: `the camera purpose string`.
  public static func noun(for key: String) -> String {
    "the \(known[key] ?? key) purpose string"
  }

  /// How a message names what shows the text of `key`: `camera prompt`, `EU sheet`.
  public static func prompt(for key: String) -> String {
    key == trackingMarkdown ? "EU sheet" : "\(known[key] ?? key) prompt"
  }

  /// The iOS version from which no iOS shows the prompt of `key` in an app with Info.plist keys `keys`: keys only
  /// older iOS versions read, and iOS 17's calendar and reminder keys' predecessors beside the full-access key.
  public static func unshownFrom(_ key: String, keys: Set<String>) -> Int? {
    switch key {
    case "NSBluetoothPeripheralUsageDescription": 13
    case "NSLocationAlwaysUsageDescription": 11
    case "NSLocationUsageDescription": 8
    case "NSCalendarsUsageDescription" where keys.contains("NSCalendarsFullAccessUsageDescription"): 17
    case "NSRemindersUsageDescription" where keys.contains("NSRemindersFullAccessUsageDescription"): 17
    default: nil
    }
  }

  /// The keys in `order`: tracking first, then by name.
  public static func ordered(_ keys: some Sequence<String>) -> [String] {
    Set(keys).sorted { (isTracking($0) ? 0 : 1, $0) < (isTracking($1) ? 0 : 1, $1) }
  }
}
