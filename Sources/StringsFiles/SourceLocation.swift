/// A position in a text file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  /// A position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// Turns byte offsets into UTF-8 text into lines and columns. Lines end at LF, CRLF or CR.
public struct LineMap: Sendable {
  /// The UTF-8 text.
  let bytes: [UInt8]
  /// Byte offsets where each line starts.
  private let lineStarts: [Int]

  /// A map over `bytes` (UTF-8).
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let count = buffer.count
      while index < count {
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
          starts.append(index)
        } else if byte == 0x0D {
          if index < count && buffer[index] == 0x0A { index += 1 }
          starts.append(index)
        }
      }
    }
    lineStarts = starts
  }

  /// The number of lines.
  public var lineCount: Int { lineStarts.count }

  /// The byte offset where 1-based `line` starts (the end of the text past the last line).
  public func startOffset(ofLine line: Int) -> Int {
    line >= 1 && line <= lineStarts.count ? lineStarts[line - 1] : bytes.count
  }

  /// The line and column of the byte at `offset` (the end of the text is a valid offset).
  public func location(of offset: Int) -> SourceLocation {
    let clamped = Swift.max(0, Swift.min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var index = lineStarts[low]
    while index < clamped {
      // Count scalars: every byte that does not continue a UTF-8 sequence starts one.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: low + 1, column: column)
  }
}
