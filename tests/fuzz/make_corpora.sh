#!/usr/bin/env bash
# Makes the seed corpus of every fuzz target from the repository's fixtures and samples, and the
# corpus campaigns grew and merged back (tests/fuzz/corpus/<target>/, tests/fuzz/campaign.sh).
# Usage: bash tests/fuzz/make_corpora.sh OUT_DIR [--fixtures-only]
#   (OUT_DIR/<target>/ is filled; old seeds kept. --fixtures-only leaves tests/fuzz/corpus/ out:
#   campaign.sh merges against the fixtures so the kept corpus holds only what they miss.)
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
out="$1"
fixtures_only="${2:-}"
td="$src/tests/formats/testdata"

seed() {  # seed TARGET FILE...: copies the files that exist into OUT/TARGET
  local target="$1"; shift
  mkdir -p "$out/$target"
  local f
  for f in "$@"; do
    [ -f "$f" ] || continue
    cp "$f" "$out/$target/$(echo "${f#"$src"/}" | tr '/ ' '__')"
  done
}

seed aiken_fuzz "$td"/aiken/*.txt "$td"/hostile/*aiken*
seed blackboard_fuzz "$td"/blackboard/*.txt
seed brightspace_fuzz "$td"/brightspace/*.csv
seed csv_fuzz "$td"/csv/*.csv "$src"/samples/csv/*.csv "$td"/hostile/*.csv
seed dump_fuzz "$src"/samples/dumps/*.txt
seed gift_fuzz "$td"/gift/*.gift "$td"/gift/moodle/*.gift "$td"/every_type/*.gift "$td"/hostile/*.gift
seed json_bank_fuzz "$src"/samples/bank.json "$src"/samples/drafts/*.json \
  "$src"/tests/lint/fixtures/*/*.json "$td"/hostile/*.json
seed json_format_fuzz "$src"/samples/bank.json "$src"/samples/drafts/*.json "$td"/hostile/*.json
seed md_fuzz "$td"/md/*.md "$td"/every_type/*.md "$td"/hostile/*.md
seed moodle_xml_fuzz "$td"/moodle_xml/*.xml "$td"/hostile/*.xml
seed page_fuzz "$td"/page/*.txt "$src"/samples/pages/*.txt "$td"/hostile/*page*.txt
seed qti_item_fuzz "$td"/qti/*.xml "$td"/qti/package21/items/*.xml "$td"/qti_html/*.xml
seed qti_package_fuzz "$td"/zip/*.zip
seed config_fuzz "$src"/samples/.qbank.json "$src"/rules/presets/*.json \
  "$src"/tests/report/testdata/bank/.qbank.json
seed reference_index_fuzz "$src"/samples/pages/*.txt "$td"/aiken/good.txt
seed text2qti_fuzz "$td"/text2qti/*.txt

# Seeds written for the fuzzers: tests/fuzz/seeds/NAME/ holds NAME_fuzz's, in the layouts the
# format's documentation and its public exporters show, for the paths the fixtures miss
# (docs/reliability.md, "Line coverage of the readers").
for dir in "$src"/tests/fuzz/seeds/*/; do
  seed "$(basename "$dir")_fuzz" "$dir"*
done
# A package in the qti_package_fuzz text layout: the manifest, then "@@ NAME" and each file.
pkg="$td/qti/package21"
{
  cat "$pkg/imsmanifest.xml"
  for f in "$pkg"/test.xml "$pkg"/items/*.xml; do
    printf '@@ %s\n' "${f#"$pkg"/}"
    cat "$f"
  done
} > "$out/qti_package_fuzz/package21.txt"

# round_trip_fuzz: byte 1 picks the format read (aiken csv gift json md moodle-xml page qti21),
# byte 2 the format written; every pair of one fixture per format and every target.
formats=(aiken csv gift json md moodle_xml page qti_item)
files=("$td/aiken/good.txt" "$td/csv/full_layout.csv" "$td/gift/all_types.gift"
  "$src/samples/bank.json" "$td/md/drafts.md" "$td/moodle_xml/all_types.xml"
  "$td/page/three_pages.txt" "$td/qti/choice_inline_feedback_21.xml")
mkdir -p "$out/round_trip_fuzz"
for i in "${!formats[@]}"; do
  for j in "${!formats[@]}"; do
    { printf "\\x$(printf %02x "$i")\\x$(printf %02x "$j")"; cat "${files[$i]}"; } \
      > "$out/round_trip_fuzz/${formats[$i]}_to_${formats[$j]}"
  done
done

# And every seed of those eight formats' own targets (fixtures and written seeds, not their kept
# corpora, and none over 16 KB), read as that format and written to each format in turn, so the
# round trip reaches as much of each reader as its own target does. Seeds that set reader options
# are left out.
targets=(aiken_fuzz csv_fuzz gift_fuzz json_format_fuzz md_fuzz moodle_xml_fuzz page_fuzz qti_item_fuzz)
for i in "${!formats[@]}"; do
  k=0
  for f in "$out/${targets[$i]}"/*; do
    [ -f "$f" ] || continue
    head -c 20 "$f" | grep -q '^#qbank-fuzz-options' && continue
    [ "$(stat -c %s "$f")" -le 16384 ] || continue
    j=$(((i + k) % ${#formats[@]}))
    k=$((k + 1))
    { printf "\\x$(printf %02x "$i")\\x$(printf %02x "$j")"; cat "$f"; } \
      > "$out/round_trip_fuzz/${formats[$i]}_seed_$(basename "$f")"
  done
done

# The corpus kept in the repository: what campaigns found beyond the fixtures, minimised.
if [ "$fixtures_only" != --fixtures-only ]; then
  for dir in "$src"/tests/fuzz/corpus/*/; do
    [ -d "$dir" ] || continue
    seed "$(basename "$dir")" "$dir"*
  done
fi

# libFuzzer runs the seeds smallest first, and seeds of the same size in the order the folder
# lists them, which differs between file systems: a "fixed" run would then differ between machines.
# Every seed of a target gets a size of its own: line feeds at the end (which text readers ignore;
# after a zip archive's end they are bytes a reader may refuse, still a seed worth running).
for dir in "$out"/*/; do
  declare -A taken=()
  while IFS= read -r f; do
    size=$(stat -c %s "$f")
    while [ -n "${taken[$size]:-}" ]; do
      printf '\n' >> "$f"
      size=$((size + 1))
    done
    taken[$size]=1
  done < <(find "$dir" -maxdepth 1 -type f | LC_ALL=C sort)
  unset taken
done
