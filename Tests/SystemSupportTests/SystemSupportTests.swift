import Glibc
import Synchronization
import SystemSupport
import Testing

@Suite struct MonotonicInstantTests {
  @Test func millisecondsAreCountedBetweenMoments() {
    let start = MonotonicInstant(nanoseconds: 5_000_000_000)
    #expect(start.milliseconds(until: start.adding(milliseconds: 1500)) == 1500)
    #expect(start.adding(milliseconds: -250) < start)
    // Rounded down, also before the start: 1.5 ms earlier is 2 whole milliseconds back.
    #expect(start.milliseconds(until: MonotonicInstant(nanoseconds: 5_000_999_999)) == 0)
    #expect(start.milliseconds(until: MonotonicInstant(nanoseconds: 4_998_500_000)) == -2)
  }

  @Test func theClockNeverGoesBack() {
    var last = MonotonicInstant.now
    for _ in 0..<1000 {
      let next = MonotonicInstant.now
      #expect(last <= next)
      last = next
    }
  }
}

@Suite struct SystemThreadTests {
  @Test func aJoinedThreadGivesWhatItReturned() throws {
    let threads = try (0..<8).map { index in try #require(SystemThread { (0...index * 1000).reduce(0, +) }) }
    #expect(threads.map { $0.join() } == (0..<8).map { index in (0...index * 1000).reduce(0, +) })
  }

  @Test func aThreadRunsOnAnotherThreadWithEverySignalBlocked() throws {
    // The test's own thread lets SIGWINCH through (the test runner's threads may block it already).
    var winch = sigset_t()
    sigemptyset(&winch)
    sigaddset(&winch, SIGWINCH)
    var before = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &winch, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    let mainThread = pthread_self()
    let thread = try #require(
      SystemThread { () -> (isOther: Bool, blocksSIGWINCH: Bool, blocksSIGTERM: Bool) in
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        return (
          pthread_equal(pthread_self(), mainThread) == 0, sigismember(&mask, SIGWINCH) == 1,
          sigismember(&mask, SIGTERM) == 1
        )
      })
    let seen = thread.join()
    #expect(seen.isOther && seen.blocksSIGWINCH && seen.blocksSIGTERM)
    // The starting thread's own mask is as it was.
    var mask = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &mask)
    #expect(sigismember(&mask, SIGWINCH) == 0)
  }

  @Test func aDetachedThreadRuns() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    let writeEnd = ends[1]
    #expect(
      SystemThread<Void>.detach {
        var byte: UInt8 = 42
        _ = write(writeEnd, &byte, 1)
      })
    var byte: UInt8 = 0
    #expect(read(ends[0], &byte, 1) == 1)
    #expect(byte == 42)
  }
}
