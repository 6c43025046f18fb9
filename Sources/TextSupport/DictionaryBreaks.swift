import CICU
import Synchronization

/// Where Thai, Lao, Khmer and Burmese, which write no spaces between words, may break a line: at the word
/// boundaries ICU's line break iterator finds in its dictionaries (as a browser breaks them).
enum DictionaryBreaks {
  /// Whether `character` is of a script that needs a dictionary to break.
  static func needsDictionary(_ character: Character) -> Bool {
    character.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: true
      default: false
      }
    }
  }

  /// The indices into `characters` where a line may break in or at the edge of a run of those scripts.
  static func opportunities(in characters: [Character]) -> Set<Int> {
    guard characters.contains(where: needsDictionary) else { return [] }
    // UTF-16 for ICU, with the character each offset starts.
    var units: [UInt16] = []
    var characterAt: [Int: Int] = [:]
    for (index, character) in characters.enumerated() {
      characterAt[units.count] = index
      units += character.utf16
    }
    let offsets = iterator.withLock { box -> [Int] in
      guard let breaks = box.iterator,
        units.withUnsafeBufferPointer({ attsim_line_breaks_set_text(breaks, $0.baseAddress, Int32($0.count)) })
      else { return [] }
      attsim_line_breaks_first(breaks)
      var found: [Int] = []
      while case let next = attsim_line_breaks_next(breaks), next >= 0 { found.append(Int(next)) }
      // The iterator must not keep pointing at this text, which is about to go.
      _ = attsim_line_breaks_set_text(breaks, nil, 0)
      return found
    }
    var result: Set<Int> = []
    for offset in offsets {
      guard let index = characterAt[offset], index > 0, index < characters.count,
        needsDictionary(characters[index - 1]) || needsDictionary(characters[index])
      else { continue }
      result.insert(index)
    }
    return result
  }

  /// One iterator for the process, opened on first use and shared under a lock (it is not thread-safe).
  private static let iterator = Mutex(IteratorBox(iterator: attsim_line_breaks_open("")))

  private struct IteratorBox: @unchecked Sendable {
    var iterator: OpaquePointer?
  }
}
