import ConsentCore
import PromptStrings
import Scenarios

/// Steps: every change the UI makes to the model is a script line performed through the walk, logged,
/// recorded, and undone by lines, exactly as `play` reads the recording.
extension UIState {
  /// An action the user's key asked for: performed, then taken by the guide (the next step, or a step off
  /// the script), which then performs its own steps up to the next one the tester does.
  @discardableResult
  mutating func act(_ action: Action, _ effects: inout [UIEffect], notice: String? = nil) -> Bool {
    guard perform(.action(action), &effects, notice: notice) else { return false }
    guard scene.guide != nil else { return true }
    scene.guide?.take(action)
    advanceGuide(&effects)
    return true
  }

  /// Performs one line through the walk: logs its story (or why it was refused), marks the payload keys it
  /// changed, records it, and shows the app an `app bundle=` line names. Returns whether it was accepted.
  @discardableResult
  mutating func perform(_ line: ScriptLine, _ effects: inout [UIEffect], notice: String? = nil) -> Bool {
    guard let step = line.step else { return false }
    let payloadBefore = consent.sdk.payload
    let (result, restored) = walk.perform(step, extra: scene)
    if let refusal = result.refusal {
      note("✗ \(line.text): \(refusal.reason)", .refusal)
      return false
    }
    if let restored { restore(restored, &effects) }
    if let notice { note(notice, .notice) }
    switch line {
    case .undo, .redo, .restart:
      let sign = if case .undo = line { "↶ " } else if case .redo = line { "↷ " } else { "↺ " }
      for story in result.story { note(sign + story, .notice) }
    default:
      for story in result.story { note(story, .story) }
    }
    let payload = consent.sdk.payload
    scene.changedKeys = Set(Payload.keys.filter { payload[$0] != payloadBefore[$0] })
    effects.append(.record(line))
    switch line {
    case .action(let action):
      linesRecorded += 1
      if case .sdkInitialized(let options) = action { scene.launchOptions = options }
    case .bundle:
      linesRecorded += 1
      if let bundle = walk.bundle {
        scene.app = bundle
        show(bundle, &effects)
      }
    default: break
    }
    return true
  }

  /// Brings back what the walk kept beside an earlier state, and shows its app.
  private mutating func restore(_ restored: Scene, _ effects: inout [UIEffect]) {
    let app = restored.app
    let appChanged = AppKey(app) != AppKey(scene.app)
    scene = restored
    if appChanged { show(app, &effects) }
  }

  /// Shows `app`'s texts from now on, with its findings when it was checked before, else asks for its check.
  private mutating func show(_ app: AppResources, _ effects: inout [UIEffect]) {
    guard AppKey(app) != AppKey(environment.appTexts.app) else { return }
    environment.appTexts.app = app
    environment.findings = checkedApps[AppKey(app)]
    if environment.findings == nil { effects.append(.work(.check(app))) }
  }

  /// A line in the event log, at the clock's time (which moves once per key).
  mutating func note(_ text: String, _ kind: LogLine.Kind) {
    if quietStories && kind != .refusal { return }
    if clockDue {
      clock += 1
      clockDue = false
    }
    log.append(LogLine(time: clock, text: text, kind: kind))
    if log.count > 200 { log.removeFirst(log.count - 200) }
  }

  // MARK: Undo

  /// `u`, `U` and `R`: where the scenario's next step is its own `undo`, `redo` or `restart`, that step (the
  /// walk goes back, the guide goes on); otherwise what the last key did taken back (`undo lines=N`), what `u`
  /// took back brought back (`redo lines=N`), or the walk back to before its first step (`restart`).
  mutating func goBack(_ command: KeyCommand, _ effects: inout [UIEffect]) {
    let scripted = guide?.nextStep.flatMap(ScriptLine.init)
    let line: ScriptLine
    switch (command, scripted) {
    case (.undo, .undo?), (.redo, .redo?), (.restart, .restart?):
      guard var guideNow = scene.guide, let scripted, perform(scripted, &effects) else { return }
      guideNow.cursor += 1
      scene.guide = guideNow
      advanceGuide(&effects)
      return
    case (.undo, _) where walk.lastGroupLines == 0:
      note("✗ undo: \(Refusal.nothingToUndo.reason)", .refusal)
      return
    case (.redo, _) where walk.lastUndoLines == 0:
      note("✗ redo: \(Refusal.nothingToRedo.reason)", .refusal)
      return
    case (.undo, _): line = .undo(lines: walk.lastGroupLines)
    case (.redo, _): line = .redo(lines: walk.lastUndoLines)
    default: line = .restart
    }
    perform(line, &effects)
  }

  // MARK: Guided walks

  /// Starts walking `scenario` from the script defaults in the session's locale, as `attsim play` runs it.
  public mutating func startScenario(_ scenario: GuidedScenario) -> [UIEffect] {
    var effects: [UIEffect] = []
    startScenario(scenario, locale: session.locale, &effects)
    return effects
  }

  /// Starts walking `scenario` from the script defaults in `locale` (the development region when nil): a new
  /// walk, whose recording begins with the lines that set it up.
  mutating func startScenario(_ scenario: GuidedScenario, locale: String?, _ effects: inout [UIEffect]) {
    let app = sessionApp
    let start = session.configured(ConsentState(scriptStartFor: app, locale: locale))
    let keyPressed = walk.groupPending
    walk = Walk(from: start, bundle: session.app == nil ? nil : app, bundles: scenario.bundles)
    // A scenario picked by a key starts with that key: its setup is what `u` takes back first.
    if keyPressed { walk.beginGroup() }
    show(app, &effects)
    scene = Scene(app: app, launchOptions: SDKOptions(), guide: Guide(scenario: scenario))
    overlay = nil
    clock = 0
    clockDue = false
    log = [LogLine(time: 0, text: "scenario: \(scenario.title)", kind: .notice)]
    effects += setupLines(comment: "scenario: \(scenario.title)").map(UIEffect.record)
    advanceGuide(&effects)
  }

  /// Lets the guide perform its own steps (setup, app calls, expectations) up to the next one the tester does,
  /// through the walk: each is recorded, and is part of the key that led to it.
  mutating func advanceGuide(_ effects: inout [UIEffect]) {
    let payloadBefore = consent.sdk.payload
    while let step = scene.guide?.nextStep, !step.isUserStep {
      scene.guide?.cursor += 1
      if case .expect = step.kind {
        let result = walk.perform(step, extra: scene).result
        scene.guide?.record(result)
      } else if let line = ScriptLine(step) {
        perform(line, &effects)
      }
    }
    let payload = consent.sdk.payload
    scene.changedKeys.formUnion(Payload.keys.filter { payload[$0] != payloadBefore[$0] })
  }

  // MARK: Replays

  /// The UI as it opens, then `script`'s steps as a live demo takes them (`render --script`): the setup at
  /// 9:41:00, the clock moving at each user step; a refused step ends it, as in `play`. `work` does the work.
  public init(
    environment: UIEnvironment, session: UISession = UISession(), replaying script: Script,
    bundles: [AppBundleReference: AppResources] = [:], work: (UIWork) -> [UIEvent] = { _ in [] }
  ) {
    self.init(starting: script, environment: environment, session: session, bundles: bundles)
    for step in script.steps {
      let (accepted, effects) = replay(step)
      settle(effects, work: work)
      if !accepted { break }
    }
  }

  /// The UI where a replay of `script` begins, where `play` begins it (D90): the script defaults (no SDK, no
  /// tracking domains) in the session's locale, on a guided walk's app, after the session's `--device` and `--sdk`.
  public init(
    starting script: Script, environment: UIEnvironment, session: UISession = UISession(),
    bundles: [AppBundleReference: AppResources] = [:]
  ) {
    self.init(environment: environment, session: session, sdkLaunched: false)
    walk = Walk(
      from: session.configured(ConsentState(scriptStartFor: sessionApp, locale: session.locale)), bundle: walk.bundle)
    var effects: [UIEffect] = []
    if let options = session.sdk { perform(.action(.sdkInitialized(options)), &effects) }
    walk = Walk(from: walk.state, bundle: walk.bundle, bundles: bundles)
  }

  /// Takes one script step as the UI would (the clock moving only at a user step); returns whether it was
  /// accepted (an `expect` always is) and what the driver must do.
  public mutating func replay(_ step: Step) -> (accepted: Bool, effects: [UIEffect]) {
    var effects: [UIEffect] = []
    clockDue = step.isUserStep
    if step.isUserStep { walk.beginGroup() }
    defer { clockDue = false }
    if case .expect = step.kind { return (true, []) }
    guard let line = ScriptLine(step) else { return (true, []) }
    return (perform(line, &effects), effects)
  }

  /// Carries out the work among `effects` at once, feeding its results back (for drivers without a
  /// thread of their own: `render`, `cast`, the tests).
  public mutating func settle(_ effects: [UIEffect], work: (UIWork) -> [UIEvent]) {
    var pending = effects
    while !pending.isEmpty {
      let effect = pending.removeFirst()
      guard case .work(let job) = effect else { continue }
      for event in work(job) { pending += handle(event) }
    }
  }
}

extension ScriptLine {
  /// The line a step is, for the steps that change something; nil for `expect`.
  init?(_ step: Step) {
    switch step.kind {
    case .action(let action): self = .action(action)
    case .useBundle(let reference): self = .bundle(reference)
    case .undo(let lines): self = .undo(lines: lines)
    case .redo(let lines): self = .redo(lines: lines)
    case .restart: self = .restart
    case .expect: return nil
    }
  }
}
