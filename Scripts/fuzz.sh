#!/usr/bin/env bash
# Fuzzes attsim's readers with libFuzzer for SECONDS (default 300) on JOBS workers (default 1).
#   strings: the .strings reader, differentially against CoreFoundation;
#   script:  the .attsim parser, with the writer's round trip (every parsed action written and read back);
#   project: the Xcode project reader with an xcconfig (object graph, layered build settings, variables and
#            their budgets, includes, resources) and the check's rules over what it read;
#   manifest: the privacy-manifest reader, XML and binary (types, shared children, domain positions, the
#            host-name rule);
#   plist:   the property-list reader (XML, binary, old-style), differentially against CoreFoundation.
# Every target runs under AddressSanitizer with a 2 GB memory limit: an input that needs more is a finding.
# Crashes and disagreements land in .build/fuzz/ as crash-* files; turn each into a regression test.
# Usage: Scripts/fuzz.sh [strings|script|project|manifest|plist] [SECONDS] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-strings}
seconds=${2:-300}
jobs=${3:-1}
out=.build/fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -enable-testing -I Sources/CFriBidi -I "$out/CICU")

# The C modules TextSupport imports: FriBidi's module map as it stands; ICU's line breaks compiled, with the
# module map SwiftPM would make for them.
mkdir -p "$out/CICU"
clang -O -g -fsanitize=address -c Sources/CICU/line_breaks.c -I Sources/CICU/include -o "$out/line_breaks.o"
ar rcs "$out/libCICU.a" "$out/line_breaks.o"
printf 'module CICU {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CICU/include/attsim_line_breaks.h" \
  >"$out/CICU/module.modulemap"

# Builds a module of Sources/NAME as a static library the fuzz target links.
module() {
  swiftc "${flags[@]}" -emit-module -emit-library -static -module-name "$1" -I "$out" \
    -emit-module-path "$out/$1.swiftmodule" -o "$out/lib$1.a" $(find "Sources/$1" -name '*.swift')
}
module TextSupport
module FileAccess
module StringsFiles
module PromptStrings
module PromptCheck
case "$target" in
  strings)
    libraries=(-lPromptStrings -lStringsFiles -lFileAccess -lTextSupport)
    source=Fuzz/StringsReaderFuzz.swift
    ;;
  script)
    module ConsentCore
    module Scenarios
    libraries=(-lScenarios -lConsentCore -lPromptStrings -lStringsFiles -lFileAccess -lTextSupport)
    source=Fuzz/ScriptParserFuzz.swift
    ;;
  project)
    libraries=(-lPromptCheck -lPromptStrings -lStringsFiles -lFileAccess -lTextSupport)
    source=Fuzz/ProjectReaderFuzz.swift
    ;;
  manifest)
    libraries=(-lPromptStrings -lStringsFiles -lFileAccess -lTextSupport)
    source=Fuzz/PrivacyManifestFuzz.swift
    ;;
  plist)
    libraries=(-lStringsFiles -lFileAccess -lTextSupport)
    source=Fuzz/PropertyListFuzz.swift
    ;;
  *)
    echo "usage: Scripts/fuzz.sh [strings|script|project|manifest|plist] [SECONDS] [JOBS]" >&2
    exit 2
    ;;
esac
swiftc "${flags[@]}" -I "$out" -L "$out" "${libraries[@]}" -lCICU -lfribidi -ldl "$source" -o "$out/$target-fuzz"
mkdir -p "$out/corpus-$target"
cp -n Fuzz/corpus-"$target"/* "$out/corpus-$target/" 2>/dev/null || true
cd "$out"
# Foundation's PropertyListSerialization leaks on Linux when it reports an error; that is not ours to find.
export ASAN_OPTIONS=detect_leaks=0
./"$target"-fuzz -max_total_time="$seconds" -jobs="$jobs" -workers="$jobs" -max_len=16384 -timeout=10 \
  -rss_limit_mb=2048 -malloc_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 "corpus-$target"
