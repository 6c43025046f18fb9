import ProjectDescription

/// The app's Info.plist entries, shared by its schemes.
public let appInfoPlist: [String: Plist.Value] = [
  "NSUserTrackingUsageDescription": "TuistApp zeigt dir mit deinen Aktivitätsdaten passende Werbung.",
  "NSCameraUsageDescription": .string("Scannt Belege mit der Kamera."),
  "NSPhotoLibraryUsageDescription": "\(appName) speichert Belege in deinen Fotos.",
  "CFBundleLocalizations": ["de", "en"],
  "UILaunchScreen": [:],
]

let appName = "TuistApp"
