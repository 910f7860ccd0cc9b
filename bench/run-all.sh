#!/usr/bin/env bash
# Prints each headline figure of issue 32 with its baseline, in one run (about ten minutes on two
# cores): the readers' MB/s against reading the file's bytes, qbank against gift-pegjs on MMLU as
# GIFT, `qbank lint` with the recommended preset against every rule off on 100,000 questions, a
# million against 100,000, and near-duplicate recall (bench/dup_bench). Figures and what they
# mean: docs/performance.md.
#
# usage: bench/run-all.sh [BUILD_DIR] [MMLU_DIR]
#   BUILD_DIR: default build (its qbank, reader_bench, scale_bench and dup_bench targets built);
#   MMLU_DIR: default /work/shared/data/mmlu-test
# Environment: SKIP_PEGJS=1 skips the gift-pegjs comparison (it needs node and npm, and network
# the first time); SCALE_SIZES (default 100000,1000000) sets the sizes of the scale figure.
set -uo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
mmlu="${2:-/work/shared/data/mmlu-test}"
start=$(date +%s)

section() { printf '\n== %s (at %ds)\n' "$1" "$(($(date +%s) - start))"; }
need() {
  if [ ! -x "$build/$1" ]; then
    echo "missing $build/$1: cmake --build $build --target $(basename "$1")"
    return 1
  fi
}

echo "qbank $(git rev-parse --short HEAD 2>/dev/null), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"

section "readers: import MB/s against reading the same file's bytes (CPU of one thread)"
need bench/reader_bench && "$build/bench/reader_bench" --runs 5 "$mmlu"

section "GIFT: qbank import against gift-pegjs on MMLU as GIFT (whole processes, CPU)"
if [ "${SKIP_PEGJS:-0}" = 1 ] || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "skipped (SKIP_PEGJS=1, or no node/npm)"
else
  need tools/qbank && bench/gift_pegjs.sh "$build/tools/qbank" "$mmlu" 3
fi

section "scale: lint recommended against every rule off, and 1M against 100k questions"
need bench/scale_bench && "$build/bench/scale_bench" --sizes "${SCALE_SIZES:-100000,1000000}" \
  --qbank "$build/tools/qbank"

section "near-duplicate recall at the defaults (bench/dup_bench, 100k questions)"
if need bench/dup_bench; then
  "$build/bench/dup_bench" --sizes 100000 --skip-reference --skip-index-load --skip-end-to-end
fi

section "done"
