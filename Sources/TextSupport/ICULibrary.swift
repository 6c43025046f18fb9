import CICU

/// The ICU attsim is linked with (the system's libicuuc), which orders right-to-left lines, joins Arabic
/// letters and finds the word breaks of Thai, Lao, Khmer and Burmese.
public enum ICULibrary {
  /// ICU's version ("72.1") and its Unicode Character Database's ("15.0"), as the library loaded says.
  public static let versions: (icu: String, unicode: String) = {
    let length = Int(ATTSIM_ICU_VERSION_LENGTH)
    var icu = [CChar](repeating: 0, count: length)
    var unicode = [CChar](repeating: 0, count: length)
    attsim_icu_version(&icu, &unicode)
    return (text(icu), text(unicode))
  }()

  /// What `attsim --version` says about it.
  public static var summary: String { "ICU \(versions.icu) (Unicode \(versions.unicode))" }

  /// The text before the first NUL of `characters`.
  private static func text(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
