// The example app's consent flow: it asks for tracking, so its Info.plist needs
// NSUserTrackingUsageDescription (attsim check reads this file to know).
import AppTrackingTransparency

func askForTracking() {
  ATTrackingManager.requestTrackingAuthorization { _ in }
}
