#!/usr/bin/env bash
# The language server's figures in docs/editors.md: edit-to-diagnostics latency (median and 95th
# percentile over 100 edits, measured by an LSP client) and memory, on 500 MMLU questions and on
# all of MMLU as one Markdown bank, against `qbank lint FILE` in the same run.
# usage: bash bench/lsp_latency.sh [build/tools/qbank] [more lsp_latency.js arguments]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
qbank="$(realpath "${1:-$here/../build/tools/qbank}")"
shift || true
# MMLU: $QBANK_MMLU_DIR, else shared/data/mmlu-test beside the checkout or a folder above it.
mmlu="${QBANK_MMLU_DIR:-}"
dir="$here/.."
while [ -z "$mmlu" ] && [ "$dir" != "/" ]; do
  dir="$(dirname "$(realpath "$dir")")"
  [ -d "$dir/shared/data/mmlu-test" ] && mmlu="$dir/shared/data/mmlu-test"
done
[ -n "$mmlu" ] || { echo "lsp_latency: no MMLU folder; set QBANK_MMLU_DIR" >&2; exit 2; }
[ -d "$here/../tests/lsp/node_modules" ] || (cd "$here/../tests/lsp" && npm ci --no-audit --no-fund)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# 500 questions: the first 500 rows of one subject's CSV, as a Markdown draft.
python3 - "$mmlu/high_school_psychology_test.csv" "$tmp/psychology500.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
csv.writer(open(sys.argv[2], 'w', newline='', encoding='utf-8')).writerows(rows[:501])
PY
"$qbank" convert "$tmp/psychology500.csv" --to md -k -o "$tmp/psychology500.md" 2>/dev/null || true
"$qbank" convert "$mmlu" --to md -k -o "$tmp/mmlu.md" 2>/dev/null || true
echo "questions: $(grep -c '^## Question' "$tmp/psychology500.md") and $(grep -c '^## Question' "$tmp/mmlu.md")"
node "$here/lsp_latency.js" "$qbank" "$tmp/psychology500.md" "$tmp/mmlu.md" "$@"
