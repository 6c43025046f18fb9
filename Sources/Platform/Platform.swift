#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
  import MachO  // _NSGetExecutablePath
#endif

/// Every call to the operating system that differs between Linux and macOS, with a Linux and a Darwin branch
/// (the Darwin ones untested: docs/platforms.md), and the C library for the calls that are the same on both. No
/// other module imports `Glibc` or `Darwin` or asks which system it runs on (DECISIONS D83).
public enum Platform {}
