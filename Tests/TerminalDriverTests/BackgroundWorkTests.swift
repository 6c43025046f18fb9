import Glibc
import Synchronization
import Testing

@testable import TerminalDriver

/// The session's worker: jobs done one after another in the order given, their events handed back once each
/// through the descriptor the loop polls.
@Suite struct BackgroundWorkTests {
  /// Everything `work` hands back until `count` events came, waiting on its descriptor as the loop does.
  private func events(_ work: BackgroundWork<Int, Int>, count: Int) -> [Int] {
    var events: [Int] = []
    while events.count < count {
      var watched = pollfd(fd: work.descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&watched, 1, 10_000) == 1 else { break }
      events += work.take()
    }
    return events
  }

  @Test func jobsAreDoneInTheOrderGivenEachEventOnce() throws {
    let running = Mutex(0)
    let overlapped = Mutex(false)
    let work = try #require(
      BackgroundWork<Int, Int> { job in
        // No two jobs at once: each sees no other running.
        running.withLock { count in
          if count > 0 { overlapped.withLock { $0 = true } }
          count += 1
        }
        defer { running.withLock { $0 -= 1 } }
        return [job, job * 1000]
      })
    for job in 1...40 { work.submit(job) }
    #expect(events(work, count: 80) == (1...40).flatMap { [$0, $0 * 1000] })
    #expect(!overlapped.withLock { $0 })
    // A job submitted once the others are done is done too.
    work.submit(41)
    #expect(events(work, count: 2) == [41, 41_000])
    #expect(work.take().isEmpty)
  }

  @Test func theWorkerDoesNotRunOnTheSubmittingThread() throws {
    let submitter = pthread_self()
    let work = try #require(BackgroundWork<Int, Int> { _ in [pthread_equal(pthread_self(), submitter) == 0 ? 1 : 0] })
    work.submit(0)
    #expect(events(work, count: 1) == [1])
  }

  /// The signals a person or the terminal sends reach the loop's thread, never a job: each job runs with them
  /// blocked.
  @Test func jobsRunWithTheSessionsSignalsBlocked() throws {
    let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]
    // Each job's one event: the signals it found unblocked.
    let work = try #require(
      BackgroundWork<Int, [Int32]> { _ in
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        return [signals.filter { sigismember(&mask, $0) != 1 }]
      })
    // Submitted as the loop does, from a thread that has them unblocked (a new worker would inherit its mask).
    var unblocking = sigset_t()
    var before = sigset_t()
    sigemptyset(&unblocking)
    for signal in signals { sigaddset(&unblocking, signal) }
    pthread_sigmask(SIG_UNBLOCK, &unblocking, &before)
    for job in 0..<3 { work.submit(job) }
    pthread_sigmask(SIG_SETMASK, &before, nil)
    var unblocked: [[Int32]] = []
    while unblocked.count < 3 {
      var watched = pollfd(fd: work.descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&watched, 1, 10_000) == 1 else { break }
      unblocked += work.take()
    }
    #expect(unblocked == [[], [], []])
  }
}
