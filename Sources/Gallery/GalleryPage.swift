import Diagnostics
import PromptCheck
import PromptStrings
import TextSupport

/// `attsim gallery`: one self-contained HTML page with every locale's ATT dialog, pre-permission screen and EU
/// sheet (for a Markdown purpose string) and `check` findings, from the same code as the UI and `check`.
public enum GalleryPage {
  /// The page for `appTexts` with `check`'s `findings` about the app, stamped with `version`.
  public static func html(for appTexts: AppTexts, findings: [Finding], version: String) -> String {
    let locales = appTexts.locales
    let appName = appTexts.texts(locale: appTexts.app.developmentRegion).appName
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>attsim gallery — \(HTML.escape(appName))</title>
      <style>\(style)</style>
      </head>
      <body>
      <header>
      <h1>\(HTML.escape(appName)): the tracking prompt in \(locales.count) locale\(locales.count == 1 ? "" : "s")</h1>
      <p>\(HTML.escape(appTexts.app.name))\(HTML.escape(appTexts.app.target.map { " (target \($0))" } ?? "")) · development region \(HTML.escape(appTexts.app.developmentRegion)) · attsim \(HTML.escape(version)). The system texts are attsim's own approximations of iOS's. Each pre-permission screen shows the app's own <code>prepermission.title</code>, <code>.body</code> and <code>.continue</code> keys (its Localizable table), or where it lacks them attsim's sample text, labelled “sample”.</p>
      </header>

      """
    page += appSummary(appTexts, findings)
    page += summaryTable(appTexts, findings, locales)
    for locale in locales { page += localeBlock(appTexts, findings.about(locale: locale, in: appTexts.app), locale) }
    page +=
      "<footer>Made by attsim gallery. No scripts, no network: this file is all there is.</footer>\n</body>\n</html>\n"
    return page
  }

  /// The verdict for a locale's findings: clean, warnings, or errors.
  static func verdict(_ findings: [Finding]) -> (word: String, className: String) {
    if findings.contains(where: { $0.severity == .error }) { return ("errors", "error") }
    if findings.contains(where: { $0.severity == .warning }) { return ("warnings", "warning") }
    return ("clean", "clean")
  }

  /// What is said once for the whole app: its privacy manifests (whose, whether it tracks, its domains), and
  /// every `check` finding about the app rather than a locale.
  private static func appSummary(_ appTexts: AppTexts, _ findings: [Finding]) -> String {
    let app = appTexts.app
    let findings = findings.appWide.trackingFirst
    var html = "<section class=\"manifests\">\n<h2>The whole app</h2>\n<h3>Privacy manifests</h3>\n"
    if app.privacyManifests.isEmpty {
      html += "<p>No PrivacyInfo.xcprivacy: nothing declares tracking or tracking domains.</p>\n"
    } else {
      html +=
        "<table class=\"summary\">\n<thead><tr><th>Manifest</th><th>File</th><th>Tracking</th><th>Tracking domains</th></tr></thead>\n<tbody>\n"
      for manifest in app.privacyManifests {
        let tracking =
          manifest.tracking.map { $0 ? "yes" : "no" } ?? (manifest.hasTrackingKey ? "invalid" : "not declared")
        let domains = manifest.domains.map(\.value).joined(separator: ", ")
        html += "<tr><td>\(HTML.escape(manifest.owner ?? "the app"))</td>"
        html += "<td>\(HTML.escape(shortPath(manifest.path, root: app.root)))</td>"
        html += "<td>\(tracking)</td><td>\(HTML.escape(domains.isEmpty ? "—" : domains))</td></tr>\n"
      }
      html += "</tbody>\n</table>\n"
    }
    html += "<h3>Findings about the whole app</h3>\n"
    html += findings.isEmpty ? "<p class=\"clean\">None.</p>\n" : findingList(findings, root: app.root)
    return html + "</section>\n"
  }

  /// Findings as a list: severity, rule (and key), message, and where.
  private static func findingList(_ findings: [Finding], root: String) -> String {
    var html = "<ul class=\"findings\">\n"
    for finding in findings {
      let place = finding.diagnostic.place
      let key = finding.key.map { " <code>\(HTML.escape($0))</code>" } ?? ""
      html += "<li class=\"\(finding.severity.rawValue)\"><b>\(finding.severity.rawValue)</b> "
      html += "<code>\(HTML.escape(finding.rule.rawValue))</code>\(key) \(HTML.escape(finding.message))"
      html += "<br><small>\(HTML.escape(shortPath(place, root: root)))</small></li>\n"
    }
    return html + "</ul>\n"
  }

  /// The locale's other purpose strings (camera, location, …) in a compact table: key, text, where from.
  private static func otherPurposeStrings(_ appTexts: AppTexts, _ locale: String) -> String {
    let keys = appTexts.app.purposeKeys.filter { !PurposeKeys.isTracking($0) }
    guard !keys.isEmpty else { return "" }
    let tag = HTML.escape(locale)
    var html =
      "<table class=\"purposes\">\n<thead><tr><th>Purpose string</th><th>Text</th><th>From</th></tr></thead>\n<tbody>\n"
    for key in keys {
      let text = appTexts.app.infoPlistString(key, locale: locale)?.forDisplay
      html += "<tr><td><code>\(HTML.escape(key))</code></td>"
      html += "<td lang=\"\(tag)\">\(HTML.escape(text?.value ?? "—"))</td>"
      html += "<td>\(HTML.escape(text?.source.label ?? "none"))</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n"
  }

  private static func summaryTable(_ appTexts: AppTexts, _ findings: [Finding], _ locales: [String]) -> String {
    var table =
      "<table class=\"summary\">\n<thead><tr><th>Locale</th><th>Language</th><th>Shown from</th><th>Verdict</th><th>Findings</th></tr></thead>\n<tbody>\n"
    for locale in locales {
      let findings = findings.about(locale: locale, in: appTexts.app)
      let verdict = verdict(findings)
      let texts = appTexts.texts(locale: locale)
      let source = texts.usageDescription?.source.label ?? "none"
      table += "<tr><td><a href=\"#locale-\(HTML.escape(locale))\">\(HTML.escape(locale))</a></td>"
      table += "<td lang=\"\(HTML.escape(locale))\">\(HTML.escape(texts.languageName))</td>"
      table += "<td>\(HTML.escape(source))</td><td class=\"\(verdict.className)\">\(verdict.word)</td>"
      table += "<td>\(findings.count)</td></tr>\n"
    }
    return table + "</tbody>\n</table>\n"
  }

  private static func localeBlock(_ appTexts: AppTexts, _ findings: [Finding], _ locale: String) -> String {
    let texts = appTexts.texts(locale: locale)
    let direction = texts.isRightToLeft ? "rtl" : "ltr"
    let tag = HTML.escape(locale)
    let purpose = texts.usageDescription?.value
    var block = "<section class=\"locale\" id=\"locale-\(tag)\" data-locale=\"\(tag)\">\n"
    block += "<h2><span class=\"tag\">\(tag)</span> <span lang=\"\(tag)\">\(HTML.escape(texts.languageName))</span>"
    block += " <span class=\"\(verdict(findings).className)\">\(verdict(findings).word)</span></h2>\n"
    if let fallback = texts.systemTextsFallback {
      block += HTML.element("p", "system texts: \(fallback)", class: "system-fallback") + "\n"
    }
    block += "<div class=\"screens\" lang=\"\(tag)\" dir=\"\(direction)\">\n"
    block += prePermission(texts)
    // The system alert.
    block += "<figure class=\"phone\"><div class=\"screen dimmed\"><div class=\"alert\">\n"
    block += HTML.element("p", texts.dialogTitle, class: "title") + "\n"
    if let purpose {
      block += HTML.element("p", purpose, class: "message") + "\n"
    } else {
      block += "<p class=\"message missing\">(no purpose string: the app crashes when it asks)</p>\n"
    }
    block += "<div class=\"button\">\(HTML.escape(texts.askNotToTrack))</div>\n"
    block += "<div class=\"button\">\(HTML.escape(texts.allow))</div>\n"
    block += "</div></div><figcaption dir=\"ltr\">ATT dialog</figcaption></figure>\n"
    if let markdown = texts.markdownUsageDescription {
      block += sheet(texts, markdown: markdown.value)
    }
    block += "</div>\n" + otherPurposeStrings(appTexts, locale) + "<div class=\"findings\">\n"
    let resolution = texts.resolution
    block +=
      "<p class=\"source\">Looked up as \(HTML.escape(resolution.path.joined(separator: " → "))); purpose string from "
    block += "\(HTML.escape(texts.usageDescription?.source.label ?? "nowhere")).</p>\n"
    block +=
      findings.isEmpty
      ? "<p class=\"clean\">No findings for \(tag).</p>\n"
      : findingList(findings.trackingFirst, root: appTexts.app.root)
    return block + "</div>\n</section>\n"
  }

  /// The pre-permission screen: the app's own `prepermission.*` texts, or attsim's sample labelled as one, in
  /// its own language and direction.
  private static func prePermission(_ texts: ScreenTexts) -> String {
    let sample = texts.prePermissionIsSample
    let direction = texts.prePermissionIsRightToLeft ? "rtl" : "ltr"
    let language = sample ? " lang=\"\(HTML.escape(texts.systemLanguage))\" dir=\"\(direction)\"" : ""
    var html = "<figure class=\"phone\"><div class=\"screen app\"\(language)>\n"
    if sample { html += "<div class=\"sample-label\" lang=\"en\" dir=\"ltr\">sample</div>\n" }
    html += HTML.element("h3", texts.prePermissionTitle) + "\n" + HTML.element("p", texts.prePermissionBody) + "\n"
    html += "<div class=\"primary\">\(HTML.escape(texts.continueLabel))</div>\n</div>"
    let caption = sample ? "pre-permission screen: attsim's sample" : "pre-permission screen"
    return html + "<figcaption dir=\"ltr\">\(caption)</figcaption></figure>\n"
  }

  /// iOS 27.2's full-page EU sheet: the app's name, the question, the Markdown purpose string, the two
  /// answers with equal weight, and Additional Information (shown as when the app passes an action).
  private static func sheet(_ texts: ScreenTexts, markdown: String) -> String {
    var html = "<figure class=\"phone\"><div class=\"screen sheet\">\n"
    html += HTML.element("p", texts.appName, class: "app-name") + "\n"
    html += HTML.element("h3", texts.dialogTitle) + "\n"
    html += "<div class=\"message\">\n\(HTML.markdown(MarkdownText(parsing: markdown)))</div>\n"
    html += "<div class=\"answer\">\(HTML.escape(texts.allow))</div>\n"
    html += "<div class=\"answer\">\(HTML.escape(texts.askNotToTrack))</div>\n"
    html += "<div class=\"more\">\(HTML.escape(texts.additionalInformation))</div>\n"
    return html + "</div><figcaption dir=\"ltr\">EU sheet (iOS 27.2)</figcaption></figure>\n"
  }

  private static func shortPath(_ path: String, root: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// The page's only style sheet: iOS's alert metrics (270 points wide, 14-point corners, 13-point text).
  static let style = """

    :root { color-scheme: light; font-family: -apple-system, "SF Pro Text", "Helvetica Neue", "Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", sans-serif; }
    body { margin: 24px; background: #f2f2f7; color: #1c1c1e; }
    header p, footer { color: #6e6e73; font-size: 13px; }
    table.summary { border-collapse: collapse; margin: 16px 0 32px; background: #fff; }
    table.summary th, table.summary td { padding: 6px 14px; border-bottom: 1px solid #e5e5ea; text-align: left; font-size: 14px; }
    .clean { color: #1b7f3b; } .warning { color: #a05a00; } .error { color: #c41e3a; }
    section.locale { background: #fff; border-radius: 16px; padding: 16px 20px; margin: 0 0 24px; }
    section.locale h2 { font-size: 18px; margin: 0 0 12px; }
    section.locale h2 .tag { font-family: ui-monospace, "DejaVu Sans Mono", monospace; background: #e5e5ea; border-radius: 6px; padding: 1px 8px; }
    section.locale h2 .clean, section.locale h2 .warning, section.locale h2 .error { font-size: 13px; font-weight: normal; }
    .screens { display: flex; gap: 20px; flex-wrap: wrap; }
    figure.phone { margin: 0; width: 300px; }
    figure.phone figcaption { text-align: center; font-size: 12px; color: #6e6e73; margin-top: 6px; }
    .screen { height: 560px; border: 10px solid #1c1c1e; border-radius: 44px; background: #fff; position: relative; overflow: hidden; box-sizing: border-box; }
    .screen.app { padding: 64px 22px 24px; display: flex; flex-direction: column; line-break: strict; }
    .screen.app h3 { font-size: 22px; text-align: center; margin: 0 0 16px; }
    .screen.app p { font-size: 15px; line-height: 1.4; flex: 1; }
    .screen.app .primary { background: #007aff; color: #fff; border-radius: 12px; padding: 13px; text-align: center; font-weight: 600; font-size: 16px; }
    .screen.app .sample-label { position: absolute; top: 30px; left: 0; right: 0; text-align: center; font-size: 11px; letter-spacing: 0.08em; text-transform: uppercase; color: #8e8e93; }
    .screen.app .secondary { color: #007aff; padding: 13px; text-align: center; font-size: 16px; }
    .screen.dimmed { background: linear-gradient(#dfe3ea, #c9cfd8); display: flex; align-items: center; justify-content: center; }
    .screen.dimmed::before { content: ""; position: absolute; inset: 0; background: rgba(0, 0, 0, 0.2); }
    .alert { position: relative; width: 270px; border-radius: 14px; background: rgba(242, 242, 247, 0.96); text-align: center; overflow: hidden; line-break: strict; overflow-wrap: break-word; }
    .alert .title { font-size: 17px; font-weight: 600; line-height: 1.3; margin: 19px 16px 2px; }
    .alert .message { font-size: 13px; line-height: 1.35; margin: 2px 16px 19px; }
    .alert .message.missing { color: #c41e3a; }
    .alert .button { border-top: 0.5px solid rgba(60, 60, 67, 0.36); color: #007aff; font-size: 17px; padding: 11px 12px; min-height: 22px; }
    .screen.sheet { padding: 56px 22px 20px; display: flex; flex-direction: column; line-break: strict; overflow-wrap: break-word; }
    .screen.sheet .app-name { font-size: 15px; font-weight: 600; text-align: center; margin: 0 0 8px; color: #6e6e73; }
    .screen.sheet h3 { font-size: 19px; text-align: center; margin: 0 0 12px; }
    .screen.sheet .message { font-size: 14px; line-height: 1.4; flex: 1; overflow-y: auto; }
    .screen.sheet .message p { margin: 0 0 8px; } .screen.sheet .message ul, .screen.sheet .message ol { margin: 0 0 8px; padding-inline-start: 20px; }
    .screen.sheet .answer { background: #e9e9eb; color: #007aff; border-radius: 12px; padding: 11px; margin-top: 8px; text-align: center; font-weight: 600; font-size: 16px; }
    .screen.sheet .more { color: #007aff; text-align: center; font-size: 13px; margin-top: 10px; }
    .findings { font-size: 14px; margin-top: 14px; max-width: 940px; }
    section.manifests { background: #fff; border-radius: 16px; padding: 4px 20px 12px; margin: 0 0 24px; }
    section.manifests h2 { font-size: 18px; } section.manifests table.summary { margin: 8px 0; }
    section.manifests h3 { font-size: 15px; margin: 14px 0 4px; }
    table.purposes { border-collapse: collapse; margin: 14px 0 0; max-width: 940px; background: #fff; font-size: 13px; }
    table.purposes th, table.purposes td { padding: 4px 10px; border-bottom: 1px solid #e5e5ea; text-align: start; vertical-align: top; }
    ul.findings { padding-inline-start: 18px; } ul.findings li { margin: 0 0 8px; }
    ul.findings li.error b { color: #c41e3a; } ul.findings li.warning b { color: #a05a00; } ul.findings li.info b { color: #6e6e73; }
    .findings ul { padding-inline-start: 18px; }
    .findings li { margin: 0 0 8px; }
    .findings li.error b { color: #c41e3a; } .findings li.warning b { color: #a05a00; } .findings li.info b { color: #6e6e73; }
    .findings .source { color: #6e6e73; }
    code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; background: #f2f2f7; padding: 1px 4px; border-radius: 4px; }

    """
}
