#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each, one after another, at the lowest
# CPU priority, from its seeds (the fixtures and the corpus kept in tests/fuzz/corpus/, both
# through make_corpora.sh) and dictionary; prints the executions and coverage each
# reached. A crash stops with its reproducer in BUILD_DIR/fuzz-artifacts/ and exit code 1.
# Usage: bash tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]
#        bash tests/fuzz/run_fuzzers.sh BUILD_DIR fixed [TARGET...]
#        bash tests/fuzz/run_fuzzers.sh BUILD_DIR runs=N [TARGET...]
#   (BUILD_DIR configured with -DQBANK_FUZZ=ON and the `fuzzers` target built; docs/reliability.md)
# "fixed" is what CI runs: each target makes a fixed number of executions (about 15 seconds on
# these machines, from runs_for below) with random seed 1, from the seeds alone (the kept corpus
# is part of the checkout), so the run is the same on every machine: what passes here passes in
# CI, and a find reproduces. Four
# things made such runs differ (docs/reliability.md, "Repeatable runs"): libFuzzer rereads its
# corpus folder once a second (-reload=0 stops it); with address space randomisation the code
# under test covered different edges; libFuzzer's stack-depth feature measures addresses on the
# stack, which hold the arguments and the environment; and its CMP-guided mutations insert values
# the code compared, pointers among them, which differ between two builds of the same sources in
# other folders (-use_cmp=0). So a fixed run has randomisation off (setarch -R), an empty
# environment, only paths relative to BUILD_DIR, and no CMP-guided mutations.
# "runs=N" makes N executions a target from the corpus earlier runs kept (a long campaign that
# ends at a count, not a time, so a total can be stated: docs/reliability.md).
set -uo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$1"
seconds="$2"
shift 2
targets=("$@")
# QBANK_FUZZ_MAX_LEN: the longest input a timed run makes (65536 unless set). The slow targets
# (round_trip_fuzz, reference_index_fuzz) run several times more executions a second at 4096, since
# libFuzzer then never grows its inputs past a few KB; a fixed run always uses 65536.
max_len="${QBANK_FUZZ_MAX_LEN:-65536}"
[ "$seconds" = fixed ] && max_len=65536
if ! [[ "$max_len" =~ ^[1-9][0-9]*$ ]]; then
  echo "run_fuzzers.sh: QBANK_FUZZ_MAX_LEN must be a positive number of bytes, not '$max_len'" >&2
  exit 2
fi
# QBANK_FUZZ_FLAGS: more libFuzzer flags for a timed run (not a fixed one), such as -entropic=0:
# libFuzzer's entropic schedule spent 63% of round_trip_fuzz's time counting features
# (InputCorpus::UpdateFeatureFrequency, perf record) once its corpus held a thousand inputs.
read -r -a extra_flags <<< "${QBANK_FUZZ_FLAGS:-}"
for flag in "${extra_flags[@]}"; do
  if ! [[ "$flag" =~ ^-[a-z_]+=[^[:space:]]+$ ]]; then
    echo "run_fuzzers.sh: QBANK_FUZZ_FLAGS holds '$flag', not a libFuzzer flag such as -entropic=0" >&2
    exit 2
  fi
done
[ "$seconds" = fixed ] && extra_flags=()

if [ ${#targets[@]} -eq 0 ]; then
  targets=(aiken_fuzz blackboard_fuzz brightspace_fuzz config_fuzz csv_fuzz dump_fuzz gift_fuzz
    json_bank_fuzz json_format_fuzz md_fuzz moodle_xml_fuzz page_fuzz qti_item_fuzz qti_package_fuzz
    reference_index_fuzz round_trip_fuzz text2qti_fuzz)
fi
# QBANK_FUZZ_SEEDS: another folder for the seeds of a timed run (campaign.sh gives each its own).
seeds="${QBANK_FUZZ_SEEDS:-$build/fuzz-seeds}"
if [ "$seconds" = fixed ]; then
  # The seeds the repository gives today and nothing else: seeds an older checkout made would
  # change the path taken, and a fixed run that passed here could fail in CI.
  seeds="$build/fuzz-seeds-fixed"
  rm -rf "$seeds"
fi
work="$build/fuzz-corpora"     # grows across runs: what the fuzzers found interesting
artifacts="$build/fuzz-artifacts"
bash "$src/tests/fuzz/make_corpora.sh" "$seeds"
mkdir -p "$artifacts"

dict_for() {
  case "$1" in
    json_bank_fuzz | json_format_fuzz | round_trip_fuzz) echo json_bank.dict ;;
    config_fuzz) echo config.dict ;;
    moodle_xml_fuzz) echo moodle_xml.dict ;;
    qti_item_fuzz | qti_package_fuzz) echo qti.dict ;;
    aiken_fuzz | blackboard_fuzz | brightspace_fuzz | csv_fuzz | dump_fuzz | gift_fuzz | md_fuzz | \
      page_fuzz | text2qti_fuzz) echo "${1%_fuzz}.dict" ;;
    *) echo "" ;;
  esac
}

# Executions per target in a "fixed" run: about 15 seconds each at the speeds CI measured.
runs_for() {
  case "$1" in
    aiken_fuzz) echo 60000 ;;
    config_fuzz) echo 20000 ;;
    csv_fuzz | md_fuzz | moodle_xml_fuzz | blackboard_fuzz | brightspace_fuzz | text2qti_fuzz) echo 30000 ;;
    dump_fuzz) echo 40000 ;;
    gift_fuzz | json_bank_fuzz | json_format_fuzz) echo 8000 ;;
    page_fuzz) echo 15000 ;;
    qti_item_fuzz) echo 50000 ;;
    qti_package_fuzz) echo 5000 ;;
    reference_index_fuzz) echo 1000 ;;
    round_trip_fuzz) echo 2000 ;;
    *) echo 2000 ;;
  esac
}

# Address space randomisation off for a fixed run, when this system allows it (a container's
# seccomp policy may refuse the personality call): without it the run is not repeatable.
norandom=()
if [ "$seconds" = fixed ]; then
  if setarch -R true 2>/dev/null; then
    norandom=(setarch -R)
  else
    echo "run_fuzzers.sh: warning: setarch -R is refused here, so this fixed run may differ" \
      "from the same run on another machine (docs/reliability.md)" >&2
  fi
  mkdir -p "$seeds/dicts"
  cp "$src"/tests/fuzz/*.dict "$seeds/dicts/"
fi

failed=0
printf '%-22s %12s %8s %8s %8s\n' target executions exec/s cov ft
for t in "${targets[@]}"; do
  bin="$build/tests/fuzz/$t"
  if [ ! -x "$bin" ]; then
    echo "$t: not built ($bin)" >&2
    failed=1
    continue
  fi
  mkdir -p "$work/$t" "$seeds/$t"
  args=(-max_len="$max_len" -timeout=25 -rss_limit_mb=2560 -print_final_stats=1
    ${extra_flags[@]+"${extra_flags[@]}"})
  dict="$(dict_for "$t")"
  log="$build/fuzz-$t.log"
  if [ "$seconds" = fixed ]; then
    # A fresh corpus each time: what earlier runs kept would change the path taken. Every path
    # is relative to BUILD_DIR, so the arguments are the same bytes on every machine.
    rm -rf "$work/$t-fixed"
    mkdir -p "$work/$t-fixed"
    args+=(-runs="$(runs_for "$t")" -seed=1 -reload=0 -use_cmp=0
      -artifact_prefix="${artifacts#"$build"/}/$t-")
    [ -n "$dict" ] && args+=(-dict="${seeds#"$build"/}/dicts/$dict")
    (cd "$build" && env -i PATH=/usr/bin:/bin nice -n 19 "${norandom[@]}" "./tests/fuzz/$t" \
      "${args[@]}" "${work#"$build"/}/$t-fixed" "${seeds#"$build"/}/$t") > "$log" 2>&1
    rc=$?
  else
    args+=(-artifact_prefix="$artifacts/$t-")
    if [[ "$seconds" =~ ^runs=[0-9]+$ ]]; then
      args+=(-runs="${seconds#runs=}")
    else
      args+=(-max_total_time="$seconds")
    fi
    [ -n "$dict" ] && args+=(-dict="$src/tests/fuzz/$dict")
    # A long run's memory grew past -rss_limit_mb from two things ASan keeps: every distinct stack
    # that allocated (30 frames each; each new path adds some: aiken_fuzz passed 1.4 GB after
    # 420,000 executions) and its quarantine of freed memory (256 MB of requested bytes, several
    # times that in chunks). With 2 frames and 64 MB it stays flat (172 MB); a use after free is
    # still caught, and its reproducer run again without these options gives the full stacks.
    ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=2:quarantine_size_mb=64}" \
      nice -n 19 "$bin" "${args[@]}" "$work/$t" "$seeds/$t" > "$log" 2>&1
    rc=$?
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  if grep -q '^INFO: -fork=' "$log"; then
    # Fork mode (QBANK_FUZZ_FLAGS="-fork=1 -ignore_crashes=1"): the parent's status lines
    # ("#N: cov: ... exec/s S ... oom/timeout/crash: 0/0/C") count every job's executions; a
    # job's own stat lines, copied into the log when it crashed, count only that job's.
    runs=$(grep -o '^#[0-9]*: cov' "$log" | tail -1 | grep -o '[0-9]*')
    speed=$(grep -o 'exec/s [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
  fi
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
  printf '%-22s %12s %8s %8s %8s\n' "$t" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}"
  if [ $rc -ne 0 ]; then
    echo "$t: FAILED (exit $rc); log $log, reproducer in $artifacts/" >&2
    grep -m5 -E 'ERROR|SUMMARY|^[a-z].*: ' "$log" | head -8 >&2
    failed=1
  fi
done
exit $failed
