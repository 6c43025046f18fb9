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

  /// What text in `locale` should contain; nil for languages attsim has no table for.
  static func expected(for locale: String) -> ScriptExpectation? {
    guard let tag = LocaleTag(locale) else { return nil }
    if tag.script == "Latn" { return latin }
    if tag.script == "Cyrl" { return cyrillic }
    switch tag.language {
    case "ja": return ScriptExpectation(name: "Japanese (Hiragana, Katakana or Kanji)", ranges: [0x3040...0x30FF] + han)
    case "zh": return ScriptExpectation(name: "Chinese (Han)", ranges: han)
    case "ko":
      return ScriptExpectation(name: "Korean (Hangul)", ranges: [0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F])
    case "ar", "fa", "ur": return arabic
    case "he", "yi": return ScriptExpectation(name: "Hebrew", ranges: [0x590...0x5FF])
    case "ru", "uk", "bg", "be", "kk", "mk", "sr", "mn": return cyrillic
    case "el": return ScriptExpectation(name: "Greek", ranges: [0x370...0x3FF, 0x1F00...0x1FFF])
    case "hi", "mr", "ne": return ScriptExpectation(name: "Devanagari", ranges: [0x900...0x97F])
    case "bn": return ScriptExpectation(name: "Bengali", ranges: [0x980...0x9FF])
    case "ta": return ScriptExpectation(name: "Tamil", ranges: [0xB80...0xBFF])
    case "te": return ScriptExpectation(name: "Telugu", ranges: [0xC00...0xC7F])
    case "th": return ScriptExpectation(name: "Thai", ranges: [0xE00...0xE7F])
    case "ka": return ScriptExpectation(name: "Georgian", ranges: [0x10A0...0x10FF])
    case "hy": return ScriptExpectation(name: "Armenian", ranges: [0x530...0x58F])
    case "en", "de", "fr", "es", "pt", "it", "nl", "sv", "da", "nb", "no", "fi", "pl", "cs", "sk", "tr", "vi", "id",
      "ms", "ro", "hu", "hr", "ca", "sl", "et", "lv", "lt", "is", "ga", "cy", "eu", "gl", "af", "sw", "tl", "fil":
      return latin
    default: return nil
    }
  }
}
