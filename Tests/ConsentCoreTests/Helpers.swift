import ConsentCore

/// The script defaults after `actions`, each of which must be accepted.
func state(_ actions: Action..., from start: ConsentState = ConsentState()) throws -> ConsentState {
  try state(actions, from: start)
}

/// The script defaults after each of `actions`, which must be accepted.
func state(_ actions: [Action], from start: ConsentState = ConsentState()) throws -> ConsentState {
  var state = start
  for action in actions { try state.apply(action) }
  return state
}

/// A device change of the given fields.
func device(
  ios: String? = nil, kind: DeviceKind? = nil, trackingSwitch: Bool? = nil, restricted: Bool? = nil,
  limitAdTracking: Bool? = nil, otherAlert: Bool? = nil
) -> Action {
  .deviceConfigured(
    DeviceChange(
      iOS: ios.flatMap(IOSVersion.init), kind: kind, trackingSwitchOn: trackingSwitch, restricted: restricted,
      limitAdTracking: limitAdTracking, otherAlertOnScreen: otherAlert))
}

/// `Collect.initialize` with an integration.
func initialize(_ integration: Integration = .methodA, optOut: Bool = false, useConsent: Bool = false) -> Action {
  .sdkInitialized(SDKOptions(integration: integration, optOut: optOut, useConsent: useConsent))
}

/// The kinds of the current warnings.
extension ConsentState {
  var warningKinds: Set<WarningKind> { Set(warnings.map(\.kind)) }
}
