import AppTrackingTransparency
import SwiftUI

@main
struct Xcode15AppApp: App {
  var body: some Scene {
    WindowGroup {
      Text("Fifteen")
        .task { _ = await ATTrackingManager.requestTrackingAuthorization() }
    }
  }
}
