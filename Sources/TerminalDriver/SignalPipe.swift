import Platform
import Synchronization

/// Signals turned into bytes on a pipe (the self-pipe trick), so the loop waits on the terminal and on signals
/// together (`Platform.waitUntilReady`) and handles a signal itself, never inside the handler.
enum SignalPipe {
  /// The pipe's write end, for the handlers (an atomic: the only state a handler may touch).
  private static let writeEnd = Atomic<Int32>(-1)
  /// The pipe's read end, for the loop.
  private static let readEnd = Atomic<Int32>(-1)

  /// The file descriptor the loop polls; created on first use.
  static var descriptor: Int32 {
    if readEnd.load(ordering: .acquiring) < 0 {
      guard let ends = Platform.nonBlockingPipe() else { return -1 }
      writeEnd.store(ends.write, ordering: .releasing)
      readEnd.store(ends.read, ordering: .releasing)
    }
    return readEnd.load(ordering: .acquiring)
  }

  /// Routes `signals` to the pipe.
  static func install(_ signals: [Int32]) {
    _ = descriptor
    Platform.handle(signals, flags: SA_RESTART) { signal in
      var byte = UInt8(truncatingIfNeeded: signal)
      _ = write(SignalPipe.writeEnd.load(ordering: .relaxed), &byte, 1)
    }
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
