import FileAccess
import TextSupport

/// The app a person means among a project's iOS app targets when they name none (issue 40, D105). Each rule in
/// turn keeps the targets it prefers, when it prefers some: (1) apps before App Clips; (2) the targets that
/// embed the most apps and extensions; (3) those named like their project; (4) those a shared scheme of their
/// own name runs. `ProjectApp` reads those left and keeps (5) the ones with the most localizations; more than
/// one left then is a tie.
struct AppTargetChoice {
  /// One iOS app target and the project it is in.
  typealias Candidate = (project: XcodeProject, target: XcodeProject.Target)

  /// The indices of the targets kept, in the order given.
  private(set) var kept: [Int]
  /// Why the last rule that narrowed the targets kept what it kept: `it embeds Watch, Widget`.
  private(set) var reason: String?

  /// Applies the rules to `candidates` (more than one), reading schemes through `reader`.
  init(_ candidates: [Candidate], reader: InputFiles) {
    kept = Array(candidates.indices)
    narrow({ _ in "the only app that is not an App Clip" }) { candidates[$0].target.isAppClip ? 0 : 1 }
    let embedded = candidates.map { $0.project.embedded(by: $0.target).map(\.name) }
    narrow({ "it embeds \(MessageList.of(embedded[$0]))" }) { embedded[$0].count }
    narrow({ _ in "it is named like its project" }) {
      candidates[$0].target.name.lowercased() == candidates[$0].project.name.lowercased() ? 1 : 0
    }
    narrow({ _ in "its shared scheme runs it" }) {
      let (project, target) = candidates[$0]
      return project.target(launchedByScheme: target.name, reader: reader) == target.identifier ? 1 : 0
    }
  }

  /// Keeps the targets `score` rates highest, when it rates some above zero and others below them; `reason`
  /// says why, for the first kept.
  private mutating func narrow(_ reason: (Int) -> String, by score: (Int) -> Int) {
    let scores = kept.map(score)
    guard let best = scores.max(), best > 0, scores.contains(where: { $0 < best }) else { return }
    kept = zip(kept, scores).filter { $0.1 == best }.map(\.0)
    self.reason = reason(kept[0])
  }
}
