import Dispatch
import Platform
import Synchronization

/// Work the session hands to another thread (an app's check, the scenario library) so keys and signals are
/// handled meanwhile: jobs run in order on a serial Dispatch queue (whose threads block the session's signals),
/// their events come back through a pipe the loop polls; jobs not started when the session ends are dropped.
final class BackgroundWork<Job: Sendable, Event: Sendable>: Sendable {
  private let queue = DispatchQueue(label: "attsim.background-work")
  private let channel: Channel<Event>
  private let perform: @Sendable (Job) -> [Event]

  /// A worker that does each job with `perform`; nil when the system gives no pipe for its events.
  init?(_ perform: @escaping @Sendable (Job) -> [Event]) {
    guard let channel = Channel<Event>() else { return nil }
    self.channel = channel
    self.perform = perform
  }

  deinit {
    channel.stop()
  }

  /// Starts `job` once the jobs before it are done.
  func submit(_ job: Job) {
    let channel = channel
    let perform = perform
    queue.async { channel.run { perform(job) } }
  }

  /// The descriptor the loop polls: readable once a job is done.
  var descriptor: Int32 { channel.doneRead }

  /// The events of the jobs done since the last call (each only once).
  func take() -> [Event] { channel.take() }
}

/// What the session's loop and the jobs share: the events done, whether the session has ended, and the pipe
/// that wakes the loop. It closes its pipe when the session and every job have let it go.
private final class Channel<Event: Sendable>: Sendable {
  private struct State {
    var events: [Event] = []
    var stopped = false
  }
  private let state = Mutex(State())
  let doneRead: Int32
  private let doneWrite: Int32

  init?() {
    // Neither end blocks: the loop drains its end, and a full pipe is a wake-up already given.
    guard let done = Platform.nonBlockingPipe() else { return nil }
    (doneRead, doneWrite) = (done.read, done.write)
  }

  deinit {
    close(doneRead)
    close(doneWrite)
  }

  /// Lets no job start any more.
  func stop() {
    state.withLock { $0.stopped = true }
  }

  /// Does a job (unless the session has ended) and leaves its events for the loop.
  func run(_ job: () -> [Event]) {
    guard !state.withLock({ $0.stopped }) else { return }
    let events = job()
    state.withLock { $0.events += events }
    var byte: UInt8 = 1
    _ = write(doneWrite, &byte, 1)
  }

  /// The events done since the last call, each only once.
  func take() -> [Event] {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(doneRead, &bytes, bytes.count) > 0 {}
    return state.withLock { state in
      defer { state.events = [] }
      return state.events
    }
  }
}
