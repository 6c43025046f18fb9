import ConsentCore
import Scenarios
import TextSupport

/// `--device KEY=VALUE` and `--sdk KEY=VALUE`: where the UI, `render` and `cast` start, read by the script
/// parser as `device …` and `sdk init …` lines.
enum SetupOptions {
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
      if case .deviceConfigured(let change) = try action("device", value) { device.append(change) }
    }
    let sdk = arguments.values("sdk").joined(separator: " ")
    guard !sdk.isEmpty, case .sdkInitialized(let options) = try action("sdk init", sdk) else { return (device, nil) }
    return (device, options)
  }

  /// The one action the line `command value` is, as a script reads it: keys with values, on one line (a
  /// line break would start another command).
  private static func action(_ command: String, _ value: String) throws(UsageError) -> Action {
    let (option, shown) = ("--" + command.prefix { $0 != " " }, value.forMessage(limit: 60))
    let notASetting = UsageError("\(option) takes KEY=VALUE, as a script's \(command) line does, not '\(shown)'")
    guard !value.contains(where: \.isNewline), value.contains("=") else { throw notASetting }
    do {
      let script = try ScriptParser.parse("\(command) \(value)\n", file: option)
      guard script.steps.count == 1, case .action(let action) = script.steps[0].kind else { throw notASetting }
      return action
    } catch let error as ScriptErrors {
      throw UsageError("\(option) \(shown): \(error.errors.first?.message ?? "")")
    } catch {
      throw notASetting
    }
  }
}
