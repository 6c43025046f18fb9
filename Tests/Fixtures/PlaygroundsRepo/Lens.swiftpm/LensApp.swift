import AppTrackingTransparency
import SwiftUI

@main
struct LensApp: App {
  var body: some Scene {
    WindowGroup {
      ContentView()
        .task { _ = await ATTrackingManager.requestTrackingAuthorization() }
    }
  }
}
