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

  /// Pre-ISO lproj names Xcode once used.
  static let legacyNames = [
    "English": "en", "Japanese": "ja", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it",
    "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Norwegian": "nb", "Danish": "da", "Finnish": "fi",
    "Korean": "ko", "Russian": "ru", "Polish": "pl", "Chinese": "zh-Hans",
  ]

  /// A tag from its parts.
  public init(language: String, script: String? = nil, region: String? = nil) {
    self.language = language
    self.script = script
    self.region = region
  }

  /// Parses `pt-BR`, `pt_BR`, `zh-Hant-HK`, `es-419` or a legacy name; nil for anything else.
  public init?(_ text: String) {
    if let legacy = Self.legacyNames[text] {
      self.init(legacy)
      return
    }
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }.map(String.init)
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    var script: String?
    var region: String?
    for part in parts.dropFirst() {
      let ascii = part.allSatisfy(\.isASCII)
      if ascii && part.count == 4 && part.allSatisfy(\.isLetter) && script == nil && region == nil {
        script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
      } else if ascii && part.count == 2 && part.allSatisfy(\.isLetter) && region == nil {
        region = part.uppercased()
      } else if ascii && part.count == 3 && part.allSatisfy(\.isNumber) && region == nil {
        region = part
      } else {
        return nil
      }
    }
    self.init(language: first.lowercased(), script: script, region: region)
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

  /// The tags to try for this one, most specific first, as Apple's bundle lookup does: the tag, its
  /// regional parent (`es-MX` → `es-419`, `en-IN` → `en-GB`, `pt-AO` → `pt-PT`, `zh-Hant-MO` → `zh-Hant-HK`),
  /// then without region, then without a script the language does not imply (`zh-Hant` stops there).
  public var lookupChain: [LocaleTag] {
    var chain: [LocaleTag] = []
    func add(_ tag: LocaleTag) { if !chain.contains(tag) { chain.append(tag) } }
    add(self)
    var current = withImpliedScript
    add(current)
    while let parent = current.parent {
      add(parent)
      current = parent
    }
    return chain
  }

  /// The next tag up, or nil at the top.
  var parent: LocaleTag? {
    if let region, let regional = Self.regionalParent(language: language, script: script, region: region) {
      return regional
    }
    if region != nil { return LocaleTag(language: language, script: script) }
    if let script, script != Self.impliedScript(language) { return nil }
    if script != nil { return LocaleTag(language: language) }
    return nil
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
