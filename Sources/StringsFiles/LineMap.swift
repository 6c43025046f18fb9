import Diagnostics

/// Turns byte offsets into UTF-8 text into lines and columns. Lines end at LF, CRLF or CR; columns count
/// Unicode scalars from 1. Built once per file in one pass; each lookup then costs a binary search over the
/// lines and a scan of at most `stride` bytes, however long the line (a catalog of a million keys on one line).
public struct LineMap: Sendable {
  /// The UTF-8 text.
  let bytes: [UInt8]
  /// Byte offsets where each line starts.
  private let lineStarts: [Int]
  /// The column (in scalars, from 1) at every `stride`-th byte, so a place on a very long line is found
  /// without counting from the line's start. (32-bit: attsim reads files of at most 64 MB.)
  private let checkpoints: [UInt32]
  /// Bytes between checkpoints: the most a lookup scans (an eighth of the text's size again in checkpoints).
  private static let stride = 32

  /// A map over `bytes` (UTF-8).
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    var marks: [UInt32] = []
    marks.reserveCapacity(bytes.count / Self.stride + 1)
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      var column = 1
      let count = buffer.count
      while index < count {
        if index % Self.stride == 0 { marks.append(UInt32(truncatingIfNeeded: column)) }
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
          starts.append(index)
          column = 1
        } else if byte == 0x0D && !(index < count && buffer[index] == 0x0A) {
          starts.append(index)
          column = 1
        } else if byte & 0xC0 != 0x80 {
          // A CR before LF is counted here; the LF ends the line.
          column += 1
        }
      }
    }
    lineStarts = starts
    checkpoints = marks
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
    // Start from the last checkpoint on this line before the offset, if there is one.
    let checkpoint = clamped / Self.stride * Self.stride
    if checkpoint > index, checkpoint / Self.stride < checkpoints.count {
      column = Int(checkpoints[checkpoint / Self.stride])
      index = checkpoint
    }
    bytes.withUnsafeBufferPointer { buffer in
      while index < clamped {
        // Count scalars: every byte that does not continue a UTF-8 sequence starts one.
        if buffer[index] & 0xC0 != 0x80 { column += 1 }
        index += 1
      }
    }
    return SourceLocation(line: low + 1, column: column)
  }
}
