#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
  import MachO  // _NSGetExecutablePath
#endif

/// Every OS call that differs between Linux and macOS (Darwin branches untested: docs/platforms.md), and the C
/// library for the rest; no other module imports `Glibc` or `Darwin` (DECISIONS D83).
public enum Platform {}
