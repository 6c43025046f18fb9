import Dispatch
import Glibc
import Synchronization

/// Work the session hands to another thread after its first frame (the check of the app, which may read
/// thousands of source files), so the loop stays free: keys, `q` and signals are handled while it runs. Its
/// events come back through a pipe the loop polls, as signals do.
final class BackgroundWork<Event: Sendable>: Sendable {
  private let results = Mutex<[Event]?>(nil)
  /// The pipe's ends: the worker writes a byte when it is done; the loop polls the read end.
  private let readEnd: Int32
  private let writeEnd: Int32

  /// Starts `work` at once on another thread.
  init?(_ work: @escaping @Sendable () -> [Event]) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    readEnd = ends[0]
    writeEnd = ends[1]
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let events = work()
      results.withLock { $0 = events }
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// The descriptor the loop polls: readable once the work is done.
  var descriptor: Int32 { readEnd }

  /// The events, once the work is done (each only once); nil before.
  func take() -> [Event]? {
    results.withLock { events in
      defer { events = [] }
      return events
    }
  }
}
