extension Platform {
  /// Every catchable signal whose default action ends the process, apart from the crashes and SIGXFSZ (attsim
  /// ignores that one: a file grown too large is a write error it reports).
  public static let terminatingSignals: [Int32] = {
    let common = [
      SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS,
    ]
    #if canImport(Glibc)
      return common + [SIGIO, SIGPWR, SIGSTKFLT] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #elseif canImport(Darwin)
      // SIGIO is ignored by default there, and there are no real-time signals; SIGEMT ends the process.
      return common + [SIGEMT]
    #endif
  }()

  /// Has `handler` run on each of `signals`, with `flags` (`SA_RESTART`, `SA_RESETHAND`, …), and unblocks them
  /// (a parent may hand them over blocked; tmux did here).
  public static func handle(_ signals: [Int32], flags: Int32, with handler: @convention(c) (Int32) -> Void) {
    var (action, set) = (sigaction(), sigset_t())
    sigemptyset(&set)
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #elseif canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #endif
    action.sa_flags = flags
    sigemptyset(&action.sa_mask)
    for number in signals {
      sigaction(number, &action, nil)
      sigaddset(&set, number)
    }
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// A pipe whose ends neither block nor pass to programs attsim starts (pipe2(2) is not in Glibc's module).
  public static func nonBlockingPipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = (fcntl(end, F_SETFD, FD_CLOEXEC), fcntl(end, F_SETFL, O_NONBLOCK)) }
    return (ends[0], ends[1])
  }

  /// Gives `signals` their default actions back.
  public static func restoreDefaultActions(_ signals: [Int32]) {
    for number in signals { signal(number, SIG_DFL) }
  }
}
