import PromptStrings
import StringsFiles

/// The writing system a language's text must show some of.
struct ScriptExpectation {
  /// For messages: `Japanese (Hiragana, Katakana or Kanji)`.
  var name: String
  var ranges: [ClosedRange<UInt32>]

  func contains(_ scalar: Unicode.Scalar) -> Bool { ranges.contains { $0.contains(scalar.value) } }

  static let latin = ScriptExpectation(
    name: "Latin", ranges: [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF])
  static let cyrillic = ScriptExpectation(name: "Cyrillic", ranges: [0x400...0x52F])
  static let arabic = ScriptExpectation(
    name: "Arabic", ranges: [0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF])
  static let han = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF] as [ClosedRange<UInt32>]

  static let japanese = ScriptExpectation(
    name: "Japanese (Hiragana, Katakana or Kanji)", ranges: [0x3040...0x30FF] + han)
  static let korean = ScriptExpectation(
    name: "Korean (Hangul)", ranges: [0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F])
  static let hebrew = ScriptExpectation(name: "Hebrew", ranges: [0x590...0x5FF])
  static let greek = ScriptExpectation(name: "Greek", ranges: [0x370...0x3FF, 0x1F00...0x1FFF])
  static let devanagari = ScriptExpectation(name: "Devanagari", ranges: [0x900...0x97F])
  static let thai = ScriptExpectation(name: "Thai", ranges: [0xE00...0xE7F])

  /// The scripts a letter may be counted under when it is not the expected one, most specific first.
  static let others: [ScriptExpectation] = [
    japanese, korean, cyrillic, arabic, hebrew, greek, devanagari, thai, latin,
  ]

  /// Why `value` does not read as text of `locale`, or nil when it does: none of the language's letters, or
  /// mostly another script's. Brand words do not fool it: an ideograph or a syllable block counts as three
  /// letters (a word of Japanese against a word of English), and only when the expected script is under a
  /// third of the weight is the text called mostly another's.
  static func problem(in value: String, locale: String) -> String? {
    guard let expected = expected(for: locale) else { return nil }
    var expectedWeight = 0
    var otherWeight: [String: Int] = [:]
    for scalar in value.unicodeScalars where scalar.properties.isAlphabetic {
      let weight =
        (0x3040...0x30FF).contains(scalar.value) || han.contains { $0.contains(scalar.value) }
          || (0xAC00...0xD7A3).contains(scalar.value) ? 3 : 1
      if expected.contains(scalar) {
        expectedWeight += weight
      } else {
        otherWeight[others.first { $0.contains(scalar) }?.name ?? "another script", default: 0] += weight
      }
    }
    guard expectedWeight > 0 else { return "has no \(expected.name) characters" }
    let others = otherWeight.values.reduce(0, +)
    guard others > 2 * expectedWeight, let main = otherWeight.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })
    else { return nil }
    return "is mostly written in \(main.key), not \(expected.name)"
  }

  /// What text in `locale` should contain; nil for languages attsim has no table for.
  static func expected(for locale: String) -> ScriptExpectation? {
    guard let tag = LocaleTag(locale) else { return nil }
    if tag.script == "Latn" { return latin }
    if tag.script == "Cyrl" { return cyrillic }
    switch tag.language {
    case "ja": return japanese
    case "zh": return ScriptExpectation(name: "Chinese (Han)", ranges: han)
    case "ko": return korean
    case "ar", "fa", "ur": return arabic
    case "he", "yi": return hebrew
    case "ru", "uk", "bg", "be", "kk", "mk", "sr", "mn": return cyrillic
    case "el": return greek
    case "hi", "mr", "ne": return devanagari
    case "bn": return ScriptExpectation(name: "Bengali", ranges: [0x980...0x9FF])
    case "ta": return ScriptExpectation(name: "Tamil", ranges: [0xB80...0xBFF])
    case "te": return ScriptExpectation(name: "Telugu", ranges: [0xC00...0xC7F])
    case "th": return thai
    case "ka": return ScriptExpectation(name: "Georgian", ranges: [0x10A0...0x10FF])
    case "hy": return ScriptExpectation(name: "Armenian", ranges: [0x530...0x58F])
    case "en", "de", "fr", "es", "pt", "it", "nl", "sv", "da", "nb", "no", "fi", "pl", "cs", "sk", "tr", "vi", "id",
      "ms", "ro", "hu", "hr", "ca", "sl", "et", "lv", "lt", "is", "ga", "cy", "eu", "gl", "af", "sw", "tl", "fil":
      return latin
    default: return nil
    }
  }
}
