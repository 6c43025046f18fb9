#!/usr/bin/env bash
# Installs attsim from a clean clone of HEAD into a temporary prefix, deletes the source tree, and checks
# that the installed binary loads no library but libc and libm, links no string-processing module, still has
# the functions Scripts/first-frame.order names, runs from / with a bare environment, that its bash completion
# loads, that its man page renders and names every subcommand, and that uninstall leaves the prefix empty.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
work=$(mktemp -d /tmp/attsim-install-XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
git clone -q . "$work/clone"
make -C "$work/clone" install PREFIX="$prefix" SWIFT="$(command -v swift)" >"$work/build.log" 2>&1 ||
  { tail -20 "$work/build.log"; exit 1; }
cp "$work/clone/Makefile" "$work/Makefile"
rm -rf "$work/clone"

bare() { (cd / && env -i PATH=/usr/bin:/bin "$prefix/bin/attsim" "$@"); }
# The C++ runtime, ncurses and FriBidi are linked in (Scripts/link-static.sh): the loader maps libc and libm alone.
loaded=$(ldd "$prefix/bin/attsim" | awk '{print $1}' | grep -v -E '^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|/lib64/ld-linux-x86-64\.so\.2)$' || true)
[ -z "$loaded" ] || { echo "the installed binary loads more than libc and libm: $loaded"; exit 1; }
# Text is searched with TextSupport's own functions: the standard library's string processing and its regex
# parser would add about 450 protocol conformances, which the runtime scans at every first lookup (D64).
if nm "$prefix/bin/attsim" | grep -q -E '17_StringProcessing|12_RegexParser'; then
  echo "the installed binary links _StringProcessing: a search, replace or split of text by the standard library"
  nm "$prefix/bin/attsim" | grep -E '17_StringProcessing' | awk '{print $NF}' | swift demangle | head -5
  exit 1
fi
# Threads and the clock come from SystemSupport: Swift Concurrency (ContinuousClock is part of it) and Dispatch
# would bring 85 KB of relocated data and 45 page faults before the first frame (D67).
if nm "$prefix/bin/attsim" | grep -q -E 'swift_task_create|_dispatch_queue_attrs'; then
  echo "the installed binary links Swift Concurrency or Dispatch: a ContinuousClock, Task or DispatchQueue"
  exit 1
fi
# The start-up's functions are placed together (Scripts/first-frame.order, D65): an order that no longer names
# the binary's functions would quietly scatter them again.
ordered=$(grep -c -v '^#' Scripts/first-frame.order)
present=$(comm -12 <(grep -v '^#' Scripts/first-frame.order | LC_ALL=C sort -u) \
  <(nm "$prefix/bin/attsim" | awk '{print $NF}' | LC_ALL=C sort -u) | wc -l)
[ $((present * 10)) -ge $((ordered * 9)) ] ||
  { echo "Scripts/first-frame.order is stale ($present of its $ordered functions are in the binary): run Scripts/first-frame-order.sh"; exit 1; }
bare --version | grep -q '^attsim '
bare render | grep -q 'Lumen Demo'
bare scenarios | grep -q 'scenarios · run one'
bare play "$prefix/share/attsim/Assets/Scenarios/allow-method-a.attsim" >/dev/null
bash -c "source '$prefix/share/bash-completion/completions/attsim' && complete -p attsim" | grep -q '_attsim'
manual=$(groff -man -Tutf8 "$prefix/share/man/man1/attsim.1" 2>/dev/null | col -b)
for subcommand in play scenarios check prompts render cast completion man gallery matrix; do
  grep -q "attsim $subcommand" <<<"$manual" || { echo "the man page lacks attsim $subcommand"; exit 1; }
done
test -s "$prefix/share/zsh/site-functions/_attsim"
test -s "$prefix/share/fish/vendor_completions.d/attsim.fish"

make -f "$work/Makefile" uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -mindepth 1 | head -5)
[ -z "$left" ] || { echo "uninstall left: $left"; exit 1; }
echo "install test: installed, loads libc and libm only, ran from / with a bare environment, completion and man page checked, uninstalled"
