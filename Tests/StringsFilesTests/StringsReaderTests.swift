import Diagnostics
import Foundation
import StringsFiles
import Testing

/// Our `.strings` reader's own promises: positions, messages, quirks, encodings.
@Suite struct StringsReaderTests {
  func table(_ text: String) -> StringsTable { StringsReader.parse(Array(text.utf8)) }

  @Test func anXMLStringsFilesEntriesStandWhereTheirKeysDo() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>NSCameraUsageDescription</key>
        <string>Kamera</string>
        <key>NSUserTrackingUsageDescription</key>
        <string>Werbung</string>
      </dict>
      </plist>
      """
    let utf16: [UInt8] = [0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    for bytes in [Array(text.utf8), utf16] {
      let table = try StringsReader.read(bytes, file: "de.lproj/InfoPlist.strings").get()
      let tracking = try #require(table.entry(for: "NSUserTrackingUsageDescription"))
      #expect(tracking.value.string == "Werbung")
      #expect(table.lineMap.location(of: tracking.keyOffset) == SourceLocation(line: 6, column: 3))
      #expect(table.lineMap.location(of: tracking.valueOffset) == SourceLocation(line: 7, column: 3))
    }
  }

  @Test(arguments: [
    (
      "\"NSUserTrackingUsageDescription\" = \"Hi\"\n\"b\" = \"c\";", "1:40",
      "missing ';' after the value of \"NSUserTrackingUsageDescription\"", StringsSyntaxError.Effect.fileIgnored
    ),
    ("\"a\" = \"b\";\n\"c\" = \"d\"", "2:10", "missing ';' after the value of \"c\"", .fileIgnored),
    ("\"a\" = \"b\";\n  \"c\" \"d\";", "2:7", "expected '=' or ';' after the key \"c\", found '\"'", .fileIgnored),
    ("\"a\" = ;", "1:7", "missing value after '=' for \"a\"; found ';'", .fileIgnored),
    ("\"a\" =", "1:6", "missing value after '=' for \"a\"; the file ends", .fileIgnored),
    ("\"a\"", "1:4", "missing ';' after the key \"a\"", .fileIgnored),
    ("\"a\" = \"b", "1:7", "this string has no closing quote", .fileIgnored),
    (
      "\"a\" = \"b\";\n\"c\" = \"d", "2:7", "this string has no closing quote", .fileIgnored
    ),
    (
      "\"a\" = \"b\";\n\"c = d;\n", "2:1",
      "this string has no closing quote: iOS stops reading here and ignores the rest of the file", .restIgnored
    ),
    (
      "\"a\" = \"b\";\n+ \"c\" = \"d\";", "2:1",
      "unexpected '+' where a key should start: iOS stops reading here and ignores the rest of the file", .restIgnored
    ),
    (
      "\"a\" = \"b\";\u{0}\"c\" = \"d\";", "1:11",
      "unexpected a NUL byte where a key should start: iOS stops reading here and ignores the rest of the file",
      .restIgnored
    ),
    ("; \"a\" = \"b\";", "1:1", "unexpected ';': a strings file starts with a \"key\" = \"value\"; pair", .fileIgnored),
    ("{ \"a\" = \"b\"; } x", "1:16", "unexpected 'x' after the closing '}'", .fileIgnored),
    ("{ \"a\" = \"b\"; ", "1:14", "missing '}' to close the dictionary opened at 1:1; the file ends", .fileIgnored),
    ("(\"a\")", "1:1", "a strings file holds \"key\" = \"value\"; pairs, not an array", .fileIgnored),
    ("\"a\" = <0f1>;", "1:7", "data must be pairs of hex digits between '<' and '>'", .fileIgnored),
    ("\"a\" = \"x\\", "1:9", "the file ends inside an escape sequence", .fileIgnored),
    ("\"日本\" = \"語\"\n", "1:11", "missing ';' after the value of \"日本\"", .fileIgnored),
  ])
  func syntaxErrorsSayWhatAndWhere(text: String, location: String, message: String, effect: StringsSyntaxError.Effect) {
    let parsed = table(text)
    let error = parsed.syntaxError
    #expect(error?.message == message)
    #expect(error.map { parsed.lineMap.location(of: $0.offset).description } == location)
    #expect(error?.effect == effect)
  }

  @Test func truncationKeepsTheEntriesBefore() {
    let parsed = table("\"a\" = \"1\";\n\"b\" = \"2\";\n?\n\"c\" = \"3\";")
    #expect(parsed.isReadByIOS)
    #expect(parsed.values == ["a": .string("1"), "b": .string("2")])
  }

  @Test func fatalErrorsMeanIOSReadsNothing() {
    let parsed = table("\"a\" = \"1\";\n\"b\" = \"2\"\n")
    #expect(!parsed.isReadByIOS)
    #expect(parsed.values.isEmpty)
    #expect(parsed.entries.map(\.key) == ["a"])
  }

  @Test func duplicatesAreKeptInOrderAndTheLastWins() {
    let parsed = table("a = 1; b = 2; a = 3;")
    #expect(parsed.entries.map(\.key) == ["a", "b", "a"])
    #expect(parsed.values["a"] == .string("3"))
    #expect(parsed.entry(for: "a")?.keyOffset == 14)
  }

  @Test(arguments: [
    ("\"k\" = \"\\U00e9\\U00C9\";", "éÉ"), ("\"k\" = \"\\UD83D\\UDE00\";", "😀"), ("\"k\" = \"\\UD83Dx\";", "\u{FFFD}x"),
    ("\"k\" = \"\\UDE00\";", "\u{FFFD}"), ("\"k\" = \"\\101\\351\\376\";", "AØ\u{0}"),
    ("\"k\" = \"\\a\\b\\f\\v\";", "\u{7}\u{8}\u{C}\u{B}"),
    ("\"k\" = \"\\q\\'\\\"\";", "q'\""), ("\"k\" = \"a\\\nb\";", "a\nb"), ("k = a.b-c/d:e$f_g;", "a.b-c/d:e$f_g"),
    ("'k' = 'it''s';", ""),
  ])
  func escapesMeanWhatCoreFoundationMakesOfThem(text: String, expected: String) {
    let parsed = table(text)
    if expected.isEmpty {
      #expect(parsed.syntaxError != nil)
    } else {
      #expect(parsed.values["k"] == .string(expected))
    }
  }

  @Test func octalEscapesFollowNeXTSTEPLikeFoundation() {
    for value in 0o200...0o377 {
      let text = "\"k\" = \"\\\(String(value, radix: 8))\";"
      #expect(ourValues(Array(text.utf8)) == foundationValues(Array(text.utf8)), "\\\(String(value, radix: 8))")
    }
  }

  @Test(arguments: [
    ([UInt8](), TextEncoding.utf8), ([0xEF, 0xBB, 0xBF, 0x61, 0x3B], .utf8WithBOM),
    ([0xFF, 0xFE, 0x61, 0, 0x3B, 0], .utf16LittleEndian),
    ([0xFE, 0xFF, 0, 0x61, 0, 0x3B], .utf16BigEndian), ([0x61, 0, 0x3B, 0], .utf16LittleEndianWithoutBOM),
    ([0, 0x61, 0, 0x3B], .utf16BigEndianWithoutBOM),
    ([0xFF, 0xFE, 0, 0, 0x61, 0, 0, 0, 0x3B, 0, 0, 0], .utf32LittleEndian),
    ([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74], .binaryPropertyList),
  ])
  func detectsEncodings(bytes: [UInt8], expected: TextEncoding) throws {
    #expect(try StringsReader.read(bytes, file: "test.strings").get().encoding == expected)
  }

  @Test(arguments: [
    ([0x61, 0x3D, 0x22, 0xC3, 0x28, 0x22, 0x3B], 3), ([0x61, 0xFF], 1), ([0xE0, 0x80, 0x80], 0),
    ([0xED, 0xA0, 0x80], 0),
    ([0xF4, 0x90, 0x80, 0x80], 0), ([0x61, 0x62, 0xE6, 0x97], 2),
  ])
  func invalidUTF8IsPlacedAtItsFirstBadByte(bytes: [UInt8], offset: Int) {
    guard case .failure(let problem) = StringsReader.read(bytes, file: "test.strings") else {
      Issue.record("accepted")
      return
    }
    #expect(problem.byteOffset == offset)
  }

  @Test func lineMapCountsLinesAndScalars() {
    let map = LineMap(bytes: Array("ab\r\ncd\ref\n日本x".utf8))
    #expect(map.location(of: 0) == SourceLocation(line: 1, column: 1))
    #expect(map.location(of: 5) == SourceLocation(line: 2, column: 2))
    #expect(map.location(of: 7) == SourceLocation(line: 3, column: 1))
    #expect(map.location(of: 16) == SourceLocation(line: 4, column: 3))
    #expect(map.lineCount == 4)
  }
}
