import Diagnostics
import PromptStrings
import StringsFiles
import TextSupport

/// Translations before they are imported: in each XLIFF file of a localization export, every purpose string's
/// `<target>` and the state Xcode or the translator gave it (`xliff-state`, DECISIONS D137). The texts
/// themselves are judged by the value rules, as the `InfoPlist` catalogs the export stands for.
enum TranslationExportRules {
  static func check(_ context: CheckContext) -> [Finding] {
    var findings: [Finding] = []
    for document in context.app.localizationExports {
      for file in document.infoPlistFiles where file.targetLanguage != file.sourceLanguage {
        for unit in file.units where context.options.allStrings || PurposeKeys.isPurposeKey(unit.id) {
          guard let (severity, why) = judgement(of: unit, file) else { continue }
          let language = file.targetLanguage
          findings.append(
            Finding(
              file: document.path, location: unit.targetLocation ?? unit.location, rule: .xliffState,
              severity: severity, locale: language, key: PurposeKeys.isPurposeKey(unit.id) ? unit.id : nil,
              message: "the \(language.forMessage(limit: 20)) translation of \(unit.id.forMessage(limit: 60)) \(why)"))
        }
      }
    }
    return findings
  }

  /// How bad a unit's translation is, and why in words; nil when it is final. Untranslated (no target, `new`,
  /// `needs-translation`) is a warning: once imported, users see the source language or a draft. Marked
  /// for work or review (`needs-review-l10n`, `needs-l10n`, `needs-adaptation`, …) is an info: the text ships.
  static func judgement(of unit: XLIFFDocument.Unit, _ file: XLIFFDocument.File) -> (Severity, String)? {
    let source = file.sourceLanguage.forMessage(limit: 20)
    guard let state = unit.state else {
      return unit.target == nil ? (.warning, "has no <target>: once imported, users see the \(source) text") : nil
    }
    let shown = state.forMessage(limit: 40)
    switch state {
    case "new", "needs-translation":
      return (.warning, "is marked \(shown): not translated yet, so its text is a draft or the \(source) one")
    case _ where state.hasPrefix("needs-"):
      return (.info, "is marked \(shown): someone asked for it to be reviewed before it ships")
    default: return nil
    }
  }
}
