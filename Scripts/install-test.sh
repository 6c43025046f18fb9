#!/usr/bin/env bash
# Installs attsim from a clean clone of HEAD into a temporary prefix, deletes the source tree, and checks
# that the installed binary loads no library but libc, libm and the system's ICU (libicuuc, libicudata and the
# C++ runtime they need), draws the Hebrew, Arabic and Thai dialogs as their snapshots (ICU's order, joined
# forms and dictionary breaks), runs from / with a bare environment, that its bash completion loads, that its
# man page renders and names every subcommand, and that uninstall leaves the prefix empty.
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
# The Swift runtime, the C++ runtime and ncurses are linked in (Scripts/link-static.sh, the Makefile); ICU is
# the system's shared library, linked as any other: the loader maps libc, libm, ICU's two libraries and what
# they need (the shared C++ runtime and libgcc_s), nothing else.
allowed='linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|/lib64/ld-linux-x86-64\.so\.2|libicuuc\.so\.[0-9]+|libicudata\.so\.[0-9]+|libstdc\+\+\.so\.6|libgcc_s\.so\.1'
loaded=$(ldd "$prefix/bin/attsim" | awk '{print $1}' | grep -v -E "^($allowed)$" || true)
[ -z "$loaded" ] || { echo "the installed binary loads more than libc, libm and ICU: $loaded"; exit 1; }
grep -q '^libicuuc\.so\.' <<<"$(ldd "$prefix/bin/attsim" | awk '{print $1}')" ||
  { echo "the installed binary does not link ICU"; ldd "$prefix/bin/attsim"; exit 1; }
grep -q -E '^ICU [0-9.]+ \(Unicode [0-9.]+\)$' <<<"$(bare --version)" ||
  { echo "--version does not name ICU:"; bare --version; exit 1; }
for locale in he ar th; do
  cmp -s <(bare render --locale "$locale" --keys "p enter") "Tests/ConsentUITests/Snapshots/dialog-$locale.txt" ||
    { echo "the installed binary's $locale dialog is not its snapshot"; exit 1; }
done
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
echo "install test: installed, loads libc, libm and ICU only, Hebrew, Arabic and Thai as their snapshots, ran from / with a bare environment, completion and man page checked, uninstalled"
