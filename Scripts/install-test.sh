#!/usr/bin/env bash
# Installs attsim from a clean clone of HEAD into a temporary prefix, deletes the source tree, and checks
# that the installed binary loads no library but libc and libm, runs from / with a bare environment, that its
# bash completion loads, that its man page renders and names every subcommand, and that uninstall leaves the
# prefix empty.
# FriBidi both ways: linked in from libfribidi.a (libfribidi-dev, which this test needs), and, in a second
# prefix linked from the same objects with FRIBIDI_ARCHIVE= (as where the archive is missing), loaded from
# libfribidi.so.0 at run time; the two draw every Hebrew and Arabic screen alike.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
work=$(mktemp -d /tmp/attsim-install-XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
loading=$work/loading
clang=$(dirname "$(realpath "$(command -v swift)")")/clang
[ "$("$clang" -print-file-name=libfribidi.a)" != libfribidi.a ] ||
  { echo "the install test links FriBidi in from libfribidi.a: install libfribidi-dev"; exit 1; }
git clone -q . "$work/clone"
make -C "$work/clone" install PREFIX="$prefix" SWIFT="$(command -v swift)" >"$work/build.log" 2>&1 ||
  { tail -20 "$work/build.log"; exit 1; }
make -C "$work/clone" install PREFIX="$loading" SWIFT="$(command -v swift)" FRIBIDI_ARCHIVE= >"$work/build.log" 2>&1 ||
  { tail -20 "$work/build.log"; exit 1; }
cp "$work/clone/Makefile" "$work/Makefile"
rm -rf "$work/clone"

bare() { (cd / && env -i PATH=/usr/bin:/bin "$prefix/bin/attsim" "$@"); }
bare_loading() { (cd / && env -i PATH=/usr/bin:/bin "$loading/bin/attsim" "$@"); }
# The C++ runtime, ncurses and FriBidi are linked in (Scripts/link-static.sh, the Makefile): the loader maps
# libc and libm alone, and so it does for the binary that loads FriBidi when it first needs it.
for binary in "$prefix/bin/attsim" "$loading/bin/attsim"; do
  loaded=$(ldd "$binary" | awk '{print $1}' | grep -v -E '^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|/lib64/ld-linux-x86-64\.so\.2)$' || true)
  [ -z "$loaded" ] || { echo "$binary loads more than libc and libm: $loaded"; exit 1; }
done
grep -q '^FriBidi .*, linked in$' <<<"$(bare --version)" || { echo "FriBidi is not linked in:"; bare --version; exit 1; }
# The symbol table read once: `nm | grep -q` fails under pipefail when grep stops early (nm gets SIGPIPE).
symbols=$(nm "$prefix/bin/attsim")
grep -q -E ' [Tt] fribidi_reorder_line$' <<<"$symbols" || { echo "FriBidi's functions are not in the binary"; exit 1; }
grep -q '^FriBidi .*, loaded from libfribidi.so.0$' <<<"$(bare_loading --version)" ||
  { echo "the binary linked with FRIBIDI_ARCHIVE= does not load FriBidi:"; bare_loading --version; exit 1; }
for locale in he ar; do
  cmp -s <(bare render --locale "$locale" --keys "p enter") "Tests/ConsentUITests/Snapshots/dialog-$locale.txt" ||
    { echo "with FriBidi linked in, the $locale dialog is not its snapshot"; exit 1; }
  for keys in "v" "p" "p enter" "p enter a" "p enter n s"; do
    [ "$(bare render --locale "$locale" --keys "$keys")" = "$(bare_loading render --locale "$locale" --keys "$keys")" ] ||
      { echo "FriBidi linked in and loaded draw '$keys' in $locale differently"; exit 1; }
  done
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

for root in "$prefix" "$loading"; do
  make -f "$work/Makefile" uninstall PREFIX="$root" >/dev/null
  left=$(find "$root" -mindepth 1 | head -5)
  [ -z "$left" ] || { echo "uninstall left: $left"; exit 1; }
done
echo "install test: installed with FriBidi linked in and loaded at run time, loads libc and libm only, ran from / with a bare environment, completion and man page checked, uninstalled"
