import ConsentCore
import Scenarios

/// The reply to App Review under guideline 2.1 when the prompt could be hidden from a reviewer: where the
/// switch is, when the app asks, and that the prompt shows once per install (SPEC §1.3, §1.6).
enum ReviewReply {
  /// The reply for an app whose walk showed the prompt at `step`, and which `hidden` states hide.
  static func text(shownAt step: Step, hiddenBy hidden: [ReviewCondition]) -> String {
    let when =
      step.kind == .action(.prePermissionContinued)
      ? "after its own screen that explains tracking, when you tap that screen's button to continue"
      : "when it is opened for the first time, as soon as it is on screen"
    var text =
      "Regarding guideline 2.1: the app asks for permission to track with the App Tracking Transparency prompt \(when)."
    let names = Set(hidden.map(\.setup))
    if names.contains("device tracking-switch=off") {
      text +=
        " iOS shows no prompt while Settings › Privacy & Security › Tracking › Allow Apps to Request to Track is off: it answers for the app at once. Please turn that switch on."
    }
    if names.contains("device other-alert=yes") {
      text += " iOS also shows no prompt while another system alert is on screen: please answer that alert first."
    }
    text +=
      " The prompt shows once per install: if the app was asked on this device before, please delete and reinstall it, then open it again."
    return text
  }
}
