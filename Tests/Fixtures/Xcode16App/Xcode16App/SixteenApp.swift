import AppTrackingTransparency
import SwiftUI

@main
struct SixteenApp: App {
  var body: some Scene {
    WindowGroup {
      Text("Sixteen").onAppear { ATTrackingManager.requestTrackingAuthorization { _ in } }
    }
  }
}
