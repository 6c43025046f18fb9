import ConsentCore
import Scenarios
import TextSupport

/// `--device KEY=VALUE` and `--sdk KEY=VALUE`: where the UI, `render` and `cast` start, in the script
/// language's own words. The script parser reads them, so they mean what `device …` and `sdk init …` lines
/// mean, and are refused as those lines are.
enum SetupOptions {
  /// The two options, for the commands that take them.
  static let specs = [
    OptionSpec(
      name: "device", value: ("KEY=VALUE", .setting),
      help: "start with this device setting, in a script's words (ios=27.2, country=FR; repeat for more)",
      repeatable: true),
    OptionSpec(
      name: "sdk", value: ("KEY=VALUE", .setting),
      help: "an option the app passes to Collect.initialize, in a script's words (integration=method-b; repeat)",
      repeatable: true),
  ]

  /// The device changes (one per `--device`, in order) and the SDK's options (every `--sdk` together).
  static func decode(_ arguments: ParsedArguments) throws(UsageError) -> (device: [DeviceChange], sdk: SDKOptions?) {
    var device: [DeviceChange] = []
    for value in arguments.values("device") {
      if case .deviceConfigured(let change) = try action("device", value, option: "device") { device.append(change) }
    }
    let words = arguments.values("sdk")
    guard !words.isEmpty,
      case .sdkInitialized(let options) = try action("sdk init", words.joined(separator: " "), option: "sdk")
    else { return (device, nil) }
    return (device, options)
  }

  /// The action the line `command value` is, as a script reads it.
  private static func action(_ command: String, _ value: String, option: String) throws(UsageError) -> Action {
    let shown = value.forMessage(limit: 60)
    // Keys with values on one line: a line break would start another command, a bare word is no setting.
    guard !value.contains(where: \.isNewline), value.contains("=") else {
      throw UsageError("--\(option) takes KEY=VALUE, as a script's \(command) line does, not '\(shown)'")
    }
    let script: Script
    do {
      script = try ScriptParser.parse("\(command) \(value)\n", file: "--\(option)")
    } catch {
      throw UsageError("--\(option) \(shown): \(error.errors.first?.message ?? "not a \(command) line")")
    }
    guard script.steps.count == 1, case .action(let action) = script.steps[0].kind else {
      throw UsageError("--\(option) takes KEY=VALUE, as a script's \(command) line does, not '\(shown)'")
    }
    return action
  }
}
