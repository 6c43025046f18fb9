#!/usr/bin/env bash
# The README's two commands on a new user's machine: a clean clone of HEAD is built (`swift build`, then
# `swift run attsim --version`) and tested (`swift test`); the build needs only what Swift's own installation
# asks for (libicu-dev among it; docs/building.md lists every header and library, and a test keeps that list
# whole). The binary must link the system's ICU, and its Hebrew, Arabic and Thai screens must equal REFERENCE's
# (by default this tree's .build/debug/attsim).
# Usage: Scripts/fresh-machine-test.sh [REFERENCE]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"

reference=$(realpath "${1:-.build/debug/attsim}")
[ -x "$reference" ] || { echo "fresh-machine test: no normal build at $reference (run swift build first)"; exit 1; }
work=$(mktemp -d /tmp/attsim-fresh-XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/clone"
mkdir -p "$work/out"
cd "$work/clone"

swift build --product attsim >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
binary=$work/clone/.build/debug/attsim
# Each output is read whole before it is searched: `| grep -q` fails under pipefail when grep stops early.
needed=$(readelf -d "$binary" | grep NEEDED)
grep -q 'libicuuc\.so' <<<"$needed" || { echo "fresh-machine test: the binary does not link ICU:"; echo "$needed"; exit 1; }
grep -q -E '^ICU [0-9.]+ \(Unicode [0-9.]+\)$' <<<"$(swift run --quiet attsim --version)" ||
  { echo "fresh-machine test: swift run attsim --version does not name ICU"; exit 1; }
swift test >"$work/test.log" 2>&1 || { grep -a -E '✘|error:' "$work/test.log" | head -40; exit 1; }
echo "fresh-machine test: swift test: $(grep -a -o 'Test run with .*' "$work/test.log" | tail -1)"

# render BINARY LOCALE KEYS: the screen as text.
render() {
  if [ -n "$3" ]; then "$1" render --locale "$2" --keys "$3"; else "$1" render --locale "$2"; fi
}
for locale in he ar th; do
  for screen in "home:" "prepermission:p" "dialog:p enter"; do
    name=${screen%%:*} keys=${screen#*:}
    render "$binary" "$locale" "$keys" >"$work/out/fresh-$name-$locale.txt"
    render "$reference" "$locale" "$keys" >"$work/out/normal-$name-$locale.txt"
    cmp -s "$work/out/fresh-$name-$locale.txt" "$work/out/normal-$name-$locale.txt" || {
      echo "fresh-machine test: the $name screen in $locale differs from the normal build's:"
      diff "$work/out/normal-$name-$locale.txt" "$work/out/fresh-$name-$locale.txt" | head -20
      exit 1
    }
  done
done
echo "fresh-machine test: a clean clone built and tested, ICU linked, Hebrew, Arabic and Thai as the normal build's"
