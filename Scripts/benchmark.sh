#!/usr/bin/env bash
# Benchmarks for the README's Performance section. Builds in release and prints medians, because the
# machines are shared and noisy. Usage: Scripts/benchmark.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-11}
swift build -c release >/dev/null
bin=.build/release

# Median wall time in milliseconds of running a command $runs times (or $2 times via median_ms_n).
median_ms() { median_ms_n "$runs" "$@"; }
median_ms_n() {
  local count=$1 times=()
  shift
  for ((i = 0; i < count; i++)); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    times+=($(((end - start) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

echo "== The model: exhaustive state walk (every invariant on every transition)"
"$bin/attsim-bench" walk 6 3

echo "== Headless commands (median of $runs runs)"
scenarios=(Assets/Scenarios/*.attsim)
echo "attsim play, all ${#scenarios[@]} library scenarios: $(median_ms "$bin/attsim" play "${scenarios[@]}") ms"
echo "attsim matrix --format csv:                $(median_ms "$bin/attsim" matrix --format csv) ms"
echo "attsim matrix (markdown):                  $(median_ms "$bin/attsim" matrix) ms"
echo "baseline, /bin/true:                       $(median_ms /bin/true) ms"

project=$(mktemp -d /tmp/attsim-bench-project-XXXXXX)
"$bin/attsim-bench" generate-project "$project"
echo "attsim check, Xcode project of 40 locales, $(find "$project" -type f | wc -l) files: $(median_ms "$bin/attsim" check "$project") ms (target: well under 100 ms)"
echo "attsim prompts, same project:            $(median_ms "$bin/attsim" prompts "$project") ms"
rm -rf "$project"

big_runs=5
echo "== attsim play with 100,000 tracked events (median of $big_runs runs; the target is under 1 s and 100 MB)"
events=$(mktemp /tmp/attsim-bench-XXXXXX.attsim)
{ echo "sdk init"; seq -f 'track e%g' 1 100000; echo "expect event=sent"; } >"$events"
# Peak resident memory in MB, from GNU time.
peak_mb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'; }
echo "JSON lines:                   $(median_ms_n "$big_runs" "$bin/attsim" play "$events") ms, peak $(peak_mb "$bin/attsim" play "$events") MB"
echo "JUnit report:                 $(median_ms_n "$big_runs" "$bin/attsim" play --report junit "$events") ms, peak $(peak_mb "$bin/attsim" play --report junit "$events") MB"
rm -f "$events"

echo "== attsim check on a 60 MB strings file, against Foundation's parser alone (median of $big_runs runs)"
big=$(mktemp /tmp/attsim-bench-XXXXXX.strings)
trap 'rm -f "$big"' EXIT
"$bin/attsim-bench" generate-strings "$big" 60
ours=$(median_ms_n "$big_runs" "$bin/attsim" check "$big")
theirs=$(median_ms_n "$big_runs" "$bin/attsim-bench" foundation-strings "$big")
echo "attsim check:                 $ours ms, peak $(peak_mb "$bin/attsim" check "$big") MB"
echo "Foundation (parse only):      $theirs ms, peak $(peak_mb "$bin/attsim-bench" foundation-strings "$big") MB"
echo "speed-up:                     $(awk -v a="$theirs" -v b="$ours" 'BEGIN {printf "%.1fx", a/b}')"

echo "== Property lists: attsim's reader against Foundation's PropertyListSerialization (median of $big_runs reads)"
"$bin/attsim-bench" plists "$big_runs"

echo "== The terminal UI against dialog(1), in tmux at 80x24 (medians of $runs runs)"
if command -v dialog >/dev/null && command -v tmux >/dev/null; then
  # The UI is measured as installed: make install into a temporary prefix, the source tree out of reach.
  prefix=$(mktemp -d /tmp/attsim-bench-prefix-XXXXXX)
  make install PREFIX="$prefix" >/dev/null
  latency=$(realpath ../shared/tools/tui-latency 2>/dev/null || echo /work/shared/tools/tui-latency)
  # The floor, dialog and attsim take turns, a run of tui-latency each, so that the machine's slow and fast
  # moments (and tmux's) fall on all three alike; then each one's median and attsim's ratio to dialog.
  # The release build `swift build -c release` leaves in .build, as a developer runs it, beside the installed one.
  release=$(realpath "$bin/attsim")
  floor_runs=() dialog_runs=() attsim_runs=() release_runs=()
  one_run() { (cd / && "$latency" -n 1 -s 80x24 "$@" | awk '/first-frame/ {print $3}'); }
  for ((i = 0; i < runs; i++)); do
    floor_runs+=("$(one_run "Request tracking" -- sh -c 'printf "Request tracking\n"; exec sleep 5')")
    dialog_runs+=("$(one_run Allow -- dialog --inputbox "Allow tracking?" 10 40)")
    attsim_runs+=("$(one_run "Request tracking" -- "$prefix/bin/attsim")")
    release_runs+=("$(one_run "Request tracking" -- "$release")")
  done
  middle() { printf '%s\n' "$@" | grep -v timeout | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  floor_ms=$(middle "${floor_runs[@]}") dialog_ms=$(middle "${dialog_runs[@]}") attsim_ms=$(middle "${attsim_runs[@]}")
  release_ms=$(middle "${release_runs[@]}")
  ratio() { awk -v a="$1" -v d="$2" 'BEGIN { printf "%.2f", a / d }'; }
  echo "first frame, taking turns: the floor (a shell printing the needle) $floor_ms ms, dialog --inputbox $dialog_ms ms,"
  echo "  attsim as installed $attsim_ms ms ($(ratio "$attsim_ms" "$dialog_ms")x dialog),"
  echo "  attsim from swift build -c release $release_ms ms ($(ratio "$release_ms" "$dialog_ms")x dialog)"
  echo "key to frame: dialog typing a letter; attsim, p opening the pre-permission screen:"
  (cd / && "$latency" -n "$runs" -s 80x24 -k Q -K Q Allow -- dialog --inputbox "Allow tracking?" 10 40)
  (cd / && "$latency" -n "$runs" -s 80x24 -k p -K Continue "Request tracking" -- "$prefix/bin/attsim")
  # tui-latency sees tmux's screen once a round of its polling loop (about 5 ms): on a bare pty the same
  # first frames, spawned and read directly (DECISIONS D59).
  # The three take turns, a run each, so that the machine's slow and fast moments fall on all of them alike.
  echo "== The first frame on a bare 80x24 pty, spawned directly (medians of 101 runs, taking turns)"
  bench=$(realpath "$bin/attsim-bench")
  medians=$(cd / && TERM=xterm-256color "$bench" pty-frame 101 'Request tracking' printf 'Request tracking\n' \
    --- Allow dialog --inputbox 'Allow tracking?' 10 40 --- 'Request tracking' "$prefix/bin/attsim" \
    --- 'Request tracking' "$release")
  set -- $medians
  echo "the floor (printf printing the words):         $1 ms"
  echo "dialog --inputbox:                              $2 ms"
  echo "attsim as installed:                            $3 ms ($(ratio "$3" "$2")x dialog)"
  echo "attsim from swift build -c release:             $4 ms ($(ratio "$4" "$2")x dialog)"
  echo "== Where the installed binary's time goes (median of 101 runs, spawned without a shell or terminal)"
  spawn() { "$bin/attsim-bench" spawn 101 "$@"; }
  # The floor: a static Swift program with the standard library alone (as attsim links it) doing nothing.
  floor=$(mktemp -d /tmp/attsim-bench-floor-XXXXXX)
  echo 'if CommandLine.arguments.count > 9 { print("unused") }' >"$floor/main.swift"
  swiftc -O -static-stdlib "$floor/main.swift" -o "$floor/floor" 2>/dev/null
  echo "dialog --version (start-up only):              $(spawn dialog --version) ms"
  echo "a static Swift program, standard library only: $(spawn "$floor/floor") ms"
  echo "attsim --version (start-up only):              $(spawn "$prefix/bin/attsim" --version) ms"
  echo "attsim completion words locales (+ loading):   $(spawn "$prefix/bin/attsim" completion words locales) ms"
  echo "attsim render (+ check, state, one frame):     $(spawn "$prefix/bin/attsim" render) ms"
  make uninstall PREFIX="$prefix" >/dev/null
  rm -rf "$prefix" "$floor"
else
  echo "skipped: needs dialog and tmux (apt-get install dialog tmux)"
fi
