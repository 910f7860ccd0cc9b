#!/usr/bin/env bash
# Prints docs/reliability.md's table of fuzzing executions from the ledger tests/fuzz/executions.tsv
# (one line per campaign, campaign.sh adds them): per target, the executions recorded in all, those
# of campaigns whose finds were merged into the kept corpus (tests/fuzz/corpus/TARGET/), and that
# corpus as it is in the checkout now.
# Usage: bash tests/fuzz/executions_table.sh
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
ledger="$src/tests/fuzz/executions.tsv"
commas() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
echo "| target | executions recorded | of which merged into the kept corpus | kept corpus (inputs, KB) |"
echo "|---|---:|---:|---:|"
# Every target tests/fuzz/CMakeLists.txt builds, with or without a line in the ledger.
targets=$(grep -o '^qbank_add_[a-z_]*fuzzer([a-z0-9_]*' "$src/tests/fuzz/CMakeLists.txt" | sed 's/.*(//')
awk -F'\t' -v targets="$targets" 'NR > 1 {
    all[$2] += $3
    if ($9 ~ /^campaign.sh/) merged[$2] += $3
  }
  END {
    n = split(targets, list, "\n")
    for (i = 1; i <= n; i++) if (!(list[i] in all)) all[list[i]] = 0
    for (t in all) printf "%s\t%d\t%d\n", t, all[t], merged[t]
  }' "$ledger" |
  LC_ALL=C sort |
  while IFS=$'\t' read -r target all merged; do
    dir="$src/tests/fuzz/corpus/$target"
    files=0
    kb=0
    if [ -d "$dir" ]; then
      files=$(find "$dir" -type f | wc -l)
      kb=$(find "$dir" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%d", (s + 1023) / 1024 }')
    fi
    printf '| %s | %s | %s | %s, %s |\n' "$target" "$(commas "$all")" "$(commas "$merged")" "$files" "$kb"
  done
