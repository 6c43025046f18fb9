import PromptStrings
import TextSupport

/// Parses attsim's command line, in stages: pick the subcommand, split options from operands, decode.
public enum ArgumentParser {
  /// One `--name [value]` option of a subcommand.
  struct Option {
    var name: String
    /// The value's placeholder, or nil for a flag without a value.
    var value: String?
    /// The values allowed, when the value is one of a few words.
    var choices: [String]? = nil
  }

  /// What a subcommand accepts.
  struct Subcommand {
    var name: String
    var options: [Option]
    /// The operands' placeholder, and how many are allowed.
    var operands: (name: String, range: ClosedRange<Int>)
  }

  static let subcommands: [Subcommand] = [
    Subcommand(
      name: "play",
      options: [
        Option(name: "report", value: "FORMAT", choices: ReportFormat.allCases.map(\.rawValue)),
        Option(name: "output", value: "FILE"),
      ], operands: ("FILE", 1...Int.max)),
    Subcommand(name: "scenarios", options: [], operands: ("", 0...0)),
    Subcommand(
      name: "check",
      options: [
        Option(name: "format", value: "FORMAT", choices: CheckFormat.allCases.map(\.rawValue)),
        Option(name: "dev-region", value: "TAG"),
      ], operands: ("PATH", 1...1)),
    Subcommand(
      name: "render",
      options: [
        Option(name: "app", value: "DIR"), Option(name: "locale", value: "TAG"), Option(name: "width", value: "N"),
        Option(name: "height", value: "N"), Option(name: "script", value: "FILE"),
      ], operands: ("", 0...0)),
    Subcommand(
      name: "gallery", options: [Option(name: "app", value: "DIR"), Option(name: "out", value: "FILE.html")],
      operands: ("", 0...0)),
    Subcommand(
      name: "matrix",
      options: [Option(name: "format", value: "FORMAT", choices: MatrixFormat.allCases.map(\.rawValue))],
      operands: ("", 0...0)),
  ]

  static let interactive = Subcommand(
    name: "attsim",
    options: [
      Option(name: "app", value: "DIR"), Option(name: "locale", value: "TAG"), Option(name: "record", value: "FILE"),
      Option(name: "scenario", value: "NAME|FILE"), Option(name: "force", value: nil),
    ],
    operands: ("", 0...0))

  /// The command `arguments` (without the program name) ask for.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let first = arguments.first else {
      return .interactive(app: nil, locale: nil, record: nil, scenario: nil)
    }
    switch first {
    case "--help", "-h": return .help(topic: nil)
    case "--version": return .version
    case "help":
      guard arguments.count <= 2 else { throw UsageError("help takes at most one subcommand name") }
      if let topic = arguments.dropFirst().first, subcommand(named: topic) == nil {
        throw unknownSubcommand(topic)
      }
      return .help(topic: arguments.dropFirst().first)
    default: break
    }
    if first.hasPrefix("-") {
      let parsed = try split(arguments, for: interactive)
      if parsed.help { return .help(topic: nil) }
      return .interactive(
        app: parsed.options["app"], locale: parsed.options["locale"], record: parsed.options["record"],
        scenario: parsed.options["scenario"], force: parsed.options["force"] != nil)
    }
    guard let spec = subcommand(named: first) else { throw unknownSubcommand(first) }
    let parsed = try split(Array(arguments.dropFirst()), for: spec)
    if parsed.help { return .help(topic: spec.name) }
    let options = parsed.options
    switch spec.name {
    case "play":
      return .play(
        files: parsed.operands, report: options["report"].flatMap(ReportFormat.init(rawValue:)),
        output: options["output"])
    case "scenarios": return .scenarios
    case "check":
      return .check(
        path: parsed.operands[0], format: CheckFormat(rawValue: options["format"] ?? "text")!,
        devRegion: options["dev-region"])
    case "render":
      return .render(
        app: options["app"], locale: options["locale"], width: try size(options["width"], "width"),
        height: try size(options["height"], "height"), script: options["script"])
    case "gallery":
      guard let out = options["out"] else { throw UsageError("attsim gallery needs --out FILE.html") }
      return .gallery(app: options["app"], out: out)
    default:
      return .matrix(format: MatrixFormat(rawValue: options["format"] ?? "markdown")!)
    }
  }

  static func subcommand(named name: String) -> Subcommand? {
    subcommands.first { $0.name == name }
  }

  private static func unknownSubcommand(_ name: String) -> UsageError {
    let names = subcommands.map(\.name)
    return UsageError(
      "unknown subcommand '\(name.forMessage(limit: 60))'\(hint(for: name, among: names)) (subcommands: \(names.joined(separator: ", ")))"
    )
  }

  /// `; did you mean 'play'?`, or a word about a look-alike character (`plаy` with a Cyrillic а), or nothing.
  private static func hint(for word: String, among names: [String]) -> String {
    Suggestion.for(word, among: names)?.clause(quote: "'") ?? ""
  }

  private struct Split {
    var options: [String: String] = [:]
    var operands: [String] = []
    var help = false
  }

  /// Separates `--name value`, `--name=value` and operands, checking names, values and counts.
  private static func split(_ arguments: [String], for spec: Subcommand) throws(UsageError) -> Split {
    var result = Split()
    var index = 0
    var optionsEnded = false
    let context = spec.name == "attsim" ? "attsim" : "attsim \(spec.name)"
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        result.operands.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        result.help = true
        continue
      }
      let body = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : String(argument.dropFirst())
      let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? body
      guard argument.hasPrefix("--"), let option = spec.options.first(where: { $0.name == name }) else {
        let names = spec.options.map { "--" + $0.name }
        throw UsageError(
          "unknown option '\(argument.forMessage(limit: 60))' for \(context)\(hint(for: "--" + name, among: names))")
      }
      guard result.options[name] == nil else { throw UsageError("--\(name) is given twice") }
      guard let placeholder = option.value else {
        result.options[name] = ""
        continue
      }
      let value: String
      if let equals = body.firstIndex(of: "=") {
        value = String(body[body.index(after: equals)...])
      } else {
        guard index < arguments.count else { throw UsageError("--\(name) needs a value (\(placeholder))") }
        value = arguments[index]
        index += 1
      }
      if let choices = option.choices, !choices.contains(value) {
        throw UsageError(
          "--\(name) must be one of \(choices.joined(separator: ", ")), not '\(value.forMessage(limit: 60))'")
      }
      guard !value.isEmpty else { throw UsageError("--\(name) needs a value (\(placeholder))") }
      if placeholder == "TAG" && LocaleTag(value) == nil {
        throw UsageError(
          "--\(name) must be a language tag like en, pt-BR or zh-Hant, not '\(value.forMessage(limit: 60))'")
      }
      result.options[name] = value
    }
    if result.help { return result }
    let range = spec.operands.range
    if result.operands.count < range.lowerBound {
      throw UsageError("\(context) needs \(spec.operands.name)")
    }
    if result.operands.count > range.upperBound {
      let extra = result.operands[range.upperBound]
      throw UsageError("\(context) does not take '\(extra.forMessage(limit: 60))'")
    }
    return result
  }

  private static func size(_ text: String?, _ name: String) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text), (1...1000).contains(value) else {
      throw UsageError("--\(name) must be a number of cells between 1 and 1000, not '\(text.forMessage(limit: 60))'")
    }
    return value
  }
}
