import Diagnostics
import PromptStrings

/// The rules that read a purpose string as App Review does (issue 42 item 2): unfinished text, no reason or
/// only a vague one (guideline 5.1.1(ii), the HIG), an SDK's sample sentence, and in the tracking texts a
/// reward for allowing (3.2.2) or a denial the privacy manifest contradicts. Each text gets at most one of
/// `placeholder`, `sdk-boilerplate`, `no-reason` and `vague-reason`, in that order (DECISIONS D130).
enum WordingRules {
  static func check(
    _ prompt: PromptValue, _ value: String, noun: String, _ report: (RuleID, String, Severity?) -> Void
  ) {
    let text = PurposeText(value)
    let isTracking = PurposeKeys.isTracking(prompt.key)
    if isTracking, let incentive = text.offers() {
      report(
        .trackingIncentive,
        "\(noun) offers something for allowing tracking (\"\(incentive)\"): guideline 3.2.2 forbids rewarding users for it, and the HIG says not to offer incentives",
        nil)
    }
    if let denial = PurposeWords.denials.firstMatch(in: text), isTracking, prompt.declaresTracking {
      report(
        .deniesTracking,
        "\(noun) says the app does not track (\"\(denial)\"), but the app's PrivacyInfo.xcprivacy declares NSPrivacyTracking true: one of them is wrong",
        nil)
    }
    if let unfinished = placeholder(text, key: prompt.key) {
      report(
        .placeholder,
        "\(noun) looks unfinished (\(unfinished)): App Review rejects a purpose string that does not describe the use (5.1.1(ii))",
        nil)
    } else if let sample = PurposeWords.sdkSamples.first(where: {
      PurposeText($0.sentence).normalized == text.normalized
    }) {
      report(
        .sdkBoilerplate,
        "\(noun) is \(sample.sdk)'s sample sentence word for word (\(sample.source)): say how this app uses the data",
        nil)
    } else if isJudged(prompt), PurposeWords.requestWords.firstMatch(in: text) != nil, !text.givesReason {
      report(
        .noReason,
        "\(noun) asks for access but does not say what the data is used for: App Review asks that it does (5.1.1(ii)); say what for, with an example of use",
        nil)
    } else if let phrase = vagueReason(text) {
      report(
        .vagueReason,
        "\(noun) gives only a vague reason (\"\(phrase)\") and no example of use: the HIG asks for a specific one",
        nil)
    }
  }

  /// What makes the text look unfinished: a `TODO`-like word, lorem ipsum, "placeholder", Xcode's display
  /// name of a key, or the key's own name.
  static func placeholder(_ text: PurposeText, key: String) -> String? {
    let words = text.original.split { !$0.isLetter }.map(String.init)
    if let word = words.first(where: PurposeWords.unfinishedMarkers.contains) { return word }
    for phrase in ["lorem ipsum", "placeholder", "usage description"] where text.normalized.contains(" \(phrase) ") {
      return "\"\(phrase)\""
    }
    let squeezed = text.normalized.filter { $0 != " " }
    let name = key.lowercased()
    let bare = (name.hasPrefix("ns") ? name.dropFirst(2) : name[...]).replacing("usagedescription", with: "")
    return squeezed == name || squeezed == bare ? "the key's own name" : nil
  }

  /// The first vague phrase whose removal leaves no reason, in a text without an example.
  static func vagueReason(_ text: PurposeText) -> String? {
    guard !PurposeWords.exampleMarkers.contains(where: { text.normalized.contains(" \($0) ") }) else { return nil }
    for (_, phrases) in PurposeWords.vaguePhrases.sorted(by: { $0.key < $1.key }) {
      for phrase in phrases where text.normalized.contains(" \(phrase) ") {
        if !PurposeText(text.normalized.replacing(" \(phrase) ", with: " ")).givesReason { return phrase }
      }
    }
    return nil
  }

  /// Whether `no-reason` judges the text: its locale's language (the development region's for the Info.plist
  /// and `Base`) is one attsim has word lists for.
  private static func isJudged(_ prompt: PromptValue) -> Bool {
    let locale = prompt.locale.flatMap { $0 == "Base" ? nil : $0 } ?? prompt.developmentRegion
    return LocaleTag(locale).map { PurposeWords.judged.contains($0.language) } ?? false
  }
}

/// A purpose string as the App Review rules read it.
struct PurposeText {
  let original: String
  /// Lowercase letters and digits, every other run as one space, a space at either end: ` this app s `.
  let normalized: String

  init(_ text: String) {
    original = text
    var result = " "
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        result.append(character)
      } else if result.last != " " {
        result.append(" ")
      }
    }
    normalized = result.last == " " ? result : result + " "
  }

  /// Whether `phrase` of `language`'s list occurs: anywhere in Japanese, Korean and Chinese, which do not
  /// space words, as whole words elsewhere.
  func contains(_ phrase: String, language: String) -> Bool {
    language.isSpaced ? normalized.contains(" \(phrase) ") : original.contains(phrase)
  }

  /// Whether a purpose word of any language occurs; English "to" counts before a verb-like word ("to scan",
  /// not "access to your camera" nor "to access your photos").
  var givesReason: Bool {
    if PurposeWords.purposeMarkers.firstMatch(in: self) != nil { return true }
    let words = normalized.split(separator: " ").map(String.init)
    return words.indices.contains { index in
      guard words[index] == "to" else { return false }
      // "to access your photos" is no purpose, "to access kiosk settings" is.
      let next = words.dropFirst(index + 1).first { !["access", "use"].contains($0) }
      return next.map { !PurposeWords.determiners.contains($0) } ?? false
    }
  }
}

extension PurposeText {
  /// The reward a text offers for allowing: a reward word within `reach` words (characters, where words are
  /// not spaced) of a word that grants the permission, in one language's lists.
  func offers(reach: Int = 8) -> String? {
    for (language, rewards) in PurposeWords.incentives.sorted(by: { $0.key < $1.key }) {
      let grants = PurposeWords.consentWords[language] ?? []
      for reward in rewards {
        let near = positions(of: reward, language: language).contains { place in
          grants.contains { grant in
            positions(of: grant, language: language).contains { abs($0 - place) <= reach * (language.isSpaced ? 1 : 2) }
          }
        }
        if near { return reward }
      }
    }
    return nil
  }

  /// Where `phrase` starts: a word index, or a character offset in a language that does not space words.
  private func positions(of phrase: String, language: String) -> [Int] {
    guard language.isSpaced else {
      let characters = Array(original)
      let target = Array(phrase)
      guard characters.count >= target.count else { return [] }
      return (0...(characters.count - target.count)).filter { Array(characters[$0..<$0 + target.count]) == target }
    }
    let words = normalized.split(separator: " ")
    let target = phrase.split(separator: " ")
    guard words.count >= target.count else { return [] }
    return (0...(words.count - target.count)).filter { Array(words[$0..<$0 + target.count]) == target }
  }
}

extension String {
  /// Whether the language (a code of `PurposeWords`' lists) spaces its words.
  fileprivate var isSpaced: Bool { !["ja", "ko", "zh"].contains(self) }
}

extension [String: [String]] {
  /// The first phrase of any language's list that `text` holds.
  fileprivate func firstMatch(in text: PurposeText) -> String? {
    for (language, phrases) in self.sorted(by: { $0.key < $1.key }) {
      if let phrase = phrases.first(where: { text.contains($0, language: language) }) { return phrase }
    }
    return nil
  }
}
