import ProjectDescription
import ProjectDescriptionHelpers

// A Tuist project: the app's Info.plist extends Tuist's default with the entries below and the helper's.
let project = Project(
  name: "TuistApp",
  options: .options(developmentRegion: "de"),
  targets: [
    .target(
      name: "TuistApp",
      destinations: [.iPhone, .iPad],
      product: .app,
      bundleId: "org.example.tuistapp",
      infoPlist: .extendingDefault(with: appInfoPlist),
      sources: ["App/Sources/**"],
      resources: ["App/Resources/**"]
    ),
    .target(
      name: "TuistAppTests",
      destinations: .iOS,
      product: .unitTests,
      bundleId: "org.example.tuistapp.tests",
      infoPlist: .default,
      sources: ["Tests/**"]
    ),
  ]
)
