import Diagnostics
import FileAccess
import PromptStrings
import TextSupport

/// `attsim prompts PATH`: for each preferred language, the localization iOS picks, the purpose string a
/// prompt shows (the ATT dialog's, or the keys `--key` names), and the file, line and column it comes from
/// (and, for the ATT dialog, the Markdown one of the EU sheet).
enum PromptsCommand {
  /// One language's row for one key.
  struct Row {
    var locale: String
    /// The purpose-string key.
    var key: String
    var localization: String?
    var text: LocalizedText?
    /// `NSUserTrackingMarkdownUsageDescription`, the iOS 27.2 EU sheet's text, when the app has it.
    var markdown: LocalizedText?
    var displayName: String
  }

  /// Exit 0, or 2 when the app cannot be read. Which app target was chosen goes to standard error; with
  /// `--all-targets` every iOS app target's answer goes out, one after another (in JSON, an array of them).
  static func run(_ command: Command.Prompts, console: Console) -> Int32 {
    let path = command.app.path ?? FilePath(".")
    let apps: [AppResources]
    // Only the InfoPlist tables hold purpose strings: the others are not read, nor what only check reads.
    switch AppResources.loadAll(
      path, target: command.app.target, configuration: command.app.configuration,
      allTargets: command.app.allTargets, strings: .purposeTables(forCheck: false))
    {
    case .failure(let failure):
      console.err("attsim: cannot read the app: \(failure.message.escapingControlCharacters)\n")
      return 2
    case .success(let loaded): apps = loaded
    }
    // A localization export is its XLIFF files: one that cannot be read leaves nothing true to show.
    if apps[0].input == .localizationExport, let error = apps[0].infoPlistError {
      console.err("attsim: \(error.description.escapingControlCharacters)\n")
      return 2
    }
    if let choice = apps[0].choice { console.err("attsim: \(choice.escapingControlCharacters)\n") }
    // Paths are shown relative to the folder given, or the project's folder for a `.xcodeproj`.
    let base = path.pathExtension == "xcodeproj" ? path.parent : path
    let answers = apps.map { app in
      let rows = rows(for: app, locales: command.locales, keys: keys(command.keys, of: app))
      return command.format == .json ? json(app, rows, base: base) : table(app, rows, base: base)
    }
    switch command.format {
    case .json where command.app.allTargets: console.out("[" + answers.joined(separator: ",\n ") + "]\n")
    case .json: console.out(answers[0] + "\n")
    case .text: console.out(answers.joined(separator: "\n"))
    }
    return 0
  }

  /// The keys `--key` names: the tracking key when none, every purpose string the app has for `all`.
  static func keys(_ asked: [String], of app: AppResources) -> [String] {
    if asked.isEmpty { return [PurposeKeys.tracking] }
    if asked.contains("all") { return app.purposeKeys.isEmpty ? [PurposeKeys.tracking] : app.purposeKeys }
    var seen = Set<String>()
    return asked.filter { seen.insert($0).inserted }
  }

  /// The rows for `locales` (or every localization, the development region first), for each of `keys`.
  static func rows(for app: AppResources, locales: [String], keys: [String] = [PurposeKeys.tracking]) -> [Row] {
    let languages = locales.isEmpty ? app.distinctLanguages : locales
    return languages.flatMap { locale in
      let searchList = app.searchList(locale: locale)
      let name = app.appName(locale: locale)
      return keys.map { key in
        Row(
          locale: locale, key: key, localization: searchList.first,
          text: app.infoPlistString(key, locale: locale)?.forDisplay,
          markdown: key == PurposeKeys.tracking ? app.markdownUsageDescription(locale: locale)?.forDisplay : nil,
          displayName: name)
      }
    }
  }

  /// A path relative to `base` when it lies inside it.
  private static func shown(_ path: String, base: FilePath) -> String {
    FilePath(path).relative(to: base).flatMap { $0.isEmpty ? nil : $0 } ?? path
  }

  /// The JSON of SPEC §3: `app`, `target`, `development_region`, `localizations`, `prompts`.
  static func json(_ app: AppResources, _ rows: [Row], base: FilePath) -> String {
    var object = JSONText()
    object.add("app", app.name)
    object.add("target", app.target)
    object.add("development_region", app.developmentRegion)
    object.add("localizations", app.localizations)
    let prompts = rows.map { row -> JSONText in
      var prompt = JSONText()
      prompt.add("locale", row.locale)
      prompt.add("key", row.key)
      prompt.add("localization", row.localization)
      prompt.add("text", row.text?.value)
      prompt.add("kind", row.text?.source.kind ?? "none")
      prompt.add("source", row.text.map { sourceJSON($0, base: base) })
      prompt.add("markdown_text", row.markdown?.value)
      prompt.add("markdown_source", row.markdown.map { sourceJSON($0, base: base) })
      prompt.add("display_name", row.displayName)
      return prompt
    }
    object.add("prompts", prompts)
    return object.json
  }

  /// `{"file", "line", "column"}` of where a text comes from.
  private static func sourceJSON(_ text: LocalizedText, base: FilePath) -> JSONText {
    var source = JSONText()
    source.add("file", shown(text.source.path, base: base))
    source.add("line", text.location?.line)
    source.add("column", text.location?.column)
    return source
  }

  /// A table a localizer can read: language, localization, where the text comes from, the text.
  static func table(_ app: AppResources, _ rows: [Row], base: FilePath) -> String {
    let target = app.target.map { " (target \($0))" } ?? ""
    // Where the Info.plist's keys come from: its file, or a project's build settings alone.
    let plist = app.infoPlist.map { $0.path.hasSuffix(".plist") ? shown($0.path, base: base) : "generated" }
    var out = "\(app.name)\(target) · development region \(app.developmentRegion)".forMessage()
    out += plist.map { " · Info.plist \($0.forMessage())" } ?? ""
    out += " · \(app.localizations.count) localization\(app.localizations.count == 1 ? "" : "s")\n\n"
    func place(_ text: LocalizedText) -> String {
      Diagnostic.place(shown(text.source.path, base: base), text.location)
    }
    // With several keys each row names its key; with the tracking key alone it goes without saying.
    let showsKey = Set(rows.map(\.key)) != [PurposeKeys.tracking]
    // The EU sheet's Markdown text, when the app has one, goes on a line of its own under the plain text.
    let cells = rows.flatMap { row -> [[String]] in
      let what = row.text.map { "\"\($0.value)\"" } ?? "no purpose string"
      let plain = [
        row.locale, row.key, row.localization ?? "—", row.text?.source.kind ?? "none", row.text.map(place) ?? "—",
        what,
      ]
      guard let markdown = row.markdown else { return [plain] }
      return [plain, ["", "", "EU sheet", markdown.source.kind, place(markdown), "\"\(markdown.value)\""]]
    }
    let header = ["language", "key", "iOS uses", "from", "file", "text"]
    let columns = (0..<5).filter { showsKey || $0 != 1 }
    let widths = columns.map { column in
      ([header[column]] + cells.map { $0[column] }).map { TerminalWidth.of($0.escapingControlCharacters) }.max() ?? 0
    }
    for line in [header] + cells {
      var text = ""
      for (index, column) in columns.enumerated() {
        let cell = line[column].escapingControlCharacters
        text += cell + String(repeating: " ", count: widths[index] - TerminalWidth.of(cell) + 2)
      }
      out += text + line[5].escapingControlCharacters + "\n"
    }
    return out
  }
}
