// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "attsim",
  products: [
    .executable(name: "attsim", targets: ["attsim"])
  ],
  targets: [
    // The ATT / IDFA / SDK behaviour model: value types and a reducer, no I/O.
    // Optimized even in debug builds: the exhaustive state walk in `swift test` runs through it millions of times.
    .target(name: "ConsentCore", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    // Text helpers shared by every module: terminal widths, line breaking (Thai, Lao, Khmer and Burmese at
    // ICU's dictionary word boundaries), visual order for right-to-left text and Arabic's joined forms (ICU),
    // control-character escaping, edit distance.
    .target(name: "TextSupport", dependencies: ["CICU"]),
    // ICU (libicu-dev), the one text engine: its line break iterator with its dictionaries, the bidirectional
    // algorithm and Arabic shaping, behind a C API that keeps ICU's headers out of Swift (Foundation's private
    // ICU defines the same types differently). Linked as the system's shared libicuuc (DECISIONS D80).
    .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
    // What attsim asks of the system besides files: a monotonic clock and threads, without Swift Concurrency
    // or Dispatch (whose runtimes, once linked, cost the first frame 45 page faults; DECISIONS D61).
    .target(name: "SystemSupport"),
    // Reading inputs and writing outputs safely: a path type, a bounded reader of regular files, a bounded
    // folder walk, and the one writer of output files (temporary file, O_EXCL|O_NOFOLLOW, rename).
    .target(name: "FileAccess", dependencies: ["TextSupport"]),
    // The file formats of localized strings: .strings (CoreFoundation's grammar and encodings), String
    // Catalogs, Info.plist and privacy manifests (XML or binary), with positions for findings.
    .target(name: "StringsFiles", dependencies: ["FileAccess", "TextSupport"]),
    // Apps as Xcode builds them and iOS looks them up: projects, build settings, built bundles, folders, the
    // locale lookup, and every text a screen shows; all read inside the project's sandbox.
    .target(name: "PromptStrings", dependencies: ["StringsFiles", "FileAccess", "SystemSupport", "TextSupport"]),
    // `attsim check`: the rules over an app's purpose strings, manifests and bundle keys.
    .target(name: "PromptCheck", dependencies: ["PromptStrings", "StringsFiles", "FileAccess", "TextSupport"]),
    // The terminal UI, pure: screen state, keys, layout and rendering into a cell buffer. No ncurses.
    .target(
      name: "ConsentUI", dependencies: ["ConsentCore", "PromptStrings", "PromptCheck", "Scenarios", "TextSupport"]),
    // `attsim gallery`: every locale's prompt as one self-contained HTML page.
    .target(name: "Gallery", dependencies: ["PromptStrings", "PromptCheck", "TextSupport"]),
    // Wide-character ncurses, as a system library (libncurses-dev).
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // Shows ScreenBuffers on a real terminal and reads keys and clicks: the only ncurses user.
    .target(
      name: "TerminalDriver", dependencies: ["CNcurses", "ConsentUI", "Scenarios", "SystemSupport", "TextSupport"]),
    // The `.attsim` script language, its runner, and the QA test plan.
    .target(name: "Scenarios", dependencies: ["ConsentCore", "PromptStrings", "TextSupport"]),
    // Argument parsing and the subcommands, as a library so tests can drive them.
    .target(
      name: "AttsimCommands",
      dependencies: [
        "ConsentCore", "ConsentUI", "FileAccess", "Gallery", "Scenarios", "PromptStrings", "PromptCheck",
        "StringsFiles", "SystemSupport", "TerminalDriver", "TextSupport",
      ]),
    // The executable: hands the command line to AttsimCommands. A release build links the Swift runtime in and
    // exports no names, as `make install` does: with the runtime loaded as nine shared libraries and 4,600
    // exported names for its start to search, its first frame took 2.6-2.9x dialog's, now 1.8-2.0x (D69).
    .executableTarget(
      name: "attsim", dependencies: ["AttsimCommands"],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))
      ]),

    // Tests' model of a terminal: plays the bytes attsim sends one and compares the screen with a ScreenBuffer.
    .target(name: "TerminalModel", dependencies: ["ConsentUI", "TextSupport"], path: "Tests/TerminalModel"),
    .testTarget(name: "ConsentCoreTests", dependencies: ["ConsentCore"]),
    .testTarget(name: "TextSupportTests", dependencies: ["TextSupport", "FileAccess"]),
    .testTarget(name: "FileAccessTests", dependencies: ["FileAccess"]),
    .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport"]),
    .testTarget(
      name: "PromptStringsTests",
      dependencies: ["PromptStrings", "PromptCheck", "StringsFiles", "FileAccess", "TextSupport"]),
    .testTarget(name: "GalleryTests", dependencies: ["Gallery", "PromptStrings", "PromptCheck"]),
    .testTarget(
      name: "TerminalDriverTests",
      dependencies: ["TerminalDriver", "ConsentUI", "CNcurses", "PromptStrings", "TerminalModel"]),
    .testTarget(
      name: "ConsentUITests",
      dependencies: [
        "ConsentUI", "ConsentCore", "PromptStrings", "PromptCheck", "Scenarios", "TextSupport", "TerminalModel",
      ],
      exclude: ["Snapshots"]),
    .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "ConsentCore", "TextSupport"]),
    .testTarget(
      name: "AttsimCommandsTests",
      dependencies: [
        "AttsimCommands", "Scenarios", "ConsentCore", "ConsentUI", "PromptStrings", "PromptCheck", "TextSupport",
        "TerminalModel",
      ]),
  ]
)
