#!/usr/bin/env bash
# A fuzzing campaign that accumulates. Runs TARGET for SECONDS at the lowest CPU priority from its
# seeds and the corpus kept in the repository (run_fuzzers.sh), merges what it found back into
# tests/fuzz/corpus/TARGET/ with libFuzzer's -merge=1, and adds a line to the ledger
# tests/fuzz/executions.tsv, from which docs/reliability.md's table is made
# (tests/fuzz/executions_table.sh).
# Usage: bash tests/fuzz/campaign.sh BUILD_DIR TARGET SECONDS
#   BUILD_DIR is the fuzz build (docs/reliability.md). The merge keeps the smallest inputs that
#   together reach every feature the fixtures' seeds, the kept corpus and the campaign's finds
#   reach, then leaves out the seeds (make_corpora.sh makes them from the checkout) and inputs
#   over QBANK_CORPUS_MAX_INPUT bytes (16384), and caps the folder at QBANK_CORPUS_CAP bytes
#   (262144) and QBANK_CORPUS_MAX_FILES inputs (500, half the fewest executions of CI's fixed
#   run) by dropping its largest inputs: the kept corpora stay a few MB in all, and CI's fixed run,
#   which starts from them, keeps its execution counts.
# Exit 0; 1 when the campaign found a crash (the merge and the ledger line are still made, and the
# reproducer is in BUILD_DIR/fuzz-artifacts/); 2 for a usage error or a failed merge.
set -uo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
if [ $# -ne 3 ] || ! [[ "$3" =~ ^[0-9]+$ ]]; then
  echo "usage: bash tests/fuzz/campaign.sh BUILD_DIR TARGET SECONDS" >&2
  exit 2
fi
build="$(cd "$1" && pwd)"
target="$2"
seconds="$3"
bin="$build/tests/fuzz/$target"
if [ ! -x "$bin" ]; then
  echo "campaign.sh: $target is not built ($bin); build the fuzzers target first" >&2
  exit 2
fi
max_input="${QBANK_CORPUS_MAX_INPUT:-16384}"
cap="${QBANK_CORPUS_CAP:-262144}"
max_files="${QBANK_CORPUS_MAX_FILES:-500}"
kept="$src/tests/fuzz/corpus/$target"
ledger="$src/tests/fuzz/executions.tsv"
when="$(date -u +%Y-%m-%dT%H:%MZ)"

# Seeds and merge folders of the target's own, so campaigns of two targets can run side by side.
rm -rf "$build/fuzz-campaign-seeds/$target"
QBANK_FUZZ_SEEDS="$build/fuzz-campaign-seeds/$target" \
  bash "$src/tests/fuzz/run_fuzzers.sh" "$build" "$seconds" "$target"
fuzz_rc=$?
log="$build/fuzz-$target.log"
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
finds=""
if grep -q '^INFO: -fork=' "$log"; then
  # Fork mode, which goes on past a find with -ignore_crashes=1 (run_fuzzers.sh says how its
  # executions are counted); the finds it went past are in the ledger's "how".
  runs=$(grep -o '^#[0-9]*: cov' "$log" | tail -1 | grep -o '[0-9]*')
  finds=$(grep -o 'oom/timeout/crash: [0-9/]*' "$log" | tail -1 | sed 's/.*: //')
fi
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')

# The merge: the fixtures' seeds first (what they reach is not kept again), then the candidates.
stage="$build/fuzz-merge/$target"
rm -rf "$stage"
mkdir -p "$stage/merged" "$stage/candidates"
bash "$src/tests/fuzz/make_corpora.sh" "$stage/fixtures" --fixtures-only
cp "$stage/fixtures/$target/"* "$stage/merged/" 2>/dev/null
ls "$stage/merged" > "$stage/fixture-names"
for dir in "$kept" "$build/fuzz-corpora/$target"; do
  [ -d "$dir" ] || continue
  find "$dir" -maxdepth 1 -type f -size -"$((max_input + 1))"c -exec cp -t "$stage/candidates" {} +
done
(cd "$stage" && ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=2:quarantine_size_mb=64}" \
  nice -n 19 "$bin" -merge=1 -max_len=65536 -timeout=25 -rss_limit_mb=2560 \
  -artifact_prefix="$build/fuzz-artifacts/$target-merge-" merged candidates) > "$stage/merge.log" 2>&1
if ! grep -q 'MERGE-OUTER: [0-9]* new files' "$stage/merge.log"; then
  echo "campaign.sh: the merge failed; log $stage/merge.log" >&2
  tail -5 "$stage/merge.log" >&2
  exit 2
fi
(cd "$stage/merged" && xargs -r rm -f < "$stage/fixture-names")
# The cap: the largest inputs go first.
total=$(find "$stage/merged" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
dropped=0
count=$(find "$stage/merged" -type f | wc -l)
while [ "$total" -gt "$cap" ] || [ "$count" -gt "$max_files" ]; do
  count=$((count - 1))
  largest=$(find "$stage/merged" -type f -printf '%s %p\n' | sort -n | tail -1)
  total=$((total - ${largest%% *}))
  rm -f "${largest#* }"
  dropped=$((dropped + 1))
done
rm -rf "$kept"
mkdir -p "$kept"
cp "$stage/merged/"* "$kept/" 2>/dev/null
files=$(find "$kept" -type f | wc -l)

if [ ! -f "$ledger" ]; then
  printf 'when\ttarget\texecutions\tseconds\tcov\tft\tkept_files\tkept_bytes\thow\n' > "$ledger"
fi
commit="$(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo unknown)"
# How the campaign ran, when not as docs/reliability.md builds and runs it by default.
how="campaign.sh at $commit"
flags=$(sed -n 's/^CMAKE_CXX_FLAGS_RELWITHDEBINFO:STRING=//p' "$build/CMakeCache.txt" 2>/dev/null)
[ -n "$flags" ] && [ "$flags" != "-O1 -gline-tables-only" ] && how="$how; built with $flags"
extra=$(sed -n 's/^CMAKE_CXX_FLAGS:STRING=//p' "$build/CMakeCache.txt" 2>/dev/null)
[ -n "$extra" ] && how="$how; built with $extra"
[ -n "${QBANK_FUZZ_MAX_LEN:-}" ] && how="$how; -max_len=$QBANK_FUZZ_MAX_LEN"
[ -n "${QBANK_FUZZ_FLAGS:-}" ] && how="$how; $QBANK_FUZZ_FLAGS"
[ -n "$finds" ] && how="$how; went past oom/timeout/crash $finds (reproducers in BUILD_DIR/fuzz-artifacts/)"
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$when" "$target" "${runs:-0}" "$seconds" \
  "${cov:-?}" "${ft:-?}" "$files" "$total" "$how" >> "$ledger"
echo "campaign.sh: $target: ${runs:-0} executions in ${seconds} s; kept corpus $files inputs," \
  "$total bytes ($dropped dropped for the cap); ledger $ledger"
[ "$fuzz_rc" -eq 0 ] || exit 1
[ -z "$finds" ] || [ "$finds" = 0/0/0 ] || exit 1
exit 0
