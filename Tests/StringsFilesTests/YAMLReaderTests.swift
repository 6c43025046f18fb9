import Diagnostics
import Testing

@testable import StringsFiles

/// A node written compactly: scalars quoted (`'` for a quoted one), lists `[…]`, mappings `{k=v}`.
private func shape(_ node: YAMLNode) -> String {
  switch node.value {
  case .scalar(let text): return (node.isPlain ? "\"" : "'") + text + (node.isPlain ? "\"" : "'")
  case .list(let items): return "[" + items.map(shape).joined(separator: ",") + "]"
  case .map(let entries): return "{" + entries.map { "\($0.key)=\(shape($0.value))" }.joined(separator: ",") + "}"
  }
}

private func read(_ text: String) -> Result<YAMLNode, Diagnostic> {
  YAMLReader.parse(Array(text.utf8), file: "project.yml")
}

@Suite struct YAMLReaderTests {
  @Test(arguments: [
    ("name: App\n", #"{name="App"}"#),
    ("a:\n  b: 1\n  c: two words # comment\nd: x\n", #"{a={b="1",c="two words"},d="x"}"#),
    ("list:\n- a\n- b\nnext: c\n", #"{list=["a","b"],next="c"}"#),
    ("list:\n  - name: x\n    type: y\n  - z\n", #"{list=[{name="x",type="y"},"z"]}"#),
    ("- - a\n  - b\n- c\n", #"[["a","b"],"c"]"#),
    ("flow: [a, 'b c', {k: v, n: [1, 2]}]\n", #"{flow=["a",'b c',{k="v",n=["1","2"]}]}"#),
    ("multi: [a,\n  b,\n  ]\n", #"{multi=["a","b"]}"#),
    ("s: 'it''s'\nd: \"tab\\there \\u00e9\\x41\"\n", "{s='it's',d='tab\there éA'}"),
    ("d: \"one\n  two\n\n  three\"\n", "{d='one two\nthree'}"),
    ("l: |\n  line 1\n   indented\n\n  line 3\nnext: x\n", "{l='line 1\n indented\n\nline 3\n',next=\"x\"}"),
    ("f: >-\n  folded\n  text\n\n  para\n", "{f='folded text\npara'}"),
    ("k: |+\n  keep\n\n", "{k='keep\n\n'}"),
    ("base: &b\n  x: 1\n  y: 2\nother:\n  <<: *b\n  y: 3\n", #"{base={x="1",y="2"},other={y="3",x="1"}}"#),
    ("a: &v hello\nb: *v\n", #"{a="hello",b="hello"}"#),
    (
      "m:\n  <<: [*x, *y]\n".replacingOccurrences(of: "m:", with: "x: &x {a: 1}\ny: &y {a: 2, b: 3}\nm:"),
      #"{x={a="1"},y={a="2",b="3"},m={a="1",b="3"}}"#
    ),
    ("---\nempty:\nnull: ~\n...\n", #"{empty="",null="~"}"#),
    ("url: http://example.com/a#b\n", #"{url="http://example.com/a#b"}"#),
    (
      "{\"name\": \"App\", \"targets\": {\"A\": {\"type\": \"application\"}}}",
      #"{name='App',targets={A={type='application'}}}"#
    ),
    ("\u{FEFF}key: value", #"{key="value"}"#),
    ("dup: 1\ndup: 2\n", #"{dup="2"}"#),
  ])
  func readsWhatSpecsUse(text: String, expected: String) throws {
    #expect(try shape(read(text).get()) == expected)
  }

  @Test(arguments: [
    ("a: b: c\n", "1:4"),
    ("a:\n  b: 1\n    c: 2\n", "3:5"),
    ("a: \"open\n", "1:4"),
    ("a: *missing\n", "1:4"),
    ("a: !!str x\n", "1:4"),
    ("? complex\n", "1:1"),
    ("a: 1\n---\nb: 2\n", "2:1"),
    ("a:\n\tb: 1\n", "2:2"),
    ("a: [1, 2\n", "2:1"),
    ("a: \"\\q\"\n", "1:5"),
    ("a: 1\nplain\n  continued\n", "2:6"),
  ])
  func refusesWhatItDoesNotRead(text: String, place: String) {
    guard case .failure(let problem) = read(text) else {
      Issue.record("read \(text.debugDescription)")
      return
    }
    #expect(problem.location?.description == place, "\(problem.message)")
    #expect(problem.file == "project.yml")
  }

  @Test func badUTF8IsNamedAtItsByte() {
    let bytes = Array("name: ok\nkey: ".utf8) + [0xC3, 0x28]
    guard case .failure(let problem) = YAMLReader.parse(bytes, file: "p.yml") else {
      Issue.record("read bad UTF-8")
      return
    }
    #expect(problem.location == SourceLocation(line: 2, column: 6))
  }

  @Test func aBillionLaughsStopsAtTheNodeLimit() {
    var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1..<12 {
      let previous = "*a\(level - 1)"
      text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
    }
    guard case .failure(let problem) = read(text) else {
      Issue.record("expanded the aliases")
      return
    }
    #expect(problem.message.contains("nodes"))
  }

  @Test func deepNestingStopsAtTheDepthLimit() {
    let flow = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let block = (0..<200).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
    for text in [flow, block] {
      guard case .failure(let problem) = read(text) else {
        Issue.record("read \(text.prefix(20))")
        continue
      }
      #expect(problem.message.contains("deep"))
    }
  }

  @Test func aHugeScalarIsReadWhole() throws {
    let long = String(repeating: "é", count: 1 << 20)
    #expect(try read("k: \(long)\n").get()["k"]?.string == long)
  }

  @Test func keysAndValuesKnowWhereTheyStand() throws {
    let node = try read("targets:\n  App:\n    type: application\n").get()
    let target = try #require(node["targets"]?.entries?.first)
    #expect(target.location == SourceLocation(line: 2, column: 3))
    #expect(target.value["type"]?.location == SourceLocation(line: 3, column: 11))
    #expect(node["targets"]?["App"]?["type"]?.bool == nil)
    #expect(try read("a: YES\nb: 'yes'\n").get()["a"]?.bool == true)
    #expect(try read("a: YES\nb: 'yes'\n").get()["b"]?.bool == nil)
  }
}
