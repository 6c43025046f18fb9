import ConsentCore
import Foundation
import PromptStrings
import TextSupport

/// Benchmarks behind the README's Performance section; `Scripts/benchmark.sh` runs them in release.
///
///     attsim-bench walk [DEPTH] [RUNS]              the exhaustive state walk, median wall time over RUNS
///     attsim-bench generate-strings FILE MEGABYTES  a large, realistic strings file
///     attsim-bench foundation-strings FILE          Foundation's parser alone on FILE
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

        """
      FileHandle.standardError.write(Data(usage.utf8))
      return 2
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
          FileManager.default.createFile(atPath: path, contents: nil)
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

  /// Walks every state reachable in `depth` actions from each iOS release of the plan.
  static func walk(depth: Int, runs: Int) {
    let starts = IOSVersion.planVersions.map { version -> ConsentState in
      var state = ConsentState()
      state.device.iOS = version
      return state
    }
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
