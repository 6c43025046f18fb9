/// A harness walk as a Maestro flow: `launchApp` with the tracking permission the walk has (`unset` until the
/// user answers: `launchApp` allows every permission unless told), `assertVisible` with the purpose string,
/// and taps on attsim's labels, the one way Maestro has to answer the alert.
public enum MaestroExport {
  /// The flow for `walk`.
  public static func flow(_ walk: HarnessWalk) -> String {
    var lines = ["# " + walk.provenance, "appId: \(scalar(walk.bundleIdentifier))", "---"]
    let arguments =
      "{ AppleLanguages: \(scalar("(\(walk.locale))")), AppleLocale: \(scalar(walk.locale.replacing("-", with: "_"))) }"
    func launch(_ permission: HarnessWalk.Permission, clearState: Bool) {
      lines += [
        "- launchApp:", "    clearState: \(clearState)", "    permissions: { usertracking: \(permission.rawValue) }",
        "    arguments: \(arguments)",
      ]
    }
    // Maestro matches text as a regular expression: the purpose string, escaped, matches only itself.
    let purpose = walk.purposeString.map { scalar(pattern($0)) }
    for move in walk.moves {
      switch move {
      case .launch(let permission, let fresh): launch(permission, clearState: fresh)
      case .app(let command): lines.append("# " + HarnessWalk.appStep(command))
      case .alertShown:
        lines.append(purpose.map { "- assertVisible: \($0)" } ?? "# The app has no purpose string in this language.")
      case .noAlert: if let purpose { lines.append("- assertNotVisible: \(purpose)") }
      case .answer(let allow):
        let label = allow ? walk.allowLabel : walk.askNotToTrackLabel
        lines += [
          "# \"\(label)\" is attsim's approximation of the button's label in \(walk.locale), not Apple's wording."
            .forGeneratedComment,
          "- tapOn: \(scalar(pattern(label)))",
        ]
      case .trackingSwitch(let on, _, let command):
        lines.append(
          "# \(command): iOS ends the app; it is launched again with the new permission.".forGeneratedComment)
        launch(on ? .allow : .deny, clearState: false)
      case .unsupported(let line, let command, let why):
        lines.append("# " + HarnessWalk.cannotExport(line: line, command: command, why: why))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as a YAML double-quoted scalar: quotes, backslashes, every control character, line separator and
  /// noncharacter escaped (YAML 1.1 readers take U+0085, U+2028 and U+2029 as line breaks).
  static func scalar(_ text: String) -> String {
    text.doubleQuoted { scalar in
      switch scalar {
      case "\"": return "\\\""
      case "\\": return "\\\\"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value)
        || scalar.properties.isNoncharacterCodePoint || scalar.value == 0xFEFF:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return scalar.value > 0xFFFF
          ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
          : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: return nil
      }
    }
  }

  /// `text` as a regular expression that matches only it: every character a pattern reads otherwise escaped,
  /// `$` and `{` among them, so Maestro's `${…}` JavaScript never sees one.
  static func pattern(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
