#!/usr/bin/env bash
# Lint time on MMLU with and without the rules of issue 31, alternating in one run: `qbank lint
# BANK --format json` under PRESET (default recommended), three times each, medians of wall and
# CPU (user + system) time from /usr/bin/time. "Without" is the same binary with a config that
# extends the preset and turns the new rules off (mojibake, an import rule, cannot be turned off;
# it reads only files whose import refused control characters).
# usage: [RULES="rule ..."] eval/time_new_rules.sh [QBANK] [BANK] [PRESET] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
qbank=${1:-$here/../build/tools/qbank}
bank=${2:-/work/shared/data/mmlu-test}
preset=${3:-recommended}
runs=${4:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# RULES: the rules turned off for "without" (default: every rule issue 31 added).
rules=${RULES:-absolute-terms dangling-reference key-echoes-stem key-in-question option-fragment
same-stem paraphrased-options ungrammatical-option}
off=$(for r in $rules; do printf '"%s": "off", ' "$r"; done)
echo "{\"extends\": \"$preset\", \"rules\": {${off%, }}}" > "$tmp/off.json"
echo "{\"extends\": \"$preset\"}" > "$tmp/on.json"
run() {  # run NAME: one timed lint, "wall cpu" appended to $tmp/NAME
  /usr/bin/time -f "%e %U %S" -o "$tmp/t" "$qbank" lint "$bank" --config "$tmp/$1.json" \
    --format json -o "$tmp/report-$1.json" 2>/dev/null || true
  # The last line: /usr/bin/time writes "Command exited with non-zero status 1" first.
  tail -n 1 "$tmp/t" | awk '{print $1, $2 + $3}' >> "$tmp/$1"
}
for _ in $(seq "$runs"); do run off; run on; done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for name in off on; do
  wall=$(cut -d' ' -f1 "$tmp/$name" | median)
  cpu=$(cut -d' ' -f2 "$tmp/$name" | median)
  echo "$preset, new rules $name: median wall ${wall} s, CPU ${cpu} s over $runs runs"
done
