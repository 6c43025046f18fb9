import Dispatch
import Glibc
import Synchronization

/// Work the session hands to another thread (the check of an app, which may read thousands of source files;
/// the scenario library), so the loop stays free: keys, `q` and signals are handled while it runs. Jobs run
/// one after another, in the order given; their events come back through a pipe the loop polls, as signals
/// do.
final class BackgroundWork<Job: Sendable, Event: Sendable>: Sendable {
  private let results = Mutex<[Event]>([])
  private let queue = DispatchQueue(label: "attsim.background-work", qos: .userInitiated)
  private let perform: @Sendable (Job) -> [Event]
  /// The pipe's ends: the worker writes a byte when a job is done; the loop polls the read end.
  private let readEnd: Int32
  private let writeEnd: Int32

  /// A worker that does each job with `perform`.
  init?(_ perform: @escaping @Sendable (Job) -> [Event]) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    readEnd = ends[0]
    writeEnd = ends[1]
    self.perform = perform
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Starts `job` once the jobs before it are done.
  func submit(_ job: Job) {
    queue.async { [self] in
      let events = perform(job)
      results.withLock { $0 += events }
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
  }

  /// The descriptor the loop polls: readable once a job is done.
  var descriptor: Int32 { readEnd }

  /// The events of the jobs done since the last call (each only once).
  func take() -> [Event] {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &bytes, bytes.count) > 0 {}
    return results.withLock { events in
      defer { events = [] }
      return events
    }
  }
}
