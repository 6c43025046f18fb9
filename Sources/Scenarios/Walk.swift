import ConsentCore
import PromptStrings

/// The one interpreter of script steps: `play`, `render --script`, `cast`, guided walks, presenter mode and
/// the UI's keys all move through a walk, so a line means the same wherever it is read.
///
/// Its undo ledger holds the lines that changed something (the last `Refusal.undoDepth`: bounded memory);
/// the UI's `u` and `U` become `undo`/`redo lines=N` of one key's group. `Extra` is what a caller keeps
/// beside the model and wants brought back with it (the UI's screen, its guide; `play` keeps `Void`).
public struct Walk<Extra: Sendable>: Sendable {
  /// Everything a line can change: the model, the app's resources, and the caller's `Extra`.
  public struct Snapshot: Sendable {
    public var state: ConsentState
    public var bundle: AppResources?
    public var extra: Extra
  }

  /// A line in the ledger: what it said, the walk before it, and which line of its group it is (1 for the
  /// first; 0 outside any group).
  private struct Entry: Sendable {
    var line: String
    var before: Snapshot
    var lineInGroup = 0
  }

  /// A line an undo took back, with the walk as it was after it, and whether it was the last of its undo's lines.
  private struct TakenBack: Sendable {
    var entry: Entry
    var after: Snapshot
    var endsUndo = false
  }

  /// The model's state.
  public private(set) var state: ConsentState
  /// The app's resources the dialog's texts come from, once an `app bundle=` line named them.
  public private(set) var bundle: AppResources?
  /// The app resources the script's `app bundle=` lines name, loaded by the caller, keyed as written.
  public let bundles: [AppBundleReference: AppResources]
  /// Lines that can be taken back, oldest first (see `keep`).
  private var ledger: [Entry] = []
  /// Lines taken back that can be brought back, the most recently taken back last.
  private var takenBack: [TakenBack] = []
  /// The walk before its first user step, once it took one.
  private var restartPoint: Snapshot?
  /// Whether the next line the ledger takes begins a group.
  public private(set) var groupPending = false

  /// A walk from `state`, with `bundle` as the app's resources until a line names others.
  public init(from state: ConsentState, bundle: AppResources? = nil, bundles: [AppBundleReference: AppResources] = [:])
  {
    self.state = state
    self.bundle = bundle
    self.bundles = bundles
  }

  /// How many lines `undo` can take back now.
  public var undoableLines: Int { min(ledger.count, Refusal.undoDepth) }
  /// How many lines `redo` can bring back now.
  public var redoableLines: Int { takenBack.count }

  /// The next line the ledger takes begins a group (what one key of the UI did).
  public mutating func beginGroup() { groupPending = true }

  /// How many lines the last group holds: what the UI's `u` takes back (0: nothing).
  public var lastGroupLines: Int { ledger.last?.lineInGroup ?? 0 }

  /// How many lines the last undo took back, still to be brought back: what the UI's `U` brings back.
  public var lastUndoLines: Int {
    guard let end = takenBack.lastIndex(where: \.endsUndo) else { return 0 }
    return takenBack.endIndex - end
  }

  /// Performs `step`, remembering `extra` with the state before it; returns what it did and, after an `undo`,
  /// `redo` or `restart`, the caller's `Extra` as it was then.
  public mutating func perform(_ step: Step, extra: Extra) -> (result: StepResult, restored: Extra?) {
    var restored: Extra?
    var result = outcome(of: step, extra: extra, restored: &restored)
    result.prompt = bundle?.purposeString(shownIn: state)
    return (result, restored)
  }

  private mutating func outcome(of step: Step, extra: Extra, restored: inout Extra?) -> StepResult {
    func result(story: [String] = [], refusal: Refusal? = nil, failures: [ExpectationFailure] = []) -> StepResult {
      StepResult(step: step, state: state, story: story, failures: failures, refusal: refusal)
    }
    let now = Snapshot(state: state, bundle: bundle, extra: extra)
    switch step.kind {
    case .action(let action):
      do {
        let story = try state.apply(action)
        remember(step, before: now)
        return result(story: story)
      } catch {
        return result(refusal: error)
      }
    case .useBundle(let reference):
      guard let resources = bundles[reference] else { return result(refusal: .resourcesNotLoaded(reference.path)) }
      bundle = resources
      // Setting up an app never refuses: its Info.plist decides whether it has a usage description, its
      // privacy manifests which domains are tracking domains.
      _ = try? state.apply(.appConfigured(AppChange(launching: resources)))
      remember(step, before: now)
      return result(story: ["app resources: \(reference.path)"])
    case .undo(let lines):
      ledger.removeFirst(ledger.count - undoableLines)
      guard lines <= ledger.count else { return result(refusal: .nothingToUndo) }
      var after = now
      var taken: [String] = []
      for index in 0..<lines {
        let entry = ledger.removeLast()
        takenBack.append(TakenBack(entry: entry, after: after, endsUndo: index == 0))
        after = entry.before
        taken.insert(entry.line, at: 0)
      }
      restore(after, into: &restored)
      return result(story: ["undo: took back " + Walk.naming(taken)])
    case .redo(let lines):
      guard lines <= takenBack.count else { return result(refusal: .nothingToRedo) }
      var brought: [String] = []
      var last: Snapshot?
      for index in 0..<lines {
        var line = takenBack.removeLast()
        // What one redo brings back is one group, as what one key did.
        line.entry.lineInGroup = index + 1
        keep(line.entry)
        brought.append(line.entry.line)
        last = line.after
      }
      if let last { restore(last, into: &restored) }
      return result(story: ["redo: brought back " + Walk.naming(brought)])
    case .restart:
      guard let restartPoint else { return result(refusal: .nothingToRestart) }
      ledger = []
      takenBack = []
      restore(restartPoint, into: &restored)
      return result(story: ["restart: back to before the first step"])
    case .expect(let expectations):
      let current = bundle
      let failures = expectations.filter { !$0.holds(in: state, bundle: current) }.map {
        ExpectationFailure(expectation: $0, actual: $0.actual(in: state, bundle: current))
      }
      return result(failures: failures)
    }
  }

  /// Puts a line that changed something in the ledger: what was taken back can no longer be brought back.
  private mutating func remember(_ step: Step, before: Snapshot) {
    if step.isUserStep, restartPoint == nil { restartPoint = before }
    let previous = ledger.last?.lineInGroup ?? 0
    keep(Entry(line: step.command, before: before, lineInGroup: groupPending ? 1 : previous == 0 ? 0 : previous + 1))
    groupPending = false
    takenBack = []
  }

  /// Adds `entry` to the ledger; lines older than the last `Refusal.undoDepth` go a batch at a time (one per
  /// line moved every snapshot each time).
  private mutating func keep(_ entry: Entry) {
    if ledger.count >= 2 * Refusal.undoDepth { ledger.removeFirst(ledger.count - Refusal.undoDepth) }
    ledger.append(entry)
  }

  private mutating func restore(_ snapshot: Snapshot, into restored: inout Extra?) {
    state = snapshot.state
    bundle = snapshot.bundle
    restored = snapshot.extra
  }

  /// `request`, or `3 lines: request, tap allow, track x` (the first few named).
  static func naming(_ lines: [String]) -> String {
    guard lines.count > 1 else { return lines.first ?? "nothing" }
    let shown = lines.prefix(3).joined(separator: ", ")
    return "\(lines.count) lines: \(shown)\(lines.count > 3 ? ", …" : "")"
  }
}
