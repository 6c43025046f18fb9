import TextSupport

/// The languages a language tag can name, with their English names: every ISO 639-1 code (and the old `iw`,
/// `in`, `ji` Apple still reads), to tell a language from a country code (`jp`) and suggest the tag meant.
public enum LanguageNames {
  /// The English name of `language` (a language subtag: `is` → Icelandic), or nil.
  public static func english(_ language: String) -> String? { names[language.lowercased()] }

  /// Whether `tag`'s language is one: a two-letter code of ISO 639-1, or any three-letter code (ISO 639-2
  /// and -3 name thousands: attsim takes them on trust).
  public static func isLanguage(_ tag: LocaleTag) -> Bool {
    tag.language.count == 3 || names[tag.language.lowercased()] != nil
  }

  /// The tag someone who wrote `text` probably meant: a country code in a language's place (`jp` → `ja`),
  /// a language named in English (`german` → `de`), or a near miss of a name.
  public static func suggestion(for text: String) -> String? {
    let lowered = text.lowercased()
    let language = String(lowered.prefix { $0 != "-" && $0 != "_" })
    if let meant = countryCodesForLanguages[language] { return meant }
    if let code = codes[lowered] { return code }
    // A near miss of a name (`englsh`); short words are too near too many names to guess from.
    guard lowered.count >= 5 else { return nil }
    return EditDistance.nearest(to: lowered, among: codes.keys, within: 2).flatMap { codes[$0] }
  }

  /// Codes by lower-cased English name (`zh-Hans` for Chinese, `nb` for Norwegian, as Apple projects use).
  public static let codes: [String: String] = Dictionary(
    names.filter { !["iw", "in", "ji", "no"].contains($0.key) }.map { ($0.value.lowercased(), $0.key) },
    uniquingKeysWith: { first, _ in first }
  ).merging(["chinese": "zh-Hans", "norwegian": "nb"]) { _, preferred in preferred }

  /// Country codes people write for a language (ISO 3166 where ISO 639 is meant), and what they meant.
  static let countryCodesForLanguages = [
    "jp": "ja", "cn": "zh-Hans", "tw": "zh-Hant", "hk": "zh-Hant", "kr": "ko", "gr": "el", "se": "sv",
    "dk": "da", "cz": "cs", "ua": "uk", "vn": "vi", "il": "he", "ee": "et", "si": "sl", "rs": "sr", "by": "be",
    "at": "de", "ch": "de", "br": "pt-BR", "mx": "es-MX", "us": "en", "gb": "en-GB", "ir": "fa", "pk": "ur",
    "dz": "ar", "eg": "ar", "sa": "ar", "ae": "ar",
  ]

  private static let names: [String: String] = [
    "aa": "Afar", "ab": "Abkhazian", "ae": "Avestan", "af": "Afrikaans", "ak": "Akan", "am": "Amharic",
    "an": "Aragonese", "ar": "Arabic", "as": "Assamese", "av": "Avaric", "ay": "Aymara", "az": "Azerbaijani",
    "ba": "Bashkir", "be": "Belarusian", "bg": "Bulgarian", "bi": "Bislama", "bm": "Bambara", "bn": "Bangla",
    "bo": "Tibetan", "br": "Breton", "bs": "Bosnian", "ca": "Catalan", "ce": "Chechen", "ch": "Chamorro",
    "co": "Corsican", "cr": "Cree", "cs": "Czech", "cu": "Church Slavic", "cv": "Chuvash", "cy": "Welsh",
    "da": "Danish", "de": "German", "dv": "Divehi", "dz": "Dzongkha", "ee": "Ewe", "el": "Greek", "en": "English",
    "eo": "Esperanto", "es": "Spanish", "et": "Estonian", "eu": "Basque", "fa": "Persian", "ff": "Fula",
    "fi": "Finnish", "fj": "Fijian", "fo": "Faroese", "fr": "French", "fy": "Western Frisian", "ga": "Irish",
    "gd": "Scottish Gaelic", "gl": "Galician", "gn": "Guarani", "gu": "Gujarati", "gv": "Manx", "ha": "Hausa",
    "he": "Hebrew", "hi": "Hindi", "ho": "Hiri Motu", "hr": "Croatian", "ht": "Haitian Creole", "hu": "Hungarian",
    "hy": "Armenian", "hz": "Herero", "ia": "Interlingua", "id": "Indonesian", "ie": "Interlingue", "ig": "Igbo",
    "ii": "Sichuan Yi", "ik": "Inupiaq", "io": "Ido", "is": "Icelandic", "it": "Italian", "iu": "Inuktitut",
    "ja": "Japanese", "jv": "Javanese", "ka": "Georgian", "kg": "Kongo", "ki": "Kikuyu", "kj": "Kuanyama",
    "kk": "Kazakh", "kl": "Kalaallisut", "km": "Khmer", "kn": "Kannada", "ko": "Korean", "kr": "Kanuri",
    "ks": "Kashmiri", "ku": "Kurdish", "kv": "Komi", "kw": "Cornish", "ky": "Kyrgyz", "la": "Latin",
    "lb": "Luxembourgish", "lg": "Ganda", "li": "Limburgish", "ln": "Lingala", "lo": "Lao", "lt": "Lithuanian",
    "lu": "Luba-Katanga", "lv": "Latvian", "mg": "Malagasy", "mh": "Marshallese", "mi": "Maori", "mk": "Macedonian",
    "ml": "Malayalam", "mn": "Mongolian", "mr": "Marathi", "ms": "Malay", "mt": "Maltese", "my": "Burmese",
    "na": "Nauru", "nb": "Norwegian Bokmål", "nd": "North Ndebele", "ne": "Nepali", "ng": "Ndonga", "nl": "Dutch",
    "nn": "Norwegian Nynorsk", "no": "Norwegian", "nr": "South Ndebele", "nv": "Navajo", "ny": "Nyanja",
    "oc": "Occitan", "oj": "Ojibwa", "om": "Oromo", "or": "Odia", "os": "Ossetic", "pa": "Punjabi", "pi": "Pali",
    "pl": "Polish", "ps": "Pashto", "pt": "Portuguese", "qu": "Quechua", "rm": "Romansh", "rn": "Rundi",
    "ro": "Romanian", "ru": "Russian", "rw": "Kinyarwanda", "sa": "Sanskrit", "sc": "Sardinian", "sd": "Sindhi",
    "se": "Northern Sami", "sg": "Sango", "si": "Sinhala", "sk": "Slovak", "sl": "Slovenian", "sm": "Samoan",
    "sn": "Shona", "so": "Somali", "sq": "Albanian", "sr": "Serbian", "ss": "Swati", "st": "Southern Sotho",
    "su": "Sundanese", "sv": "Swedish", "sw": "Swahili", "ta": "Tamil", "te": "Telugu", "tg": "Tajik", "th": "Thai",
    "ti": "Tigrinya", "tk": "Turkmen", "tl": "Tagalog", "tn": "Tswana", "to": "Tongan", "tr": "Turkish",
    "ts": "Tsonga", "tt": "Tatar", "tw": "Twi", "ty": "Tahitian", "ug": "Uyghur", "uk": "Ukrainian", "ur": "Urdu",
    "uz": "Uzbek", "ve": "Venda", "vi": "Vietnamese", "vo": "Volapük", "wa": "Walloon", "wo": "Wolof", "xh": "Xhosa",
    "yi": "Yiddish", "yo": "Yoruba", "za": "Zhuang", "zh": "Chinese", "zu": "Zulu", "iw": "Hebrew",
    "in": "Indonesian", "ji": "Yiddish",
  ]
}
