extension Platform {
  /// The size in cells of the terminal on `descriptor` (the window-size ioctl); nil when it has none.
  public static func windowSize(of descriptor: Int32) -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Waits until one of `descriptors` (negative ones left out) can be read (or written), hangs up or fails, or
  /// `milliseconds` pass (nil: no limit): which are ready (none after a signal), or nil when the wait failed.
  public static func waitUntilReady(_ descriptors: [Int32], writing: Bool = false, milliseconds: Int32?) -> [Bool]? {
    #if canImport(Glibc)
      var watched = descriptors.map { pollfd(fd: $0, events: Int16(writing ? POLLOUT : POLLIN), revents: 0) }
      let result = poll(&watched, nfds_t(watched.count), milliseconds ?? -1)
      let ready = watched.map { $0.revents != 0 }
    #elseif canImport(Darwin)
      // poll(2) is unreliable on a terminal on macOS: select(2). Its FD_SET and FD_ISSET are macros Swift does
      // not import: bit `d % 32` of the set's 32-bit word `d / 32`, for descriptors below FD_SETSIZE.
      var set = fd_set()
      func bit(_ descriptor: Int32, insert: Bool) -> Bool {
        guard descriptor >= 0, descriptor < FD_SETSIZE else { return false }
        return withUnsafeMutableBytes(of: &set.fds_bits) { raw in
          let word = Int(descriptor / 32)
          let words = raw.bindMemory(to: Int32.self)
          if insert { words[word] |= 1 << (descriptor % 32) }
          return words[word] & 1 << (descriptor % 32) != 0
        }
      }
      for descriptor in descriptors { _ = bit(descriptor, insert: true) }
      let count = (descriptors.max() ?? -1) + 1
      var limit = timeval(tv_sec: Int((milliseconds ?? 0) / 1000), tv_usec: Int32((milliseconds ?? 0) % 1000) * 1000)
      let result = withUnsafeMutablePointer(to: &limit) { limit in
        withUnsafeMutablePointer(to: &set) { set in
          select(count, writing ? nil : set, writing ? set : nil, nil, milliseconds == nil ? nil : limit)
        }
      }
      let ready = descriptors.map { bit($0, insert: false) }
    #endif
    guard result >= 0 else { return errno == EINTR ? descriptors.map { _ in false } : nil }
    return ready
  }

  /// Whether the terminal (or pipe) on `descriptor` has hung up: it can be read and has nothing to read.
  public static func hasHungUp(_ descriptor: Int32) -> Bool {
    guard waitUntilReady([descriptor], milliseconds: 0)?.first == true else { return false }
    var waiting: Int32 = 0
    return ioctl(descriptor, UInt(FIONREAD), &waiting) != 0 || waiting == 0
  }

  /// Why `writeAll` stopped short: write(2)'s errno, or a write that took nothing (and would be asked forever).
  public enum WriteFailure: Error, Hashable, Sendable { case error(Int32), nothingWritten }

  /// Writes all of `bytes` to `descriptor`, however many writes it takes: an interrupted write is retried, and a
  /// descriptor set non-blocking is waited on until it takes more. Nil once everything is written.
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> WriteFailure? {
    var offset = 0
    while offset < bytes.count, let start = bytes.baseAddress {
      let written = write(descriptor, start + offset, bytes.count - offset)
      guard written <= 0 else {
        offset += written
        continue
      }
      guard written < 0 else { return .nothingWritten }
      let code = errno
      if code == EINTR { continue }
      guard code == EAGAIN || code == EWOULDBLOCK else { return .error(code) }
      guard waitUntilReady([descriptor], writing: true, milliseconds: nil) != nil else { return .error(code) }
    }
    return nil
  }
}
