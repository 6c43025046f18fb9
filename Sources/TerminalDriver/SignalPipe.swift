import Glibc
import Synchronization

/// Signals turned into bytes on a pipe (the self-pipe trick), so the session's loop can block in poll(2) on
/// the terminal and on signals together: an idle session costs nothing, and a signal is handled by the loop,
/// never inside the handler.
enum SignalPipe {
  /// The pipe's write end, for the handlers (an atomic: the only state a handler may touch).
  private static let writeEnd = Atomic<Int32>(-1)
  /// The pipe's read end, for the loop.
  private static let readEnd = Atomic<Int32>(-1)

  /// Every signal whose default action ends the process and that can be caught, apart from crashes and
  /// SIGXFSZ (attsim ignores that one: a file grown too large is a write error it reports).
  static let terminating: [Int32] =
    [
      SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
      SIGSYS, SIGIO, SIGPWR, SIGSTKFLT,
    ]
    + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

  /// The file descriptor the loop polls; created on first use.
  static var descriptor: Int32 {
    if readEnd.load(ordering: .acquiring) < 0 {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return -1 }
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
      }
      writeEnd.store(ends[1], ordering: .releasing)
      readEnd.store(ends[0], ordering: .releasing)
    }
    return readEnd.load(ordering: .acquiring)
  }

  /// Routes `signals` to the pipe (and unblocks them: a parent may hand them over blocked; tmux did here).
  static func install(_ signals: [Int32]) {
    _ = descriptor
    var set = sigset_t()
    sigemptyset(&set)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      var byte = UInt8(truncatingIfNeeded: signal)
      _ = write(SignalPipe.writeEnd.load(ordering: .relaxed), &byte, 1)
    }
    action.sa_flags = SA_RESTART
    sigemptyset(&action.sa_mask)
    for signal in signals {
      sigaddset(&set, signal)
      sigaction(signal, &action, nil)
    }
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// Gives `signals` their default actions back.
  static func uninstall(_ signals: [Int32]) {
    for signal in signals { Glibc.signal(signal, SIG_DFL) }
  }

  /// The signals that arrived since the last call, oldest first.
  static func drain() -> [Int32] {
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[0..<count].map { Int32($0) }
    }
    return received
  }
}
