import Diagnostics
import Testing

@testable import StringsFiles

/// The XLIFF 1.2 reader, on documents written the way Xcode exports them.
@Suite struct XLIFFDocumentTests {
  func read(_ text: String) -> Result<XLIFFDocument, ReadProblem> {
    XMLTree.read(bytes: Array(text.utf8), path: "de.xliff").flatMap { XLIFFDocument.read($0, path: "de.xliff") }
  }

  /// The problem `text` is refused for, as `line:column: message`.
  func refusal(_ text: String) -> String {
    switch read(text) {
    case .success: "read"
    case .failure(let problem): "\(problem.location.map { "\($0.line):\($0.column)" } ?? "-"): \(problem.reason)"
    }
  }

  static let export = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="Kite/InfoPlist.xcstrings" source-language="en" target-language="de" datatype="plaintext">
        <header><tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.0"/></header>
        <body>
          <trans-unit id="NSUserTrackingUsageDescription" xml:space="preserve">
            <source>Ads &amp; offers</source>
            <target state="needs-review-l10n"><![CDATA[Anzeigen & <Angebote>]]></target>
            <note>Privacy - Tracking Usage Description</note>
          </trans-unit>
          <group id="g">
            <trans-unit id="NSCameraUsageDescription"><source>Scan &#x2192; tickets</source></trans-unit>
          </group>
        </body>
      </file>
      <file original="Kite/Localizable.xcstrings" source-language="en" target-language="de">
        <body><trans-unit id="OK"><source>OK</source><target>OK</target></trans-unit></body>
      </file>
    </xliff>
    """

  @Test func unitsHaveTheirSourceTargetStateAndPlaces() throws {
    let document = try read(Self.export).get()
    #expect(document.files.map(\.original) == ["Kite/InfoPlist.xcstrings", "Kite/Localizable.xcstrings"])
    let file = try #require(document.infoPlistFiles.first)
    #expect(document.infoPlistFiles.count == 1)
    #expect(file.sourceLanguage == "en" && file.targetLanguage == "de")
    let tracking = file.units[0]
    #expect(tracking.id == "NSUserTrackingUsageDescription")
    #expect(tracking.source == "Ads & offers")
    #expect(tracking.target == "Anzeigen & <Angebote>")
    #expect(tracking.state == "needs-review-l10n")
    #expect(tracking.location == SourceLocation(line: 6, column: 7))
    #expect(tracking.sourceLocation == SourceLocation(line: 7, column: 9))
    #expect(tracking.targetLocation == SourceLocation(line: 8, column: 9))
    // A unit inside a group, with no target.
    let camera = file.units[1]
    #expect(camera.source == "Scan → tickets" && camera.target == nil && camera.state == nil)
    #expect(camera.location == SourceLocation(line: 12, column: 9) && camera.targetLocation == nil)
  }

  @Test func theInfoPlistFileIsNamedByEitherXcodesTable() {
    func isInfoPlist(_ original: String) -> Bool {
      XLIFFDocument.File(original: original, sourceLanguage: "en", targetLanguage: "de", units: []).isInfoPlist
    }
    #expect(isInfoPlist("App/en.lproj/InfoPlist.strings"))
    #expect(isInfoPlist("App/InfoPlist.xcstrings"))
    #expect(isInfoPlist("InfoPlist.strings"))
    #expect(!isInfoPlist("App/en.lproj/Localizable.strings"))
    #expect(!isInfoPlist("App/MyInfoPlist.xcstrings"))
    #expect(!isInfoPlist("App/Info.plist"))
  }

  @Test func theCatalogShipsTargetsOrTheSourceWhereThereIsNone() throws {
    let file = try #require(try read(Self.export).get().infoPlistFiles.first)
    let catalog = StringCatalog(exported: file, path: "de.xliff", withSource: true)
    #expect(catalog.tableName == "InfoPlist" && catalog.sourceLanguage == "en")
    #expect(catalog.languages == ["de", "en"])
    let tracking = try #require(catalog.translations["NSUserTrackingUsageDescription"])
    #expect(tracking["en"]?.value == "Ads & offers" && tracking["de"]?.value == "Anzeigen & <Angebote>")
    #expect(tracking["de"]?.isSourceText == false)
    let camera = try #require(catalog.translations["NSCameraUsageDescription"]?["de"])
    #expect(camera.value == "Scan → tickets" && camera.isSourceText)
    #expect(camera.location == SourceLocation(line: 12, column: 51))
    let withoutSource = StringCatalog(exported: file, path: "de.xliff", withSource: false)
    #expect(withoutSource.languages == ["de"])
  }

  @Test func whatIsNotXcodesXLIFFIsRefusedWhereItIs() {
    #expect(refusal("<plist version=\"1.0\"/>") == "1:1: not an XLIFF document: the top element is <plist>")
    #expect(
      refusal("<xliff version=\"2.0\"/>") == "1:1: attsim reads XLIFF 1.2, the version Xcode exports (this one is 2.0)")
    #expect(refusal("<xliff/>") == "1:1: attsim reads XLIFF 1.2, the version Xcode exports")
    #expect(
      refusal("<xliff version=\"1.2\">\n <file source-language=\"en\"/></xliff>")
        == "2:2: this <file> has no original attribute")
    #expect(
      refusal("<xliff version=\"1.2\">\n <file original=\"a\"/></xliff>")
        == "2:2: this <file> has no source-language attribute")
    let file = "<xliff version=\"1.2\"><file original=\"InfoPlist.strings\" source-language=\"en\"><body>\n"
    #expect(
      refusal(file + "  <trans-unit><source/></trans-unit></body></file></xliff>")
        == "2:3: this <trans-unit> has no id attribute")
    #expect(
      refusal(file + "  <trans-unit id=\"k\"/></body></file></xliff>") == "2:3: this <trans-unit> has no <source>")
    #expect(
      refusal(file + "  <trans-unit id=\"k\"><source>a <g id=\"1\">b</g></source></trans-unit></body></file></xliff>")
        == "2:32: inline markup (<g>) in a unit's text: Xcode writes plain text")
    // Other tables may hold markup: they are not read.
    let other = "<xliff version=\"1.2\"><file original=\"Localizable.strings\" source-language=\"en\"><body>"
    #expect(
      refusal(other + "<trans-unit id=\"k\"><source>a <x id=\"1\"/></source></trans-unit></body></file></xliff>")
        == "read")
    // The XML itself: the tokenizer's problems keep their places.
    #expect(
      refusal(file + "  <trans-unit id=\"k\"><source>a</target>") == "2:31: this closing tag does not close <source>")
    #expect(refusal("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><xliff version=\"1.2\"/>") != "read")
  }

  @Test func aFileWithoutTargetLanguageTargetsItsSource() throws {
    let document = try read(
      "<xliff version=\"1.2\"><file original=\"A/InfoPlist.strings\" source-language=\"fr\"><body/></file></xliff>"
    ).get()
    #expect(document.files[0].targetLanguage == "fr")
  }
}
