#!/usr/bin/env bash
# Line coverage of each fuzz target's reader reached by its corpus: the fixtures' seeds alone, and
# the seeds with the corpus kept in tests/fuzz/corpus/TARGET/ (what CI's fixed run starts from).
# Uses clang 14's source-based coverage on a build of the targets without libFuzzer or sanitizers,
# each target running once over the inputs (coverage_main.cc). Prints docs/reliability.md's table.
# Usage:
#   CC=clang-14 CXX=clang++-14 cmake -S . -B build-cov -DQBANK_FUZZ=ON -DQBANK_FUZZ_COVERAGE=ON \
#     -DQBANK_BUILD_BENCH=OFF -DBUILD_TESTING=ON "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O0"
#   cmake --build build-cov -j2 --target fuzzers
#   bash tests/fuzz/coverage.sh build-cov [TARGET...]
# The per-file report of a target: llvm-cov-14 report build-cov/tests/fuzz/TARGET
#   -instr-profile=build-cov/coverage/TARGET.profdata FILE...
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "$1" && pwd)"
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(grep -o '^qbank_add_[a-z_]*fuzzer([a-z0-9_]*' \
    "$src/tests/fuzz/CMakeLists.txt" | sed 's/.*(//' | LC_ALL=C sort)
fi
profdata="${LLVM_PROFDATA:-llvm-profdata-14}"
cov="${LLVM_COV:-llvm-cov-14}"
out="$build/coverage"
rm -rf "$out"
mkdir -p "$out"
bash "$src/tests/fuzz/make_corpora.sh" "$out/seeds" --fixtures-only
bash "$src/tests/fuzz/make_corpora.sh" "$out/all"

# The reader a target exercises, as source files: a format's files whose names hold "reader"
# (all its .cc files when none does), or the file the target's own input goes to.
readers_for() {
  local t="$1" dir
  case "$t" in
    config_fuzz) echo "$src/lib/lint/config.cc" ;;
    json_bank_fuzz) echo "$src/lib/json/bank_reader.cc" ;;
    json_format_fuzz) echo "$src/lib/formats/json/json_reader.cc $src/lib/json/bank_reader.cc" ;;
    qti_item_fuzz | qti_package_fuzz) echo "$src/lib/formats/qti/qti_reader.cc" ;;
    reference_index_fuzz) echo "$src/lib/similarity/reference_index.cc" ;;
    round_trip_fuzz)
      # The eight formats it reads (round_trip_fuzz.cc).
      for dir in aiken csv gift json md moodle_xml page qti; do readers_for "${dir}_x"; done | tr '\n' ' '
      ;;
    md_fuzz) echo "$src/lib/formats/md/md_reader.cc $src/lib/formats/md/md_front_matter.cc" ;;
    *)
      dir="$src/lib/formats/${t%_*}"
      local files
      files=$(find "$dir" -maxdepth 1 -name '*reader*.cc' | LC_ALL=C sort | tr '\n' ' ')
      [ -n "$files" ] || files=$(find "$dir" -maxdepth 1 -name '*.cc' | LC_ALL=C sort | tr '\n' ' ')
      echo "$files"
      ;;
  esac
}

# Lines of the readers covered: "covered total".
lines_covered() {
  local t="$1" set="$2"
  rm -f "$out/$t-$set".profraw
  mkdir -p "$out/$set/$t"  # a target without fixtures (blackboard_fuzz) starts from nothing
  LLVM_PROFILE_FILE="$out/$t-$set.profraw" "$build/tests/fuzz/$t" "$out/$set/$t" > "$out/$t-$set.log" 2>&1
  "$profdata" merge -sparse -o "$out/$t-$set.profdata" "$out/$t-$set.profraw"
  # The report names files as the compiler was given them (relative to the build folder when
  # ccache's base_dir rewrote them): the readers' rows are found by their path under lib/.
  local wanted
  wanted=$(for f in $(readers_for "$t"); do echo "/lib/${f#"$src"/lib/}"; done | tr '\n' ' ')
  "$cov" report "$build/tests/fuzz/$t" -instr-profile="$out/$t-$set.profdata" |
    awk -v wanted="$wanted" '
      BEGIN { n = split(wanted, w, " ") }
      { for (i = 1; i <= n; i++) {
          f = w[i]
          if (length($1) >= length(f) && substr($1, length($1) - length(f) + 1) == f) {
            lines += $8; missed += $9; found++
          }
        } }
      END { if (found == n) print lines - missed, lines }'
}

percent() { awk -v c="$1" -v t="$2" 'BEGIN { printf "%.1f%%", t ? 100 * c / t : 0 }'; }

echo "| target | reader files | lines | covered by the seeds | by seeds + kept corpus |"
echo "|---|---|---:|---:|---:|"
for t in "${targets[@]}"; do
  if [ ! -x "$build/tests/fuzz/$t" ]; then
    echo "coverage.sh: $t is not built in $build" >&2
    exit 2
  fi
  if ! read -r seeds_covered total < <(lines_covered "$t" seeds) ||
    ! read -r all_covered _ < <(lines_covered "$t" all); then
    echo "coverage.sh: $t: no report; see $out/$t-*.log" >&2
    exit 2
  fi
  cp "$out/$t-all.profdata" "$out/$t.profdata"
  names=$(for f in $(readers_for "$t"); do echo "${f#"$src"/lib/}"; done | tr '\n' ' ')
  [ "$t" = round_trip_fuzz ] && names="the 8 readers it reads"
  printf '| %s | %s | %s | %s (%s) | %s (%s) |\n' "$t" "${names% }" "$total" "$seeds_covered" \
    "$(percent "$seeds_covered" "$total")" "$all_covered" "$(percent "$all_covered" "$total")"
done
