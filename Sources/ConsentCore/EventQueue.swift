/// Events waiting to leave, oldest first, by name: a persistent list, so the copies states keep (the undo
/// history) share nodes, and the 100,000th event costs what the first did.
public struct EventQueue: Hashable, Sendable, ExpressibleByArrayLiteral, Sequence {
  /// One event, and the one queued before it. Nodes never change once shared; `deinit` only unlinks the
  /// nodes no one else holds, one at a time, so dropping a long queue cannot overflow the stack.
  private final class Node: @unchecked Sendable {
    let name: String
    var previous: Node?

    init(_ name: String, after previous: Node?) {
      self.name = name
      self.previous = previous
    }

    deinit {
      var next = previous
      previous = nil
      while isKnownUniquelyReferenced(&next) {
        let following = next?.previous
        next?.previous = nil
        next = following
      }
    }
  }

  private var newest: Node?
  /// How many events wait.
  public private(set) var count = 0

  /// An empty queue.
  public init() {}

  /// A queue of `names`, oldest first.
  public init(arrayLiteral names: String...) {
    for name in names { append(name) }
  }

  /// Whether nothing waits.
  public var isEmpty: Bool { count == 0 }

  /// Queues `name` after the others.
  public mutating func append(_ name: String) {
    newest = Node(name, after: newest)
    count += 1
  }

  /// Empties the queue.
  public mutating func removeAll() {
    newest = nil
    count = 0
  }

  /// The names, oldest first.
  public var names: [String] {
    var names: [String] = []
    names.reserveCapacity(count)
    var node = newest
    while let current = node {
      names.append(current.name)
      node = current.previous
    }
    return names.reversed()
  }

  public func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }

  public static func == (lhs: EventQueue, rhs: EventQueue) -> Bool {
    lhs.count == rhs.count && (lhs.newest === rhs.newest || lhs.names == rhs.names)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(newest?.name)
  }
}
