import FileAccess
import Scenarios
import TextSupport

/// `attsim matrix [--format csv|markdown|attsim] [--row N] [--out DIR]`: the QA test plan, every row run through
/// the model; a row, or every row, as a script `play` runs.
enum MatrixCommand {
  static func run(_ format: MatrixFormat, row: String?, out: FilePath?, console: Console) -> Int32 {
    let rows = TestPlan.rows()
    if let row {
      guard let number = Int(row), rows.indices.contains(number - 1) else {
        console.err("attsim: --row must be a row of the plan, 1 to \(rows.count), not '\(row.forMessage(limit: 60))'\n")
        return 2
      }
      console.out(TestPlan.script(rows[number - 1]))
      return 0
    }
    switch format {
    case .csv: console.out(TestPlan.csv(rows))
    case .markdown: console.out(TestPlan.markdown(rows))
    case .attsim:
      // One file per row, each through a temporary file renamed into place: a row's script is whole or absent.
      guard let out else { return 2 }
      for row in rows {
        let name = "row-\(String(10_000 + row.number).dropFirst()).attsim"
        if let problem = OutputFile.write(TestPlan.script(row), to: out.appending(name)) {
          console.err("attsim: \(problem.message.escapingControlCharacters)\n")
          return 2
        }
      }
      console.err("attsim matrix: \(rows.count) scripts written to \(out.shown())\n")
    }
    return 0
  }
}
