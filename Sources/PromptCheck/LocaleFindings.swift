import PromptStrings

extension Array where Element == Finding {
  /// The findings about what a user of `locale` sees in `app`: its own localization's (or the one iOS
  /// picks for it), not those about the whole app.
  public func about(locale: String, in app: AppResources) -> [Finding] {
    let resolved = app.resolve(locale: locale).localization
    return filter { $0.locale != nil && ($0.locale == resolved || $0.locale == locale) }
  }

  /// The findings about the whole app (manifests, Info.plist keys, build settings, missing files), each once.
  public var appWide: [Finding] { filter { $0.locale == nil } }

  /// The tracking prompt's findings first, then by severity (errors first).
  public var trackingFirst: [Finding] {
    let rank = { (item: (offset: Int, element: Finding)) in
      (item.element.key.map(PurposeKeys.isTracking) == true ? 0 : 1, item.element.severity, item.offset)
    }
    return enumerated().sorted { rank($0) < rank($1) }.map(\.element)
  }
}
