#!/usr/bin/env bash
# Fuzzes attsim's readers with libFuzzer for SECONDS (default 300) on JOBS workers (default 1).
#   strings: the .strings reader, differentially against CoreFoundation;
#   script:  the .attsim parser, with the writer's round trip (every parsed action written and read back);
#   project: the Xcode project reader with an xcconfig (object graph, layered build settings, variables and
#            their budgets, includes, resources) and the check's rules over what it read;
#   manifest: the privacy-manifest reader, XML and binary (types, shared children, domain positions, the
#            host-name rule);
#   plist:   the property-list reader (XML, binary, old-style), differentially against CoreFoundation;
#   xml:     the XML reader of schemes, .NET projects and XLIFF (and the XLIFF reader over its trees), with
#            its round trip (a tree written back reads as the same tree);
#   yaml:    the YAML reader of project specs, with its round trip (a tree written back in flow style reads
#            as the same tree).
# Every target runs under AddressSanitizer with a 2 GB limit on one allocation (an input that needs more is a
# finding) and 4 GB on the process (the oracle leaks, below).
# Crashes and disagreements land in .build/fuzz/ as crash-* files; turn each into a regression test.
# Usage: Scripts/fuzz.sh [strings|script|project|manifest|plist|xml|yaml] [SECONDS] [JOBS]
#        Scripts/fuzz.sh typecheck   (every target against the debug build's modules, in seconds; CI runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-strings}
# The strings target's oracle is the differential tests' own.
oracle=Tests/StringsFilesTests/FoundationOracle.swift
if [ "$target" = typecheck ]; then
  for source in Fuzz/*.swift; do
    extra=()
    [ "$source" = Fuzz/StringsReaderFuzz.swift ] && extra=("$oracle")
    swiftc -typecheck -parse-as-library -I .build/debug/Modules \
      -Xcc -fmodule-map-file=.build/debug/CICU.build/module.modulemap "$source" "${extra[@]}"
  done
  exit 0
fi
seconds=${2:-300}
jobs=${3:-1}
out=.build/fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -enable-testing -I "$out/CICU")

# The C module TextSupport imports (ICU's line breaks, bidi order and shaping), compiled, with the module map
# SwiftPM would make for it; the fuzz targets link the system's ICU as attsim does.
c_module() {
  local name=$1 source=$2 header=$3
  mkdir -p "$out/$name"
  clang -O -g -fsanitize=address -c "Sources/$name/$source" -I "Sources/$name/include" -o "$out/$name.o"
  ar rcs "$out/lib$name.a" "$out/$name.o"
  printf 'module %s {\n  header "%s"\n  export *\n}\n' "$name" "$PWD/Sources/$name/include/$header" \
    >"$out/$name/module.modulemap"
}
c_module CICU icu.c attsim_icu.h

# Builds a module of Sources/NAME as a static library the fuzz target links.
module() {
  swiftc "${flags[@]}" -emit-module -emit-library -static -module-name "$1" -I "$out" \
    -emit-module-path "$out/$1.swiftmodule" -o "$out/lib$1.a" $(find "Sources/$1" -name '*.swift')
}
module Platform
module Diagnostics
module TextSupport
module FileAccess
module StringsFiles
module PromptStrings
module PromptCheck
sources=()
case "$target" in
  strings)
    libraries=(-lPromptStrings -lStringsFiles -lFileAccess -lTextSupport -lPlatform -lDiagnostics)
    source=Fuzz/StringsReaderFuzz.swift
    sources=("$oracle")
    ;;
  script)
    module ConsentCore
    module Scenarios
    libraries=(-lScenarios -lConsentCore -lPromptStrings -lStringsFiles -lFileAccess -lTextSupport -lPlatform -lDiagnostics)
    source=Fuzz/ScriptParserFuzz.swift
    ;;
  project)
    libraries=(-lPromptCheck -lPromptStrings -lStringsFiles -lFileAccess -lTextSupport -lPlatform -lDiagnostics)
    source=Fuzz/ProjectReaderFuzz.swift
    ;;
  manifest)
    libraries=(-lPromptStrings -lStringsFiles -lFileAccess -lTextSupport -lPlatform -lDiagnostics)
    source=Fuzz/PrivacyManifestFuzz.swift
    ;;
  plist)
    libraries=(-lStringsFiles -lFileAccess -lTextSupport -lPlatform -lDiagnostics)
    source=Fuzz/PropertyListFuzz.swift
    ;;
  xml)
    libraries=(-lStringsFiles -lFileAccess -lTextSupport -lPlatform -lDiagnostics)
    source=Fuzz/XMLTreeFuzz.swift
    ;;
  yaml)
    libraries=(-lStringsFiles -lFileAccess -lTextSupport -lPlatform -lDiagnostics)
    source=Fuzz/YAMLFuzz.swift
    ;;
  *)
    echo "usage: Scripts/fuzz.sh [strings|script|project|manifest|plist|xml|yaml] [SECONDS] [JOBS]" >&2
    exit 2
    ;;
esac
swiftc "${flags[@]}" -I "$out" -L "$out" "${libraries[@]}" -lCICU -licuuc "$source" "${sources[@]}" -o "$out/$target-fuzz"
mkdir -p "$out/corpus-$target"
cp -n Fuzz/corpus-"$target"/* "$out/corpus-$target/" 2>/dev/null || true
cd "$out"
# Foundation's PropertyListSerialization leaks on Linux when it reports an error; that is not ours to find. Its
# leaks add up over a long differential run (plist: 2 GB after 2.3 million inputs, every one of them alone
# small), so the process may hold 4 GB; one allocation of attsim's is still held to 2 GB.
export ASAN_OPTIONS=detect_leaks=0
./"$target"-fuzz -max_total_time="$seconds" -jobs="$jobs" -workers="$jobs" -max_len=16384 -timeout=10 \
  -rss_limit_mb=4096 -malloc_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 "corpus-$target"
