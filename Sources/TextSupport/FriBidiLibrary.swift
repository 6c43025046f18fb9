import CFriBidi

/// GNU FriBidi as this process has it: linked into the binary, loaded from libfribidi.so.0, or missing (then
/// right-to-left lines are put in order by attsim's own algorithm, and Arabic is not joined).
public enum FriBidiLibrary: Hashable, Sendable {
  /// Linked in from libfribidi.a (`make install` where the archive is present).
  case linked(version: String)
  /// Loaded at run time from libfribidi.so.0.
  case loaded(version: String)
  /// Neither linked in nor loadable.
  case missing

  /// FriBidi as found on first use: loading it costs a fraction of a millisecond, which only a line that
  /// needs reordering pays.
  public static let current: FriBidiLibrary = {
    let source = attsim_fribidi_find()
    let version = attsim_fribidi_version_info().map { versionNumber(String(cString: $0)) } ?? "?"
    switch source {
    case attsim_fribidi_linked: return .linked(version: version)
    case attsim_fribidi_loaded: return .loaded(version: version)
    default: return .missing
    }
  }()

  /// What `attsim --version` says about it.
  public var summary: String {
    switch self {
    case .linked(let version): "FriBidi \(version), linked in"
    case .loaded(let version): "FriBidi \(version), loaded from libfribidi.so.0"
    case .missing:
      "FriBidi missing (no libfribidi.so.0): right-to-left lines in attsim's own order, Arabic unjoined"
    }
  }

  /// The version number in FriBidi's description of itself ("(GNU FriBidi) 1.0.8" and further lines): the
  /// first line's last word, when it is made of digits and dots; "?" otherwise.
  static func versionNumber(_ info: String) -> String {
    let firstLine = info.split(separator: "\n", maxSplits: 1).first ?? ""
    let word = firstLine.split(separator: " ").last ?? ""
    let isNumber = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    return isNumber ? String(word) : "?"
  }
}
