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
  /// The words of `line`, or an error message with its 1-based column.
  static func words(of line: String) -> Result<[ScriptWord], LexError> {
    var words: [ScriptWord] = []
    // Columns count characters, as an editor shows them; unquoted runs are copied from `line` whole.
    let characters = Array(line)
    let starts = Array(line.indices) + [line.endIndex]
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" {
        index += 1
        continue
      }
      if character == "#" { break }
      let start = index
      var key: String?
      var value = ""
      var valueStart = index
      var run = index
      while index < characters.count, characters[index] != " ", characters[index] != "\t", characters[index] != "#" {
        let current = characters[index]
        if current == "=" && key == nil {
          key = value + line[starts[run]..<starts[index]]
          value = ""
          valueStart = index + 1
          index += 1
          run = index
        } else if current == "\"" {
          value += line[starts[run]..<starts[index]]
          let quoteStart = index
          index += 1
          var closed = false
          while index < characters.count {
            let quoted = characters[index]
            if quoted == "\\", index + 1 < characters.count, ["\"", "\\"].contains(characters[index + 1]) {
              value.append(characters[index + 1])
              index += 2
            } else if quoted == "\"" {
              closed = true
              index += 1
              break
            } else {
              value.append(quoted)
              index += 1
            }
          }
          if !closed { return .failure(LexError(column: quoteStart + 1, message: "unterminated quote")) }
          run = index
        } else {
          index += 1
        }
      }
      value += line[starts[run]..<starts[index]]
      words.append(
        ScriptWord(
          key: key, value: value, column: start + 1, valueColumn: valueStart + 1,
          text: String(line[starts[start]..<starts[index]])))
    }
    return .success(words)
  }

  /// The text of `line` without its comment and surrounding spaces, for reports: from its first word to the
  /// end of its last.
  static func commandText(of line: Substring, words: [ScriptWord]) -> String {
    guard let first = words.first, let last = words.last else { return "" }
    let start = line.index(line.startIndex, offsetBy: first.column - 1)
    let end = line.index(line.startIndex, offsetBy: last.column - 1 + last.text.count)
    return String(line[start..<end])
  }
}

/// A line the lexer cannot split.
struct LexError: Error {
  var column: Int
  var message: String
}
