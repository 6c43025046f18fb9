import ConsentUI
import FileAccess
import PromptStrings
import Testing

/// The first frame has only the shown locale's tables of the demo app and no system texts; the driver reads
/// the app whole before the first key, and the UI takes it in wherever the partial read was shown.
@Suite struct FirstFrameTests {
  static let demoApp = assets.appendingPathComponent("DemoApp").path
  static let partialEnvironment: UIEnvironment = {
    let app = try! AppResources.loadFolder(FilePath(demoApp), strings: .shownIn(locale: "de")).get()
    let system = AppResources.notYetRead(root: assets.appendingPathComponent("System").path)
    return UIEnvironment(appTexts: AppTexts(app: app, system: system), findings: nil)
  }()

  @Test func aPartialAppIsReadWholeFirstAndCheckedAfterwards() throws {
    let state = UIState(environment: Self.partialEnvironment, session: UISession(locale: "de"))
    #expect(state.firstFrameWork.filter(\.isNeededBeforeKeys) == [.loadApp])
    var pilot = Pilot(locale: "de", environment: Self.partialEnvironment)
    let whole = try AppResources.loadFolder(FilePath(Self.demoApp)).get()
    let effects = pilot.state.handle(.appLoaded(whole))
    #expect(effects == [.work(.check(whole))])
    #expect(!pilot.state.environment.appTexts.app.isPartial)
    #expect(pilot.state.firstFrameWork.contains(.check(whole)))
  }

  @Test func afterTheWholeAppEveryLocaleShowsItsOwnTexts() throws {
    var pilot = Pilot(locale: "de", environment: Self.partialEnvironment)
    pilot.state.handle(.appLoaded(try AppResources.loadFolder(FilePath(Self.demoApp)).get()))
    pilot.state.handle(
      .systemTextsLoaded(try AppResources.loadFolder(FilePath(assets.appendingPathComponent("System").path)).get()))
    var reference = Pilot(locale: "de")
    for _ in 0..<3 {
      pilot.press("l")
      reference.press("l")
      #expect(pilot.state.locale == reference.state.locale)
      #expect(pilot.state.texts == reference.state.texts)
    }
  }

  @Test func anotherAppsWholeReadIsNotTakenIn() throws {
    var pilot = Pilot(locale: "de", environment: Self.partialEnvironment)
    let other = try AppResources.loadFolder(FilePath(assets.appendingPathComponent("System").path)).get()
    #expect(pilot.state.handle(.appLoaded(other)).isEmpty)
    #expect(pilot.state.environment.appTexts.app.isPartial)
  }
}
