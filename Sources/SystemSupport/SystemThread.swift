import Glibc
import Synchronization

/// A thread of the operating system's, running one closure and keeping its result until `join` asks for it.
/// attsim starts its few threads (the worker that checks an app after the UI's first frame, the reading of
/// the system texts beside the app's) this way rather than through Dispatch, whose library and Swift
/// Concurrency's, which it brings, cost the binary 85 KB of relocated data and 45 page faults before the
/// first frame (DECISIONS D61). Each thread starts with every signal blocked: signals go to the thread that
/// handles them (the main one's poll loop), never interrupt a worker's reads.
public final class SystemThread<Result: Sendable>: Sendable {
  private let thread: pthread_t
  private let result: ResultSlot<Result>

  /// Starts `body` on a new thread, or nil when the system will not start one (the caller then runs it
  /// itself).
  public init?(_ body: @escaping @Sendable () -> Result) {
    let result = ResultSlot<Result>()
    guard let thread = Self.start({ result.value.withLock { $0 = body() } }, detached: false) else { return nil }
    self.thread = thread
    self.result = result
  }

  /// Waits until the thread's closure has returned, and gives what it returned. Call it once.
  public func join() -> Result {
    pthread_join(thread, nil)
    guard let value = result.value.withLock({ $0 }) else { preconditionFailure("a joined thread left no result") }
    return value
  }

  /// A new thread running `body`, its signals blocked from its first instruction (it inherits the mask the
  /// starting thread has while it starts it).
  fileprivate static func start(_ body: @escaping @Sendable () -> Void, detached: Bool) -> pthread_t? {
    var all = sigset_t()
    var previous = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_SETMASK, &all, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    if detached { pthread_detach(thread) }
    return thread
  }
}

extension SystemThread where Result == Void {
  /// Starts `body` on a new thread of its own, which no one waits for; false when the system will not start
  /// one.
  public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
    start(body, detached: true) != nil
  }
}

/// A thread's closure, boxed to pass through pthread_create's one pointer.
private final class Body: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Where a thread leaves its result for `join`.
private final class ResultSlot<Value: Sendable>: Sendable {
  let value = Mutex<Value?>(nil)
}
