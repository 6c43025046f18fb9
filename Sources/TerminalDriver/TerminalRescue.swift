import CNcurses
import Platform
import Synchronization

/// Puts the terminal back from inside a crash handler, where ncurses must not be called: the bytes and settings
/// are prepared beforehand, so the handler only calls write(2) and tcsetattr(3), which are safe there.
enum TerminalRescue {
  /// Address and length of the prepared bytes, and of the saved settings (atomics: handlers read them).
  private static let bytes = Atomic<Int>(0)
  private static let count = Atomic<Int>(0)
  private static let settings = Atomic<Int>(0)
  private static let descriptor = Atomic<Int32>(-1)

  /// The crash signals: the loop cannot run after these, so the handler restores the terminal itself.
  static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Saves the settings of the terminal on `output` (before ncurses changes them) and prepares the bytes
  /// that undo what attsim turns on.
  static func prepare(output: Int32) {
    let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    guard tcgetattr(output, saved) == 0 else {
      saved.deallocate()
      return
    }
    // Mouse reports off, plain text, the cursor shown, the alternate screen left, bidi back to implicit.
    let text = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[8h\r\n"
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: text.utf8.count)
    buffer.initialize(from: Array(text.utf8), count: text.utf8.count)
    count.store(text.utf8.count, ordering: .relaxed)
    bytes.store(Int(bitPattern: buffer), ordering: .relaxed)
    settings.store(Int(bitPattern: saved), ordering: .relaxed)
    descriptor.store(output, ordering: .releasing)
  }

  /// Catches the crash signals: restore the terminal, then die of the same signal.
  static func install() {
    Platform.handle(crashSignals, flags: Int32(truncatingIfNeeded: SA_RESETHAND)) { number in
      TerminalRescue.restoreNow()
      signal(number, SIG_DFL)
      raise(number)
    }
  }

  /// Writes the prepared bytes and sets the saved settings back. Safe in a signal handler.
  static func restoreNow() {
    let output = descriptor.load(ordering: .acquiring)
    guard output >= 0, let buffer = UnsafeRawPointer(bitPattern: bytes.load(ordering: .relaxed)) else { return }
    _ = write(output, buffer, count.load(ordering: .relaxed))
    if let saved = UnsafePointer<termios>(bitPattern: settings.load(ordering: .relaxed)) {
      _ = tcsetattr(output, TCSANOW, saved)
    }
  }
}
