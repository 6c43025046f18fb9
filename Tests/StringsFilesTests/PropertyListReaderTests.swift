import Diagnostics
import Foundation
import TestApps
import Testing
import TextSupport

@testable import StringsFiles

/// attsim's own property-list reader against Foundation's (CoreFoundation's parser, the one iOS uses): the
/// same files read, the same values, the same files refused.
@Suite struct PropertyListReaderTests {
  /// CoreFoundation's ways, one case each: prolog, entities, CDATA, empty tags, numbers, dates, data,
  /// attributes, what may follow the top element, and what makes it refuse a file.
  static let cases: [String] = {
    let body = [
      "<dict><key>a</key><string>x</string></dict>",
      "<dict><key>a</key><string>x</string><key>a</key><string>y</string></dict>",
      "<dict><key>a</key></dict>", "<dict><string>a</string></dict>", "<dict>hello<key>a</key></dict>",
      "<dict><!-- c --><key>a</key><?pi x?><string>x</string></dict>",
      "<string>x&amp;&lt;&gt;&apos;&quot;&#65;&#x42;</string>", "<string>x&foo;</string>",
      "<string>x<![CDATA[<y>&]]>z</string>", "<string>x<!-- c -->z</string>", "<string>a\r\nb</string>",
      "<dict><key>a</key><string/><key>b</key><dict/><key>c</key><array/></dict>",
      "<array><true></true><false/><true x/></array>", "<true>yes</true>", "<true/ >",
      "<integer> 12 </integer>", "<integer>0x1F</integer>", "<integer>-5</integer>", "<integer>+5</integer>",
      "<integer>18446744073709551615</integer>", "<integer>18446744073709551616</integer>",
      "<integer>-9223372036854775808</integer>", "<integer>-9223372036854775809</integer>",
      "<integer>1.5</integer>", "<integer></integer>", "<integer>abc</integer>", "<integer>-0x10</integer>",
      "<integer>0X10</integer>", "<integer>0x</integer>", "<integer>-</integer>", "<integer>007</integer>",
      "<integer>0xFFFFFFFFFFFFFFFF</integer>", "<integer>0x1FFFFFFFFFFFFFFFF</integer>",
      "<real>1.5e3</real>", "<real>nan</real>", "<real>NAN</real>", "<real>-infinity</real>", "<real>inf</real>",
      "<real>Infinity</real>", "<real>+infinity</real>", "<real>abc</real>", "<real></real>", "<real> 2 </real>",
      "<real>1.</real>", "<real>.5</real>", "<real>0x10</real>", "<real>1e</real>", "<real>1,5</real>",
      "<date>2024-01-02T03:04:05Z</date>", "<date>2024-01-02</date>", "<date>junk</date>",
      "<date>2024-1-2T3:4:5Z</date>", "<date>2024-13-02T03:04:05Z</date>", "<date>2024-02-31T03:04:05Z</date>",
      "<date> 2024-01-02T03:04:05Z</date>", "<date>2024-01-02T03:04:05Zjunk</date>",
      "<data>aGVs bG8=</data>", "<data>a*b</data>", "<data>aGVsbG8</data>", "<data>aGVsbG8=x</data>",
      "<data>=aGVs</data>", "<data>aG=Vs</data>", "<data/>", "<integer/>", "<real/>", "<date/>", "<key/>",
      "<foo/>", "<string>x</strin>", "<string>x</string >", "<string a=\">\">x</string>", "< string>x</string>",
      "<string>x</ string>", "<string\n>x</string\n>", "<string>x</stringy>", "<string>x]]>y</string>",
      "<string><![CDATA[x</string>", "<string>x\u{0}y</string>", "<string>&#0;</string>",
      "<string>&#xD800;</string>", "<string>&#x1F600;</string>", "<string>&#1114112;</string>",
      "<string>&#;</string>", "<string>&#x;</string>", "<string>&amp</string>", "<string>&#x41</string>",
      "<string>&#65x;</string>", "<string>&AMP;</string>", "<DICT/>", "<dict>", "<array><string>a</string></dict>",
      "<dict><key>a</key><array><key>b</key></array></dict>", "<dict><key><![CDATA[k]]></key><true/></dict>",
      " <![CDATA[x]]> <dict/>", "<string>a</string><string>b</string>", "<key>a</key>", "", "<plist/>",
      "<string>日本語 😀</string>",
    ]
    let wrapped = body.map { "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\($0)</plist>\n" }
    let documents = [
      "<dict><key>a</key><string>x</string></dict>", "<plist><dict/></plist> trailing", "<plist><dict/></plist><foo/>",
      "<plist><dict/>", "<plist><dict/></plist", "<plist/>", "<plist></plist>", "  \n<plist><dict/></plist>",
      "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\"><plist><dict/></plist>",
      "<!DOCTYPE plist [ <!ENTITY x \"y\"> ]><plist><dict/></plist>",
      "<?xml version=\"1.0\"?><?foo?><!-- c --><plist/>",
      "<!-- c --><plist><dict/></plist>", "junk<plist><dict/></plist>", "<PLIST><dict/></PLIST>",
      "<plistx><dict/></plistx>", "<plist><!-- x <dict/></plist>", "\u{FEFF}<plist><dict/></plist>",
      "<plist><string>a</string></plist><!-- x",
      "<plist>\n<dict>\n\t<key>a</key>\n\t<string>x</string>\n</dict>\n</plist>",
      // Encoding names as CoreFoundation compares them: punctuation and case aside, up to a NUL, ASCII only.
      "<?xml version=\"1.0\" encoding=\"UTF8-\u{0}x\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"UTF8-\u{0}é\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"U TF-8\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"utf_8\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"U\u{0}TF-8\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"Uté-8\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"bogus\"?><plist><string>a</string></plist>",
      // A name of 59 bytes is read, one of 60 is not, however it spells UTF-8 (a fuzzer's find); after a NUL,
      // the length no longer counts.
      "<?xml version=\"1.0\" encoding=\"U\(String(repeating: "\u{8}", count: 54))TF-8\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"U\(String(repeating: "\u{8}", count: 55))TF-8\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"UTF-8\(String(repeating: "-", count: 55))\"?><plist><string>a</string></plist>",
      "<?xml version=\"1.0\" encoding=\"UTF-8\u{0}\(String(repeating: "x", count: 60))\"?><plist><string>a</string></plist>",
    ]
    return wrapped + documents
  }()

  @Test(arguments: cases)
  func agreesWithFoundation(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(ours(bytes) == foundations(bytes), "\(text.debugDescription)")
  }

  /// Bytes that are not UTF-8 (or too few for UTF-16): refused in text (a stray 0xA9 reads as U+FFFD there), passed over in the
  /// markup CoreFoundation skips (a document type, a comment, attributes). The first was a fuzzer's find.
  static let notUTF8: [[UInt8]] = {
    let open = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
    let body = Array("<plist version=\"1.0\"><dict><key>a</key><string>x</string></dict></plist>\n".utf8)
    return [
      open + Array("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1".utf8) + [0xAB] + Array("0//EN\" \"x\">".utf8)
        + body,
      open + Array("<!-- ".utf8) + [0xFF, 0xC3] + Array(" -->".utf8) + body,
      Array("<plist v".utf8) + [0xAB] + Array("=\"1\"><string>a</string></plist>".utf8),
      Array("<plist><string>a".utf8) + [0xAB] + Array("b</string></plist>".utf8),
      Array("<plist><string>a".utf8) + [0xA9] + Array("b</string></plist>".utf8),
      Array("<plist><dict><key>k".utf8) + [0xED, 0xA0, 0x80] + Array("</key><true/></dict></plist>".utf8),
      Array("<plist><string><![CDATA[".utf8) + [0xC0, 0x80] + Array("]]></string></plist>".utf8),
      Array("<plist><data>aGVs".utf8) + [0xFF] + Array("bG8=</data></plist>".utf8),
      // A NUL second byte makes it UTF-16, which leaves nothing (a fuzzer's find).
      [0x3C, 0x00, 0x64],
    ]
  }()

  @Test(arguments: notUTF8)
  func agreesWithFoundationOnBytesThatAreNotUTF8(_ bytes: [UInt8]) {
    #expect(ours(bytes) == foundations(bytes), "\(bytes)")
  }

  /// Values as deep as CoreFoundation reads them, and deeper: an error, never a crash.
  @Test(arguments: [10, 511, 512, 513, 5000])
  func nestingHasALimit(_ depth: Int) {
    let text =
      "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
      + "</plist>"
    let read = PropertyListReader.read(Array(text.utf8), file: "test.plist")
    if depth <= 512 {
      #expect(ours(Array(text.utf8)) == foundations(Array(text.utf8)))
    } else {
      guard case .failure(let problem) = read else {
        Issue.record("\(depth) deep was read")
        return
      }
      #expect(problem.message.contains("nest more than 512 deep"), "\(problem.message)")
    }
  }

  /// Generated property lists, valid and then mutated byte by byte: the same verdict and values.
  @Test func agreesWithFoundationOnGeneratedXML() {
    var random = SeededRandom(seed: 0x9_1157)
    var disagreements: [String] = []
    for round in 0..<2000 {
      var text = PlistGenerator.document(using: &random)
      if round % 3 != 0 { text = PlistGenerator.mutate(text, using: &random) }
      let bytes = Array(text.utf8)
      if ours(bytes) != foundations(bytes), disagreements.count < 5 {
        disagreements.append("\(text.debugDescription)\n  ours: \(ours(bytes))\n  Foundation: \(foundations(bytes))")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
  }

  /// Binary property lists Foundation writes: the same values. With bytes flipped: never a crash, and the
  /// same values whenever both read the file (which of two readers refuses a corrupt file differs: Foundation
  /// takes a length of 256 bytes, attsim an archiver reference of eight; no writer makes either).
  @Test func agreesWithFoundationOnBinary() throws {
    var random = SeededRandom(seed: 0xB_1157)
    var disagreements: [String] = []
    for round in 0..<600 {
      let object = PlistGenerator.foundationObject(depth: 0, using: &random)
      var bytes = Array(try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
      let isMutated = round % 2 == 1
      if isMutated {
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        }
      }
      let ours = ours(bytes)
      // Foundation crashes on a set, so it only sees what the reader's first check passes.
      guard BinaryPropertyList.binaryProblem(bytes) == nil else { continue }
      let foundation = foundations(bytes)
      // A flipped byte can make a dictionary key a number: Foundation reads that, though no writer makes one
      // and no Info.plist can use it; attsim refuses the file.
      if foundation.contains(PlistGenerator.nonStringKeys) { continue }
      if isMutated && (ours == "refused" || foundation == "refused") { continue }
      if ours != foundation, disagreements.count < 5 {
        let difference = zip(ours, foundation).prefix { $0 == $1 }.count
        disagreements.append(
          "\(bytes)\n  ours: …\(ours.dropFirst(difference).prefix(200))\n  Foundation: …\(foundation.dropFirst(difference).prefix(200))"
        )
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
  }

  /// A problem is placed where it is, in lines and columns.
  @Test func problemsHaveAPlace() {
    let text = "<plist>\n<dict>\n  <key>a</key>\n  <strin>x</strin>\n</dict>\n</plist>\n"
    guard case .failure(let problem) = PropertyListReader.read(Array(text.utf8), file: "test.plist") else {
      Issue.record("read")
      return
    }
    #expect(problem.location == SourceLocation(line: 4, column: 3))
    #expect(problem.message == "<strin> is not a property-list element")
  }

  /// Dates print as Foundation prints them, in a strings file that holds one.
  @Test(arguments: ["2024-01-02T03:04:05Z", "1999-12-31T23:59:59Z", "2001-01-01T00:00:00Z", "1600-02-29T12:00:00Z"])
  func datesPrintAsFoundationPrintsThem(_ date: String) throws {
    let text = "<plist><dict><key>a</key><date>\(date)</date></dict></plist>"
    let foundation = try #require(foundationValues(Array(text.utf8)))
    #expect(ourValues(Array(text.utf8)) == foundation)
  }

  // MARK: Helpers

  /// Our reading, as a canonical text (values in key order; NaN equal to itself), or why not "refused".
  private func ours(_ bytes: [UInt8]) -> String {
    switch PropertyListReader.read(bytes, file: "test.plist") {
    case .success(let object): canonical(object)
    case .failure: "refused"
    }
  }

  /// Foundation's reading, as the same canonical text.
  private func foundations(_ bytes: [UInt8]) -> String {
    guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else {
      return "refused"
    }
    return canonical(PlistGenerator.plistObject(foundation: object))
  }

  private func canonical(_ object: PlistObject) -> String {
    switch object {
    case .array(let items): "[" + items.map(canonical).joined(separator: ", ") + "]"
    case .dictionary(let members):
      "{" + members.keys.sorted().map { "\($0.debugDescription): \(canonical(members[$0]!))" }.joined(separator: ", ")
        + "}"
    default: "\(object)"
    }
  }
}

/// Random property lists: XML text from the elements CoreFoundation knows, and Foundation objects.
enum PlistGenerator {
  static let texts = [
    "", "a", "NSUserTrackingUsageDescription", "日本", "😀", "&amp;", "&lt;b&gt;", "&#x41;", " x ", "\n",
  ]
  static let scalars = [
    "<integer>12</integer>", "<integer>-0x1F</integer>", "<real>1.5</real>", "<real>-inf</real>",
    "<date>2024-01-02T03:04:05Z</date>", "<data>aGVsbG8=</data>", "<true/>", "<false/>", "<string/>",
    "<string><![CDATA[<a&b>]]></string>",
  ]

  static func document<R: RandomNumberGenerator>(using random: inout R) -> String {
    var text = Bool.random(using: &random) ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
    if Bool.random(using: &random) { text += "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x.dtd\">\n" }
    return text + "<plist version=\"1.0\">\n" + element(depth: 0, using: &random) + "\n</plist>\n"
  }

  static func element<R: RandomNumberGenerator>(depth: Int, using random: inout R) -> String {
    let gap = [" ", "\n\t", "", "<!-- note -->"].randomElement(using: &random)!
    switch Int.random(in: 0..<(depth > 2 ? 2 : 4), using: &random) {
    case 0: return "<string>\(texts.randomElement(using: &random)!)</string>"
    case 1: return scalars.randomElement(using: &random)!
    case 2:
      let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in element(depth: depth + 1, using: &random) }
      return "<array>" + gap + items.joined(separator: gap) + gap + "</array>"
    default:
      let members = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        "<key>\(texts.randomElement(using: &random)!)</key>" + gap + element(depth: depth + 1, using: &random)
      }
      return "<dict>" + gap + members.joined(separator: gap) + gap + "</dict>"
    }
  }

  static func mutate<R: RandomNumberGenerator>(_ text: String, using random: inout R) -> String {
    var bytes = Array(text.utf8)
    let inserts = ["<", ">", "/", "&", ";", "]]>", "<!--", "-->", "\"", " ", "x", "<key>", "</dict>", "\u{0}"]
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let position = Int.random(in: 0..<max(bytes.count, 1), using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0 where !bytes.isEmpty: bytes.remove(at: position)
      case 1: bytes.insert(contentsOf: inserts.randomElement(using: &random)!.utf8, at: position)
      case 2: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + 6)], at: position)
      default: bytes = Array(bytes.prefix(position))
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func foundationObject<R: RandomNumberGenerator>(depth: Int, using random: inout R) -> Any {
    switch Int.random(in: 0..<(depth > 2 ? 6 : 8), using: &random) {
    case 0:
      return texts.randomElement(using: &random)!
        + String(repeating: "é", count: Int.random(in: 0...20, using: &random))
    case 1: return Int.random(in: -1_000_000...Int.max, using: &random)
    case 2: return Double.random(in: -1e6...1e6, using: &random)
    case 3: return Bool.random(using: &random)
    case 4:
      return Date(
        timeIntervalSinceReferenceDate: Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &random)))
    case 5:
      return Data((0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
    case 6:
      return (0..<Int.random(in: 0...16, using: &random)).map { _ in foundationObject(depth: depth + 1, using: &random)
      }
    default:
      var dictionary: [String: Any] = [:]
      for index in 0..<Int.random(in: 0...16, using: &random) {
        dictionary["k\(index)\(texts.randomElement(using: &random)!)"] = foundationObject(
          depth: depth + 1, using: &random)
      }
      return dictionary
    }
  }

  /// What a dictionary whose keys are not all strings maps to.
  static let nonStringKeys = "a dictionary with keys that are not strings"

  /// A Foundation property-list object as attsim's reader gives it.
  static func plistObject(foundation object: Any) -> PlistObject {
    if type(of: object) == Bool.self, let flag = object as? Bool { return .boolean(flag) }
    switch object {
    case let text as String: return .string(text)
    case let data as Data: return .data(Array(data))
    case let date as Date: return .date(date.timeIntervalSinceReferenceDate)
    case let items as [Any]: return .array(items.map(plistObject(foundation:)))
    case let members as [String: Any]: return .dictionary(members.mapValues(plistObject(foundation:)))
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "d", "f": return .real(number.doubleValue)
      case "c", "B": return .boolean(number.boolValue)
      case "Q": return .integer(Int128(number.uint64Value))
      default: return .integer(Int128(number.int64Value))
      }
    default: return .string(nonStringKeys)
    }
  }
}
