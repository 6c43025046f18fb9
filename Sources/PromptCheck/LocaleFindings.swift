import PromptStrings
import StringsFiles

extension Array where Element == Finding {
  /// The findings about what a user of `locale` sees in `app` (and those about no locale in particular).
  public func about(locale: String, in app: AppResources) -> [Finding] {
    let resolved = app.resolve(locale: locale).localization
    return filter { $0.locale == nil || $0.locale == resolved || $0.locale == locale }
  }
}
