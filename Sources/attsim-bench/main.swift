import ConsentCore
import ConsentUI
import FileAccess
import Foundation
import Glibc
import PromptStrings
import StringsFiles
import TextSupport

/// Benchmarks behind the README's Performance section; `Scripts/benchmark.sh` runs them in release.
///
///     attsim-bench walk [DEPTH] [RUNS]              the exhaustive state walk, median wall time over RUNS
///     attsim-bench coverage DEPTH                   which invariants each kind of action exercises at DEPTH
///     attsim-bench generate-strings FILE MEGABYTES  a large, realistic strings file
///     attsim-bench foundation-strings FILE          Foundation's parser alone on FILE
///     attsim-bench generate-project FOLDER          an Xcode project of 40 locales and about 300 files
///     attsim-bench first-frame ASSETS               one cold start's way to the UI's first frame, by phase
///     attsim-bench spawn RUNS COMMAND [ARGUMENT...]  the median wall time of running COMMAND, spawned directly
///     attsim-bench pty-frame RUNS NEEDLE COMMAND [ARGUMENT...] [--- NEEDLE COMMAND [ARGUMENT...]]...
///                                                   the median time from spawning COMMAND on an 80×24 pty to NEEDLE
///                                                   (several commands take turns; a median a line)
///     attsim-bench plists RUNS                      attsim's property-list reader against Foundation's
enum Benchmark {
  static func main(_ arguments: [String]) -> Int32 {
    switch arguments.first {
    case "walk":
      let depth = arguments.count > 1 ? Int(arguments[1]) ?? 6 : 6
      let runs = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
      walk(depth: depth, runs: runs)
      return 0
    case "generate-strings" where arguments.count == 3:
      generateStrings(path: arguments[1], megabytes: Int(arguments[2]) ?? 60)
      return 0
    case "coverage" where arguments.count == 2:
      coverage(depth: Int(arguments[1]) ?? 5)
      return 0
    case "generate-project" where arguments.count == 2:
      generateProject(at: arguments[1])
      return 0
    case "spawn" where arguments.count >= 3:
      guard let runs = Int(arguments[1]), runs > 0 else { return 2 }
      return spawnMedian(runs: runs, command: Array(arguments.dropFirst(2)))
    case "pty-frame" where arguments.count >= 4:
      let programs = arguments.dropFirst(2).split(separator: "---").map {
        (needle: $0.first ?? "", command: Array($0.dropFirst()))
      }
      guard let runs = Int(arguments[1]), runs > 0, programs.allSatisfy({ !$0.command.isEmpty }) else { return 2 }
      return ptyFrameMedians(runs: runs, programs: programs)
    case "first-frame" where arguments.count == 2:
      firstFrame(assets: arguments[1])
      return 0
    case "plists" where arguments.count == 2:
      guard let runs = Int(arguments[1]), runs > 0 else { return 2 }
      plists(runs: runs)
      return 0
    case "foundation-strings" where arguments.count == 2:
      // Foundation's parser alone, the baseline `attsim check` is compared with.
      let data = FileManager.default.contents(atPath: arguments[1]) ?? Data()
      let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
      print("\((object as? [String: Any])?.count ?? -1) entries")
      return 0
    default:
      let usage = """
        usage: attsim-bench walk [DEPTH] [RUNS]
               attsim-bench generate-strings FILE MEGABYTES
               attsim-bench foundation-strings FILE
               attsim-bench generate-project FOLDER
               attsim-bench first-frame ASSETS
               attsim-bench spawn RUNS COMMAND [ARGUMENT...]
               attsim-bench pty-frame RUNS NEEDLE COMMAND [ARGUMENT...] [--- NEEDLE COMMAND [ARGUMENT...]]...
               attsim-bench plists RUNS

        """
      FileHandle.standardError.write(Data(usage.utf8))
      return 2
    }
  }

  /// A property list the size of a large app's (100,000 keys of strings, numbers, Booleans and arrays),
  /// read as XML and as binary by attsim's reader and by Foundation's: the median of `runs` reads each.
  static func plists(runs: Int) {
    var members: [String: Any] = [:]
    for index in 0..<100_000 {
      switch index % 4 {
      case 0: members["NSKey\(index)UsageDescription"] = "Purpose text number \(index) — with “quotes” & marks"
      case 1: members["Number\(index)"] = index
      case 2: members["Flag\(index)"] = index % 3 == 0
      default: members["List\(index)"] = ["en", "de", "ja", "\(index)"]
      }
    }
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      guard let data = try? PropertyListSerialization.data(fromPropertyList: members, format: format, options: 0)
      else { continue }
      let bytes = Array(data)
      func median(_ read: () -> Bool) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
          let start = DispatchTime.now().uptimeNanoseconds
          guard read() else { return .nan }
          times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[times.count / 2]
      }
      let ours = median { (try? PropertyListReader.read(bytes).get()) != nil }
      let theirs = median { (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil }
      let name = format == .xml ? "XML" : "binary"
      let line = "\(name), \(bytes.count / 1_000_000) MB: attsim \(Int(ours)) ms, Foundation \(Int(theirs)) ms"
      print(line + " (\(String(format: "%.1f", theirs / ours))x)")
    }
  }

  /// Writes a strings file of about `megabytes` MB: comments, escapes and text in several scripts.
  static func generateStrings(path: String, megabytes: Int) {
    let words = [
      "Allow", "tracking", "to", "show", "you", "ads", "that", "fit", "your", "interests", "データ", "広告", "Übersicht",
      "données", "реклама", "إعلانات",
    ]
    var random = SeededRandom(seed: 1)
    var text = ""
    var entry = 0
    let target = megabytes * 1_048_576
    var written = 0
    guard
      let output = FileHandle(forWritingAtPath: path)
        ?? {
          _ = FileManager.default.createFile(atPath: path, contents: nil)
          return FileHandle(forWritingAtPath: path)
        }()
    else { return }
    output.truncateFile(atOffset: 0)
    while written < target {
      entry += 1
      if entry % 10 == 0 { text += "/* Comment for entry \(entry): shown on the settings screen */\n" }
      var value = (0..<(3 + Int(random.next() % 10))).map { _ in words[Int(random.next() % UInt64(words.count))] }
        .joined(separator: " ")
      if entry % 7 == 0 { value += "\\n\\\"quoted\\\"" }
      text += "\"screen.\(entry % 977).label_\(entry)\" = \"\(value)\";\n"
      if text.utf8.count > 1 << 20 {
        written += text.utf8.count
        output.write(Data(text.utf8))
        text = ""
      }
    }
    output.write(Data(text.utf8))
    output.closeFile()
  }

  /// Writes an Xcode project as a large localized app has it: 40 localizations, seven strings tables each
  /// in variant groups, a String Catalog, Swift sources and an Info.plist — about 300 files.
  static func generateProject(at folder: String) {
    let locales = [
      "ar", "bg", "ca", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "fi", "fr", "fr-CA", "he", "hi", "hr",
      "hu", "id", "it", "ja", "ko", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sv", "th", "tr", "uk",
      "vi", "zh-Hans", "zh-Hant", "zh-HK", "fil",
    ]
    let tables = ["InfoPlist", "Localizable", "Main", "LaunchScreen", "Settings", "Errors", "Onboarding"]
    let fileManager = FileManager.default
    func write(_ text: String, _ path: String) {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
      try? fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data(text.utf8).write(to: url)
    }
    var counter = 0
    func identifier() -> String {
      counter += 1
      return String(format: "BE%022X", counter)
    }
    var references = "", variants = "", buildFiles = "", resourceFiles = "", groupChildren = ""
    for table in tables {
      let variant = identifier()
      let buildFile = identifier()
      var children = ""
      for locale in locales {
        let reference = identifier()
        let text = (0..<20).map { "\"\(table).key\($0)\" = \"\(table) \($0) in \(locale)\";" }
        let purpose =
          table == "InfoPlist" ? "\"NSUserTrackingUsageDescription\" = \"Ads that fit (\(locale)).\";\n" : ""
        write(purpose + text.joined(separator: "\n") + "\n", "Big/\(locale).lproj/\(table).strings")
        references +=
          "\t\t\(reference) = {isa = PBXFileReference; name = \(locale); path = \(locale).lproj/\(table).strings; sourceTree = \"<group>\"; };\n"
        children += "\t\t\t\t\(reference),\n"
      }
      variants +=
        "\t\t\(variant) = {isa = PBXVariantGroup; children = (\n\(children)\t\t\t); name = \(table).strings; sourceTree = \"<group>\"; };\n"
      buildFiles += "\t\t\(buildFile) = {isa = PBXBuildFile; fileRef = \(variant); };\n"
      resourceFiles += "\t\t\t\t\(buildFile),\n"
      groupChildren += "\t\t\t\t\(variant),\n"
    }
    for index in 0..<20 {
      write(
        "import Foundation\n\nstruct Screen\(index) {\n  let title = \"Screen \(index)\"\n}\n",
        "Big/Screen\(index).swift")
    }
    write(
      "import AppTrackingTransparency\n\nfunc ask() { ATTrackingManager.requestTrackingAuthorization { _ in } }\n",
      "Big/Consent.swift")
    write(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>$(DEVELOPMENT_LANGUAGE)</string><key>NSUserTrackingUsageDescription</key><string>Ads that fit.</string></dict></plist>\n",
      "Big/Info.plist")
    let project = """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjectVersion = 56;
      \tobjects = {
      \(buildFiles)\(references)\(variants)\t\tBE0000000000000000000A01 = {isa = PBXGroup; children = (BE0000000000000000000A02); sourceTree = "<group>"; };
      \t\tBE0000000000000000000A02 = {isa = PBXGroup; children = (
      \(groupChildren)\t\t\t); path = Big; sourceTree = "<group>"; };
      \t\tBE0000000000000000000A03 = {isa = PBXNativeTarget; buildConfigurationList = BE0000000000000000000A05; buildPhases = (BE0000000000000000000A04); name = Big; productType = "com.apple.product-type.application"; };
      \t\tBE0000000000000000000A04 = {isa = PBXResourcesBuildPhase; files = (
      \(resourceFiles)\t\t\t); };
      \t\tBE0000000000000000000A05 = {isa = XCConfigurationList; buildConfigurations = (BE0000000000000000000A06); defaultConfigurationName = Release; };
      \t\tBE0000000000000000000A06 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Big/Info.plist; PRODUCT_NAME = "$(TARGET_NAME)";}; name = Release; };
      \t\tBE0000000000000000000A00 = {isa = PBXProject; developmentRegion = en; mainGroup = BE0000000000000000000A01; targets = (BE0000000000000000000A03); };
      \t};
      \trootObject = BE0000000000000000000A00;
      }

      """
    write(project, "Big.xcodeproj/project.pbxproj")
  }

  /// Prints the states, transitions and (invariant, action kind) pairs a walk of `depth` exercises.
  static func coverage(depth: Int) {
    let report = StateWalk().run(from: walkStarts, depth: depth, measuringCoverage: true)
    let checks = report.checks.values.reduce(0, +)
    print(
      "depth \(depth): \(report.states) states, \(report.transitions) transitions, \(checks) invariant checks, "
        + "\(report.checks.count) (invariant, action kind) pairs exercised")
    for pair in report.checks.keys.sorted() { print("  \(pair)") }
  }

  /// The starts of every walk: a fresh install on each iOS release of the plan.
  static var walkStarts: [ConsentState] {
    IOSVersion.planVersions.map { version -> ConsentState in
      var state = ConsentState()
      _ = try? state.apply(.deviceConfigured(DeviceChange(iOS: version)))
      return state
    }
  }

  /// Walks every state reachable in `depth` actions from each iOS release of the plan.
  static func walk(depth: Int, runs: Int) {
    let starts = walkStarts
    var times: [Double] = []
    var last: StateWalk.Report?
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      last = StateWalk().run(from: starts, depth: depth)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    guard let report = last else { return }
    let median = times.sorted()[times.count / 2]
    print(
      "walk depth \(depth): \(report.states) states, \(report.transitions) transitions checked, "
        + "\(report.refusals) refusals, \(report.violations.count) violations; "
        + "median \(String(format: "%.2f", median)) s over \(runs) runs")
    for violation in report.violations { print("  " + violation) }
  }
}

exit(Benchmark.main(Array(CommandLine.arguments.dropFirst())))

extension Benchmark {
  /// Times, in this cold process, each step the UI takes before its first frame, one after the other (the
  /// UI loads the app and the system texts at the same time): the milliseconds of each on one line.
  static func firstFrame(assets: String) {
    var clock = ContinuousClock.now
    func lap() -> String {
      let now = ContinuousClock.now
      defer { clock = now }
      return String(format: "%.2f", milliseconds(now - clock))
    }
    let app = AppResources.loadFolder(FilePath(assets + "/DemoApp"))
    let appTime = lap()
    let system = AppResources.loadFolder(FilePath(assets + "/System"))
    let systemTime = lap()
    guard case .success(let appResources) = app, case .success(let systemResources) = system else {
      print("cannot load the demo app or the system texts from \(assets)")
      return
    }
    let state = UIState(
      environment: UIEnvironment(appTexts: AppTexts(app: appResources, system: systemResources)))
    let stateTime = lap()
    let frame = Renderer.render(state, width: 80, height: 24)
    let renderTime = lap()
    print("app \(appTime) system \(systemTime) state \(stateTime) render \(renderTime) (\(frame.buffer.width) columns)")
  }
}

extension Benchmark {
  /// Prints the median milliseconds from spawning `command` (found on PATH, output to /dev/null) to its
  /// exit, over `runs` runs: no shell in between, so start-ups of a few milliseconds compare fairly.
  static func spawnMedian(runs: Int, command: [String]) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in [1, 2] {
      posix_spawn_file_actions_addopen(&actions, Int32(descriptor), "/dev/null", O_WRONLY, 0)
    }
    var arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var times: [Double] = []
    for _ in 0..<runs {
      let start = ContinuousClock.now
      var child = pid_t()
      guard posix_spawnp(&child, command[0], &actions, nil, &arguments, environ) == 0 else {
        FileHandle.standardError.write(Data("attsim-bench: cannot run \(command[0])\n".utf8))
        return 2
      }
      var status: Int32 = 0
      waitpid(child, &status, 0)
      let elapsed = ContinuousClock.now - start
      times.append(milliseconds(elapsed))
    }
    printMedian(times)
    return 0
  }

  /// The median, over `runs` runs, of the time from spawning each command as the session leader of a new 80×24
  /// pseudo-terminal to its needle in what it writes there (then it is killed): a first frame as the terminal
  /// receives it, without the polling of a terminal multiplexer (`tui-latency` sees tmux's screen once every
  /// round of its loop, DECISIONS D59). Several commands take turns, one run each, so that a machine's slow
  /// and fast moments fall on all of them alike; one median a line, in the order given.
  static func ptyFrameMedians(runs: Int, programs: [(needle: String, command: [String])]) -> Int32 {
    var times = [[Double]](repeating: [], count: programs.count)
    for _ in 0..<runs {
      for (index, program) in programs.enumerated() {
        guard let child = PtyChild.spawn(program.command) else { return 2 }
        let seen = child.read(until: program.needle)
        let elapsed = ContinuousClock.now - child.started
        child.end(signal: SIGKILL)
        guard seen else { return PtyChild.neverWrote(program.needle, program.command) }
        times[index].append(milliseconds(elapsed))
      }
    }
    for programTimes in times { printMedian(programTimes) }
    return 0
  }

  /// A duration in milliseconds.
  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
  }

  /// Prints the median of `times` (milliseconds) with one decimal, as the benchmark script reads it.
  static func printMedian(_ times: [Double]) {
    print(String(format: "%.1f", times.sorted()[times.count / 2]))
  }
}

/// A command running as the session leader of a new 80×24 pseudo-terminal, and the terminal's other end.
struct PtyChild {
  let process: pid_t
  let terminal: Int32
  /// When the command was spawned, the pseudo-terminal already made.
  let started: ContinuousClock.Instant

  /// Spawns `command` (found on PATH) on a new pseudo-terminal, or nil once standard error says why not.
  static func spawn(_ command: [String]) -> PtyChild? {
    var arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    // posix_openpt(3) and its kin are not in Swift's Glibc module: /dev/ptmx and its ioctls are what they do
    // (TIOCSPTLCK unlocks the pair, TIOCGPTN numbers it; their values are Linux's on every architecture).
    let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlocked: Int32 = 0
    var number: UInt32 = 0
    guard terminal >= 0, ioctl(terminal, 0x4004_5431, &unlocked) == 0, ioctl(terminal, 0x8004_5430, &number) == 0
    else {
      FileHandle.standardError.write(Data("attsim-bench: no pseudo-terminal\n".utf8))
      return nil
    }
    let name = "/dev/pts/\(number)"
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after the new session starts, the pty becomes the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID, not in Swift's Glibc module either
    let started = ContinuousClock.now
    var child = pid_t()
    guard posix_spawnp(&child, command[0], &actions, &attributes, &arguments, environ) == 0 else {
      close(terminal)
      FileHandle.standardError.write(Data("attsim-bench: cannot run \(command[0])\n".utf8))
      return nil
    }
    return PtyChild(process: child, terminal: terminal, started: started)
  }

  /// Says on standard error that `command` never wrote `needle`; the exit status for it.
  static func neverWrote(_ needle: String, _ command: [String]) -> Int32 {
    FileHandle.standardError.write(Data("attsim-bench: \(command[0]) never wrote \(needle)\n".utf8))
    return 2
  }

  /// Reads what the command writes until `needle` is in it (true), it stops writing or 5 s pass in silence.
  func read(until needle: String) -> Bool {
    let wanted = Data(needle.utf8)
    var received = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    var watched = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
    while received.range(of: wanted) == nil, poll(&watched, 1, 5000) > 0 {
      let count = Glibc.read(terminal, &chunk, chunk.count)
      guard count > 0 else { break }
      received.append(contentsOf: chunk[0..<count])
    }
    return received.range(of: wanted) != nil
  }

  /// Sends `signal`, drains the terminal until the command has closed it (killing it after 30 s of silence),
  /// waits for it and closes the terminal.
  func end(signal: Int32) {
    kill(process, signal)
    if signal != SIGKILL {
      var chunk = [UInt8](repeating: 0, count: 65536)
      var watched = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
      while poll(&watched, 1, 30_000) > 0, Glibc.read(terminal, &chunk, chunk.count) > 0 {}
      kill(process, SIGKILL)
    }
    var status: Int32 = 0
    waitpid(process, &status, 0)
    close(terminal)
  }
}
