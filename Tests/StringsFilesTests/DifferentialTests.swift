import Foundation
import StringsFiles
import TestApps
import Testing
import TextSupport

/// Our reader against Foundation's parser (CoreFoundation's old-style plist reader): same verdict, same
/// keys and values.
@Suite struct DifferentialTests {
  static let handWritten: [String] = [
    "", "\"a\" = \"b\";", "\"a\" = \"b\"", "a = b;", "\"a\";", "a;", "{ a = b; }", "a = b; c",
    "\"a\" = \"\\U00e9\\n\\t\\101\\x\";", "\"a\" = 'single';", "a = (x, y);", "a = {b = c;};", "a = <0fab>;",
    "a=b;a=c;", "// c\na = b; /* x */", "a = b;;", "a.b-c/d:e$f_g = h;", "a+b = c;", "\"a\" = \"b\" ;  ",
    "\"unterminated", "a = \"\\U12\";", "a = \"\\351\";", "a = \"\\0\";", "a = \"\\u00e9\";", "a = \"x\\\ny\";",
    "\"a\" = \"b\"; /* unterminated", "= b;", "a = ;", "a b;", "\"\" = \"\";", "\u{FEFF}a = b;", "a = \"\\777\";",
    "abc", "(a, b)", "a = \"\\Uxyz\";", "a = \"\\U00e9a\";", "a = \"\\UD83D\\UDE00\";", "a = \"\\UD83Dx\";",
    "a =\u{0B}b;", "a =\u{0C}b;", "a =\u{2028}b;", "a =\u{A0}b;", "a =\rb;", "a = \"\\400\\401\\1011\";",
    "a = \"\\a\\b\\f\\v\\'\";", "/* a /* b */ c = d;", "// x\ra = b;", "\"a\" ;", "a = {b = c};", "a = (x, y,);",
    "a = <0fa>;", "a = <0f ab>;", "/* c */", "  \n", "{ a = b; } x", "{ a = b; };", "{ a = b }",
    "a = b;\n\nc = d\ne = f;", "a = \"x\u{FEFF}y\";", "\"a\" \"b\";", "a = = b;", "a /*c*/ = /*d*/ b /*e*/ ;",
    "a//b = c;", "a/*x*/ = c;", "{a=b;} = c;", "a = (x y);", "a = {}; b = ();", "a\"b\" = c;", "/* x", "a = /;",
    "a = b; /", "a = b;\n\"c = d;\n", "'a' = b;", "a = \"😀\";", "a = \"x\\", "a\tb = c;", "$a = b;", "<0a> = b;",
    ";", ";;a=b;", "{}", "()", "<00>", "a = b;\u{0}c = d;", "a = b\u{0}c;", "a = \"x\u{0}y\";", "a = bé;", "é = b;",
    "\"k\" = \"v\"; + \"l\" = \"m\";", "a = ( (b), {c = d;}, <00>, \"e\" );", "a = b; // trailing",
    "a = b; /* comment */ c = d;", "a = \"multi\nline\";", "a=\"\\\"\\\\\";", "a = (,);", "a = {;};", "a = <>;",
    "a = < 0f >;", "a = <0 f>;", "{ a = b; /* }", "{ \"a\" }", "{ a; }", "a = {b;};", "a = \"\\U00\";",
    "a = \"\\UDE00\";", "a = \"\\UD83D\\UD83D\\UDE00\";", "\"NSUserTrackingUsageDescription\" = \"We use it\";",
    // A failed array element just ends the array (CoreFoundation's cursor then decides at ')').
    "x = (<0fa);", "x = (<0f a);", "x = (<0fzz);", "x = (<);", "x = (<0f);", "x = (<0f), y;", "x = ({a = b);",
    "x = ({a = b;);", "x = ({a = );", "x = ({a b);", "x = (\"a\" \"b\");", "x = ((y z));", "x = ((y);", "x = (<0f >);",
    "x = (< 0f>);", "x = (<0f/*c*/ab>);", "x = (<0f\nab>);", "x = <0F AB>;", "x = (y, <0f), z);", "x = (<0fa>);",
    "x = ({a = b;} c);", "x = (y;);", "a = ( x, <0fab) ;>/\n/\u{0}\"\n", "\u{0}!)  ",
    // An unclosed quote puts the cursor back just after it.
    "{ \"b\";\"}\n", "{ \" }\n", "{ a = b; \"x", "{ x = (\" ); }", "x = ('  );", "x = (\" )", "{ \" }\\",
    "{ a = b; } ", "{ a = b; };", "x = {a=b;} ;",
    // Data allows some whitespace but not all.
    "a = <0f\tab>;", "a = <0f\u{0B}ab>;", "a = <0f\u{0C}ab>;", "a = <0f\rab>;", "a = <0f\u{2028}ab>;",
  ]

  @Test(arguments: handWritten)
  func agreesWithFoundationOnHandWrittenInput(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(ourValues(bytes) == foundationValues(bytes), "\(text.debugDescription)")
  }

  @Test(arguments: [
    ("UTF-16LE with BOM", String.Encoding.utf16LittleEndian, [UInt8]([0xFF, 0xFE])),
    ("UTF-16BE with BOM", .utf16BigEndian, [0xFE, 0xFF]),
    ("UTF-32LE with BOM", .utf32LittleEndian, [0xFF, 0xFE, 0, 0]),
    ("UTF-32BE with BOM", .utf32BigEndian, [0, 0, 0xFE, 0xFF]), ("UTF-8 with BOM", .utf8, [0xEF, 0xBB, 0xBF]),
  ])
  func agreesWithFoundationOnEveryEncodingWithABOM(name: String, encoding: String.Encoding, bom: [UInt8]) {
    let text = "/* 日本語 */\n\"NSUserTrackingUsageDescription\" = \"広告の表示に使います 😀\";\n\"k\" = \"\\U00e9\";\n"
    let bytes = bom + Array(text.data(using: encoding)!)
    #expect(ourValues(bytes) != nil)
    #expect(ourValues(bytes) == foundationValues(bytes), "\(name)")
  }

  @Test func utf16WithoutBOMIsFlaggedAndReadAsIOSMisreadsIt() throws {
    let bytes = Array("ab = \"v\";".data(using: .utf16LittleEndian)!)
    #expect(foundationValues(bytes) == ["b": .string("v")])
    let table = try StringsReader.read(bytes, file: "test.strings").get()
    #expect(table.encoding == .utf16LittleEndianWithoutBOM)
    #expect(ourValues(bytes) == ["b": .string("v")])
    let bigEndian = Array("ab = \"v\";".data(using: .utf16BigEndian)!)
    #expect(try StringsReader.read(bigEndian, file: "test.strings").get().encoding == .utf16BigEndianWithoutBOM)
    #expect(ourValues(bigEndian) == nil && foundationValues(bigEndian) == nil)
  }

  static let oddEncodings: [[UInt8]] = {
    let utf16 = { (text: String) in Array(text.data(using: .utf16LittleEndian)!) }
    let utf32 = { (text: String) in Array(text.data(using: .utf32LittleEndian)!) }
    var cases: [[UInt8]] = [[0x61, 0x00], [0x00, 0x61], [0x61, 0x00, 0x62], [0x22, 0x00, 0x20, 0x00, 0x3D]]
    cases += [[0x61, 0x00, 0x61, 0x00], [0xFF, 0xFE], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE, 0x41]]
    cases.append([0x78, 0x00] + utf16("a = b;"))
    cases.append([0xFF, 0xFE] + utf16("\"k\" = \"v\";") + [0x41])
    cases.append([0xFF, 0xFE] + utf16("\"k\" = \"v") + [0x3D, 0xD8, 0x22, 0x00, 0x3B, 0x00])
    cases.append([0xFF, 0xFE, 0, 0] + utf32("\"k\" = \"v\";") + [0x41])
    cases.append([0xFF, 0xFE, 0, 0] + utf32("\"k\" = \"") + [0, 0, 0x11, 0])
    // CoreFoundation reads a stray 0xA9 as U+FFFD and rejects every other broken UTF-8 sequence, wherever it is.
    let utf8 = { (text: String) in Array(text.utf8) }
    cases.append(utf8("k = \"a") + [0xA9] + utf8("x\";"))
    cases.append(utf8("k = \"a") + [0xA8] + utf8("x\";"))
    cases.append(utf8("/* ") + [0xA9] + utf8(" */ a = b;"))
    cases.append(utf8("/* ") + [0xE9] + utf8(" */ a = b;"))
    cases.append(utf8("a = \"x\";") + [0xA9])
    cases.append(utf8("a = b;\n+ ") + [0x80])
    cases.append(utf8("k = \"\\") + [0xA9] + utf8("\";"))
    cases.append([0xEF, 0xBB, 0xBF] + utf8("k = \"") + [0xA9, 0xA9] + utf8("\";"))
    return cases
  }()

  @Test(arguments: oddEncodings)
  func agreesWithFoundationOnOddEncodings(bytes: [UInt8]) {
    #expect(ourValues(bytes) == foundationValues(bytes), "\(bytes)")
  }

  @Test func invalidUTF8IsRejectedLikeFoundation() {
    let bytes = Array("a = \"x".utf8) + [0xC3, 0x28] + Array("y\";".utf8)
    #expect(foundationValues(bytes) == nil)
    guard case .failure(let problem) = StringsReader.read(bytes, file: "test.strings") else {
      Issue.record("accepted invalid UTF-8")
      return
    }
    #expect(problem.byteOffset == 6)
  }

  @Test func binaryAndXMLPropertyListsReadThroughFoundation() throws {
    let dictionary = ["NSUserTrackingUsageDescription": "Binary", "k": "v"]
    for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
      let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0)
      #expect(ourValues(Array(data)) == dictionary.mapValues(PlistValue.string))
    }
  }

  static let deepNesting: [String] = {
    func arrays(_ depth: Int, _ inner: String) -> String {
      "a = " + String(repeating: "(", count: depth) + inner + String(repeating: ")", count: depth) + ";"
    }
    func dictionaries(_ depth: Int, _ inner: String) -> String {
      "a = " + String(repeating: "{b = ", count: depth) + inner + String(repeating: ";}", count: depth) + ";"
    }
    return [
      arrays(512, ""), arrays(513, ""), arrays(511, "c"), arrays(512, "c"), arrays(512, "<00>"), dictionaries(511, "c"),
      dictionaries(512, "c"), dictionaries(511, "()"), dictionaries(512, "()"), arrays(5000, ""),
      "{ a = " + String(repeating: "(", count: 512) + String(repeating: ")", count: 512) + "; }",
      String(repeating: "(", count: 100_000),
    ]
  }()

  /// CoreFoundation reads values nested up to 512 deep; deeper is an error, never a crash.
  @Test(arguments: deepNesting)
  func agreesWithFoundationOnDeepNesting(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(ourValues(bytes) == foundationValues(bytes), "\(text.prefix(40))… (\(text.count) characters)")
  }

  /// Real files mutated byte by byte (flips, NULs, stray UTF-8, cuts): the same verdict and values as
  /// Foundation, and the linter never fails on them.
  @Test func agreesWithFoundationOnMutatedBytes() throws {
    let seeds = try ["DemoApp/ja.lproj/InfoPlist.strings", "DemoApp/ar.lproj/Localizable.strings"].map {
      Array(try Data(contentsOf: assets.appendingPathComponent($0)))
    }
    var random = SeededRandom(seed: 0x5EED)
    var disagreements: [[UInt8]] = []
    for round in 0..<2000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0..<max(bytes.count, 1), using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        case 1: bytes.insert([0x00, 0xA9, 0xC3, 0xFF, 0x22, 0x3B, 0x5C].randomElement(using: &random)!, at: position)
        case 2 where !bytes.isEmpty: bytes.remove(at: position)
        case 3: bytes = Array(bytes.prefix(position))
        default: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + 8)], at: position)
        }
      }
      if ourValues(bytes) != foundationValues(bytes) && disagreements.count < 3 { disagreements.append(bytes) }
      if case .success(let table) = StringsReader.read(bytes, file: "test.strings") {
        for entry in table.entries { _ = table.lineMap.location(of: entry.valueOffset) }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  /// Generated files: valid ones from a grammar, then mutated by deleting, duplicating and inserting bytes.
  @Test func agreesWithFoundationOnGeneratedInput() {
    var random = SeededRandom(seed: 0xA775_1A)
    var disagreements: [String] = []
    for round in 0..<1500 {
      var text = StringsFileGenerator.file(using: &random)
      if round % 3 != 0 { text = StringsFileGenerator.mutate(text, using: &random) }
      let bytes = Array(text.utf8)
      if ourValues(bytes) != foundationValues(bytes) && disagreements.count < 5 {
        disagreements.append(text.debugDescription)
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
  }
}

/// Random strings files from the old-style grammar.
enum StringsFileGenerator {
  static let pieces = [
    "a", "key", "NSUserTrackingUsageDescription", "x.y-z/1:2$_", "日本", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\U00e9",
    "\\UD83D\\UDE00", "\\101", "\\351", "\\777", "\\U", "\\'", " ", "  ", "\n", "/", "*", "=", ";", "\\x", "'",
  ]

  static func file<R: RandomNumberGenerator>(using random: inout R) -> String {
    var text = Bool.random(using: &random) ? "" : "/* header */\n"
    let braces = Int.random(in: 0..<10, using: &random) == 0
    if braces { text += "{\n" }
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      if Int.random(in: 0..<5, using: &random) == 0 { text += "// note\n" }
      let key = string(using: &random)
      if Int.random(in: 0..<8, using: &random) == 0 {
        text += "\(key);\n"
      } else {
        text += "\(key) = \(value(depth: 0, using: &random));\n"
      }
    }
    if braces { text += "}\n" }
    return text
  }

  static func value<R: RandomNumberGenerator>(depth: Int, using random: inout R) -> String {
    switch Int.random(in: 0..<(depth > 1 ? 6 : 9), using: &random) {
    case 6:
      return "("
        + (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1, using: &random) }
        .joined(separator: ", ") + ")"
    case 7:
      return "{ "
        + (0..<Int.random(in: 0...2, using: &random)).map { _ in
          "\(string(using: &random)) = \(value(depth: depth + 1, using: &random));"
        }.joined(separator: " ") + " }"
    case 8:
      return "<"
        + (0..<Int.random(in: 0...4, using: &random)).map { _ in
          String(format: "%02x", Int.random(in: 0...255, using: &random))
        }.joined(separator: Bool.random(using: &random) ? " " : "") + ">"
    default: return string(using: &random)
    }
  }

  static func string<R: RandomNumberGenerator>(using random: inout R) -> String {
    if Int.random(in: 0..<4, using: &random) == 0 {
      return ["a", "key", "x.y-z/1:2$_", "NSUserTrackingUsageDescription", "b1"].randomElement(using: &random)!
    }
    let quote = Int.random(in: 0..<6, using: &random) == 0 ? "'" : "\""
    let body = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
      .replacingOccurrences(of: quote, with: "\\" + quote)
    return quote + body.replacingOccurrences(of: "\\\\" + quote, with: "\\" + quote) + quote
  }

  static func mutate<R: RandomNumberGenerator>(_ text: String, using random: inout R) -> String {
    var scalars = Array(text.unicodeScalars)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let position = Int.random(in: 0...scalars.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0 where position < scalars.count: scalars.remove(at: position)
      case 1 where position < scalars.count: scalars.insert(scalars[position], at: position)
      default:
        let inserted: [Unicode.Scalar] = [
          "\"", ";", "=", "{", "}", "(", ")", "<", ">", "\\", "/", "*", "+", "\u{0}", "\n", "é",
        ]
        scalars.insert(inserted.randomElement(using: &random)!, at: position)
      }
    }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }
}
