import Diagnostics

/// Reads binary property lists (`bplist00`), as built apps hold their Info.plist and strings files. The
/// file is checked whole first: its trailer, every offset and reference, and the values it would expand to
/// (CoreFoundation builds a shared child each time it is referred to, so a few hundred bytes can stand for
/// gigabytes); then its objects are read, each once.
enum BinaryPropertyList {
  /// The top object of `bytes` (the file `file`), or why there is none.
  static func read(_ bytes: [UInt8], file: String) -> Result<PlistObject, Diagnostic> {
    if let problem = binaryProblem(bytes) {
      return .failure(Diagnostic(file: file, severity: .error, message: problem))
    }
    var reader = ObjectReader(bytes: bytes, file: file)
    do throws(Diagnostic) {
      return .success(try reader.object(reader.top, depth: 0))
    } catch {
      return .failure(error)
    }
  }

  /// What makes a binary property list unreadable: a trailer that does not fit the file, an object outside
  /// it, a set (which no Info.plist, strings file or manifest holds), a cycle, or too many values.
  static func binaryProblem(_ bytes: [UInt8]) -> String? {
    let count = bytes.count
    guard bytes.starts(with: Array("bplist0".utf8)) else { return "a binary property list of a version other than 0" }
    guard count >= 8 + 32 else { return "a binary property list too short for its trailer" }
    let trailer = count - 32
    func number(at start: Int, size: Int) -> Int? {
      guard start >= 0, size >= 1, size <= 8, start + size <= count else { return nil }
      return Int(exactly: ObjectReader.number(bytes, at: start, size: size))
    }
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize), (1...8).contains(Int(bytes[trailer + 7])),
      let objects = number(at: trailer + 8, size: 8), let table = number(at: trailer + 24, size: 8),
      objects >= 1, objects <= count, table >= 8, table <= trailer, objects <= (trailer - table) / offsetSize
    else { return "a binary property list whose trailer does not fit the file" }
    let referenceSize = Int(bytes[trailer + 7])
    var offsets: [Int] = []
    offsets.reserveCapacity(objects)
    for index in 0..<objects {
      guard let offset = number(at: table + index * offsetSize, size: offsetSize), offset >= 8, offset < table else {
        return "a binary property list with an object outside the file"
      }
      if bytes[offset] >> 4 == 0xC { return "a binary property list holding a set, which attsim does not read" }
      offsets.append(offset)
    }
    guard let top = number(at: trailer + 16, size: 8), top < objects else {
      return "a binary property list whose top object is not in it"
    }
    /// The objects an array or dictionary refers to (for a dictionary, its keys and values).
    func children(_ object: Int) -> [Int]? {
      let offset = offsets[object]
      let marker = bytes[offset]
      guard marker >> 4 == 0xA || marker >> 4 == 0xD else { return [] }
      var count = Int(marker & 0x0F)
      var start = offset + 1
      if count == 0x0F {
        guard start < table, bytes[start] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[start] & 0x0F)
        guard let read = number(at: start + 1, size: size) else { return nil }
        count = read
        start += 1 + size
      }
      let references = marker >> 4 == 0xD ? count * 2 : count
      guard references <= (table - start) / max(referenceSize, 1) else { return nil }
      var found: [Int] = []
      found.reserveCapacity(references)
      for index in 0..<references {
        guard let reference = number(at: start + index * referenceSize, size: referenceSize), reference < objects
        else { return nil }
        found.append(reference)
      }
      return found
    }
    // Count the values as CoreFoundation would build them, shared children each time, and refuse past the cap
    // (or a cycle).
    var expanded = [Int](repeating: -1, count: objects)
    var onPath = [Bool](repeating: false, count: objects)
    var stack: [(object: Int, children: [Int], next: Int, total: Int)] = []
    func push(_ object: Int) -> String? {
      guard let list = children(object) else { return "a binary property list with an object outside the file" }
      onPath[object] = true
      stack.append((object, list, 0, 1))
      return nil
    }
    if let problem = push(top) { return problem }
    while var frame = stack.popLast() {
      if frame.next < frame.children.count {
        let child = frame.children[frame.next]
        frame.next += 1
        if expanded[child] >= 0 {
          frame.total = min(frame.total + expanded[child], maximumValues + 1)
          stack.append(frame)
        } else {
          guard !onPath[child] else { return "a binary property list that contains itself" }
          stack.append(frame)
          if let problem = push(child) { return problem }
        }
        continue
      }
      onPath[frame.object] = false
      expanded[frame.object] = frame.total
      guard frame.total <= maximumValues else {
        return "a binary property list of more than \(maximumValues) values (its arrays share children)"
      }
      if var parent = stack.popLast() {
        parent.total = min(parent.total + frame.total, maximumValues + 1)
        stack.append(parent)
      }
    }
    return nil
  }

  /// The most values a property list may hold, counted as CoreFoundation builds them.
  static let maximumValues = 1_000_000

  /// Reads the objects of a file `binaryProblem` passed: every offset and reference is known to be inside it.
  private struct ObjectReader {
    let bytes: [UInt8]
    /// The file, as shown in problems.
    let file: String
    let offsets: [Int]
    let referenceSize: Int
    let top: Int
    /// Where the offset table starts: every object lies before it.
    let table: Int
    /// Objects already read, by number: a shared child is read once.
    var cache: [PlistObject?]

    init(bytes: [UInt8], file: String) {
      self.bytes = bytes
      self.file = file
      let trailer = bytes.count - 32
      let offsetSize = Int(bytes[trailer + 6])
      referenceSize = Int(bytes[trailer + 7])
      let count = Int(Self.number(bytes, at: trailer + 8, size: 8))
      top = Int(Self.number(bytes, at: trailer + 16, size: 8))
      let table = Int(Self.number(bytes, at: trailer + 24, size: 8))
      self.table = table
      offsets = (0..<count).map { Int(Self.number(bytes, at: table + $0 * offsetSize, size: offsetSize)) }
      cache = Array(repeating: nil, count: count)
    }

    /// A big-endian unsigned number of `size` bytes (1 to 8) at `start`.
    static func number(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
      bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func object(_ number: Int, depth: Int) throws(Diagnostic) -> PlistObject {
      if let known = cache[number] { return known }
      let read = try decode(number, depth: depth)
      cache[number] = read
      return read
    }

    private func problem(_ reason: String) -> Diagnostic {
      Diagnostic(file: file, severity: .error, message: "a binary property list \(reason)")
    }

    /// The bytes `size` from `start`, or a problem when they run into the offset table (where objects end).
    private func slice(_ start: Int, _ size: Int) throws(Diagnostic) -> ArraySlice<UInt8> {
      guard size >= 0, start <= table, size <= table - start else {
        throw problem("with an object that runs into its offset table")
      }
      return bytes[start..<start + size]
    }

    /// An object's length: the marker's low four bits, or an integer object after it when they are 0xF.
    private func length(at offset: Int) throws(Diagnostic) -> (count: Int, start: Int) {
      let low = Int(bytes[offset] & 0x0F)
      guard low == 0x0F else { return (low, offset + 1) }
      let marker = try slice(offset + 1, 1).first!
      guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw problem("with a malformed length") }
      let size = 1 << Int(marker & 0x0F)
      let value = Self.number(bytes, at: try slice(offset + 2, size).startIndex, size: size)
      guard value <= UInt64(bytes.count) else { throw problem("with a length longer than the file") }
      return (Int(value), offset + 2 + size)
    }

    private mutating func decode(_ number: Int, depth: Int) throws(Diagnostic) -> PlistObject {
      let offset = offsets[number]
      let marker = bytes[offset]
      switch marker >> 4 {
      case 0x0:
        switch marker {
        case 0x00: return .null
        case 0x08: return .boolean(false)
        case 0x09: return .boolean(true)
        default: throw problem("with an unknown marker 0x\(String(marker, radix: 16))")
        }
      case 0x1:
        let size = 1 << Int(marker & 0x0F)
        guard size <= 16 else { throw problem("with an integer of \(size) bytes") }
        let payload = try slice(offset + 1, size)
        if size == 16 {
          let high = Self.number(bytes, at: payload.startIndex, size: 8)
          let low = Self.number(bytes, at: payload.startIndex + 8, size: 8)
          return .integer(Int128(Int64(bitPattern: high)) << 64 | Int128(low))
        }
        let value = Self.number(bytes, at: payload.startIndex, size: size)
        // Eight-byte integers are signed; shorter ones are not.
        return .integer(size == 8 ? Int128(Int64(bitPattern: value)) : Int128(value))
      case 0x2:
        let size = 1 << Int(marker & 0x0F)
        let payload = try slice(offset + 1, size)
        let bits = Self.number(bytes, at: payload.startIndex, size: min(size, 8))
        switch size {
        case 4: return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
        case 8: return .real(Double(bitPattern: bits))
        default: throw problem("with a real of \(size) bytes")
        }
      case 0x3:
        guard marker == 0x33 else { throw problem("with an unknown marker 0x\(String(marker, radix: 16))") }
        let payload = try slice(offset + 1, 8)
        return .date(Double(bitPattern: Self.number(bytes, at: payload.startIndex, size: 8)))
      case 0x4:
        let (count, start) = try length(at: offset)
        return .data(Array(try slice(start, count)))
      case 0x5:
        let (count, start) = try length(at: offset)
        // ASCII, as CoreFoundation writes it; other bytes are read as Latin-1, as it reads them.
        return .string(String(try slice(start, count).map { Character(Unicode.Scalar($0)) }))
      case 0x6:
        let (count, start) = try length(at: offset)
        let payload = try slice(start, count * 2)
        let units = stride(from: payload.startIndex, to: payload.endIndex, by: 2).map {
          UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
        }
        return .string(String(decoding: units, as: UTF16.self))
      case 0x8:
        let size = Int(marker & 0x0F) + 1
        // CoreFoundation reads references of up to four bytes.
        guard size <= 4 else { throw problem("with a keyed archiver reference of \(size) bytes") }
        let payload = try slice(offset + 1, size)
        return .uid(Self.number(bytes, at: payload.startIndex, size: min(size, 8)))
      case 0xA, 0xD:
        guard depth < XMLPropertyList.maximumDepth else {
          throw problem("whose arrays and dictionaries nest more than \(XMLPropertyList.maximumDepth) deep")
        }
        let isDictionary = marker >> 4 == 0xD
        let (count, start) = try length(at: offset)
        let references = isDictionary ? count * 2 : count
        let table = try slice(start, references * referenceSize)
        let children = (0..<references).map {
          Int(Self.number(bytes, at: table.startIndex + $0 * referenceSize, size: referenceSize))
        }
        guard isDictionary else {
          var items: [PlistObject] = []
          items.reserveCapacity(count)
          for child in children { items.append(try object(child, depth: depth + 1)) }
          return .array(items)
        }
        var members: [String: PlistObject] = [:]
        members.reserveCapacity(count)
        for pair in 0..<count {
          guard case .string(let key) = try object(children[pair], depth: depth + 1) else {
            throw problem("with a dictionary key that is not a string")
          }
          // Of a repeated key (which no writer makes), CoreFoundation keeps the first value.
          let value = try object(children[count + pair], depth: depth + 1)
          if members[key] == nil { members[key] = value }
        }
        return .dictionary(members)
      default:
        throw problem("with an unknown marker 0x\(String(marker, radix: 16))")
      }
    }
  }
}
