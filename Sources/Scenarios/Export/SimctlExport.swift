/// A harness walk as a shell script for the Simulator: boot, install, the tracking permission set with
/// applesimutils (`xcrun simctl privacy` has no tracking service), and launches in the walk's language. A shell
/// cannot see or tap the alert: where the walk answers it, the script sets the answer and launches the app again,
/// and where the alert shows, it prints the purpose string to compare and saves a screenshot.
public enum SimctlExport {
  /// The script for `walk`.
  public static func script(_ walk: HarnessWalk) -> String {
    var lines = [
      "#!/usr/bin/env bash", "# " + walk.provenance,
      "# The tracking permission is set with applesimutils (brew install wix/brew/applesimutils): xcrun simctl",
      "# privacy has no tracking service. Setting userTracking is reported broken on iOS 18 / Xcode 16",
      "# (github.com/wix/Detox/issues/4524): check the result on the simulator.",
      "# The app's texts stand in single quotes on purpose: nothing in them expands.",
      "# shellcheck disable=SC2016", "set -euo pipefail",
      "app_path=${1:?\"usage: $0 PATH/TO/App.app SIMULATOR-UDID\"}",
      "udid=${2:?\"usage: $0 PATH/TO/App.app SIMULATOR-UDID\"}",
      "bundle=\(word(walk.bundleIdentifier))",
      "screenshots=0",
      "set_tracking() { applesimutils --byId \"$udid\" --bundle \"$bundle\" --setPermissions \"userTracking=$1\"; }",
      "launch_app() {",
      "  xcrun simctl launch --terminate-running-process \"$udid\" \"$bundle\" -AppleLanguages \(word("(\(walk.locale))")) -AppleLocale \(word(walk.locale.replacing("-", with: "_")))",
      "}",
      "screenshot() {",
      "  screenshots=$((screenshots + 1))",
      "  xcrun simctl io \"$udid\" screenshot \"\(walk.fileStem)-$screenshots.png\"",
      "}",
      "xcrun simctl boot \"$udid\" 2>/dev/null || true",
      "xcrun simctl bootstatus \"$udid\" -b",
    ]
    for move in walk.moves {
      switch move {
      case .launch(let permission, let fresh):
        if fresh {
          lines += [
            "xcrun simctl uninstall \"$udid\" \"$bundle\" 2>/dev/null || true",
            "xcrun simctl install \"$udid\" \"$app_path\"",
          ]
        }
        lines += ["set_tracking \(setting(permission))", "launch_app"]
      case .app(let command): lines.append("# " + HarnessWalk.appStep(command))
      case .alertShown:
        lines += [
          "sleep 2", "screenshot",
          "echo \"The ATT alert should be up (screenshot $screenshots), showing this purpose string:\"",
          "printf '%s\\n' \(word(walk.purposeString ?? "(none: the app has no purpose string in this language)"))",
        ]
      case .noAlert:
        lines += ["sleep 2", "screenshot", "echo \"No ATT alert should be up (screenshot $screenshots).\""]
      case .answer(let allow):
        lines += [
          "# A shell cannot tap the alert: the answer (\(allow ? "Allow" : "Ask App Not to Track")) is set, and the app launched again.",
          "set_tracking \(allow ? "YES" : "NO")", "launch_app",
        ]
      case .trackingSwitch(let on, _, let command):
        lines += [
          "# \(command): iOS ends the app; it is launched again with the new permission.".forGeneratedComment,
          "set_tracking \(on ? "YES" : "NO")", "launch_app",
        ]
      case .unsupported(let line, let command, let why):
        lines.append("# " + HarnessWalk.cannotExport(line: line, command: command, why: why))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// applesimutils' word for a permission.
  private static func setting(_ permission: HarnessWalk.Permission) -> String {
    switch permission {
    case .unset: "unset"
    case .allow: "YES"
    case .deny: "NO"
    }
  }

  /// `text` as one single-quoted shell word: nothing in it expands, and a quote in it is closed, escaped and
  /// opened again.
  static func word(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
}
