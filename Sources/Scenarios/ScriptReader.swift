import Diagnostics
import TextSupport

/// Reads a script from the bytes of its file, a chunk at a time, so the file is never held whole: splits
/// lines at LF, CRLF or CR, drops a leading byte-order mark, checks that each line is UTF-8, and hands the
/// lines to a `ScriptBuilder`. Holds one line at a time, at most `lineLimit` bytes of it.
public struct ScriptReader {
  /// The longest line a script may have, in bytes: a megabyte, far more than any purpose string.
  public static let lineLimit = 1 << 20

  private var builder: ScriptBuilder
  /// The bytes of the line being read, without its line break.
  private var line: [UInt8] = []
  /// How many bytes of the file were read before this chunk.
  private var offset = 0
  /// Where the line being read starts in the file.
  private var lineStart = 0
  /// Whether the last byte read ended a line with CR, so an LF right after it belongs to the same break.
  private var afterCR = false
  /// Whether the line being read passed `lineLimit`: the rest of it is skipped.
  private var lineTooLong = false
  /// The first byte that is not UTF-8, as the one error of a file that is not text.
  private var notUTF8: Diagnostic?

  /// A reader of the script `file`, with at most `stepLimit` steps.
  public init(file: String, stepLimit: Int = ScriptParser.stepLimit) {
    builder = ScriptBuilder(file: file, stepLimit: stepLimit)
  }

  /// Whether more bytes can change the outcome: false once the file is known not to be UTF-8 or the builder
  /// wants no more lines (see `ScriptBuilder.wantsMore`).
  public var wantsMore: Bool { notUTF8 == nil && builder.wantsMore }

  /// Takes the next bytes of the file.
  public mutating func read(_ chunk: [UInt8]) {
    var start = 0
    while start < chunk.count && wantsMore {
      if afterCR {
        afterCR = false
        if chunk[start] == 0x0A {
          start += 1
          lineStart = offset + start
          continue
        }
      }
      guard let end = chunk[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
        take(chunk[start...])
        break
      }
      take(chunk[start..<end])
      endLine()
      afterCR = chunk[end] == 0x0D
      start = end + 1
      lineStart = offset + start
    }
    offset += chunk.count
  }

  /// The script, or every error in it, once every chunk was read.
  public mutating func finish() -> Result<Script, ScriptErrors> {
    // The last line, when the file does not end with a line break.
    if wantsMore && (!line.isEmpty || lineTooLong) { endLine() }
    if let notUTF8 { return .failure(ScriptErrors(errors: [notUTF8])) }
    return builder.finish()
  }

  /// Adds `bytes` to the line being read, unless it passed the limit.
  private mutating func take(_ bytes: ArraySlice<UInt8>) {
    guard !lineTooLong else { return }
    guard line.count + bytes.count <= Self.lineLimit else {
      lineTooLong = true
      line = []
      return
    }
    line += bytes
  }

  /// Hands the line read to the builder, or says why it cannot be read.
  private mutating func endLine() {
    defer { line.removeAll(keepingCapacity: line.capacity <= 1 << 16) }
    if lineTooLong {
      lineTooLong = false
      builder.skipLine(
        because: "a line may be at most \(MessageList.grouped(Self.lineLimit)) bytes long; this one is longer")
      return
    }
    guard var text = String(validating: line, as: UTF8.self) else {
      notUTF8 = notUTF8Error()
      return
    }
    if builder.lineNumber == 0, text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    builder.add(text[...])
  }

  /// The error for the line read, which is not UTF-8: where its first bad byte is, its column counted in
  /// scalars from the line's start (a byte-order mark counts), as compilers count.
  private func notUTF8Error() -> Diagnostic {
    var position = 0
    var column = 1
    var bytes = line.makeIterator()
    var decoder = UTF8()
    while case .scalarValue(let scalar) = decoder.decode(&bytes) {
      position += UTF8.width(scalar)
      column += 1
    }
    let byte = "0x" + String(line[min(position, line.count - 1)], radix: 16, uppercase: true)
    return Diagnostic.scriptError(
      file: builder.file, line: builder.lineNumber + 1, column: column,
      message: "not UTF-8 text (byte \(byte) at offset \(lineStart + position))")
  }
}
