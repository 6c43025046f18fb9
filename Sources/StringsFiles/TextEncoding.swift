import Diagnostics

/// How a strings file was encoded.
public enum TextEncoding: String, Hashable, Sendable {
  case utf8 = "UTF-8"
  case utf8WithBOM = "UTF-8 with BOM"
  case utf16LittleEndian = "UTF-16LE"
  case utf16BigEndian = "UTF-16BE"
  case utf32LittleEndian = "UTF-32LE"
  case utf32BigEndian = "UTF-32BE"
  /// UTF-16 without a byte-order mark, which CoreFoundation misreads: it takes the first two bytes for a
  /// little-endian BOM, losing the first character (and garbling big-endian text entirely).
  case utf16LittleEndianWithoutBOM = "UTF-16LE without BOM"
  case utf16BigEndianWithoutBOM = "UTF-16BE without BOM"
  /// A binary property list (as in built apps).
  case binaryPropertyList = "binary property list"
}

/// Why a file's bytes cannot be read as text (an error), or a flaw iOS reads past (a warning): a `Diagnostic`
/// at its place in the decoded text, and the offset of the bad byte in the original file.
public struct EncodingProblem: Error, Hashable, Sendable {
  /// The file, where the problem is in its decoded text, and what is wrong.
  public var diagnostic: Diagnostic
  /// Byte offset into the original file of the bad byte.
  public var byteOffset: Int

  /// A problem of `file` at `byteOffset`, placed at the end of the text decoded so far (`output`).
  init(_ severity: Severity, file: String, byteOffset: Int, after output: [UInt8], message: String) {
    let location = LineMap(bytes: output).location(of: output.count)
    diagnostic = Diagnostic(file: file, location: location, severity: severity, message: message)
    self.byteOffset = byteOffset
  }
}

/// A file's text, converted to UTF-8.
public struct DecodedText: Sendable {
  /// How the file was encoded.
  public var encoding: TextEncoding
  /// The text as UTF-8, without a byte-order mark.
  public var utf8: [UInt8]
  /// Flaws iOS may read past (a dangling byte, an unpaired surrogate, the first invalid UTF-8 byte), each at
  /// its byte offset in the original file.
  public var flaws: [EncodingProblem]
}

/// Detects a file's text encoding and converts it to UTF-8, the way CoreFoundation reads it.
public enum TextDecoder {
  /// The text of `bytes` (the file `file`, as shown), or the first byte that makes iOS reject it.
  public static func decode(_ bytes: [UInt8], file: String) -> Result<DecodedText, EncodingProblem> {
    let count = bytes.count
    if count >= 4 && bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0 {
      return utf(bytes, from: 4, width: 4, bigEndian: false, as: .utf32LittleEndian, file: file)
    }
    if count >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF {
      return utf(bytes, from: 4, width: 4, bigEndian: true, as: .utf32BigEndian, file: file)
    }
    if count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
      return utf(bytes, from: 2, width: 2, bigEndian: false, as: .utf16LittleEndian, file: file)
    }
    if count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
      return utf(bytes, from: 2, width: 2, bigEndian: true, as: .utf16BigEndian, file: file)
    }
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      return utf8(bytes, from: 3, as: .utf8WithBOM, file: file)
    }
    // CoreFoundation takes a NUL in either of the first two bytes for UTF-16LE whose first two bytes are a
    // byte-order mark, so it loses the first character. Read it as iOS does, and say so.
    if count >= 2 && (bytes[0] == 0 || bytes[1] == 0) {
      let looksBigEndian = looksLikeUTF16WithoutBOM(bytes) == true || bytes[0] == 0
      let encoding: TextEncoding = looksBigEndian ? .utf16BigEndianWithoutBOM : .utf16LittleEndianWithoutBOM
      return utf(bytes, from: 2, width: 2, bigEndian: false, as: encoding, file: file)
    }
    return utf8(bytes, from: 0, as: .utf8, file: file)
  }

  /// BOM-less UTF-16 shows as NUL bytes in every other position of ASCII-heavy text; nil when it does not.
  /// Returns whether it is big-endian.
  static func looksLikeUTF16WithoutBOM(_ bytes: [UInt8]) -> Bool? {
    guard bytes.count >= 2 && bytes.count % 2 == 0 else { return nil }
    let sample = Swift.min(bytes.count, 512) & ~1
    var zerosEven = 0
    var zerosOdd = 0
    for index in 0..<sample where bytes[index] == 0 {
      if index % 2 == 0 { zerosEven += 1 } else { zerosOdd += 1 }
    }
    let pairs = sample / 2
    if zerosOdd * 2 > pairs && zerosEven * 8 < pairs { return false }
    if zerosEven * 2 > pairs && zerosOdd * 8 < pairs { return true }
    return nil
  }

  /// The offset of the first byte at or after `start` that breaks UTF-8 (overlongs, surrogates and values
  /// past U+10FFFF included), or nil when all is valid.
  public static func firstInvalidUTF8(_ bytes: [UInt8], from start: Int = 0) -> Int? {
    do throws(UTF8.ValidationError) {
      _ = try UTF8Span(validating: bytes.span.extracting(start...))
      return nil
    } catch {
      return start + error.byteOffsets.lowerBound
    }
  }

  /// UTF-8 as CoreFoundation reads it: any broken sequence makes the file unreadable, except a stray
  /// 0xA9 byte, which reads as U+FFFD (an observed CoreFoundation quirk, noted as a flaw).
  static func utf8(_ bytes: [UInt8], from start: Int, as encoding: TextEncoding, file: String) -> Result<
    DecodedText, EncodingProblem
  > {
    let first = firstInvalidUTF8(bytes, from: start)
    guard var bad = first else {
      let text = start == 0 ? bytes : Array(bytes[start...])
      return .success(DecodedText(encoding: encoding, utf8: text, flaws: []))
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count - start + 16)
    var flaws: [EncodingProblem] = []
    var copied = start
    while true {
      guard bytes[bad] == 0xA9 else {
        output += bytes[copied..<bad]
        return .failure(EncodingProblem(.error, file: file, byteOffset: bad, after: output, message: "invalid UTF-8"))
      }
      output += bytes[copied..<bad]
      if flaws.isEmpty {
        flaws.append(
          EncodingProblem(
            .warning, file: file, byteOffset: bad, after: output, message: "a stray 0xA9 byte, which iOS shows as �"))
      }
      output += [0xEF, 0xBF, 0xBD]
      copied = bad + 1
      guard let next = firstInvalidUTF8(bytes, from: copied) else { break }
      bad = next
    }
    output += bytes[copied...]
    return .success(DecodedText(encoding: encoding, utf8: output, flaws: flaws))
  }

  /// UTF-16 or UTF-32 (code units of `width` bytes) as CoreFoundation reads it: dangling last bytes are
  /// dropped and an unpaired UTF-16 surrogate reads as U+FFFD, both noted as flaws; an invalid UTF-32 code
  /// point is fatal.
  private static func utf(
    _ bytes: [UInt8], from start: Int, width: Int, bigEndian: Bool, as encoding: TextEncoding, file: String
  ) -> Result<DecodedText, EncodingProblem> {
    var flaws: [EncodingProblem] = []
    let end = bytes.count - (bytes.count - start) % width
    var output: [UInt8] = []
    output.reserveCapacity(end - start)
    func unit(at index: Int) -> UInt32 {
      var value: UInt32 = 0
      for offset in 0..<width { value = value << 8 | UInt32(bytes[index + (bigEndian ? offset : width - 1 - offset)]) }
      return value
    }
    var index = start
    while index < end {
      let high = unit(at: index)
      var scalar = Unicode.Scalar(high)
      var length = width
      if width == 2, (0xD800...0xDBFF).contains(high), index + 3 < end, case let low = unit(at: index + 2),
        (0xDC00...0xDFFF).contains(low)
      {
        scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        length = 4
      }
      if scalar == nil && width == 4 {
        return .failure(
          EncodingProblem(.error, file: file, byteOffset: index, after: output, message: "an invalid UTF-32 code point")
        )
      }
      if scalar == nil && !flaws.contains(where: { $0.diagnostic.message.hasPrefix("an unpaired") }) {
        flaws.append(
          EncodingProblem(
            .warning, file: file, byteOffset: index, after: output,
            message: "an unpaired UTF-16 surrogate, which iOS shows as �"))
      }
      appendUTF8(scalar ?? "\u{FFFD}", to: &output)
      index += length
    }
    if end < bytes.count {
      let dangling = width == 2 ? "a dangling last byte" : "dangling last bytes"
      flaws.append(
        EncodingProblem(.warning, file: file, byteOffset: end, after: output, message: "\(dangling), which iOS drops"))
    }
    return .success(DecodedText(encoding: encoding, utf8: output, flaws: flaws))
  }
}

/// Appends the UTF-8 form of `scalar`.
func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
  output.append(contentsOf: UTF8.encode(scalar)!)
}

/// The value of a hex digit (`0`–`9`, `a`–`f`, `A`–`F`).
func hexDigit(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
