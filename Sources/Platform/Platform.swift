#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
  import MachO  // _NSGetExecutablePath
#endif

/// Every call to the operating system that differs between Linux and macOS, each with a Linux branch and a
/// Darwin branch (docs/platforms.md lists the Darwin ones, which are written from Apple's headers and untested).
/// The C library itself comes through this module too, for the calls that are the same on both (`read`,
/// `close`, `stat`, `rename`, …): no other module imports `Glibc` or `Darwin`, and no other module asks which
/// system it runs on (DECISIONS D83).
public enum Platform {}
