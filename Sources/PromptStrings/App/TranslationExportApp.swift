import FileAccess
import StringsFiles

/// An app read from what Xcode exports for translators (Product ▸ Export Localizations): a localization
/// catalog (`<lang>.xcloc`, whose `Localized Contents/<lang>.xliff` holds the translation), a folder of them, or
/// one `.xliff`. Only the Info.plist's units count: each XLIFF file's `InfoPlist` units become an `InfoPlist`
/// catalog, as the translation would ship once imported (DECISIONS D136).
enum TranslationExportApp {
  /// Whether `folder` holds exports: `.xcloc` folders or `.xliff` files directly inside it.
  static func holdsExports(_ folder: FilePath, reader: InputFiles) -> Bool {
    reader.children(of: folder).contains { ["xcloc", "xliff"].contains($0.pathExtension ?? "") }
  }

  /// The app that the XLIFF files at `given` (an `.xliff`, an `.xcloc`, or a folder of them) translate.
  static func read(_ given: FilePath, reader: InputFiles) -> Result<AppResources, AppResources.LoadFailure> {
    let paths = xliffFiles(at: given, reader: reader)
    guard !paths.isEmpty else {
      return .failure(
        AppResources.LoadFailure(message: "'\(given.shown())' holds no Localized Contents/*.xliff file"))
    }
    var app = AppResources(root: given.string, input: .localizationExport, name: given.stem, reader: reader)
    for path in paths {
      switch XLIFFDocument.read(path, from: reader) {
      case .success(let document): app.localizationExports.append(document)
      case .failure(let problem):
        app.unreadable.append(problem)
        if app.infoPlistError == nil {
          app.infoPlistError = problem.diagnostic
          app.infoPlistError?.message = "the XLIFF file cannot be read: \(problem.reason)"
        }
      }
    }
    // Each table's source text is judged once, in the first file that has it; the others add their languages.
    var sourced = Set<String>()
    for document in app.localizationExports {
      for file in document.infoPlistFiles {
        let withSource = sourced.insert(file.original).inserted
        app.catalogs.append(StringCatalog(exported: file, path: document.path, withSource: withSource))
      }
    }
    if let original = app.localizationExports.lazy.flatMap(\.infoPlistFiles).first?.original,
      let folder = original.split(separator: "/").dropLast().first
    {
      app.name = String(folder)
    }
    app.finish()
    return .success(app)
  }

  /// The XLIFF files at `given`, sorted: the file itself, an `.xcloc`'s `Localized Contents/*.xliff`, or those of
  /// each `.xcloc` and each `.xliff` in a folder.
  private static func xliffFiles(at given: FilePath, reader: InputFiles) -> [FilePath] {
    func localized(_ xcloc: FilePath) -> [FilePath] {
      reader.children(of: xcloc.appending("Localized Contents")).filter { $0.pathExtension == "xliff" }
    }
    if given.pathExtension == "xliff" { return [given] }
    if given.pathExtension == "xcloc" { return localized(given).sorted { $0.string < $1.string } }
    return reader.children(of: given).flatMap { entry in
      entry.pathExtension == "xcloc" ? localized(entry) : entry.pathExtension == "xliff" ? [entry] : []
    }.sorted { $0.string < $1.string }
  }
}
