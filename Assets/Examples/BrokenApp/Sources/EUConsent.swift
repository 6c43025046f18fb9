// The EU sheet's request as the iOS 27.2 betas spelled it: beta-api (the released SDK has
// preferringExpandedInterface:).
import AppTrackingTransparency

func askInTheEU() {
  ATTrackingManager.requestTrackingAuthorization(usingExpandedInterface: true, additionalInformationAction: nil) { _ in }
}
