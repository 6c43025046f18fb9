import ConsentCore
import Foundation

/// Benchmarks behind the README's Performance section; `Scripts/benchmark.sh` runs them in release.
///
///     attsim-bench walk [DEPTH] [RUNS]   the exhaustive state walk, median wall time over RUNS
enum Benchmark {
  static func main(_ arguments: [String]) -> Int32 {
    switch arguments.first {
    case "walk":
      let depth = arguments.count > 1 ? Int(arguments[1]) ?? 6 : 6
      let runs = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
      walk(depth: depth, runs: runs)
      return 0
    default:
      FileHandle.standardError.write(Data("usage: attsim-bench walk [DEPTH] [RUNS]\n".utf8))
      return 2
    }
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
