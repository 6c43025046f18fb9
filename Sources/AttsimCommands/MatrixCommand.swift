import Scenarios

/// `attsim matrix [--format csv|markdown]`: the QA test plan, every row run through the model.
enum MatrixCommand {
  static func run(_ format: MatrixFormat, console: Console) -> Int32 {
    let rows = TestPlan.rows()
    console.out(format == .csv ? TestPlan.csv(rows) : TestPlan.markdown(rows))
    return 0
  }
}
