#!/usr/bin/env bash
# Times `qbank import` of MMLU written as GIFT against gift-pegjs (the JavaScript PEG parser for
# GIFT, pinned in bench/gift_pegjs/package-lock.json) parsing the same file, both as whole
# processes, alternating, and prints the median CPU time (user + system) of each and the ratio.
#
# usage: bench/gift_pegjs.sh [QBANK] [INPUT] [RUNS]
#   QBANK: default build/tools/qbank; INPUT: default /work/shared/data/mmlu-test; RUNS: default 5
# Installs gift-pegjs with `npm ci` in bench/gift_pegjs the first time (needs network once).
set -euo pipefail
cd "$(dirname "$0")/.."
qbank="${1:-build/tools/qbank}"
input="${2:-/work/shared/data/mmlu-test}"
runs="${3:-5}"

if [ ! -d bench/gift_pegjs/node_modules/gift-pegjs ]; then
  (cd bench/gift_pegjs && npm ci --silent >/dev/null)
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# (MMLU has questions the import refuses, for control characters: the others are written.)
"$qbank" convert "$input" --keep-going --to gift -o "$scratch/bank.gift" 2>/dev/null || true
[ -s "$scratch/bank.gift" ] || { echo "cannot convert $input to GIFT"; exit 2; }
bytes=$(stat -c %s "$scratch/bank.gift")

# gift-pegjs: read the file and parse it block by block (blocks are separated by blank lines, as
# qbank writes them), so a question its grammar refuses (an unescaped ':' in an answer, which
# Moodle reads) costs only that question; prints the questions parsed and refused.
parse_js="const fs = require('fs'); const gift = require('$PWD/bench/gift_pegjs/node_modules/gift-pegjs');
let parsed = 0, refused = 0;
for (const block of fs.readFileSync(process.argv[1], 'utf8').split(/\\n[ \\t]*\\n/)) {
  if (!block.trim()) continue;
  try { parsed += gift.parse(block + '\\n').filter(q => q.type !== 'Category').length; }
  catch (e) { refused++; }
}
console.log(parsed + ' parsed, ' + refused + ' refused');"

cpu_of() {  # prints the CPU seconds (user + system) of one run of the command
  /usr/bin/time -f '%U %S' -o "$scratch/time" "$@" >"$scratch/out" 2>/dev/null
  awk '{print $1 + $2}' "$scratch/time"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

js_times=()
qb_times=()
for ((i = 0; i < runs; i++)); do
  js_times+=("$(cpu_of node -e "$parse_js" "$scratch/bank.gift" || true)")
  js_questions=$(cat "$scratch/out")
  qb_times+=("$(cpu_of "$qbank" import "$scratch/bank.gift" -o "$scratch/bank.json" || true)")
done
qb_questions=$(grep -o '"stem"' "$scratch/bank.json" | wc -l)
js=$(printf '%s\n' "${js_times[@]}" | median)
qb=$(printf '%s\n' "${qb_times[@]}" | median)
echo "GIFT file: $bytes bytes from $input"
echo "gift-pegjs (node, parse only): median ${js} s CPU, $js_questions (runs: ${js_times[*]})"
echo "qbank import (to a bank file): median ${qb} s CPU, $qb_questions questions (runs: ${qb_times[*]})"
echo "qbank is $(echo "scale=1; $js / $qb" | bc)x faster than gift-pegjs"
