import Gallery
import TextSupport

/// `attsim gallery [--app DIR] --out FILE.html`: every locale's prompt on one page, written atomically.
enum GalleryCommand {
  static func run(app: String?, out: String, console: Console) -> Int32 {
    switch UISetup.environment(app: app) {
    case .failure(let problem):
      console.err("attsim: \(problem.message.escapingControlCharacters)\n")
      return 2
    case .success(let environment):
      let page = GalleryPage.html(for: environment, version: Attsim.version)
      if let problem = AtomicFile.write(page, to: out) {
        console.err("attsim: \(problem.escapingControlCharacters)\n")
        return 2
      }
      console.err("attsim gallery: \(environment.locales.count) locales written to \(out.escapingControlCharacters)\n")
      return 0
    }
  }
}
