import FileAccess
import Scenarios
import TextSupport

/// The library of scenarios in Assets/Scenarios.
enum ScenarioLibrary {
  /// A scenario: its name (the file name without `.attsim`), path and parsed script.
  struct Entry {
    var name: String
    var path: FilePath
    var script: Script
  }

  /// Every scenario of the library, by name.
  static func entries() -> [Entry] {
    guard let assets = AssetLocator.assetsFolder() else { return [] }
    let folder = FilePath(assets).appending("Scenarios")
    let names = FolderListing.names(in: folder).filter { $0.pathExtension == "attsim" }
    return names.compactMap { file in
      let path = folder.appending(file)
      guard case .success(let script) = TextFile.script(path, named: path.string) else { return nil }
      return Entry(name: file.stem, path: path, script: script)
    }
  }

  /// A file path, or the path of the library scenario called `name`. A path (holding a `/` or ending in
  /// `.attsim`) is taken as it is, so that reading it says why it cannot be read.
  static func path(for nameOrFile: FilePath) -> FilePath? {
    let name = nameOrFile.string
    if FileKind.isFolder(nameOrFile) != nil || name.contains("/") || name.hasSuffix(".attsim") {
      return nameOrFile
    }
    return entries().first { $0.name == name }?.path
  }

  /// Why `name` is no file and no library scenario: exit 2's line, with up to three library names within half
  /// its length in edits (at least 3), nearest first.
  static func unknown(_ name: FilePath) -> ScriptProblems {
    let (names, word) = (entries().map(\.name), Array(name.string.lowercased().unicodeScalars))
    let near = names.compactMap { candidate in
      EditDistance.within(max(3, word.count / 2), word, Array(candidate.lowercased().unicodeScalars)).map {
        ($0, candidate)
      }
    }
    let closest = near.sorted { $0 < $1 }.prefix(3).map { "'\($0.1)'" }
    let hint = closest.isEmpty ? "" : "; did you mean \(MessageList.of(closest))?"
    return .unusable(
      "attsim: no file or library scenario '\(name.shown())'\(hint) ('attsim scenarios' lists all \(names.count))")
  }
}

/// `attsim scenarios`: lists the library with titles.
enum ScenariosCommand {
  static func run(console: Console) -> Int32 {
    let entries = ScenarioLibrary.entries()
    guard !entries.isEmpty else {
      console.err("attsim: no scenario library found; set ATTSIM_ASSETS to attsim's Assets folder\n")
      return 2
    }
    let width = entries.map(\.name.count).max() ?? 0
    for entry in entries {
      let padding = String(repeating: " ", count: width - entry.name.count)
      console.out("\(entry.name)\(padding)  \(entry.script.title ?? entry.name)".escapingControlCharacters + "\n")
    }
    console.out(
      "\n\(entries.count) scenarios · run one: attsim play \(entries[0].path) · walk one: attsim --scenario NAME\n")
    return 0
  }
}
