import PromptStrings
import StringsFiles
import TextSupport

/// The bundle keys that decide which text a user sees: the development region every missing translation
/// falls back to, and the languages `CFBundleLocalizations` declares. A malformed one is named with what iOS
/// then does.
enum BundleKeyRules {
  /// The Info.plist keys a prompt's lookup depends on, besides the purpose strings themselves.
  static let lookupKeys: Set<String> = [
    "CFBundleDisplayName", "CFBundleName", "CFBundleDevelopmentRegion", "CFBundleLocalizations",
  ]

  static func check(_ plist: InfoPlist, app: AppResources) -> [Finding] {
    var findings: [Finding] = []
    func report(_ key: String, _ message: String) {
      let (source, location) = plist.source(of: key)
      findings.append(Finding(file: source.path, location: location, rule: .bundleKey, locale: nil, message: message))
    }
    let region = "CFBundleDevelopmentRegion"
    let fallback =
      "a language the app lacks gets the localization CFBundle falls back to (attsim assumes \(app.developmentRegion))"
    if let kind = plist.valueKinds[region] {
      report(region, "\(region) is \(kind), not a string: iOS ignores it, so \(fallback)")
    } else if let value = plist.strings[region], !value.isEmpty, LocaleTag(value) == nil {
      report(
        region,
        "\(region) is \"\(value.forMessage(limit: 60))\", which is not a language tag\(suggestion(for: value)): \(fallback)"
      )
    }
    let declared = "CFBundleLocalizations"
    if plist.strings[declared] != nil || (plist.valueKinds[declared] != nil && plist.valueKinds[declared] != "an array")
    {
      let kind = plist.strings[declared] != nil ? "a string" : plist.valueKinds[declared] ?? ""
      report(declared, "\(declared) is \(kind), not an array of language tags: iOS ignores it")
    }
    for entry in plist.declaredLocalizations where LocaleTag(entry) == nil {
      report(
        declared,
        "\"\(entry.forMessage(limit: 60))\" in \(declared) is not a language tag\(suggestion(for: entry)): iOS matches no user's language to it"
      )
    }
    return findings
  }

  /// ` (did you mean de?)`, naming the tag someone meant by `text` (a language or country named in English, or a
  /// near miss of one); empty when attsim has no guess.
  static func suggestion(for text: String) -> String {
    let lowered = text.lowercased().trimmingCharacters(in: " ")
    let tag =
      countries[lowered] ?? LanguageNames.suggestion(for: lowered)
      ?? EditDistance.nearest(to: lowered, among: countries.keys, within: 2).flatMap { countries[$0] }
    return tag.map { " (did you mean \($0)?)" } ?? ""
  }

  /// English names of the countries people write for their language in a plist.
  private static let countries: [String: String] = [
    "germany": "de", "france": "fr", "spain": "es", "italy": "it", "japan": "ja", "china": "zh-Hans",
    "taiwan": "zh-Hant", "korea": "ko", "russia": "ru", "poland": "pl", "brazil": "pt-BR", "portugal": "pt-PT",
    "netherlands": "nl", "sweden": "sv", "norway": "nb", "denmark": "da", "finland": "fi", "turkey": "tr",
    "greece": "el", "israel": "he",
  ]
}

extension String {
  /// The text without `character` at either end.
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text.removeFirst() }
    while text.last == character { text.removeLast() }
    return String(text)
  }
}
