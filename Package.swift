// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "attsim",
  // Mutex and Atomic (Synchronization) need macOS 15. macOS builds but is untested (docs/platforms.md).
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "attsim", targets: ["attsim"])
  ],
  targets: [
    // Every call to the operating system that differs between Linux and macOS, and the C library for the rest:
    // the only module that imports Glibc or Darwin (DECISIONS D83).
    .target(name: "Platform"),
    // The ATT / IDFA / SDK behaviour model: value types and a reducer, no I/O.
    // Optimized even in debug builds: the exhaustive state walk in `swift test` runs through it millions of times.
    .target(name: "ConsentCore", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    // Text for terminals and messages, shared by every module: terminal widths, line breaking (Thai, Lao,
    // Khmer and Burmese at ICU's dictionary word boundaries), visual order for right-to-left text and Arabic's
    // joined forms (ICU), escaping for terminals, HTML and JSON, "did you mean" suggestions.
    .target(name: "TextSupport", dependencies: ["CICU", "Platform"]),
    // ICU (libicu-dev), the one text engine: its line break iterator with its dictionaries, the bidirectional
    // algorithm and Arabic shaping, behind a C API that keeps ICU's headers out of Swift (Foundation's private
    // ICU defines the same types differently). Linked as the system's shared libicuuc (DECISIONS D80).
    .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
    // Reading inputs and writing outputs safely: a path type, a bounded reader of regular files, a bounded
    // folder walk, and the one writer of output files (temporary file, O_EXCL|O_NOFOLLOW, rename).
    .target(name: "FileAccess", dependencies: ["Platform", "TextSupport"]),
    // One located message, as every reader, script and check reports it: file, line, column, severity,
    // message, and for a finding its rule, key, locale, text and fingerprint. Depends on nothing.
    .target(name: "Diagnostics"),
    // The file formats of localized strings: .strings (CoreFoundation's grammar and encodings), String
    // Catalogs, Info.plist and privacy manifests (XML or binary, their tracking domains' host names), with
    // positions for findings.
    .target(name: "StringsFiles", dependencies: ["Diagnostics", "FileAccess", "TextSupport"]),
    // Apps as Xcode builds them and iOS looks them up: projects, build settings, built bundles, folders, the
    // locale lookup, and every text a screen shows (the prompt model: the dialog's and sheet's metrics, the
    // sheet's Markdown); all read inside the project's sandbox, and what `check` is given.
    .target(name: "PromptStrings", dependencies: ["Diagnostics", "StringsFiles", "FileAccess", "TextSupport"]),
    // `attsim check`: the rules over an app's purpose strings, manifests and bundle keys.
    .target(
      name: "PromptCheck", dependencies: ["Diagnostics", "PromptStrings", "StringsFiles", "FileAccess", "TextSupport"]),
    // The terminal UI, pure: screen state, keys, layout and rendering into a cell buffer. No ncurses.
    .target(
      name: "ConsentUI",
      dependencies: ["ConsentCore", "Diagnostics", "PromptStrings", "PromptCheck", "Scenarios", "TextSupport"]),
    // `attsim gallery`: every locale's prompt as one self-contained HTML page.
    .target(name: "Gallery", dependencies: ["Diagnostics", "PromptStrings", "PromptCheck", "TextSupport"]),
    // Wide-character ncurses, as a system library (libncurses-dev), linked by TerminalDriver under its name on
    // each system.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // Shows ScreenBuffers on a real terminal, handing their cells to ncurses, and reads keys and clicks: the only
    // ncurses user.
    .target(
      name: "TerminalDriver", dependencies: ["CNcurses", "ConsentUI", "Platform", "Scenarios"],
      linkerSettings: [
        .linkedLibrary("ncursesw", .when(platforms: [.linux])), .linkedLibrary("ncurses", .when(platforms: [.macOS])),
      ]),
    // The `.attsim` script language, its runner, and the QA test plan.
    .target(
      name: "Scenarios", dependencies: ["ConsentCore", "Diagnostics", "PromptStrings", "StringsFiles", "TextSupport"]),
    // Argument parsing and the subcommands, as a library so tests can drive them.
    .target(
      name: "AttsimCommands",
      dependencies: [
        "ConsentCore", "ConsentUI", "Diagnostics", "FileAccess", "Gallery", "Platform", "Scenarios", "PromptStrings",
        "PromptCheck", "StringsFiles", "TerminalDriver", "TextSupport",
      ]),
    // The executable: hands the command line to AttsimCommands. A release build on Linux links the Swift runtime
    // in and exports no names (GNU ld's flag), as `make install` does: with the runtime loaded as nine shared
    // libraries and 4,600 exported names for its start to search, its first frame took 2.6-2.9x dialog's, now
    // 1.8-2.0x (D69).
    .executableTarget(
      name: "attsim", dependencies: ["AttsimCommands", "Platform"],
      linkerSettings: [
        .unsafeFlags(
          ["-static-stdlib", "-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))
      ]),

    // Tests' model of a terminal: plays ANSI screens (casts' frames, `render --format ansi`, tmux's captured panes)
    // and compares them with a ScreenBuffer or with each other.
    .target(name: "TerminalModel", dependencies: ["ConsentUI", "TextSupport"], path: "Tests/TerminalModel"),
    .testTarget(name: "ConsentCoreTests", dependencies: ["ConsentCore"]),
    .testTarget(name: "TextSupportTests", dependencies: ["TextSupport", "FileAccess", "TestApps"]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
    .testTarget(name: "FileAccessTests", dependencies: ["FileAccess"]),
    .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
    // What the tests share: apps on disk for the tests of the modules that read and check them, and a seeded
    // random number generator for generated cases.
    .target(name: "TestApps", dependencies: ["FileAccess", "PromptStrings"], path: "Tests/TestApps"),
    .testTarget(
      name: "StringsFilesTests", dependencies: ["Diagnostics", "StringsFiles", "FileAccess", "TextSupport", "TestApps"]),
    .testTarget(
      name: "PromptStringsTests",
      dependencies: [
        "Diagnostics", "PromptStrings", "PromptCheck", "StringsFiles", "FileAccess", "TextSupport", "TestApps",
      ]),
    .testTarget(
      name: "PromptCheckTests",
      dependencies: ["Diagnostics", "PromptCheck", "PromptStrings", "StringsFiles", "FileAccess", "TestApps"]),
    .testTarget(name: "GalleryTests", dependencies: ["Gallery", "PromptStrings", "PromptCheck", "TestApps"]),
    .testTarget(
      name: "TerminalDriverTests",
      dependencies: ["TerminalDriver", "ConsentUI", "CNcurses", "PromptStrings"]),
    .testTarget(
      name: "ConsentUITests",
      dependencies: [
        "ConsentUI", "ConsentCore", "PromptStrings", "PromptCheck", "Scenarios", "TextSupport", "TerminalModel",
        "TestApps",
      ],
      exclude: ["Snapshots"]),
    .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "ConsentCore", "TextSupport"]),
    .testTarget(
      name: "AttsimCommandsTests",
      dependencies: [
        "AttsimCommands", "Scenarios", "ConsentCore", "ConsentUI", "PromptStrings", "PromptCheck", "TextSupport",
        "TerminalModel", "TestApps",
      ]),
  ]
)
