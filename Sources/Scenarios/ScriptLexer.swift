import Diagnostics

/// One word of a script line: `request`, `ios=14.5`, `name="Sign up"`.
struct ScriptWord: Hashable, Sendable {
  /// The part before the first unquoted `=`, or nil when there is none.
  var key: String?
  /// The value (after `=`), or the whole word; quotes removed and escapes resolved.
  var value: String
  /// 1-based column where the word starts.
  var column: Int
  /// 1-based column where the value starts.
  var valueColumn: Int
  /// The word as written, for messages.
  var text: String
}

/// Splits a script line into words: spaces separate, `#` outside quotes starts a comment, double quotes
/// group spaces, and `\"` and `\\` escape inside quotes.
enum ScriptLexer {
  /// The words of `line`, or the script error that stops it (placed at `lineNumber` of `file`), in one pass
  /// that keeps nothing per character.
  static func words(of line: some StringProtocol, file: String = "", lineNumber: Int = 1) -> Result<
    [ScriptWord], Diagnostic
  > {
    var words: [ScriptWord] = []
    // Columns count characters, as an editor shows them; unquoted runs are copied from `line` whole.
    var index = line.startIndex
    var column = 1
    func isSeparator(_ character: Character) -> Bool { character == " " || character == "\t" || character == "#" }
    while index < line.endIndex {
      let character = line[index]
      if character == " " || character == "\t" {
        line.formIndex(after: &index)
        column += 1
        continue
      }
      if character == "#" { break }
      let (start, startColumn) = (index, column)
      var key: String?
      var value = ""
      var valueColumn = column
      var run = index
      while index < line.endIndex, !isSeparator(line[index]) {
        let current = line[index]
        if current == "=" && key == nil {
          key = value + line[run..<index]
          value = ""
          line.formIndex(after: &index)
          column += 1
          valueColumn = column
          run = index
        } else if current == "\"" {
          value += line[run..<index]
          let quoteColumn = column
          line.formIndex(after: &index)
          column += 1
          var closed = false
          while index < line.endIndex {
            let quoted = line[index]
            line.formIndex(after: &index)
            column += 1
            if quoted == "\\", index < line.endIndex, line[index] == "\"" || line[index] == "\\" {
              value.append(line[index])
              line.formIndex(after: &index)
              column += 1
            } else if quoted == "\"" {
              closed = true
              break
            } else {
              value.append(quoted)
            }
          }
          if !closed {
            return .failure(
              .scriptError(file: file, line: lineNumber, column: quoteColumn, message: "unterminated quote"))
          }
          run = index
        } else {
          line.formIndex(after: &index)
          column += 1
        }
      }
      value += line[run..<index]
      words.append(
        ScriptWord(
          key: key, value: value, column: startColumn, valueColumn: valueColumn, text: String(line[start..<index])))
    }
    return .success(words)
  }

  /// The text of `line` without its comment and surrounding spaces, for reports: from its first word to the
  /// end of its last.
  static func commandText(of line: Substring, words: [ScriptWord]) -> Substring {
    guard let first = words.first, let last = words.last else { return "" }
    let start = line.index(line.startIndex, offsetBy: first.column - 1)
    let end = line.index(start, offsetBy: last.column - first.column + last.text.count)
    return line[start..<end]
  }
}
