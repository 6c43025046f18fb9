/// Where a text the app shows came from.
public enum TextSource: Hashable, Sendable {
  /// A `.strings` file in a localization folder.
  case stringsFile(path: String, localization: String)
  /// A String Catalog's translation.
  case catalog(path: String, language: String)
  /// The Info.plist itself (no localization had the key).
  case infoPlist(path: String)
  /// A build setting the project turns into an Info.plist key (`INFOPLIST_KEY_…`).
  case buildSetting(path: String, setting: String)

  /// A few words for a person: `ja.lproj/InfoPlist.strings`, `Info.plist`, `INFOPLIST_KEY_… (project.pbxproj)`.
  public var label: String {
    switch self {
    case .stringsFile(let path, _): path.split(separator: "/").suffix(2).joined(separator: "/")
    case .catalog(let path, let language): "\(path.split(separator: "/").last ?? "") (\(language))"
    case .infoPlist: "Info.plist"
    case .buildSetting(let path, let setting): "\(setting) (\(path.split(separator: "/").last ?? ""))"
    }
  }

  /// The file the text is in.
  public var path: String {
    switch self {
    case .stringsFile(let path, _), .catalog(let path, _), .infoPlist(let path), .buildSetting(let path, _): path
    }
  }

  /// The kind in one word, as `prompts` and `expect prompt-source=` write it.
  public var kind: String {
    switch self {
    case .stringsFile: "strings"
    case .catalog: "catalog"
    case .infoPlist: "info-plist"
    case .buildSetting: "build-setting"
    }
  }
}
