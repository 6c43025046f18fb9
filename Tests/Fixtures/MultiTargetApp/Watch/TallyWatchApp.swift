import SwiftUI

@main
struct TallyWatchApp: App {
  var body: some Scene { WindowGroup { Text("Tally") } }
}
