import Scenarios
import TextSupport

/// The output formats of `attsim review`.
public enum ReviewFormat: String, CaseIterable, Sendable {
  case text, markdown, json

  /// The reviews of every app in this format. Everything from the project is escaped for where it goes: no
  /// control character reaches a terminal, no Markdown or HTML of an app's renders, JSON is JSON.
  func write(_ reviews: [AppReview]) -> String {
    switch self {
    case .text: reviews.map(Self.text).joined(separator: "\n")
    case .markdown: reviews.map(Self.markdown).joined(separator: "\n")
    case .json: Self.json(reviews)
    }
  }

  /// One line on what App Review would make of the app.
  static func verdict(_ review: AppReview) -> String {
    let count = review.sections.flatMap(\.items).filter { $0.verdict == .rejects }.count
    return count == 0
      ? "ready: nothing found that App Review would reject"
      : "would be rejected: \(count) finding\(count == 1 ? "" : "s")"
  }

  private static func mark(_ verdict: ReviewItem.Verdict) -> String {
    switch verdict {
    case .rejects: "✗"
    case .risk: "!"
    case .ok: "✓"
    case .note: "·"
    }
  }

  /// What an item says, with its walk, state and place.
  private static func sentence(_ item: ReviewItem) -> String {
    var words = ""
    if let walk = item.walk, item.place == nil { words += walk + " · " }
    if let condition = item.condition { words += condition + ": " }
    if let shown = item.shown { words += shown ? "shown: " : "not shown: " }
    words += item.text
    if let place = item.place { words += " (\(place))" }
    if let rule = item.rule { words += " [\(rule)]" }
    return words
  }

  /// For a terminal: a heading per guideline, a marked line per claim, the reply wrapped at 100 columns.
  private static func text(_ review: AppReview) -> String {
    let target = review.target.map { " (target \($0))" } ?? ""
    var out = "attsim review: \(review.app)\(target): \(verdict(review))".escapingControlCharacters + "\n"
    for section in review.sections {
      out += "\n\(section.guidelines) \(section.title)\n"
      var lastWalk: String?
      for item in section.items {
        var item = item
        if item.condition != nil, let walk = item.walk {
          if walk != lastWalk { out += "  \(walk.escapingControlCharacters)\n" }
          lastWalk = walk
          item.walk = nil
          out += "  "
        }
        out += "  \(mark(item.verdict)) [\(item.guideline)] \(sentence(item).escapingControlCharacters)\n"
      }
    }
    if let reply = review.reply {
      out += "\nReply to App Review (2.1)\n"
      out += TextWrapper.wrap(reply.escapingControlCharacters, width: 96).map { "  " + $0 + "\n" }.joined()
    }
    return out
  }

  /// For a ticket: headings, a list per guideline, the reply quoted.
  private static func markdown(_ review: AppReview) -> String {
    let prose = MarkdownReport.prose
    let target = review.target.map { " (target \(prose($0)))" } ?? ""
    var out = "# App Review readiness: \(prose(review.app))\(target)\n\n**\(prose(verdict(review)))**\n"
    for section in review.sections {
      out += "\n## \(prose(section.guidelines)) \(section.title)\n\n"
      for item in section.items {
        out +=
          "- \(mark(item.verdict)) \(item.verdict.rawValue) · \(prose(item.guideline)) · \(prose(sentence(item)))\n"
      }
    }
    if let reply = review.reply { out += "\n## Reply to App Review (2.1)\n\n> \(prose(reply))\n" }
    return out
  }

  /// `{"verdict": "ready"|"rejected", "apps": [{app, target, verdict, sections: [{guidelines, title, items:
  /// [{verdict, guideline, text, place, rule, walk, condition, shown}]}], reply}]}` (docs/review.md).
  private static func json(_ reviews: [AppReview]) -> String {
    let apps = reviews.map { review in
      var object = JSONText()
      object.add("app", review.app)
      object.add("target", review.target)
      object.add("verdict", review.rejected ? "rejected" : "ready")
      object.add(
        "sections",
        review.sections.map { section in
          var object = JSONText()
          object.add("guidelines", section.guidelines)
          object.add("title", section.title)
          object.add(
            "items",
            section.items.map { item in
              var object = JSONText()
              object.add("verdict", item.verdict.rawValue)
              object.add("guideline", item.guideline)
              object.add("text", item.text)
              object.add("place", item.place)
              object.add("rule", item.rule)
              object.add("walk", item.walk)
              object.add("condition", item.condition)
              if let shown = item.shown { object.add("shown", shown) } else { object.add("shown", nil as String?) }
              return object
            })
          return object
        })
      object.add("reply", review.reply)
      return object
    }
    var root = JSONText()
    root.add("verdict", reviews.contains(where: \.rejected) ? "rejected" : "ready")
    root.add("apps", apps)
    return root.json + "\n"
  }
}
