import StringsFiles

/// A language tag as lproj folders and iOS write them: language, optional script and region
/// (`pt-BR`, `zh-Hant-HK`, `es-419`, legacy `zh_TW` or `English`).
public struct LocaleTag: Hashable, Sendable, CustomStringConvertible {
  /// Lowercase language code (`pt`).
  public var language: String
  /// Title-case script (`Hant`), if given.
  public var script: String?
  /// Uppercase region or three-digit area (`BR`, `419`), if given.
  public var region: String?

  /// Pre-ISO lproj names Xcode once used, as Apple's ICU maps them (`appleAliasMap` in ualoc.cpp).
  static let legacyNames = [
    "English": "en", "Japanese": "ja", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it",
    "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Norwegian": "nb", "Danish": "da", "Finnish": "fi",
    "Korean": "ko", "Russian": "ru", "Polish": "pl", "Chinese": "zh-Hans", "Arabic": "ar", "Thai": "th",
    "Turkish": "tr",
  ]

  /// The name Xcode gives today's folder for a legacy lproj spelling (`English` → `en`, `zh_CN` → `zh-Hans`,
  /// `zh_TW` → `zh-Hant`, `zh_HK` → `zh-HK`), or nil when `name` is already spelled so (or is no tag).
  public static func modernSpelling(ofLegacy name: String) -> String? {
    guard let tag = LocaleTag(name), legacyNames[name] != nil || name.utf8.contains(UInt8(ascii: "_")) else {
      return nil
    }
    guard tag.language == "zh", tag.script == nil, let region = tag.region else { return tag.description }
    return ["CN": "zh-Hans", "SG": "zh-Hans", "TW": "zh-Hant"][region] ?? tag.description
  }

  /// The spelling the matcher compares first: case and separators made regular (`pt_br` → `pt-BR`), a
  /// legacy name lower-cased, as ICU's base name does.
  static func exactSpelling(_ name: String) -> String { parse(name)?.description ?? name.lowercased() }

  /// A tag from its parts.
  public init(language: String, script: String? = nil, region: String? = nil) {
    self.language = language
    self.script = script
    self.region = region
  }

  /// Parses `pt-BR`, `pt_BR`, `zh-Hant-HK`, `es-419` or a legacy name; nil for anything else.
  public init?(_ text: String) {
    if let tag = Self.parse(text) {
      self = tag
    } else if let legacy = Self.legacyNames[text], let tag = Self.parse(legacy) {
      self = tag
    } else {
      return nil
    }
  }

  /// A tag read from its UTF-8 bytes: a language of two or three letters, then parts separated by `-` or `_`
  /// (a script of four letters, a region of two letters or three digits, in that order), all ASCII.
  static func parse(_ text: String) -> LocaleTag? {
    let parts = text.utf8.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    func isLetters(_ part: Substring.UTF8View) -> Bool { part.allSatisfy { (0x61...0x7A).contains($0 | 0x20) } }
    guard (2...3).contains(parts[0].count), isLetters(parts[0]) else { return nil }
    var tag = LocaleTag(language: String(Substring(parts[0])).lowercased())
    for part in parts.dropFirst() {
      let text = String(Substring(part))
      if part.count == 4 && isLetters(part) && tag.script == nil && tag.region == nil {
        tag.script = text.prefix(1).uppercased() + text.dropFirst().lowercased()
      } else if tag.region == nil,
        part.count == 2 && isLetters(part) || part.count == 3 && part.allSatisfy({ (0x30...0x39).contains($0) })
      {
        tag.region = text.uppercased()
      } else {
        return nil
      }
    }
    return tag
  }

  /// The BCP 47 form: `zh-Hant-HK`.
  public var description: String {
    [language, script, region].compactMap { $0 }.joined(separator: "-")
  }

  /// Chinese without a script gets the one its region implies: Traditional for Taiwan, Hong Kong and
  /// Macao, Simplified otherwise (`zh-HK` is `zh-Hant-HK`, `zh` is `zh-Hans`).
  public var withImpliedScript: LocaleTag {
    guard language == "zh", script == nil else { return self }
    let traditional = ["TW", "HK", "MO"].contains(region ?? "")
    return LocaleTag(language: language, script: traditional ? "Hant" : "Hans", region: region)
  }

  /// The tags this one falls back to as Apple's ICU walks them, with implied scripts: the tag, its regional parent
  /// (`es-MX` → `es-419`, `en-IN` → `en-GB`, `zh-Hant-MO` → `zh-Hant-HK`), then without region, then without a
  /// script the language does not imply (`zh-Hant` does not fall to `zh`: Apple's ICU sends it to `zh-Hant-TW`).
  public var lookupChain: [LocaleTag] {
    var chain: [LocaleTag] = []
    var current: LocaleTag? = withImpliedScript
    while let step = current?.withImpliedScript, !chain.contains(step) {
      chain.append(step)
      current = step == Self.traditional ? Self.taiwan : step.parent
    }
    return chain
  }

  static let portugal = LocaleTag(language: "pt", region: "PT")
  static let brazil = LocaleTag(language: "pt", region: "BR")
  static let hongKong = LocaleTag(language: "zh", script: "Hant", region: "HK")
  static let taiwan = LocaleTag(language: "zh", script: "Hant", region: "TW")
  static let traditional = LocaleTag(language: "zh", script: "Hant")

  /// Whether the tag names a region other than its language's usual one (`it-CH`, not `es-MX` or `zh-Hant-TW`):
  /// Apple's ICU then ranks it one step further from the plain language (`it` prefers `it-IT`).
  var hasUnusualRegion: Bool {
    guard let region, self != Self.taiwan, !(language == "es" && region == "MX") else { return false }
    let key = language == "zh" ? "\(language)-\(script ?? "Hans")" : language
    guard let usual = Self.usualRegions[key] else { return false }
    return usual != region
  }

  /// The region CLDR's likely subtags give each language Apple ships (`uloc_minimizeSubtags` drops it).
  static let usualRegions = [
    "ar": "EG", "bg": "BG", "bn": "BD", "ca": "ES", "cs": "CZ", "da": "DK", "de": "DE", "el": "GR", "en": "US",
    "es": "ES", "et": "EE", "fa": "IR", "fi": "FI", "fr": "FR", "he": "IL", "hi": "IN", "hr": "HR", "hu": "HU",
    "id": "ID", "is": "IS", "it": "IT", "ja": "JP", "kk": "KZ", "ko": "KR", "lt": "LT", "lv": "LV", "ms": "MY",
    "nb": "NO", "nl": "NL", "pl": "PL", "pt": "BR", "ro": "RO", "ru": "RU", "sk": "SK", "sl": "SI", "sr": "RS",
    "sv": "SE", "th": "TH", "tr": "TR", "uk": "UA", "ur": "PK", "vi": "VN", "zh-Hans": "CN", "zh-Hant": "TW",
  ]

  /// The next tag up, or nil at the top.
  var parent: LocaleTag? {
    if let region {
      return Self.regionalParent(language: language, script: script, region: region)
        ?? LocaleTag(language: language, script: script)
    }
    guard let script, script == Self.impliedScript(language) else { return nil }
    return LocaleTag(language: language)
  }

  /// CLDR's regional parents, with Apple's choice of en-GB for English outside the US.
  static func regionalParent(language: String, script: String?, region: String) -> LocaleTag? {
    switch language {
    case "es" where region != "419" && latinAmerica.contains(region):
      return LocaleTag(language: "es", region: "419")
    case "en" where region != "GB" && englishOutsideUS.contains(region):
      return LocaleTag(language: "en", region: "GB")
    case "pt" where ["AO", "CV", "GW", "MO", "MZ", "ST", "TL", "CH", "GQ", "LU"].contains(region):
      return LocaleTag(language: "pt", region: "PT")
    case "zh" where script == "Hant" && region == "MO":
      return LocaleTag(language: "zh", script: "Hant", region: "HK")
    default: return nil
    }
  }

  /// The script a language is written in when no script is given (only where more than one is common).
  static func impliedScript(_ language: String) -> String? {
    switch language {
    case "zh": "Hans"
    case "sr": "Cyrl"
    case "uz", "az", "bs": "Latn"
    default: nil
    }
  }

  static let latinAmerica: Set<String> = [
    "AR", "BO", "BR", "BZ", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "MX", "NI", "PA", "PE", "PR", "PY", "SV",
    "US", "UY", "VE",
  ]

  static let englishOutsideUS: Set<String> = [
    "001", "150", "AU", "BE", "BW", "BZ", "CA", "HK", "IE", "IL", "IN", "JM", "KE", "MT", "MY", "NG", "NZ", "PK",
    "SG", "ZA", "ZW", "AE", "SA",
  ]
}
