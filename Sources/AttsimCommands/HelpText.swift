/// The text `--help` and `help SUBCOMMAND` print, made from `CommandTable` so it always says what the parser
/// accepts.
enum HelpText {
  static func text(for topic: String?) -> String {
    guard let topic, let spec = ArgumentParser.subcommand(named: topic) else { return overview }
    return page(spec)
  }

  /// Every subcommand's usage and summary.
  static var overview: String {
    var text = "attsim — a terminal consent simulator for iOS App Tracking Transparency and IDFA collection.\n\n"
    text += "USAGE\n"
    for spec in CommandTable.every {
      text += "  \(spec.usage)\n"
      text += "      \(spec.summary)\n"
    }
    text += "  attsim help [SUBCOMMAND]\n      help for one subcommand\n"
    text += "  attsim --version\n      the version, and ICU's (which orders right-to-left text)\n\n"
    text += "Exit status: see 'attsim help SUBCOMMAND'; 2 always means a usage or input error.\n"
    return text
  }

  /// One subcommand's usage, discussion, options and exit status.
  static func page(_ spec: CommandSpec) -> String {
    var text = "USAGE: \(spec.usage)\n\n\(spec.discussion)\n"
    if !spec.options.isEmpty {
      text += "\nOPTIONS\n"
      let lefts = spec.options.map { "--" + $0.name + ($0.value.map { " " + $0.placeholder } ?? "") }
      let width = lefts.map(\.count).max() ?? 0
      for (left, option) in zip(lefts, spec.options) {
        text += "  " + left + String(repeating: " ", count: width - left.count + 2) + option.help + "\n"
      }
    }
    text += "\nEXIT STATUS\n  \(spec.exitStatus)\n"
    return text
  }
}
