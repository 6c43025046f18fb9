#!/bin/sh
# Writes Scripts/first-frame.order: the functions the installed binary runs on its way to the UI's first frame,
# which `make build` asks lld to place together at the start of the code (--symbol-ordering-file). The
# kernel then maps that code in a few dozen page faults instead of one for every 64 KB the start-up touches
# across 6.5 MB of code (DECISIONS D65). Run it after changing what the start-up runs; the install test fails
# when the file names too few of the binary's functions. Needs valgrind (Debian's `valgrind`).
set -eu
cd "$(dirname "$0")/.."
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
command -v valgrind >/dev/null || { echo "first-frame-order.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
make build >/dev/null
swift build -c release --product attsim-bench >/dev/null
work=$(mktemp -d /tmp/attsim-order-XXXXXX)
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF the toolchain writes; the copy keeps the symbol table, which is all it needs.
objcopy --strip-debug .build/install/release/attsim "$work/attsim"
# Callgrind writes what ran up to the end of the first frame's draw (Terminal.draw, by its mangled name) to
# callgrind.out.1: the worker thread's reading and checking after it are left out.
(cd / && TERM=xterm-256color ATTSIM_ASSETS="$OLDPWD/Assets" "$OLDPWD/.build/release/attsim-bench" pty-until \
  'Request tracking' valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
  '--dump-after=$s14TerminalDriver0A0C4draw*' --callgrind-out-file="$work/callgrind.out" "$work/attsim")
[ -s "$work/callgrind.out.1" ] ||
  { echo "first-frame-order.sh: no profile at the first draw: is Terminal.draw still named as above?" >&2; exit 1; }
# Every function of attsim's own object that callgrind saw run, by its symbol (callgrind marks a function's
# recursion depth with 'N; an address without a symbol cannot be ordered).
{
  echo "# The functions attsim runs before the UI's first frame, for lld's --symbol-ordering-file (DECISIONS D65)."
  echo "# Written by Scripts/first-frame-order.sh: do not edit."
  awk -v object="$work/attsim" '
    /^ob=/ { current = substr($0, 4) }
    /^fn=/ && current == object { name = substr($0, 4); sub(/'"'"'[0-9]+$/, "", name); if (name !~ /^0x/) print name }
  ' "$work/callgrind.out.1" | LC_ALL=C sort -u
} >"$work/first-frame.order"
mv "$work/first-frame.order" Scripts/first-frame.order
echo "Scripts/first-frame.order: $(grep -c -v '^#' Scripts/first-frame.order) functions"
