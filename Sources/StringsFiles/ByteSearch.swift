/// Searching bytes for bytes: used by the readers that point findings at a line (Info.plist keys, catalog
/// keys, project settings).
extension Array where Element == UInt8 {
  /// The first occurrence of `needle` at or after `from`.
  public func firstRange(of needle: [UInt8], from: Int) -> Range<Int>? {
    guard !needle.isEmpty, count >= needle.count else { return nil }
    var index = from
    let last = count - needle.count
    while index <= last {
      if self[index] == needle[0] && self[index..<(index + needle.count)].elementsEqual(needle) {
        return index..<(index + needle.count)
      }
      index += 1
    }
    return nil
  }
}
