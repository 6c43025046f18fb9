import Glibc

/// A moment on the system's monotonic clock (which no change of the wall clock moves), to the nanosecond.
/// attsim times with it rather than the standard library's `ContinuousClock`, which belongs to Swift
/// Concurrency: using it linked that runtime, and Dispatch with it, into the binary (DECISIONS D61).
public struct MonotonicInstant: Comparable, Sendable {
  /// Nanoseconds since an arbitrary start (the machine's boot, on Linux).
  public let nanoseconds: Int64

  /// The moment `nanoseconds` after the clock's start.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// Now.
  public static var now: MonotonicInstant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return MonotonicInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }

  /// The moment `milliseconds` later (earlier when negative).
  public func adding(milliseconds: Int) -> MonotonicInstant {
    MonotonicInstant(nanoseconds: nanoseconds + Int64(milliseconds) * 1_000_000)
  }

  /// Whole milliseconds from this moment to `later`, rounded down (negative when `later` is earlier).
  public func milliseconds(until later: MonotonicInstant) -> Int {
    let difference = later.nanoseconds - nanoseconds
    let (quotient, remainder) = difference.quotientAndRemainder(dividingBy: 1_000_000)
    return Int(remainder < 0 ? quotient - 1 : quotient)
  }

  public static func < (earlier: MonotonicInstant, later: MonotonicInstant) -> Bool {
    earlier.nanoseconds < later.nanoseconds
  }
}
