import Diagnostics
import FileAccess
import Foundation
import TestApps
import Testing

@testable import StringsFiles

/// The XML reader for files that are not property lists: schemes, .NET projects, XLIFF.
@Suite struct XMLTreeTests {
  func read(_ text: String) -> Result<XMLTree, ReadProblem> {
    XMLTree.read(bytes: Array(text.utf8), path: "f.xml")
  }

  /// The problem `text` is refused for, as `line:column: message`.
  func refusal(_ text: String) -> String {
    switch read(text) {
    case .success: "read"
    case .failure(let problem):
      "\(problem.location.map { "\($0.line):\($0.column)" } ?? "-"): \(problem.reason)"
    }
  }

  @Test func aSharedSchemesLaunchedTargetIsFoundWithItsPlace() throws {
    let scheme = """
      <?xml version="1.0" encoding="UTF-8"?>
      <Scheme
         LastUpgradeVersion = "1500"
         version = "1.7">
         <LaunchAction
            buildConfiguration = "Debug">
            <BuildableProductRunnable
               runnableDebuggingMode = "0">
               <BuildableReference
                  BuildableIdentifier = "primary"
                  BlueprintIdentifier = "A1B2C3D4E5F6"
                  BuildableName = "Shop.app"
                  BlueprintName = "Shop &amp; Go"
                  ReferencedContainer = "container:Shop.xcodeproj">
               </BuildableReference>
            </BuildableProductRunnable>
         </LaunchAction>
      </Scheme>
      """
    let root = try read(scheme).get().root
    #expect(root.name == "Scheme" && root.attribute("version") == "1.7")
    let reference = try #require(
      root.children(named: "LaunchAction").first?.children(named: "BuildableProductRunnable").first?
        .children(named: "BuildableReference").first)
    #expect(reference.attribute("BlueprintName") == "Shop & Go")
    #expect(reference.attribute("BlueprintIdentifier") == "A1B2C3D4E5F6")
    #expect(reference.attributes.map(\.name).first == "BuildableIdentifier")
    #expect(reference.location == SourceLocation(line: 9, column: 10))
    #expect(reference.attribute("Missing") == nil)
  }

  @Test func aDotNetProjectReadsWithItsByteOrderMarkCommentsAndSelfClosingItems() throws {
    let project = """
      \u{FEFF}<Project Sdk="Microsoft.NET.Sdk">
        <!-- the iOS head -->
        <PropertyGroup>
          <TargetFrameworks>net8.0-ios;net8.0-android</TargetFrameworks>
          <ApplicationId>com.example.shop</ApplicationId>
        </PropertyGroup>
        <ItemGroup>
          <BundleResource Include='Platforms\\iOS\\Resources\\de.lproj\\InfoPlist.strings' LogicalName="de.lproj/InfoPlist.strings"/>
          <BundleResource Include="x" />
        </ItemGroup>
      </Project>
      """
    let root = try read(project).get().root
    #expect(root.attribute("Sdk") == "Microsoft.NET.Sdk")
    let group = try #require(root.children(named: "PropertyGroup").first)
    #expect(group.children.map(\.name) == ["TargetFrameworks", "ApplicationId"])
    #expect(group.children(named: "ApplicationId").first?.text == "com.example.shop")
    let resources = root.children(named: "ItemGroup").first?.children(named: "BundleResource") ?? []
    #expect(resources.map { $0.attribute("LogicalName") } == ["de.lproj/InfoPlist.strings", nil])
    #expect(resources.first?.attribute("Include") == #"Platforms\iOS\Resources\de.lproj\InfoPlist.strings"#)
    #expect(resources.first?.children.isEmpty == true && resources.first?.location.line == 8)
  }

  @Test func textResolvesEntitiesReferencesAndCDATAAndKeepsNamespacePrefixes() throws {
    let xliff = """
      <?xml version="1.0"?>
      <!DOCTYPE xliff PUBLIC "-//XLIFF//DTD XLIFF//EN" "x.dtd">
      <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
        <file original="InfoPlist.xcstrings" xsi:type='a "quoted" &apos;type&apos;'>
          <trans-unit id="NSUserTrackingUsageDescription" xml:space="preserve">
            <source>Ads &lt;for&gt; you &#x1F600;&#65;<![CDATA[ <b>&amp;</b> ]]><?pi skipped?><!-- skipped --></source>
            <target state="needs-review-l10n">Werbung</target>
          </trans-unit>
        </file>
      </xliff>
      <!-- after -->
      """
    let root = try read(xliff).get().root
    #expect(root.attribute("xmlns:xsi") == "http://www.w3.org/2001/XMLSchema-instance")
    let file = try #require(root.children.first)
    #expect(file.attribute("xsi:type") == #"a "quoted" 'type'"#)
    let unit = try #require(file.children(named: "trans-unit").first)
    #expect(unit.attribute("xml:space") == "preserve")
    #expect(unit.children(named: "source").first?.text == "Ads <for> you 😀A <b>&amp;</b> ")
    #expect(unit.children(named: "target").first?.attribute("state") == "needs-review-l10n")
    #expect(unit.text == "\n      \n      \n    ")
  }

  @Test func lineEndsReadAsXMLReadsThem() throws {
    let root = try read("<a\r\nb='x\r\ny\tz&#10;'>1\r\n2\r3&#13;<![CDATA[\r\n]]></a>").get().root
    #expect(root.text == "1\n2\n3\r\n")
    #expect(root.attribute("b") == "x y z\n")
  }

  @Test func aUTF16FileIsRead() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "<a b=\"é\">ü</a>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let root = try XMLTree.read(bytes: bytes, path: "f.xml").get().root
    #expect(root.attribute("b") == "é" && root.text == "ü")
  }

  @Test(arguments: [
    ("", "-: the file is empty"),
    ("  \n", "2:1: the file ends before its top element"),
    ("hello", "1:1: unexpected 'h' before the top element"),
    ("<a/>x", "1:5: unexpected 'x' after the top element"),
    ("<a/>\n<b/>", "2:1: a second top element: an XML document has one"),
    ("<!DOCTYPE a [<!ENTITY x \"y\">]><a/>", "1:13: a document type with declarations ([…]) is not read by attsim"),
    ("<!ELEMENT a><a/>", "1:1: unexpected <!…> before the top element"),
    ("<a>&nbsp;</a>", "1:4: an unknown entity (&amp; &lt; &gt; &apos; &quot; or &#…;)"),
    ("<a b='&x;'/>", "1:7: an unknown entity (&amp; &lt; &gt; &apos; &quot; or &#…;)"),
    ("<a>&#xD800;</a>", "1:4: &#…; names no character (U+D800)"),
    ("<a>\n<b></c></a>", "2:4: this closing tag does not close <b>"),
    ("<a>\n  <b>", "2:3: <b> is never closed"),
    ("<a b='1' b='2'/>", "1:1: <a> has the attribute b twice"),
    ("<a b=1/>", "1:6: the value of the attribute b is not in quotes"),
    ("<a b/>", "1:5: the attribute b has no '=' and value"),
    ("<a b='<'/>", "1:7: '<' in the value of the attribute b (write &lt;)"),
    ("<a b='1'c='2'/>", "1:9: unexpected 'c' in the tag <a>"),
    ("<a b='1", "1:1: the file ends inside this tag"),
    ("<a / >", "1:4: unexpected '/' in this tag"),
    ("< a/>", "1:2: a tag without a name"),
    ("<a><![CDATA[x</a>", "1:4: this CDATA is never closed"),
    ("<a><!-- x</a>", "1:4: this comment is never closed"),
    ("<a><!x></a>", "1:4: unexpected <!…> where an element belongs"),
    ("<a>\u{1}x\u{FFFF}</a></a>", "1:11: this closing tag closes no element"),
  ])
  func whatIsNotXMLIsRefusedAtItsPlace(text: String, expected: String) {
    #expect(refusal(text) == expected)
  }

  @Test func bytesThatAreNotUTF8AndOtherEncodingsAreRefused() {
    let bad = XMLTree.read(bytes: Array("<a>\nx".utf8) + [0xFF] + Array("</a>".utf8), path: "f.xml")
    #expect(bad.failure?.diagnostic.description == "f.xml:2:2: error: byte 0xFF is not UTF-8")
    let declared = read("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>")
    #expect(
      declared.failure?.reason
        == "it declares the encoding \"Shift_JIS\"; attsim reads XML in UTF-8, UTF-16 and ISO-8859-1")
  }

  @Test func nestingAndSizeAreBounded() throws {
    let deepest = XMLTree.maximumDepth
    func nested(_ depth: Int) -> String {
      String(repeating: "<e>", count: depth) + String(repeating: "</e>", count: depth)
    }
    var element = try read(nested(deepest)).get().root
    var depth = 1
    while let child = element.children.first {
      element = child
      depth += 1
    }
    #expect(depth == deepest)
    #expect(refusal(nested(deepest + 1)) == "1:\(3 * deepest + 1): elements nest more than \(deepest) deep")
    // The top element, its children and one attribute: exactly as many nodes as allowed, then one more.
    let many = "<r>" + String(repeating: "<a/>", count: XMLTree.maximumNodes - 3) + "<a b=''/></r>"
    #expect(try read(many).get().root.children.count == XMLTree.maximumNodes - 2)
    let tooMany = "<r>" + String(repeating: "<a/>", count: XMLTree.maximumNodes - 2) + "<a b=''/></r>"
    #expect(
      refusal(tooMany).hasSuffix(": the file holds more than \(XMLTree.maximumNodes) elements and attributes"))
  }

  @Test func aFileIsReadThroughTheProjectsOpenerOnly() throws {
    let scheme = "Shop.xcodeproj/xcshareddata/xcschemes/Shop.xcscheme"
    let folder = try makeApp(["project/\(scheme)": "<Scheme version='1.7'/>", "elsewhere.xml": "<a/>"])
    let project = FilePath(folder).appending("project")
    let files = try #require(InputFiles(confinedTo: project))
    #expect(try XMLTree.read(project.appending(scheme), from: files).get().root.attribute("version") == "1.7")
    let outside = XMLTree.read(project.appending("../elsewhere.xml"), from: files)
    #expect(outside.failure?.refusal == .outsideProject)
  }
}

extension Result {
  /// The error, when this is a failure.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
