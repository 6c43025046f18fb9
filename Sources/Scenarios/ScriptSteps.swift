/// The steps of a script, in order. A script read from a file keeps each step as its command text and 12
/// bytes of place, parsed again when read: a million steps cost their text and 12 MB, not a million `Step`s.
public struct ScriptSteps: RandomAccessCollection, Hashable, Sendable {
  /// Where one packed step is: its line, its column, and the end of its command text in `text`.
  private struct Place: Hashable, Sendable {
    var line: UInt32
    var column: UInt32
    var end: UInt32
  }

  private enum Storage: Hashable, Sendable {
    case given([Step])
    case packed(text: [UInt8], places: [Place])
  }

  private var storage: Storage

  /// `steps`, as given.
  public init(_ steps: [Step]) { storage = .given(steps) }

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .given(let steps): steps.count
    case .packed(_, let places): places.count
    }
  }

  public subscript(position: Int) -> Step {
    switch storage {
    case .given(let steps): return steps[position]
    case .packed(let text, let places):
      let place = places[position]
      let start = position == 0 ? 0 : Int(places[position - 1].end)
      let command = String(decoding: text[start..<Int(place.end)], as: UTF8.self)
      return Self.step(command, line: Int(place.line), column: Int(place.column))
    }
  }

  /// Steps packed as they are read, one accepted command line at a time.
  struct Packer {
    private var text: [UInt8] = []
    private var places: [Place] = []

    /// Adds the step whose command text (without comment or surrounding spaces) is `command`, found at
    /// `line` and `column`; the parser accepted it.
    mutating func append(command: Substring, line: Int, column: Int) {
      text.append(contentsOf: command.utf8)
      places.append(Place(line: UInt32(line), column: UInt32(column), end: UInt32(text.count)))
    }

    /// The steps packed so far.
    var steps: ScriptSteps { ScriptSteps(storage: .packed(text: text, places: places)) }
  }

  private init(storage: Storage) { self.storage = storage }

  /// The step `command`, found at `line` and `column`, parsed into when it was read (its words lexed again,
  /// shifted by the column).
  private static func step(_ command: String, line: Int, column: Int) -> Step {
    guard case .success(var words) = ScriptLexer.words(of: command), !words.isEmpty else {
      preconditionFailure("a step's command text lexes as it did when the script was read")
    }
    for index in words.indices {
      words[index].column += column - 1
      words[index].valueColumn += column - 1
    }
    var parser = LineParser(file: "", line: line, words: words)
    do {
      return Step(line: line, column: column, command: command, kind: try parser.parse())
    } catch {
      preconditionFailure("a step's command text parses as it did when the script was read: \(error)")
    }
  }

  public static func == (left: ScriptSteps, right: ScriptSteps) -> Bool {
    if case .packed = left.storage, case .packed = right.storage { return left.storage == right.storage }
    return left.elementsEqual(right)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for step in self { hasher.combine(step) }
  }
}
