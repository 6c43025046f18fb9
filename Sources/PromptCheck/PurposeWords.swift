/// The words and phrases the App Review rules look for, per language (DECISIONS D131–D133; docs/check-rules.md
/// lists each with where it comes from). Latin-script entries are lowercase words matched whole on
/// `PurposeText`'s normalized form; Japanese, Korean and Chinese entries are matched as substrings.
enum PurposeWords {
  /// The languages `no-reason` judges (its lists cover them); a text in another is left alone.
  static let judged: Set<String> = ["en", "de", "fr", "es", "it", "pt", "ja", "ko", "zh"]

  /// Words that introduce a purpose or a use ("to", "so that", "um … zu", "pour", "ために", "위해", "用于").
  /// English "to" counts only before a verb-like word (see `PurposeText.saysWhy`).
  static let purposeMarkers: [String: [String]] = [
    "en": [
      "for", "so", "because", "lets", "allows", "enables", "helps", "when", "while", "whenever", "if", "by",
      "order", "can",
    ],
    "de": [
      "um", "damit", "für", "zum", "zur", "wenn", "sobald", "ermöglicht", "hilft", "weil", "dazu", "kannst",
      "können", "kann",
    ],
    "fr": ["pour", "afin", "permet", "permettent", "lorsque", "quand", "si", "sert", "pouvez", "peut", "pourrez"],
    "es": ["para", "permite", "cuando", "mientras", "si", "fin", "sirve", "puedes", "puede", "podrás"],
    "it": ["per", "consente", "permette", "quando", "mentre", "se", "affinché", "serve", "puoi", "può"],
    "pt": ["para", "pra", "permite", "quando", "enquanto", "se", "serve", "pode", "possa", "poderá"],
    "ja": ["ため", "ように", "には", "際", "とき", "時", "場合", "に使", "に利用", "もとに", "基づ", "できます", "して"],
    "ko": ["위해", "위한", "위하여", "려면", "수 있", "때", "데 사용", "에 사용", "하도록", "하여", "해서"],
    "zh": [
      "用于", "用於", "以便", "为了", "為了", "来", "來", "才能", "方能", "可", "以", "让", "讓", "将", "將", "时",
      "時",
    ],
  ]

  /// Words that ask for access or say it is needed ("needs", "access", "permission", "需要"): `no-reason`
  /// judges only a text that asks, since one that describes what the app does ("Take photos and send them
  /// to your server") says what the data is for without a purpose word (measured: D131).
  static let requestWords: [String: [String]] = [
    "en": [
      "need", "needs", "require", "requires", "required", "access", "permission", "would like", "wants", "allow",
    ],
    "de": [
      "benötigt", "benötigen", "braucht", "brauchen", "erfordert", "zugriff", "berechtigung", "erlaubnis", "möchte",
    ],
    "fr": ["besoin", "nécessite", "requiert", "accès", "autorisation", "permission", "souhaite", "voudrait"],
    "es": ["necesita", "necesitamos", "requiere", "acceso", "permiso", "desea", "quiere"],
    "it": ["necessita", "richiede", "bisogno", "accesso", "permesso", "autorizzazione", "vuole", "desidera"],
    "pt": ["precisa", "necessita", "requer", "acesso", "permissão", "deseja", "quer"],
    "ja": ["が必要", "必要です", "必要とし", "アクセス", "許可", "求め"],
    "ko": ["필요합니다", "필요해요", "필요로", "접근", "권한", "허용"],
    "zh": ["需要", "访问", "訪問", "存取", "权限", "權限", "允许", "允許", "请求", "請求"],
  ]

  /// Words after which English "to" is a preposition ("access to your camera"), or "to access" and "to use"
  /// no purpose ("to access your photos").
  static let determiners: Set<String> = [
    "your", "the", "a", "an", "you", "my", "this", "that", "our", "their", "his", "her", "its", "all", "any",
    "some", "these", "those", "it", "them", "us", "me",
  ]

  /// Phrases that say "for a better experience" and nothing else: each with the marker that leads it, so that
  /// taking it out of the text leaves no reason behind when it was the only one.
  static let vaguePhrases: [String: [String]] = [
    "en": [
      "to improve your experience", "to improve the user experience", "to improve user experience",
      "to improve our services", "to improve our service", "to improve the app", "to improve our app",
      "for a better experience", "for a better service", "for better service", "to provide a better experience",
      "to give you a better experience", "to enhance your experience", "to enhance the user experience",
      "to enhance our services", "to personalize your experience", "to personalise your experience",
      "for a personalized experience", "for a personalised experience", "to provide better services",
    ],
    "de": [
      "um dein erlebnis zu verbessern", "um ihr erlebnis zu verbessern", "um das nutzererlebnis zu verbessern",
      "um unseren service zu verbessern", "um unsere dienste zu verbessern", "für ein besseres erlebnis",
      "für einen besseren service",
    ],
    "fr": [
      "pour améliorer votre expérience", "pour améliorer ton expérience", "pour une meilleure expérience",
      "pour améliorer nos services", "pour un meilleur service", "pour personnaliser votre expérience",
    ],
    "es": [
      "para mejorar tu experiencia", "para mejorar su experiencia", "para una mejor experiencia",
      "para mejorar nuestros servicios", "para un mejor servicio", "para personalizar tu experiencia",
    ],
    "it": [
      "per migliorare la tua esperienza", "per migliorare la vostra esperienza", "per una migliore esperienza",
      "per migliorare i nostri servizi", "per un servizio migliore", "per personalizzare la tua esperienza",
    ],
    "pt": [
      "para melhorar sua experiência", "para melhorar a sua experiência", "para uma melhor experiência",
      "para melhorar nossos serviços", "para um melhor serviço", "para personalizar sua experiência",
    ],
  ]

  /// Words that bring a concrete example ("such as", "z. B."): a vague phrase with one is not vague.
  static let exampleMarkers = [
    "such as", "for example", "for instance", "e g", "like", "z b", "zum beispiel", "wie", "par exemple",
    "comme", "por ejemplo", "como", "ad esempio", "come", "por exemplo",
  ]

  /// Rewards for allowing tracking (guideline 3.2.2; the HIG: "don't offer incentives").
  static let incentives: [String: [String]] = [
    "en": [
      "reward", "rewards", "coin", "coins", "gem", "gems", "discount", "discounts", "bonus", "bonuses", "gift",
      "gifts", "prize", "prizes", "free item", "free items", "free coins", "extra lives",
    ],
    "de": ["belohnung", "belohnungen", "münzen", "rabatt", "bonus", "geschenk", "gratis"],
    "fr": ["récompense", "récompenses", "pièces", "réduction", "bonus", "cadeau", "cadeaux"],
    "es": ["recompensa", "recompensas", "monedas", "descuento", "bono", "regalo", "regalos"],
    "it": ["ricompensa", "ricompense", "monete", "sconto", "bonus", "regalo", "premio"],
    "pt": ["recompensa", "recompensas", "moedas", "desconto", "bônus", "presente", "brinde"],
    "ja": ["報酬", "コイン", "割引", "ボーナス", "特典", "プレゼント"],
    "ko": ["보상", "코인", "할인", "보너스", "선물", "혜택"],
    "zh": ["奖励", "獎勵", "金币", "金幣", "折扣", "优惠", "優惠", "礼物", "禮物"],
  ]

  /// Words that grant the permission ("allow", "accept"): a reward counts near one (`PurposeText.offers`).
  static let consentWords: [String: [String]] = [
    "en": ["allow", "allowing", "accept", "accepting", "opt", "consent", "permit", "enable", "enabling", "tap"],
    "de": [
      "erlauben", "erlaube", "erlaubst", "zulassen", "zustimmen", "zustimmung", "erlaubnis", "tippe", "akzeptieren",
    ],
    "fr": ["autoriser", "autorisez", "autorises", "accepter", "acceptez", "autorisation", "appuyez"],
    "es": ["permitir", "permites", "permitas", "aceptar", "aceptas", "permiso", "toca"],
    "it": ["consenti", "consentire", "accetta", "accettare", "autorizzare", "autorizzi", "permetti", "tocca"],
    "pt": ["permitir", "permita", "permite", "aceitar", "aceite", "permissão", "toque"],
    "ja": ["許可", "同意"],
    "ko": ["허용", "동의"],
    "zh": ["允许", "允許", "同意", "授权", "授權"],
  ]

  /// "We do not track you", in each language.
  static let denials: [String: [String]] = [
    "en": [
      "do not track", "don t track", "does not track", "doesn t track", "never track", "will not track",
      "won t track", "no tracking", "not track you", "not used for tracking", "not used to track",
    ],
    "de": [
      "kein tracking", "keine nachverfolgung", "nicht getrackt", "nicht verfolgt", "tracken nicht", "verfolgen nicht",
    ],
    "fr": ["aucun suivi", "pas de suivi", "ne suivons pas", "ne vous suivons pas", "aucun pistage"],
    "es": ["no rastreamos", "no te rastreamos", "sin rastreo", "ningún rastreo", "no hacemos seguimiento"],
    "it": ["non tracciamo", "nessun tracciamento", "non ti tracciamo"],
    "pt": ["não rastreamos", "sem rastreamento", "não rastreia", "nenhum rastreamento"],
    "ja": ["追跡しません", "トラッキングしません", "トラッキングは行いません", "追跡は行いません"],
    "ko": ["추적하지 않", "추적을 하지 않"],
    "zh": ["不会追踪", "不追踪", "不會追蹤", "不追蹤", "不跟踪", "不会跟踪"],
  ]

  /// Words that stand for an unfinished text in any language; matched case-sensitively, as developers
  /// write them, so that Spanish "todo" (all) is not one.
  static let unfinishedMarkers: Set<String> = ["TODO", "TBD", "FIXME", "TBA"]

  /// SDK sample sentences, as the SDK's documentation or integration code gives them, with where
  /// (one short sentence per SDK; matched whole after `PurposeText.normalized`).
  static let sdkSamples: [(sdk: String, sentence: String, source: String)] = [
    (
      "Google Mobile Ads (AdMob, Ad Manager, IMA, PAL)",
      "This identifier will be used to deliver personalized ads to you.",
      "https://developers.google.com/admob/ios/ios14"
    ),
    (
      "AppLovin MAX", "This uses device info for more personalized ads and content",
      "https://github.com/AppLovin/AppLovin-MAX-Unity-Plugin (AppLovinInternalSettings.cs, DefaultUserTrackingDescriptionEn)"
    ),
    (
      "Unity iOS 14 Advertising Support",
      "Your data will be used to provide you a better and personalized ad experience.",
      "https://docs.unity.com/ads/ATTCompliance.htm (its script under \"Configure a user tracking description\")"
    ),
    (
      "ironSource / LevelPlay", "Your Personalized Message here",
      "https://developers.is.com/ironsource-mobile/ios/ios-privacy-settings-and-configurations"
    ),
    (
      "OneSignal (as Thunkable documents it)",
      "In-app activity is tracked to deliver relevant messaging at relevant times for the user",
      "https://community.thunkable.com/t/ios-publishing-nsusertrackingusagedescription-issues/1705304"
    ),
    (
      "Expo (expo-tracking-transparency)",
      "Allow this app to collect app-related data that can be used for tracking you or your device.",
      "https://docs.expo.dev/versions/latest/sdk/tracking-transparency/ (the default permission message)"
    ),
  ]
}
