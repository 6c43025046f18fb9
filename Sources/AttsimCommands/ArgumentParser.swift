import FileAccess
import PromptStrings
import TextSupport

/// Parses attsim's command line from `CommandTable`, in stages: pick the subcommand, split options from
/// operands and check each value by its kind, then let the subcommand decode the result.
public enum ArgumentParser {
  /// The command `arguments` (without the program name) ask for.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    try parse(bytes: arguments.map { Array($0.utf8) })
  }

  /// The command the raw `argv` (without the program name) asks for. Words are matched as text; a value that
  /// names a file keeps its bytes, so a name that is not UTF-8 is opened as it is.
  public static func parse(bytes raw: [[UInt8]]) throws(UsageError) -> Command {
    let arguments = raw.map { String(decoding: $0, as: UTF8.self) }
    guard let first = arguments.first else { return try CommandTable.interactive.decode(ParsedArguments()) }
    switch first {
    case "--help", "-h": return .help(topic: nil)
    case "--version": return .version
    case "help":
      guard arguments.count <= 2 else { throw UsageError("help takes at most one subcommand name") }
      guard let topic = arguments.dropFirst().first else { return .help(topic: nil) }
      if topic == "help" { return .help(topic: nil) }
      guard subcommand(named: topic) != nil else { throw unknownSubcommand(topic) }
      return .help(topic: topic)
    default: break
    }
    let spec: CommandSpec
    // The subcommand's name, when one is given, is not one of its arguments.
    let skipped: Int
    if first.hasPrefix("-") {
      spec = CommandTable.interactive
      skipped = 0
    } else {
      guard let named = subcommand(named: first) else { throw unknownSubcommand(first) }
      spec = named
      skipped = 1
    }
    guard let parsed = try split(Array(arguments.dropFirst(skipped)), raw: Array(raw.dropFirst(skipped)), for: spec)
    else {
      return .help(topic: spec.name.isEmpty ? nil : spec.name)
    }
    return try spec.decode(parsed)
  }

  /// The subcommand called `name`.
  static func subcommand(named name: String) -> CommandSpec? {
    CommandTable.subcommands.first { $0.name == name }
  }

  private static func unknownSubcommand(_ name: String) -> UsageError {
    let names = CommandTable.subcommandNames
    return UsageError(
      "unknown subcommand '\(name.forMessage(limit: 60))'\(hint(for: name, among: names)) (subcommands: \(names.joined(separator: ", ")))"
    )
  }

  /// `; did you mean 'play'?`, or a word about a look-alike character (`plаy` with a Cyrillic а), or nothing.
  private static func hint(for word: String, among names: [String]) -> String {
    Suggestion.for(word, among: names)?.clause(quote: "'") ?? ""
  }

  /// Separates `--name value`, `--name=value` and operands, checking names, values and counts; nil when
  /// help was asked for. `arguments` are the words as text, `raw` the same words as the bytes given.
  private static func split(_ arguments: [String], raw: [[UInt8]], for spec: CommandSpec) throws(UsageError)
    -> ParsedArguments?
  {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    var help = false
    let context = spec.name.isEmpty ? "attsim" : "attsim \(spec.name)"
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        result.operands.append(argument)
        result.operandPaths.append(FilePath(bytes: raw[index - 1]))
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        help = true
        continue
      }
      let body = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : String(argument.dropFirst())
      let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? body
      guard argument.hasPrefix("--"), let option = spec.options.first(where: { $0.name == name }) else {
        let names = spec.options.map { "--" + $0.name }
        throw UsageError(
          "unknown option '\(argument.forMessage(limit: 60))' for \(context)\(hint(for: "--" + name, among: names))")
      }
      guard result.options[name] == nil || option.repeatable else { throw UsageError("--\(name) is given twice") }
      guard let value = option.value else {
        if body.contains("=") { throw UsageError("--\(name) takes no value") }
        result.options[name, default: []].append("")
        continue
      }
      let text: String
      let path: FilePath
      if let equals = body.firstIndex(of: "=") {
        text = String(body[body.index(after: equals)...])
        // `=` is one byte, and the first one in the raw word is the same `=`: what follows is the value's bytes.
        let rawWord = raw[index - 1]
        path = FilePath(bytes: rawWord[(rawWord.firstIndex(of: UInt8(ascii: "="))! + 1)...])
      } else {
        // `--autoplay` alone, or `--autoplay 2`: an optional value is taken only when one follows.
        guard index < arguments.count, !option.valueIsOptional || Double(arguments[index]) != nil else {
          guard option.valueIsOptional else { throw UsageError("--\(name) needs a value (\(value.placeholder))") }
          result.options[name, default: []].append("")
          continue
        }
        text = arguments[index]
        path = FilePath(bytes: raw[index])
        index += 1
      }
      try check(text, of: value.kind, for: name, placeholder: value.placeholder)
      result.options[name, default: []].append(text)
      result.paths[name, default: []].append(path)
    }
    if help { return nil }
    if let operands = spec.operands {
      if result.operands.count < operands.count.lowerBound {
        throw UsageError("\(context) needs \(operands.placeholder)")
      }
      if result.operands.count > operands.count.upperBound {
        throw UsageError(
          "\(context) does not take '\(result.operands[operands.count.upperBound].forMessage(limit: 60))'")
      }
    } else if let extra = result.operands.first {
      throw UsageError("\(context) does not take '\(extra.forMessage(limit: 60))'")
    }
    return result
  }

  /// Checks a value against what its option takes.
  private static func check(_ text: String, of kind: ValueKind, for name: String, placeholder: String)
    throws(UsageError)
  {
    let shown = text.forMessage(limit: 60)
    switch kind {
    case .choice(let choices):
      guard choices.contains(text) else {
        throw UsageError("--\(name) must be one of \(choices.joined(separator: ", ")), not '\(shown)'")
      }
    case .languageTag:
      guard !text.isEmpty else { throw UsageError("--\(name) needs a value (\(placeholder))") }
      let suggestion = LanguageNames.suggestion(for: text).map { " (did you mean \($0)?)" } ?? ""
      guard let tag = LocaleTag(text) else {
        throw UsageError("--\(name) must be a language tag like en, pt-BR or zh-Hant, not '\(shown)'\(suggestion)")
      }
      // `jp` has a tag's shape but names no language: iOS would match it to nothing.
      guard LanguageNames.isLanguage(tag) else {
        throw UsageError("--\(name) '\(shown)' names no language\(suggestion)")
      }
    case .seconds:
      guard let value = Double(text), (0.1...60).contains(value) else {
        throw UsageError("--\(name) must be a number of seconds between 0.1 and 60, not '\(shown)'")
      }
    case .cells:
      guard let value = Int(text), (1...1000).contains(value) else {
        throw UsageError("--\(name) must be a number of cells between 1 and 1000, not '\(shown)'")
      }
    case .purposeKey:
      guard text == "all" || PurposeKeys.isPurposeKey(text) else {
        let nearest = EditDistance.nearest(to: text, among: PurposeKeys.known.keys)
        let suggestion = nearest.map { "; did you mean \($0)?" } ?? ""
        throw UsageError(
          "--\(name) must be a purpose-string key like NSCameraUsageDescription, or all, not '\(shown)'\(suggestion)")
      }
    case .file, .output, .app, .name, .scenario, .keys, .setting:
      guard !text.isEmpty else { throw UsageError("--\(name) needs a value (\(placeholder))") }
    }
  }
}
