#!/usr/bin/env bash
# The README's two commands on a new user's machine: a clean clone of HEAD is built (`swift build`, then
# `swift run attsim --version`) and tested (`swift test`) in a mount namespace where FriBidi's development
# files (libfribidi-dev: headers, pkg-config file, static archive) are hidden, as on a Debian machine that has
# only the libfribidi0 runtime. The binary must not ask the loader for FriBidi, and its Hebrew and Arabic
# screens must equal the normal build's (REFERENCE, by default this tree's .build/debug/attsim, built where
# those files are visible). Then libfribidi.so.0 is hidden too: `attsim --version` says FriBidi is missing, the
# phone shows the same order with Arabic letters in their base forms, and the Device panel says why.
# Needs root or unprivileged user namespaces (unshare), readelf and python3 (to fold Arabic letters' forms).
# Usage: Scripts/fresh-machine-test.sh [REFERENCE]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"

# The screens compared: name and keys from launch.
screens=("home:" "prepermission:p" "dialog:p enter")

# render BINARY LOCALE KEYS: the screen as text.
render() {
  if [ -n "$3" ]; then "$1" render --locale "$2" --keys "$3"; else "$1" render --locale "$2"; fi
}

# hide PATH...: an empty folder over each folder, /dev/null over each file (a symlink is left: a mount
# would land on its target, which may be the runtime library).
hide() {
  for path in "$@"; do
    if [ -L "$path" ]; then
      continue
    elif [ -d "$path" ]; then
      mount --bind "$empty" "$path"
    elif [ -e "$path" ]; then
      mount --bind /dev/null "$path"
    fi
  done
}

inside() {
  local work=$1 reference=$2
  empty=$work/empty
  mkdir -p "$empty" "$work/out"
  # What libfribidi-dev installed, where it is installed, and the usual places where it is not.
  local files=(/usr/include/fribidi)
  if dpkg -s libfribidi-dev >/dev/null 2>&1; then
    while read -r path; do
      case $path in /usr/share/*) ;; *) [ -f "$path" ] && files+=("$path") ;; esac
    done < <(dpkg -L libfribidi-dev)
  fi
  hide "${files[@]}"
  local clang
  clang=$(dirname "$(realpath "$(command -v swift)")")/clang
  [ -x "$clang" ] || { echo "fresh-machine test: no clang beside swift"; exit 1; }
  if printf '#include <fribidi/fribidi.h>\n' | "$clang" -E -x c - >/dev/null 2>&1; then
    echo "fresh-machine test: FriBidi's headers are still visible"
    exit 1
  fi
  if command -v pkg-config >/dev/null && pkg-config --exists fribidi; then
    echo "fresh-machine test: fribidi.pc is still visible"
    exit 1
  fi

  cd "$work/clone"
  swift build --product attsim >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
  local binary=$work/clone/.build/debug/attsim
  # Each output is read whole before it is searched: `| grep -q` fails under pipefail when grep stops early.
  local needed
  needed=$(readelf -d "$binary" | grep NEEDED)
  if grep -q fribidi <<<"$needed"; then
    echo "fresh-machine test: the binary asks the loader for FriBidi: $(grep fribidi <<<"$needed")"
    exit 1
  fi
  grep -q '^FriBidi .*, loaded from libfribidi.so.0$' <<<"$(swift run --quiet attsim --version)" ||
    { echo "fresh-machine test: swift run attsim --version does not say FriBidi was loaded"; exit 1; }
  swift test >"$work/test.log" 2>&1 || { grep -a -E '✘|error:' "$work/test.log" | head -40; exit 1; }
  echo "fresh-machine test: swift test: $(grep -a -o 'Test run with .*' "$work/test.log" | tail -1)"

  local screen name keys locale
  for locale in he ar; do
    for screen in "${screens[@]}"; do
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

  # No FriBidi at all: the runtime library, wherever the loader's cache has it, becomes empty.
  local runtime
  runtime=$(ldconfig -p | awk '/libfribidi\.so\.0 /{print $NF; exit}')
  [ -n "$runtime" ] || { echo "fresh-machine test: no libfribidi.so.0 in the loader's cache"; exit 1; }
  mount --bind /dev/null "$(readlink -f "$runtime")"
  grep -q "^FriBidi missing" <<<"$("$binary" --version)" ||
    { echo "fresh-machine test: --version does not say FriBidi is missing"; "$binary" --version; exit 1; }
  for locale in he ar; do
    for screen in "${screens[@]}"; do
      name=${screen%%:*} keys=${screen#*:}
      render "$binary" "$locale" "$keys" >"$work/out/builtin-$name-$locale.txt"
      python3 - "$work/out/normal-$name-$locale.txt" "$work/out/builtin-$name-$locale.txt" "$name $locale" <<'EOF'
# The phone (the screen's first 38 columns) with Arabic letters folded to their base forms must be the same;
# the Device panel must say whose order it is.
import sys, unicodedata

def width(character):
    if unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1

def phone(text):
    rows = []
    for line in text.split("\n"):
        shown, columns = "", 0
        for character in line:
            if columns + width(character) > 38:
                break
            shown += character
            columns += width(character)
        rows.append(unicodedata.normalize("NFKC", shown))
    return rows

normal, builtin = (open(path, encoding="utf-8").read() for path in sys.argv[1:3])
if phone(normal) != phone(builtin):
    for row, (a, b) in enumerate(zip(phone(normal), phone(builtin))):
        if a != b:
            print(f"fresh-machine test: without FriBidi, row {row} of the {sys.argv[3]} phone is\n  {b}\nnot\n  {a}")
    sys.exit(1)
if "Text order   attsim's own (no FriBidi)" not in builtin:
    print(f"fresh-machine test: without FriBidi, the {sys.argv[3]} Device panel does not say so")
    sys.exit(1)
EOF
    done
  done
  echo "fresh-machine test: built and tested without FriBidi's development files, Hebrew and Arabic as the" \
    "normal build's; without libfribidi.so.0, attsim's own order and a warning"
}

if [ "${1:-}" = "--inside" ]; then
  inside "$2" "$3"
  exit
fi

reference=$(realpath "${1:-.build/debug/attsim}")
[ -x "$reference" ] || { echo "fresh-machine test: no normal build at $reference (run swift build first)"; exit 1; }
work=$(mktemp -d /tmp/attsim-fresh-XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/clone"
namespace=(unshare --mount)
[ "$(id -u)" -eq 0 ] || namespace=(unshare --map-root-user --mount)
"${namespace[@]}" bash "$PWD/Scripts/fresh-machine-test.sh" --inside "$work" "$reference"
