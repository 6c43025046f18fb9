#!/usr/bin/env bash
# Fuzzes the strings reader with libFuzzer for SECONDS (default 300), differentially against
# CoreFoundation. Crashes and disagreements land in .build/fuzz/ as crash-* files; turn each into a
# regression test in Tests/PromptStringsTests/FuzzRegressionTests.swift.
# Usage: Scripts/fuzz.sh [SECONDS] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
jobs=${2:-1}
out=.build/fuzz
mkdir -p "$out" "$out/corpus"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g)
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name TextSupport \
  -emit-module-path "$out/TextSupport.swiftmodule" -o "$out/libTextSupport.a" Sources/TextSupport/*.swift
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name PromptStrings -I "$out" \
  -emit-module-path "$out/PromptStrings.swiftmodule" -o "$out/libPromptStrings.a" \
  $(find Sources/PromptStrings -name '*.swift')
swiftc "${flags[@]}" -I "$out" -L "$out" -lPromptStrings -lTextSupport Fuzz/StringsReaderFuzz.swift \
  -o "$out/strings-reader-fuzz"
cp -n Fuzz/corpus/* "$out/corpus/" 2>/dev/null || true
cd "$out"
# Foundation's PropertyListSerialization leaks on Linux when it reports an error; that is not ours to find.
export ASAN_OPTIONS=detect_leaks=0
./strings-reader-fuzz -max_total_time="$seconds" -jobs="$jobs" -workers="$jobs" -max_len=4096 \
  -detect_leaks=0 -print_final_stats=1 corpus
