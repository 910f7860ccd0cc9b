#!/usr/bin/env bash
# The style checks CI runs (docs/STYLE in /work/shared, .clang-format, .clang-tidy):
#   1. clang-format leaves every tracked C++ file as it is (prints the diff and fails otherwise);
#   2. clang-tidy finds nothing in the C++ sources of the build's compile_commands.json changed
#      since QBANK_TIDY_SINCE (a git ref; default HEAD~1, the last commit), or in all of them with
#      QBANK_TIDY_SINCE=all (about 5 s of processor time a source, 7 minutes on 2 cores; the tree
#      is not clean yet, so CI checks what each change touches).
# Usage: bash scripts/check_style.sh [BUILD_DIR]   (a configured build; default build/)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${1:-build}"
jobs="$(nproc)"

mapfile -t files < <(git ls-files '*.cc' '*.h')
echo "check_style: clang-format on ${#files[@]} files"
if ! clang-format --dry-run --Werror "${files[@]}" 2>/tmp/qbank-format.$$; then
  head -c 20000 /tmp/qbank-format.$$
  rm -f /tmp/qbank-format.$$
  echo "check_style: clang-format would change the files above (run: clang-format -i FILE)" >&2
  exit 1
fi
rm -f /tmp/qbank-format.$$

if [ ! -f "$build_dir/compile_commands.json" ]; then
  echo "check_style: $build_dir/compile_commands.json missing (configure the build first)" >&2
  exit 2
fi
# Sources of this tree in the compilation database (not generated ones in the build folder).
root="$PWD"
mapfile -t sources < <(grep -o '"file": *"[^"]*"' "$build_dir/compile_commands.json" |
  sed 's/"file": *"\(.*\)"/\1/' | grep "^$root/" | grep -v "^$root/$build_dir/" | sort -u)
since="${QBANK_TIDY_SINCE:-HEAD~1}"
if [ "$since" != all ]; then
  if ! git rev-parse --verify -q "$since" >/dev/null; then
    echo "check_style: no commit $since to compare with; clang-tidy skipped"
    exit 0
  fi
  mapfile -t changed < <(git diff --name-only "$since" -- '*.cc' '*.h')
  selected=()
  for s in "${sources[@]}"; do
    rel="${s#"$root"/}"
    for c in "${changed[@]}"; do
      # A changed header selects the source of the same name.
      if [ "$rel" = "$c" ] || [ "${rel%.cc}.h" = "$c" ]; then selected+=("$s"); break; fi
    done
  done
  sources=("${selected[@]+"${selected[@]}"}")
fi
echo "check_style: clang-tidy on ${#sources[@]} sources (since ${since}), $jobs at a time"
[ ${#sources[@]} -eq 0 ] && exit 0
start=$(date +%s)
printf '%s\0' "${sources[@]}" |
  xargs -0 -n 1 -P "$jobs" clang-tidy -p "$build_dir" --quiet --warnings-as-errors='*' \
    >/tmp/qbank-tidy.$$ 2>&1 || status=$?
grep -v "warnings generated\|^Suppressed \|^Use -header-filter" /tmp/qbank-tidy.$$ || true
rm -f /tmp/qbank-tidy.$$
echo "check_style: clang-tidy took $(( $(date +%s) - start )) s"
if [ "${status:-0}" -ne 0 ]; then
  echo "check_style: clang-tidy found problems (above)" >&2
  exit 1
fi
