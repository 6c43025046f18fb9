import Diagnostics

/// Whether an app asks for tracking (and so needs `NSUserTrackingUsageDescription`), and how attsim knows.
public enum TrackingEvidence: Hashable, Sendable {
  /// Something in the app asks: what (`AppDelegate.swift:12 calls requestTrackingAuthorization`), and the
  /// call when it is one in the code.
  case asks(String, Diagnostic?)
  /// The only calls are in code that checks for the usage description first: no crash, but no prompt.
  case guarded(Diagnostic)
  /// attsim read the app's code and manifests and nothing asks.
  case neverAsks(String)
  /// attsim stopped reading at one of its limits before it found anything (why, in a few words).
  case stopped(String)
  /// There was nothing to read (resources only), so attsim cannot tell.
  case unknown
}
