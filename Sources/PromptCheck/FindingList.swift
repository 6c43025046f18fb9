import TextSupport

/// Findings as the rules make them: each once (no two with the same rule, file, place and message), and at
/// most `perRuleAndFile` of one rule in one file, the rest counted into one last finding (`… and 5,454,540
/// more`), so a file of millions of duplicate keys costs a few findings, not gigabytes.
struct FindingList {
  private(set) var findings: [Finding] = []
  private var seen: Set<Identity> = []
  private var counts: [Place: Int] = [:]
  /// The first finding of each (rule, file) that went over the cap, to word the summary after it.
  private var overflow: [Place: (first: Finding, count: Int)] = [:]

  /// How many findings of one rule one file gets before the rest are only counted.
  static let perRuleAndFile = 50

  private struct Identity: Hashable {
    var rule: RuleID
    var file: String
    var line: Int?
    var column: Int?
    var message: String
  }

  private struct Place: Hashable {
    var rule: RuleID
    var file: String
  }

  /// Whether a finding of `rule` about `file` would still be kept (so a rule need not word one that is not).
  func hasRoom(_ rule: RuleID, _ file: String) -> Bool {
    counts[Place(rule: rule, file: file), default: 0] < Self.perRuleAndFile
  }

  /// Keeps `finding`, unless it was already given or its rule and file are over the cap (then it is counted).
  mutating func add(_ finding: Finding) {
    let place = Place(rule: finding.rule, file: finding.file)
    // A summary from a list made earlier joins this list's count: one summary in the end.
    if finding.summarizes > 0 {
      overflow[place, default: (finding, 0)].count += finding.summarizes
      return
    }
    guard hasRoom(finding.rule, finding.file) else {
      overflow[place, default: (finding, 0)].count += 1
      return
    }
    let identity = Identity(
      rule: finding.rule, file: finding.file, line: finding.location?.line, column: finding.location?.column,
      message: finding.message)
    guard seen.insert(identity).inserted else { return }
    counts[place, default: 0] += 1
    findings.append(finding)
  }

  /// Counts a finding past the cap without wording it.
  mutating func countPastCap(_ rule: RuleID, _ file: String, like example: @autoclosure () -> Finding) {
    let place = Place(rule: rule, file: file)
    if overflow[place] == nil { overflow[place] = (example(), 0) }
    overflow[place]?.count += 1
  }

  mutating func add(_ more: [Finding]) { for finding in more { add(finding) } }

  /// The findings, with one more for each rule and file that went over the cap.
  var all: [Finding] {
    findings
      + overflow.sorted { ($0.key.file, $0.key.rule.rawValue) < ($1.key.file, $1.key.rule.rawValue) }.map {
        place, value in
        // At the first finding it does not show, so it sorts after those it does.
        var summary = value.first
        summary.summarizes = value.count
        summary.message =
          "… and \(MessageList.grouped(value.count)) more \(place.rule.rawValue) findings in this file (attsim shows the first \(Self.perRuleAndFile))"
        return summary
      }
  }
}
