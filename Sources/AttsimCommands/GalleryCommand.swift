import FileAccess
import Gallery
import PromptCheck
import TextSupport

/// `attsim gallery [--app DIR] --out FILE.html`: every locale's prompt on one page, written atomically.
enum GalleryCommand {
  static func run(_ command: Command.Gallery, console: Console) -> Int32 {
    switch UISetup.appTexts(app: command.app) {
    case .failure(let problem):
      console.err("attsim: \(problem.message.escapingControlCharacters)\n")
      return 2
    case .success(let appTexts):
      let findings = PromptLinter.check(app: appTexts.app)
      let page = GalleryPage.html(for: appTexts, findings: findings, version: Attsim.version)
      let destination = pagePath(for: command.out)
      var inputs = CommandInputs()
      inputs.add(appTexts.app)
      inputs.add(appTexts.system)
      if let problem = CommandOutput.write(page, to: destination, inputs: inputs, console: console) {
        console.err("attsim: \(problem.escapingControlCharacters)\n")
        return 2
      }
      if destination != "-" {
        let count = appTexts.locales.count
        console.err("attsim gallery: \(count) locale\(count == 1 ? "" : "s") written to \(destination.shown())\n")
      }
      return 0
    }
  }

  /// `--out` as given, or `DIR/gallery.html` when it names a folder (an existing one, or one ending in `/`).
  static func pagePath(for out: FilePath) -> FilePath {
    let isFolder = out.bytes.last == UInt8(ascii: "/") || FileKind.isFolder(out) == true
    return isFolder ? out.appending("gallery.html") : out
  }
}
