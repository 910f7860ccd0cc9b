#!/usr/bin/env bash
# Times `qbank lint` on a bank for a baseline binary and the current one in the same run,
# alternating them, and prints the median wall time of each and the ratio.
#
# usage: bench/lint_time.sh OLD_QBANK OLD_DATA_DIR [NEW_QBANK] [BANK] [RUNS] [PRESET]
#   OLD_DATA_DIR: the rules/ and schemas/ the old binary was built with (for example
#                 `git archive BASE rules schemas | tar -x -C /tmp/old`)
#   NEW_QBANK:    default build/tools/qbank; BANK: default ../shared/data/mmlu-test;
#   RUNS:         default 5; PRESET: default recommended
set -euo pipefail
cd "$(dirname "$0")/.."
old="$1"
old_data="$2"
new="${3:-build/tools/qbank}"
bank="${4:-../shared/data/mmlu-test}"
runs="${5:-5}"
preset="${6:-recommended}"

# The report goes to a scratch file: an old build's writer replaced a non-regular -o target such
# as /dev/null with a regular file.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

time_one() {  # prints seconds of wall time for one lint run
  local start end
  start=$(date +%s.%N)
  "$@" lint "$bank" --preset "$preset" --format json -o "$scratch/report.json" 2>/dev/null || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

old_times=()
new_times=()
for ((i = 0; i < runs; i++)); do
  old_times+=("$(QBANK_DATA_DIR="$old_data" time_one "$old")")
  new_times+=("$(time_one "$new")")
done
old_median=$(printf '%s\n' "${old_times[@]}" | median)
new_median=$(printf '%s\n' "${new_times[@]}" | median)
echo "bank: $bank, preset: $preset, $runs runs each, alternating"
echo "baseline: median ${old_median} s  (runs: ${old_times[*]})"
echo "current:  median ${new_median} s  (runs: ${new_times[*]})"
echo "ratio current/baseline: $(echo "scale=3; $new_median / $old_median" | bc)"
