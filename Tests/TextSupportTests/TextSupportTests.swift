import Testing
import TextSupport

@Suite struct TextSupportTests {
  @Test(arguments: [
    ("plain text", "plain text"), ("a\nb", "a\\nb"), ("\u{1B}[2J", "\\u{1B}[2J"), ("tab\there", "tab\\there"),
    ("\u{9B}31m", "\\u{9B}31m"), ("\u{202E}evil", "\\u{202E}evil"), ("日本語 عربى", "日本語 عربى"),
    ("del\u{7F}", "del\\u{7F}"),
  ])
  func controlCharactersBecomeVisibleEscapes(input: String, expected: String) {
    #expect(input.escapingControlCharacters == expected)
  }

  @Test(arguments: [
    ("", "", 0), ("abc", "", 3), ("kitten", "sitting", 3), ("ios", "iso", 1),
    ("NSUserTrackingUsageDescription", "NSUserTrackingUsageDescriptoin", 1), ("same", "same", 0),
  ])
  func editDistanceCountsSwapsAsOne(a: String, b: String, distance: Int) {
    #expect(EditDistance.between(a, b) == distance)
    #expect(EditDistance.between(b, a) == distance)
  }

  /// The bounded distance (a band around the diagonal, stopping early) agrees with the whole table, worked
  /// out here the plain way, on seeded random words over a small alphabet (so swaps and repeats are common).
  @Test func theBoundedDistanceAgreesWithTheWholeTable() {
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    func word() -> [Unicode.Scalar] { (0..<next(9)).map { _ in Unicode.Scalar(UInt8(97 + next(3))) } }
    func plain(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
      var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in 0...a.count { table[i][0] = i }
      for j in 0...b.count { table[0][j] = j }
      for i in stride(from: 1, through: a.count, by: 1) {
        for j in stride(from: 1, through: b.count, by: 1) {
          table[i][j] = min(
            table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
          }
        }
      }
      return table[a.count][b.count]
    }
    for _ in 0..<3_000 {
      let (a, b) = (word(), word())
      let distance = plain(a, b)
      #expect(
        EditDistance.between(String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b))) == distance)
      for limit in 0...4 {
        #expect(EditDistance.within(limit, a, b) == (distance <= limit ? distance : nil), "\(a) \(b) \(limit)")
      }
    }
  }

  @Test func theNearestCandidateIsWithinTheLimitInAnyCaseAndTiesGoToTheFirstInOrder() {
    #expect(
      EditDistance.nearest(to: "prepermision", among: ["prepermission", "pending-request"], within: 3)
        == "prepermission")
    #expect(
      EditDistance.nearest(
        to: "NSCameraUsageDescripton", among: ["NSMicrophoneUsageDescription", "NSCameraUsageDescription"])
        == "NSCameraUsageDescription")
    #expect(EditDistance.nearest(to: "cat", among: ["cut", "bat", "cab"], within: 1) == "bat")
    #expect(EditDistance.nearest(to: "englsh", among: ["english", "german"], within: 0) == nil)
    #expect(EditDistance.nearest(to: "x", among: [String]()) == nil)
  }

  @Test(arguments: [
    ("tapp", ["app", "tap", "track"], Optional("tap")), ("stauts", ["status", "prompt"], "status"),
    ("xyz", ["status", "prompt"], nil), ("Status", ["status"], "status"),
  ])
  func suggestsOnlyPlausibleTypos(word: String, candidates: [String], expected: String?) {
    #expect(EditDistance.suggestion(for: word, among: candidates) == expected)
  }
}
