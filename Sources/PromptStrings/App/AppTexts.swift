import StringsFiles

/// Everything a screen of the app shows, in any locale: the app's resources and the system's dialog texts
/// (`Assets/System`). The terminal UI and the gallery both draw from it.
public struct AppTexts: Sendable {
  /// The app's Info.plist, lproj folders and catalogs.
  public var app: AppResources
  /// The system texts (`Assets/System`): the ATT dialog's title and buttons, Settings labels.
  public var system: AppResources
  /// The texts of `app`.
  public init(app: AppResources, system: AppResources) {
    self.app = app
    self.system = system
  }

  /// The languages the app offers, as `prompts` lists them: the development region first (an app with no
  /// localizations still speaks it), each language once (`English.lproj` is `en`).
  public var locales: [String] { app.distinctLanguages.filter { !AppResources.notLanguages.contains($0) } }

  /// Every text the phone shows in `locale`, looked up as iOS would.
  public func texts(locale: String) -> ScreenTexts {
    // Each bundle's search list once: every text below is looked up along it.
    let appList = app.searchList(locale: locale)
    let systemList = self.system.searchList(locale: locale)
    let name = app.appName(searchList: appList)
    func own(_ key: String, _ fallback: String) -> String {
      app.localizedString(key, searchList: appList)?.value ?? fallback
    }
    // The pre-permission screen: the app's `prepermission.*` keys (its Localizable table), else attsim's sample
    // (`Sample.strings` beside the system texts, looked up as they are), with the app's name for `%@`.
    var showsSample = false
    func prePermission(_ key: String, _ fallback: String) -> String {
      if let text = app.localizedString("prepermission." + key, searchList: appList) { return text.value }
      showsSample = true
      let sample = self.system.localizedString("prepermission." + key, table: "Sample", searchList: systemList)
      return (sample?.value ?? fallback).replacing("%@", with: name)
    }
    func system(_ key: String, _ fallback: String) -> String {
      self.system.localizedString(key, table: "ATTDialog", searchList: systemList)?.value ?? fallback
    }
    let title = system("title", "Allow “%@” to track your activity across other companies’ apps and websites?")
    let systemLanguage = systemList.first { self.system.localizations.contains($0) } ?? "en"
    let tag = LocaleTag(locale)
    let shownTag = LocaleTag(systemLanguage)
    // The language's own name where the system texts are in it, else its English name; a region the system
    // texts do not name is added as its code (`Deutsch (CH)`).
    var languageName =
      tag?.language == shownTag?.language
      ? system("language", systemLanguage) : LanguageNames.english(tag?.language ?? locale) ?? locale
    if let region = tag?.region, shownTag?.region != region { languageName += " (\(region))" }
    return ScreenTexts(
      locale: locale, resolution: app.resolve(locale: locale), appName: name,
      usageDescription: app.infoPlistString(InfoPlist.usageDescriptionKey, searchList: appList).map(\.forDisplay),
      markdownUsageDescription: app.infoPlistString(InfoPlist.markdownUsageDescriptionKey, searchList: appList).map(
        \.forDisplay),
      dialogTitle: title.replacing("%@", with: name),
      askNotToTrack: system("ask-not-to-track", "Ask App Not to Track"), allow: system("allow", "Allow"),
      additionalInformation: system("additional-information", "Additional Information"),
      prePermissionTitle: prePermission("title", "Before you continue"),
      prePermissionBody: prePermission(
        "body", "Next, iOS asks whether %@ may track your activity. Allowing it lets us show ads that fit you."),
      continueLabel: prePermission("continue", "Continue"), notNowLabel: prePermission("not-now", "Not Now"),
      prePermissionIsSample: showsSample,
      homeTitle: own("home.title", name), homeBody: own("home.body", ""),
      settingsPrivacy: system("settings.privacy", "Privacy"), settingsTracking: system("settings.tracking", "Tracking"),
      settingsAllowApps: system("settings.allow-apps", "Allow Apps to Request to Track"),
      settingsAllowAppsEU: system(
        "settings.allow-apps-eu", "Allow Apps to Request to Link Your Activity Across Companies"),
      settingsAdvertising: system("settings.advertising", "Advertising"),
      settingsLimitAdTracking: system("settings.limit-ad-tracking", "Limit Ad Tracking"),
      isRightToLeft: ScreenTexts.isRightToLeft(locale),
      systemLanguage: systemLanguage, languageName: languageName)
  }
}

/// The texts of every screen in one locale.
public struct ScreenTexts: Hashable, Sendable {
  public var locale: String
  /// Which localization iOS picked, and how.
  public var resolution: LocaleResolution
  public var appName: String
  /// The purpose string and where it came from; nil when there is none (the app crashes on request).
  public var usageDescription: LocalizedText?
  /// `NSUserTrackingMarkdownUsageDescription`, for the iOS 27.2 EU sheet; nil when the app has none.
  public var markdownUsageDescription: LocalizedText?
  /// The system title with the app's name in it.
  public var dialogTitle: String
  public var askNotToTrack: String
  public var allow: String
  /// The EU sheet's text button, shown when the app passed an action for it.
  public var additionalInformation: String
  public var prePermissionTitle: String
  public var prePermissionBody: String
  public var continueLabel: String
  public var notNowLabel: String
  /// Whether the pre-permission screen shows attsim's sample text (in the system texts' language) for a
  /// `prepermission.*` key the app lacks, rather than only the app's own texts.
  public var prePermissionIsSample: Bool
  public var homeTitle: String
  public var homeBody: String
  public var settingsPrivacy: String
  public var settingsTracking: String
  public var settingsAllowApps: String
  /// The global switch's name in the EU from iOS 27.2.
  public var settingsAllowAppsEU: String
  /// iOS 13 and earlier: Settings › Privacy › Advertising, and its switch.
  public var settingsAdvertising: String
  public var settingsLimitAdTracking: String
  /// Whether the language is written right to left (text is right-aligned).
  public var isRightToLeft: Bool
  /// Whether the pre-permission screen is laid out right to left: as the locale is, or where it shows the
  /// sample, as the sample's language (the system texts') is.
  public var prePermissionIsRightToLeft: Bool {
    prePermissionIsSample ? Self.isRightToLeft(systemLanguage) : isRightToLeft
  }
  /// The language of the system texts (the dialog's title and buttons, the sheet's labels, Settings): the
  /// locale's when iOS offers it as a UI language, else what iOS falls back to (English).
  public var systemLanguage: String
  /// The locale's language by its own name (`日本語`, `Português (Brasil)`) where iOS offers it, else by its
  /// English name (`Icelandic`); a region the name leaves out follows as its code (`Deutsch (CH)`).
  public var languageName: String

  /// When the system texts are not in the locale's language: `English (iOS has no Icelandic UI)`; nil when
  /// they are.
  public var systemTextsFallback: String? {
    guard let wanted = LocaleTag(locale)?.language, let shown = LocaleTag(systemLanguage)?.language,
      wanted != shown
    else { return nil }
    let missing = LanguageNames.english(wanted) ?? wanted
    return "\(LanguageNames.english(shown) ?? shown) (iOS has no \(missing) UI)"
  }

  /// What the EU sheet shows: the Markdown purpose string, else the plain one.
  public var sheetText: LocalizedText? { markdownUsageDescription ?? usageDescription }

  /// Whether `locale`'s language is written right to left.
  static func isRightToLeft(_ locale: String) -> Bool {
    ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv"].contains(LocaleTag(locale)?.language ?? "")
  }
}
