#!/usr/bin/env bash
# attsim's budget, measured: one table, every row side by side with its baseline in the same run.
#
#   Scripts/benchmark.sh [-n RUNS] [REPOSITORY...]
#
# REPOSITORY: checkouts of real apps (the larger the better: 10 MB or more of files) for the prompts and
# check rows. Release build; medians of RUNS runs (11 by default), attsim and its baseline taking turns a run
# at a time, because the machines are shared and noisy. Needs tmux and dialog(1); GNU time for the memory
# column. A budget that does not hold is reported in the table ("no"), never as a failure: the figures go to
# docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=11
while getopts "n:" option; do
  case $option in n) runs=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
for tool in tmux dialog; do
  command -v "$tool" >/dev/null || { echo "benchmark.sh: needs $tool" >&2; exit 2; }
done
swift build -c release >/dev/null
attsim=$PWD/.build/release/attsim
work=$(mktemp -d /tmp/attsim-benchmark-XXXXXX)
socket="$work/tmux"
trap 'tmux -S "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

now_us() { echo $(($(date +%s%N) / 1000)); }
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "n/a"; else print a[int((NR + 1) / 2)]}'; }
# Milliseconds, with one decimal, from microseconds.
ms() { awk -v us="$1" 'BEGIN {printf "%.1f", us / 1000}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b == 0) print "n/a"; else printf "%.1f", a / b}'; }
holds() { awk -v ok="$1" 'BEGIN {print (ok ? "yes" : "**no**")}'; }

# Microseconds until NEEDLE is on tmux pane TARGET, counted from START; 5 s at most.
wait_for() {
  local needle=$1 target=$2 start=$3
  while :; do
    if tmux -S "$socket" capture-pane -p -t "$target" 2>/dev/null | grep -qF -- "$needle"; then
      echo $(($(now_us) - start))
      return
    fi
    (($(now_us) - start > 5000000)) && { echo 5000000; return; }
  done
}

# One run in an 80×24 tmux window: microseconds to the first frame (NEEDLE), then from KEY to AFTER.
tui_run() {
  local needle=$1 key=$2 after=$3 fifo
  shift 3
  fifo=$(mktemp -u "$work/go-XXXXXX")
  mkfifo "$fifo"
  tmux -S "$socket" new-session -d -s run -x 80 -y 24 "read _ < $fifo; exec $(printf '%q ' "$@")"
  local start first keyed
  start=$(now_us)
  echo go >"$fifo"
  first=$(wait_for "$needle" run "$start")
  # A person presses a key some time after the screen appears: the program has settled by then.
  sleep 0.3
  start=$(now_us)
  tmux -S "$socket" send-keys -t run "$key"
  keyed=$(wait_for "$after" run "$start")
  tmux -S "$socket" kill-session -t run
  rm -f "$fifo"
  echo "$first $keyed"
}

# Wall microseconds of one run of a command, its output discarded.
time_us() {
  local start
  start=$(now_us)
  "$@" >/dev/null 2>&1 || true
  echo $(($(now_us) - start))
}

# Medians, in microseconds, of two commands run RUNS times taking turns: "A B". The commands are given as
# two strings, run by bash.
side_by_side() {
  local a=() b=()
  for ((i = 0; i < runs; i++)); do
    a+=("$(time_us bash -c "$1")")
    b+=("$(time_us bash -c "$2")")
  done
  echo "$(printf '%s\n' "${a[@]}" | median) $(printf '%s\n' "${b[@]}" | median)"
}

# Peak resident memory of a command, in MB (GNU time), or n/a.
peak_mb() {
  [ -x /usr/bin/time ] || { echo "n/a"; return; }
  /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1 / 1024}'
}

echo "| budget | attsim | side by side | ratio | holds |"
echo "|---|---|---|---|---|"

# The terminal UI against dialog(1), ncurses' own dialog program, taking turns in the same tmux server.
tmux -S "$socket" new-session -d -s keepalive -x 80 -y 24
firsts=() keys=() dialog_firsts=() dialog_keys=()
for ((i = 0; i < runs; i++)); do
  read -r first key <<<"$(tui_run "Request tracking" p "Continue" "$attsim")"
  firsts+=("$first") keys+=("$key")
  read -r first key <<<"$(tui_run "Allow tracking" Q "Q" dialog --inputbox "Allow tracking?" 10 40)"
  dialog_firsts+=("$first") dialog_keys+=("$key")
done
first=$(printf '%s\n' "${firsts[@]}" | median)
dialog_first=$(printf '%s\n' "${dialog_firsts[@]}" | median)
key=$(printf '%s\n' "${keys[@]}" | median)
dialog_key=$(printf '%s\n' "${dialog_keys[@]}" | median)
echo "| first frame, 80×24 in tmux: under 50 ms and at most 2× dialog's | $(ms "$first") ms | dialog --inputbox: $(ms "$dialog_first") ms | $(ratio "$first" "$dialog_first")× | $(holds "$((first < 50000 && first <= 2 * dialog_first))") |"
echo "| key to frame (\`p\`; dialog: a letter typed): at most dialog's + 4 ms | $(ms "$key") ms | dialog: $(ms "$dialog_key") ms | $(ratio "$key" "$dialog_key")× | $(holds "$((key <= dialog_key + 4000))") |"

# Real apps: prompts within 2× and check within 5× of cat of every file in the tree.
for repository in "$@"; do
  name=$(basename "$repository")
  files=$(find "$repository" -type f -not -path '*/.git/*' | wc -l)
  megabytes=$(find "$repository" -type f -not -path '*/.git/*' -printf '%s\n' | awk '{s += $1} END {printf "%.0f", s / 1e6}')
  cat_all="find '$repository' -type f -not -path '*/.git/*' -print0 | xargs -0 cat"
  for command in prompts check; do
    budget=$([ "$command" = prompts ] && echo 2 || echo 5)
    status=0
    refusal=$("$attsim" "$command" "$repository" 2>&1 >/dev/null) || status=$?
    if ((status >= 2)); then
      echo "| \`$command\` on $name ($files files, $megabytes MB) | refused: $(tail -1 <<<"$refusal" | cut -c1-100) | | | |"
      continue
    fi
    read -r ours cat_time <<<"$(side_by_side "'$attsim' $command '$repository'" "$cat_all")"
    echo "| \`$command\` on $name ($files files, $megabytes MB): at most $budget× cat of every file | $(ms "$ours") ms | cat: $(ms "$cat_time") ms | $(ratio "$ours" "$cat_time")× | $(holds "$((ours <= budget * cat_time))") |"
  done
done

# Scripts: the library against doing nothing, and 100,000 tracked events (under 1 s and 100 MB).
scenarios=(Assets/Scenarios/*.attsim)
read -r library nothing <<<"$(side_by_side "'$attsim' play ${scenarios[*]}" "/bin/true")"
echo "| \`play\` of the ${#scenarios[@]} library scenarios | $(ms "$library") ms | /bin/true: $(ms "$nothing") ms | | |"
events="$work/events.attsim"
{ echo "sdk init"; seq -f 'track e%g' 1 100000; echo "expect event=sent"; } >"$events"
read -r play nothing <<<"$(side_by_side "'$attsim' play --report junit '$events'" "cat '$events'")"
memory=$(peak_mb "$attsim" play --report junit "$events")
echo "| \`play --report junit\` of 100,000 events: under 1 s and 100 MB | $(ms "$play") ms, $memory MB | cat: $(ms "$nothing") ms | | $(holds "$((play < 1000000))") |"

# A 60 MB strings file: memory stays bounded (no budget of time: a parse is not a copy).
strings="$work/Localizable.strings"
awk 'BEGIN {for (i = 0; i < 600000; i++) printf "/* entry %d */\n\"key.%d\" = \"The text of entry %d, with \\\"quotes\\\" and é.\";\n", i, i, i}' >"$strings"
strings_mb=$(($(stat -c %s "$strings") / 1000000))
read -r check cat_time <<<"$(side_by_side "'$attsim' check '$strings'" "cat '$strings'")"
memory=$(peak_mb "$attsim" check "$strings")
echo "| \`check\` of a $strings_mb MB strings file | $(ms "$check") ms, $memory MB | cat: $(ms "$cat_time") ms | $(ratio "$check" "$cat_time")× | |"
