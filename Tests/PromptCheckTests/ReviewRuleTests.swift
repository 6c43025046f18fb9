import Diagnostics
import PromptCheck
import TestApps
import Testing

/// The App Review rules of `check` (issue 42 item 2): each reports the texts it is about, in the languages
/// it knows, and stays quiet on good strings written the way real apps write them.
@Suite struct ReviewRuleTests {
  static let reviewRules: Set<RuleID> = [
    .placeholder, .noReason, .vagueReason, .trackingIncentive, .sdkBoilerplate, .deniesTracking,
  ]

  /// The App Review findings for `text` as `key`'s Info.plist text in an app whose development region is
  /// `region`, whose privacy manifest declares tracking when `tracks`.
  static func findings(
    _ text: String, key: String = "NSUserTrackingUsageDescription", region: String = "en", tracks: Bool = true
  ) throws -> [Finding] {
    let plist = infoPlist(["CFBundleDevelopmentRegion": region, key: text])
    let app = try makeApp(["Info.plist": plist], declaringTracking: tracks)
    return PromptLinter.check(app: try load(app)).filter { reviewRules.contains($0.rule) }
  }

  @Test(arguments: [
    "TODO", "TBD: explain the camera", "Lorem ipsum dolor sit amet.", "placeholder",
    "Privacy - Camera Usage Description",
    "NSCameraUsageDescription", "Camera", "FIXME before release",
  ])
  func unfinishedTextIsAPlaceholder(text: String) throws {
    let findings = try Self.findings(text, key: "NSCameraUsageDescription")
    #expect(findings.map(\.rule) == [.placeholder])
    #expect(findings.first?.severity == .warning)
  }

  /// Spanish "todo" (all) is a word, not a marker; the key's name inside a sentence is not the key's name.
  @Test(arguments: [
    ("es", "Usamos la cámara para escanear todo tipo de códigos QR."),
    ("en", "The camera is used to scan the QR code on your camera's box."),
  ])
  func wordsThatLookUnfinishedInASentenceAreNot(region: String, text: String) throws {
    #expect(try Self.findings(text, key: "NSCameraUsageDescription", region: region).isEmpty)
  }

  @Test(arguments: [
    ("en", "This app needs your location."),
    ("en", "Allow $(PRODUCT_NAME) to access your location."),
    ("de", "Diese App benötigt Zugriff auf deinen Standort."),
    ("fr", "Cette application a besoin d'accéder à votre position."),
    ("es", "Esta aplicación necesita acceso a tu ubicación."),
    ("it", "Questa app richiede l'accesso alla tua posizione."),
    ("pt-BR", "Este app precisa de acesso à sua localização."),
    ("ja", "位置情報へのアクセスが必要です。"),
    ("ko", "위치 정보에 대한 접근 권한이 필요합니다."),
    ("zh-Hans", "需要访问您的位置。"),
    ("zh-Hant", "需要存取您的位置。"),
  ])
  func aRequestWithoutAPurposeGivesNoReason(region: String, text: String) throws {
    let findings = try Self.findings(text, key: "NSLocationWhenInUseUsageDescription", region: region)
    #expect(findings.map(\.rule) == [.noReason], "\(region): \(text)")
    #expect(findings.first?.severity == .info)
  }

  /// Good strings: a purpose in each language, a use described without asking, a language attsim has no
  /// list for.
  @Test(arguments: [
    ("en", "Your location is used to show stores near you."),
    ("en", "Allow access to your location to see the stores near you."),
    ("en", "Take photos and send them to your server."),
    ("en", "Confirm it is you to access admin settings."),
    ("de", "Dein Standort wird benötigt, um Geschäfte in deiner Nähe zu zeigen."),
    ("fr", "Votre position est nécessaire pour afficher les magasins proches."),
    ("es", "Necesitamos tu ubicación para mostrarte tiendas cercanas."),
    ("it", "La tua posizione serve per mostrarti i negozi vicini."),
    ("pt-BR", "Precisamos da sua localização para mostrar lojas próximas."),
    ("ja", "近くの店舗を表示するために位置情報へのアクセスが必要です。"),
    ("ko", "주변 매장을 보여주기 위해 위치 정보 접근 권한이 필요합니다."),
    ("zh-Hans", "需要访问您的位置，以便显示附近的商店。"),
    ("zh-Hant", "需要存取您的位置，才能顯示附近的商店。"),
    ("ru", "Приложению нужен доступ к вашему местоположению."),
  ])
  func aReasonInAnyLanguageIsQuiet(region: String, text: String) throws {
    #expect(try Self.findings(text, key: "NSLocationWhenInUseUsageDescription", region: region).isEmpty)
  }

  @Test(arguments: [
    ("en", "We use data to improve your experience."),
    ("de", "Wir nutzen Daten, um dein Erlebnis zu verbessern."),
    ("fr", "Nous utilisons vos données pour améliorer votre expérience."),
    ("es", "Usamos tus datos para mejorar tu experiencia."),
    ("it", "Usiamo i tuoi dati per migliorare la tua esperienza."),
    ("pt-BR", "Usamos seus dados para melhorar sua experiência."),
  ])
  func aReasonThatSaysOnlyBetterIsVague(region: String, text: String) throws {
    let findings = try Self.findings(text, region: region)
    #expect(findings.map(\.rule) == [.vagueReason], "\(region): \(text)")
    #expect(findings.first?.severity == .info)
  }

  @Test(arguments: [
    "We use data to improve your experience, such as remembering the stores you visit.",
    "We use your activity to show ads for stores near you and to improve your experience.",
  ])
  func aVagueReasonWithAnExampleIsQuiet(text: String) throws {
    #expect(try Self.findings(text).isEmpty)
  }

  @Test(arguments: [
    ("en", "Allow tracking and get 100 free coins!"),
    ("de", "Erlaube das Tracking und erhalte eine Belohnung."),
    ("ja", "許可するとコインがもらえます。"),
  ])
  func aRewardForAllowingIsAnIncentive(region: String, text: String) throws {
    let findings = try Self.findings(text, region: region)
    #expect(findings.map(\.rule).contains(.trackingIncentive), "\(region): \(text)")
    #expect(findings.first { $0.rule == .trackingIncentive }?.severity == .warning)
  }

  /// A bonus far from any consent, and a reward in another prompt than tracking's, are no incentive.
  @Test func aRewardThatIsNotForAllowingIsQuiet() throws {
    let bonus =
      "Your permission lets us show ads that fit you better. Watching an ad in the shop always earns you a bonus level."
    #expect(try Self.findings(bonus).isEmpty)
    let camera = "Allow the camera to scan receipts and earn reward points."
    #expect(try Self.findings(camera, key: "NSCameraUsageDescription").isEmpty)
  }

  /// An SDK's sample sentence is matched whatever its case, spacing and punctuation, and only whole.
  @Test func anSDKSampleSentenceIsBoilerplate() throws {
    let findings = try Self.findings("THIS identifier will be used to deliver  personalized ads to you")
    #expect(findings.map(\.rule) == [.sdkBoilerplate])
    #expect(findings.first?.severity == .info)
    #expect(findings.first?.message.contains("developers.google.com") == true)
    let own = "This identifier will be used to deliver personalized ads for our recipe app to you."
    #expect(try Self.findings(own).isEmpty)
  }

  /// "We do not track" is a warning only where the app's own manifest declares tracking.
  @Test(arguments: [("en", "We do not track you. Your data stays on this device."), ("ko", "사용자 추적을 하지 않습니다.")])
  func aDenialTheManifestContradicts(region: String, text: String) throws {
    let findings = try Self.findings(text, region: region)
    #expect(findings.map(\.rule).contains(.deniesTracking), "\(region): \(text)")
    #expect(findings.first { $0.rule == .deniesTracking }?.severity == .warning)
    #expect(try Self.findings(text, region: region, tracks: false).allSatisfy { $0.rule != .deniesTracking })
  }

  /// A translation that copies the development region's text is `untranslated`; its text is judged once.
  @Test func aCopiedTranslationIsJudgedOnce() throws {
    let text = "This app needs your location."
    let app = try makeApp([
      "Info.plist": infoPlist(["CFBundleDevelopmentRegion": "en", "NSLocationWhenInUseUsageDescription": text]),
      "en.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"\(text)\";\n",
      "fr.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"\(text)\";\n",
    ])
    let findings = PromptLinter.check(app: try load(app)).filter { $0.rule == .noReason }
    #expect(findings.map(\.locale) == ["en"])
  }
}
