import Glibc
import Synchronization
import SystemSupport

/// Work the session hands to another thread (the check of an app, which may read thousands of source files;
/// the scenario library), so the loop stays free: keys, `q` and signals are handled while it runs. Jobs run
/// one after another, in the order given, on one worker thread started with the first; their events come
/// back through a pipe the loop polls, as signals do. When the session ends, the worker stops after the job
/// it is doing (the process usually ends first).
final class BackgroundWork<Job: Sendable, Event: Sendable>: Sendable {
  private let channel: Channel<Job, Event>
  private let perform: @Sendable (Job) -> [Event]

  /// A worker that does each job with `perform`.
  init?(_ perform: @escaping @Sendable (Job) -> [Event]) {
    guard let channel = Channel<Job, Event>() else { return nil }
    self.channel = channel
    self.perform = perform
  }

  deinit {
    channel.stop()
  }

  /// Starts `job` once the jobs before it are done. Without a worker thread (the system would not start one)
  /// the job is done here and now.
  func submit(_ job: Job) {
    guard channel.queue(job) else { return }
    let channel = channel
    let perform = perform
    if !SystemThread<Void>.detach({ channel.work(perform) }) { channel.work(perform, untilEmpty: true) }
  }

  /// The descriptor the loop polls: readable once a job is done.
  var descriptor: Int32 { channel.doneRead }

  /// The events of the jobs done since the last call (each only once).
  func take() -> [Event] { channel.take() }
}

/// What the session's loop and its worker share: the jobs waiting, the events done, and two pipes, one that
/// wakes the worker and one that wakes the loop. It closes its pipes when both have let it go.
private final class Channel<Job: Sendable, Event: Sendable>: Sendable {
  private struct State {
    var jobs: [Job] = []
    var events: [Event] = []
    var hasWorker = false
    var stopped = false
  }
  private let state = Mutex(State())
  private let wakeRead: Int32
  private let wakeWrite: Int32
  let doneRead: Int32
  private let doneWrite: Int32

  init?() {
    var wake: [Int32] = [-1, -1]
    var done: [Int32] = [-1, -1]
    guard pipe(&wake) == 0 else { return nil }
    guard pipe(&done) == 0 else {
      for end in wake { close(end) }
      return nil
    }
    for end in wake + done { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // The loop's end never blocks it; a full pipe is a signal already given, so no writer waits on one.
    for end in [done[0], wake[1], done[1]] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    (wakeRead, wakeWrite, doneRead, doneWrite) = (wake[0], wake[1], done[0], done[1])
  }

  deinit {
    for end in [wakeRead, wakeWrite, doneRead, doneWrite] { close(end) }
  }

  /// Adds `job` to the waiting ones and wakes the worker; true when there is no worker yet (the caller starts
  /// one).
  func queue(_ job: Job) -> Bool {
    let startsWorker = state.withLock { state in
      state.jobs.append(job)
      defer { state.hasWorker = true }
      return !state.hasWorker
    }
    signal(wakeWrite)
    return startsWorker
  }

  /// Asks the worker to stop once the job it is doing is done.
  func stop() {
    state.withLock { $0.stopped = true }
    signal(wakeWrite)
  }

  /// The worker's loop: each waiting job done with `perform`, its events left for the loop, until the session
  /// stops (or, `untilEmpty`, until no job waits).
  func work(_ perform: (Job) -> [Event], untilEmpty: Bool = false) {
    while true {
      let next: Job?? = state.withLock { state in
        if state.stopped { return .none }
        guard state.jobs.isEmpty else { return state.jobs.removeFirst() }
        // Done here and now, the next job finds no worker and starts one again.
        if untilEmpty { state.hasWorker = false }
        return .some(nil)
      }
      guard let waiting = next else { return }
      guard let job = waiting else {
        if untilEmpty { return }
        waitForSignal()
        continue
      }
      let events = perform(job)
      state.withLock { $0.events += events }
      signal(doneWrite)
    }
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

  /// One byte into a pipe: something is waiting at its other end.
  private func signal(_ end: Int32) {
    var byte: UInt8 = 1
    _ = write(end, &byte, 1)
  }

  /// Blocks until a byte comes down the worker's pipe.
  private func waitForSignal() {
    var byte: UInt8 = 0
    while read(wakeRead, &byte, 1) < 0 && errno == EINTR {}
  }
}
